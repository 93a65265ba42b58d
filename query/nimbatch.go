package query

import (
	"bufio"
	"context"
	"errors"
	"io"
	"strconv"

	"grundy/internal/cliarg"
	"grundy/nimber"
)

// NimBatch's buffers and chunks: large buffers, a hand-rolled parser and formatter, and the
// products computed a chunk at a time with nimber.MulSlice.
const (
	// NimBatchBuffer is the bytes of input and output buffering, and so the longest line
	// NimBatch reads.
	NimBatchBuffer = 1 << 20
	// NimBatchChunk is the number of pairs multiplied at a time.
	NimBatchChunk = 4096

	batchBuffer = NimBatchBuffer
	batchChunk  = NimBatchChunk
)

// NimBatch answers `grundy nim mul --batch`, the fast path for many products: it reads lines
// "A B" (two numbers, decimal or 0x hex, separated by spaces or tabs; blank lines skipped) from in
// and writes their nim-products to out, one decimal line each, in order. A malformed line stops
// the run with a BadInput error naming its line number, after the products of the lines before it
// have been written. With asJSON the products are written at the end as one document
// {"results": ["...", ...]}, and nothing is written on error. ctx is looked at between chunks of
// lines.
func NimBatch(ctx context.Context, in io.Reader, out io.Writer, asJSON bool) error {
	r := bufio.NewReaderSize(in, batchBuffer)
	var w *bufio.Writer
	if !asJSON {
		w = bufio.NewWriterSize(out, batchBuffer)
	}
	xs := make([]uint64, 0, batchChunk)
	ys := make([]uint64, 0, batchChunk)
	dst := make([]uint64, batchChunk)
	text := make([]byte, 0, 21*batchChunk)
	var all []uint64 // the products, kept for the single JSON document

	flush := func() error {
		p := dst[:len(xs)]
		nimber.MulSlice(p, xs, ys)
		xs, ys = xs[:0], ys[:0]
		if asJSON {
			all = append(all, p...)
			return nil
		}
		text = text[:0]
		for _, v := range p {
			text = appendDecimal(text, v)
			text = append(text, '\n')
		}
		if _, err := w.Write(text); err != nil {
			return Internalf("writing products: %v", err)
		}
		return nil
	}
	// fail writes the products of the lines before the bad one, then reports it.
	fail := func(err error) error {
		if ferr := flush(); ferr != nil {
			return ferr
		}
		if w != nil {
			if ferr := w.Flush(); ferr != nil {
				return Internalf("writing products: %v", ferr)
			}
		}
		return err
	}

	for line := 1; ; line++ {
		s, rerr := r.ReadSlice('\n')
		if errors.Is(rerr, bufio.ErrBufferFull) {
			return fail(Badf("stdin line %d: line too long (want \"A B\")", line))
		}
		if rerr != nil && !errors.Is(rerr, io.EOF) {
			return fail(Internalf("reading stdin: %v", rerr))
		}
		if len(s) > 0 {
			x, y, blank, msg := parsePair(s)
			if msg != "" {
				return fail(Badf("stdin line %d: %s", line, msg))
			}
			if !blank {
				xs, ys = append(xs, x), append(ys, y)
				if len(xs) == batchChunk {
					if err := flush(); err != nil {
						return err
					}
					if err := ctx.Err(); err != nil {
						return fail(classify(err, Limits{}, false))
					}
				}
			}
		}
		if rerr != nil { // io.EOF
			break
		}
	}
	if err := flush(); err != nil {
		return err
	}
	if asJSON {
		res := make([]string, len(all))
		var b []byte
		for i, v := range all {
			b = appendDecimal(b[:0], v)
			res[i] = string(b)
		}
		if err := Encode(out, struct {
			Results []string `json:"results"`
		}{res}); err != nil {
			return Internalf("writing JSON: %v", err)
		}
		return nil
	}
	if err := w.Flush(); err != nil {
		return Internalf("writing products: %v", err)
	}
	return nil
}

// parsePair parses a line "A B" (numbers in decimal or 0x hex, read by cliarg.Uint64Field,
// separated and optionally surrounded by spaces or tabs, ending in an optional "\r\n" or "\n").
// blank reports a line with no fields; msg describes a malformed line and is empty otherwise.
func parsePair(s []byte) (x, y uint64, blank bool, msg string) {
	n := len(s)
	if n > 0 && s[n-1] == '\n' {
		n--
		if n > 0 && s[n-1] == '\r' {
			n--
		}
	}
	s = s[:n]
	i := skipSpace(s, 0)
	if i == len(s) {
		return 0, 0, true, ""
	}
	x, k, err := cliarg.Uint64Field(s[i:])
	if err != nil {
		return 0, 0, false, err.Error()
	}
	i = skipSpace(s, i+k)
	if i == len(s) {
		return 0, 0, false, "want two numbers \"A B\", got one"
	}
	y, k, err = cliarg.Uint64Field(s[i:])
	if err != nil {
		return 0, 0, false, err.Error()
	}
	if skipSpace(s, i+k) != len(s) {
		return 0, 0, false, "want two numbers \"A B\", got more in " + strconv.Quote(string(s[:min(len(s), 48)]))
	}
	return x, y, false, ""
}

func skipSpace(s []byte, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

// digitPairs holds "00".."99", for formatting two digits a step.
const digitPairs = "00010203040506070809101112131415161718192021222324252627282930313233343536373839" +
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879" +
	"8081828384858687888990919293949596979899"

// appendDecimal appends the decimal form of v to b.
func appendDecimal(b []byte, v uint64) []byte {
	var buf [20]byte
	i := len(buf)
	for v >= 100 {
		q := v / 100
		r := v - q*100
		i -= 2
		buf[i], buf[i+1] = digitPairs[2*r], digitPairs[2*r+1]
		v = q
	}
	if v >= 10 {
		i -= 2
		buf[i], buf[i+1] = digitPairs[2*v], digitPairs[2*v+1]
	} else {
		i--
		buf[i] = byte('0' + v)
	}
	return append(b, buf[i:]...)
}
