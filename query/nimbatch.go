package query

import (
	"context"
	"errors"
	"io"
	"strings"

	"grundy/internal/nimbatch"
	"grundy/report"
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
	if err := Encode(out, report.NimBatch{Results: res}); err != nil {
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

// nimBatchOf answers a NimRequest with a Batch: the products of its lines as NimBatch reads
// them, at most lim.MaxList of them ("max_list"). A malformed line is bad input naming its line.
func nimBatchOf(ctx context.Context, req NimRequest, lim Limits) (report.NimBatch, error) {
	if req.Op != "mul" || len(req.Args) > 0 || req.Base != "" || req.Wide {
		return report.NimBatch{}, Badf(`a batch is of products: op "mul" with no args, base or wide`)
	}
	res, err := nimbatch.DecimalsMax(ctx, strings.NewReader(req.Batch), lim.MaxList)
	var le *nimbatch.LineError
	var oe *nimbatch.OverError
	switch {
	case errors.As(err, &oe):
		return report.NimBatch{}, lim.over("max_list", lim.MaxList, "the batch has more than %d pairs: the limit is %d", lim.MaxList, lim.MaxList)
	case errors.As(err, &le):
		return report.NimBatch{}, Badf("batch line %d: %s", le.Line, le.Msg)
	case err != nil:
		return report.NimBatch{}, nimBatchError(err)
	}
	return report.NimBatch{Results: res}, nil
}
