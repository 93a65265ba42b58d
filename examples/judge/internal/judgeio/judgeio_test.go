package judgeio

import (
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
)

func TestReaderNumbers(t *testing.T) {
	in := "  12\n-7\t0 18446744073709551615\r\n9223372036854775807 -9223372036854775808 "
	// One byte per Read call exercises every refill path.
	for _, src := range []io.Reader{strings.NewReader(in), iotest.OneByteReader(strings.NewReader(in))} {
		r := NewReader(src)
		if v, err := r.Uint64(); err != nil || v != 12 {
			t.Fatalf("Uint64 = %d, %v; want 12", v, err)
		}
		if v, err := r.Int64(); err != nil || v != -7 {
			t.Fatalf("Int64 = %d, %v; want -7", v, err)
		}
		if v, err := r.IntIn("x", 0, 5); err != nil || v != 0 {
			t.Fatalf("IntIn = %d, %v; want 0", v, err)
		}
		if v, err := r.Uint64(); err != nil || v != 1<<64-1 {
			t.Fatalf("Uint64 = %d, %v; want 2^64-1", v, err)
		}
		if v, err := r.Int64(); err != nil || v != 1<<63-1 {
			t.Fatalf("Int64 = %d, %v; want 2^63-1", v, err)
		}
		if v, err := r.Int64(); err != nil || v != -1<<63 {
			t.Fatalf("Int64 = %d, %v; want -2^63", v, err)
		}
		if !r.AtEOF() {
			t.Fatal("AtEOF = false at the end")
		}
		if _, err := r.Uint64(); !errors.Is(err, ErrEOF) {
			t.Fatalf("Uint64 at end: %v; want ErrEOF", err)
		}
	}
}

func TestReaderErrors(t *testing.T) {
	for _, in := range []string{"", "  \n", "abc", "12a", "18446744073709551616", "-", "- 3", "-x", "9223372036854775808x"} {
		r := NewReader(strings.NewReader(in))
		if _, err := r.Int64(); err == nil {
			t.Errorf("Int64(%q): no error", in)
		}
	}
	r := NewReader(strings.NewReader("10"))
	if _, err := r.IntIn("n", 1, 9); err == nil || !strings.Contains(err.Error(), "n = 10") {
		t.Errorf("IntIn out of range: %v", err)
	}
	r = NewReader(strings.NewReader("-1"))
	if _, err := r.Uint64In("a", 0, 5); err == nil {
		t.Error("Uint64In(-1): no error")
	}
	r = NewReader(iotest.ErrReader(errors.New("boom")))
	if _, err := r.Uint64(); err == nil || !strings.Contains(err.Error(), "boom") {
		t.Errorf("read error not reported: %v", err)
	}
}

func TestWriter(t *testing.T) {
	var sb strings.Builder
	w := NewWriter(&sb)
	w.Uint64(1<<64-1, '\n')
	w.Int64(-5, ' ')
	w.String("x")
	w.Line("yz")
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if got, want := sb.String(), "18446744073709551615\n-5 xyz\n"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// FuzzReader checks that the reader never panics and agrees with strconv on every token it accepts.
func FuzzReader(f *testing.F) {
	for _, s := range []string{"1 2 3", "-0", "18446744073709551615", "18446744073709551616", "- 1", "\t\r\n7"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		r := NewReader(iotest.HalfReader(strings.NewReader(in)))
		fields := strings.FieldsFunc(in, func(c rune) bool { return c < 128 && isSpace(byte(c)) })
		for _, tok := range fields {
			v, err := r.Int64()
			want, werr := strconv.ParseInt(tok, 10, 64)
			if tok[0] == '+' {
				werr = errors.New("plus sign")
			}
			if (err == nil) != (werr == nil) {
				t.Fatalf("token %q: got %d, %v; strconv says %d, %v", tok, v, err, want, werr)
			}
			if err != nil {
				return
			}
			if v != want {
				t.Fatalf("token %q: got %d, want %d", tok, v, want)
			}
		}
		if !r.AtEOF() {
			t.Fatalf("input %q: not at EOF after %d tokens", in, len(fields))
		}
	})
}
