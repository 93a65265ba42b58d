// Package judgeio is the fast, allocation-free input and output that the judge programs under
// examples/judge share: whitespace-separated decimal numbers in, numbers and words out.
//
// A Reader never panics on malformed input: every method returns an error naming what was wrong
// (a non-digit, an overflow, a value outside the range the caller allows, or the end of the input).
package judgeio

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// ErrEOF is returned, wrapped, when the input ends before a number that the caller asked for.
var ErrEOF = errors.New("unexpected end of input")

const bufSize = 1 << 16

// Reader reads whitespace-separated decimal numbers from an io.Reader through its own buffer.
type Reader struct {
	src  io.Reader
	buf  []byte
	i, n int
	err  error // the error of the last refill, reported once the buffer is drained
}

// NewReader returns a Reader that reads from r.
func NewReader(r io.Reader) *Reader {
	return &Reader{src: r, buf: make([]byte, bufSize)}
}

// fill refills the buffer; it reports false when no byte is left.
func (r *Reader) fill() bool {
	if r.err != nil {
		return false
	}
	for {
		n, err := r.src.Read(r.buf)
		r.i, r.n = 0, n
		if err != nil {
			r.err = err
		}
		if n > 0 {
			return true
		}
		if err != nil {
			return false
		}
	}
}

// isSpace reports whether c is ASCII white space: space, \t, \n, \v, \f or \r.
func isSpace(c byte) bool { return c == ' ' || c >= '\t' && c <= '\r' }

// skipSpace advances past ASCII white space; it reports false at the end of the input.
func (r *Reader) skipSpace() bool {
	for {
		for r.i < r.n {
			c := r.buf[r.i]
			if !isSpace(c) {
				return true
			}
			r.i++
		}
		if !r.fill() {
			return false
		}
	}
}

// endErr is the error for a missing token: the read error if there was one, else ErrEOF.
func (r *Reader) endErr() error {
	if r.err != nil && r.err != io.EOF {
		return fmt.Errorf("reading input: %w", r.err)
	}
	return ErrEOF
}

// AtEOF reports whether only whitespace is left in the input.
func (r *Reader) AtEOF() bool { return !r.skipSpace() }

// Uint64 reads an unsigned decimal number below 2^64. It returns an error wrapping ErrEOF when the
// input has no more numbers, and a descriptive error for a sign, a non-digit or an overflow.
func (r *Reader) Uint64() (uint64, error) {
	if !r.skipSpace() {
		return 0, r.endErr()
	}
	var v uint64
	digits := 0
	for {
		for r.i < r.n {
			c := r.buf[r.i]
			if isSpace(c) {
				return v, nil
			}
			if c < '0' || c > '9' {
				return 0, fmt.Errorf("bad character %q in a number", c)
			}
			d := uint64(c - '0')
			if v > (1<<64-1-d)/10 {
				return 0, errors.New("number out of range: must be below 2^64")
			}
			v = v*10 + d
			digits++
			r.i++
		}
		if !r.fill() {
			if digits == 0 {
				return 0, r.endErr()
			}
			return v, nil
		}
	}
}

// Int64 reads a decimal integer with an optional leading '-' that fits in an int64.
func (r *Reader) Int64() (int64, error) {
	if !r.skipSpace() {
		return 0, r.endErr()
	}
	neg := false
	if r.buf[r.i] == '-' {
		neg = true
		r.i++
		if r.i >= r.n && !r.fill() {
			return 0, errors.New("lone '-' at the end of the input")
		}
		if c := r.buf[r.i]; c < '0' || c > '9' {
			return 0, fmt.Errorf("bad character %q after '-'", c)
		}
	}
	u, err := r.Uint64()
	if err != nil {
		return 0, err
	}
	if neg {
		if u > 1<<63 {
			return 0, errors.New("number out of range for a 64-bit integer")
		}
		return -int64(u), nil
	}
	if u > 1<<63-1 {
		return 0, errors.New("number out of range for a 64-bit integer")
	}
	return int64(u), nil
}

// IntIn reads an integer and checks lo <= v <= hi; the error names the quantity what and the range.
func (r *Reader) IntIn(what string, lo, hi int64) (int, error) {
	v, err := r.Int64()
	if err != nil {
		return 0, fmt.Errorf("%s: %w", what, err)
	}
	if v < lo || v > hi {
		return 0, fmt.Errorf("%s = %d is outside the allowed range [%d, %d]", what, v, lo, hi)
	}
	return int(v), nil
}

// Uint64In reads an unsigned number and checks lo <= v <= hi, naming the quantity what on error.
func (r *Reader) Uint64In(what string, lo, hi uint64) (uint64, error) {
	v, err := r.Uint64()
	if err != nil {
		return 0, fmt.Errorf("%s: %w", what, err)
	}
	if v < lo || v > hi {
		return 0, fmt.Errorf("%s = %d is outside the allowed range [%d, %d]", what, v, lo, hi)
	}
	return v, nil
}

// Writer buffers output; call Flush at the end and check its error.
type Writer struct {
	w       *bufio.Writer
	scratch []byte
}

// NewWriter returns a Writer that writes to w through a large buffer.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: bufio.NewWriterSize(w, bufSize), scratch: make([]byte, 0, 24)}
}

// Uint64 writes v in decimal followed by sep (for example '\n' or ' ').
func (w *Writer) Uint64(v uint64, sep byte) {
	w.scratch = strconv.AppendUint(w.scratch[:0], v, 10)
	w.scratch = append(w.scratch, sep)
	w.w.Write(w.scratch) // a write error is sticky in bufio.Writer and reported by Flush
}

// Int64 writes v in decimal followed by sep.
func (w *Writer) Int64(v int64, sep byte) {
	w.scratch = strconv.AppendInt(w.scratch[:0], v, 10)
	w.scratch = append(w.scratch, sep)
	w.w.Write(w.scratch)
}

// String writes s as it is.
func (w *Writer) String(s string) { w.w.WriteString(s) }

// Line writes s followed by a newline.
func (w *Writer) Line(s string) {
	w.w.WriteString(s)
	w.w.WriteByte('\n')
}

// Flush writes out the buffered output and returns the first write error, if any.
func (w *Writer) Flush() error { return w.w.Flush() }
