// Package nimbatch is the fast path of `grundy nim mul --batch`: it reads lines "A B" with a
// hand-rolled parser, multiplies the pairs a chunk at a time with nimber.MulSlice, and formats the
// products by hand. query.NimBatch is its entry point and maps its errors onto query's kinds.
package nimbatch

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"

	"grundy/internal/cliarg"
	"grundy/nimber"
)

const (
	// Buffer is the bytes of input and output buffering, and so the longest line read.
	Buffer = 1 << 20
	// Chunk is the number of pairs multiplied at a time.
	Chunk = 4096
)

// LineError is a malformed input line.
type LineError struct {
	Line int    // numbered from 1
	Msg  string // what is wrong with it
}

func (e *LineError) Error() string { return fmt.Sprintf("stdin line %d: %s", e.Line, e.Msg) }

// ReadError is a failure to read the input.
type ReadError struct{ Err error }

func (e *ReadError) Error() string { return "reading stdin: " + e.Err.Error() }
func (e *ReadError) Unwrap() error { return e.Err }

// WriteError is a failure to write the products.
type WriteError struct{ Err error }

func (e *WriteError) Error() string { return "writing products: " + e.Err.Error() }
func (e *WriteError) Unwrap() error { return e.Err }

// Run reads lines "A B" (two numbers, decimal or 0x hex, separated by spaces or tabs; blank lines
// skipped) from in and hands their nim-products to emit, in order, a chunk of at most Chunk at a
// time. It stops at the first malformed line (a *LineError), after handing over the products of
// the lines before it; at a read error (a *ReadError), likewise; at the first error of emit,
// returned as it is; and when ctx is done, which it looks at between chunks (ctx.Err()).
func Run(ctx context.Context, in io.Reader, emit func(products []uint64) error) error {
	r := bufio.NewReaderSize(in, Buffer)
	xs := make([]uint64, 0, Chunk)
	ys := make([]uint64, 0, Chunk)
	dst := make([]uint64, Chunk)
	flush := func() error {
		if len(xs) == 0 {
			return nil
		}
		p := dst[:len(xs)]
		nimber.MulSlice(p, xs, ys)
		xs, ys = xs[:0], ys[:0]
		return emit(p)
	}
	// fail hands over the products of the lines before the bad one, then reports it.
	fail := func(err error) error {
		if ferr := flush(); ferr != nil {
			return ferr
		}
		return err
	}
	for line := 1; ; line++ {
		s, rerr := r.ReadSlice('\n')
		if errors.Is(rerr, bufio.ErrBufferFull) {
			return fail(&LineError{line, `line too long (want "A B")`})
		}
		if rerr != nil && !errors.Is(rerr, io.EOF) {
			return fail(&ReadError{rerr})
		}
		if len(s) > 0 {
			x, y, blank, msg := parsePair(s)
			if msg != "" {
				return fail(&LineError{line, msg})
			}
			if !blank {
				xs, ys = append(xs, x), append(ys, y)
				if len(xs) == Chunk {
					if err := flush(); err != nil {
						return err
					}
					if err := ctx.Err(); err != nil {
						return err
					}
				}
			}
		}
		if rerr != nil { // io.EOF
			return flush()
		}
	}
}

// WriteText runs the batch, writing each product to out as a decimal line (buffered; the products
// of the lines before an error are written before it is returned). Write failures are
// *WriteError.
func WriteText(ctx context.Context, in io.Reader, out io.Writer) error {
	w := bufio.NewWriterSize(out, Buffer)
	text := make([]byte, 0, 21*Chunk)
	err := Run(ctx, in, func(p []uint64) error {
		text = text[:0]
		for _, v := range p {
			text = appendDecimal(text, v)
			text = append(text, '\n')
		}
		if _, err := w.Write(text); err != nil {
			return &WriteError{err}
		}
		return nil
	})
	var we *WriteError
	if errors.As(err, &we) {
		return err
	}
	if ferr := w.Flush(); ferr != nil {
		return &WriteError{ferr}
	}
	return err
}

// OverError is a batch of more products than DecimalsMax was allowed.
type OverError struct{ Max int }

func (e *OverError) Error() string { return fmt.Sprintf("more than %d products", e.Max) }

// Decimals runs the batch and returns every product as a decimal string, or the first error.
func Decimals(ctx context.Context, in io.Reader) ([]string, error) { return DecimalsMax(ctx, in, 0) }

// DecimalsMax is Decimals returning an *OverError, once a chunk takes the products past max,
// instead of more than max products (max ≤ 0: no bound).
func DecimalsMax(ctx context.Context, in io.Reader, max int) ([]string, error) {
	res := []string{}
	var b []byte
	err := Run(ctx, in, func(p []uint64) error {
		if max > 0 && len(res)+len(p) > max {
			return &OverError{max}
		}
		for _, v := range p {
			b = appendDecimal(b[:0], v)
			res = append(res, string(b))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return res, nil
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
