package query

import (
	"context"
	"errors"
	"io"

	"grundy/internal/nimbatch"
)

const (
	// NimBatchBuffer is the bytes of input and output buffering, and so the longest line
	// NimBatch reads.
	NimBatchBuffer = nimbatch.Buffer
	// NimBatchChunk is the number of pairs multiplied at a time.
	NimBatchChunk = nimbatch.Chunk
)

// NimBatch answers `grundy nim mul --batch`, the fast path for many products: it reads lines
// "A B" (two numbers, decimal or 0x hex, separated by spaces or tabs; blank lines skipped) from in
// and writes their nim-products to out, one decimal line each, in order. A malformed line stops
// the run with a BadInput error naming its line number, after the products of the lines before it
// have been written. With asJSON the products are written at the end as one document
// {"results": ["...", ...]}, and nothing is written on error. ctx is looked at between chunks of
// lines. The parsing, chunking and formatting are package internal/nimbatch's.
func NimBatch(ctx context.Context, in io.Reader, out io.Writer, asJSON bool) error {
	if !asJSON {
		return nimBatchError(nimbatch.WriteText(ctx, in, out))
	}
	res, err := nimbatch.Decimals(ctx, in)
	if err != nil {
		return nimBatchError(err)
	}
	if err := Encode(out, struct {
		Results []string `json:"results"`
	}{res}); err != nil {
		return Internalf("writing JSON: %v", err)
	}
	return nil
}

// nimBatchError maps nimbatch's errors onto query's kinds: a malformed line is bad input, reading
// and writing failures are internal, a cancelled context is classified as any other.
func nimBatchError(err error) error {
	var le *nimbatch.LineError
	var re *nimbatch.ReadError
	var we *nimbatch.WriteError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &le):
		return Badf("%v", le)
	case errors.As(err, &re), errors.As(err, &we):
		return Internalf("%v", err)
	}
	return classify(err, Limits{}, false)
}
