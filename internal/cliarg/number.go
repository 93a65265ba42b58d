package cliarg

import (
	"bufio"
	"errors"
	"io"
	"strconv"
	"strings"
)

// Uint64Bytes is Uint64 on a byte slice: the same numbers, the same errors, and no allocation
// unless the input is malformed.
func Uint64Bytes(b []byte) (uint64, error) {
	if len(b) > 0 && isSep(b[0]) {
		return 0, notNumber(b)
	}
	v, n, err := Uint64Field(b)
	if err == nil && n != len(b) {
		return 0, notNumber(b)
	}
	return v, err
}

// isSep reports whether c ends a field of Uint64Field.
func isSep(c byte) bool { return c == ' ' || c == '\t' }

// Uint64Field reads the number at the start of b, which ends at the first space or tab or at the
// end of b, in one pass: the reader of the streaming paths (numbers on stdin, "A B" lines). n is
// the length of the field; the number is read as Uint64 reads it, with its errors (naming the
// whole field). It allocates nothing unless the field is malformed.
func Uint64Field(b []byte) (v uint64, n int, err error) {
	if len(b) == 0 || isSep(b[0]) {
		return 0, 0, Errorf("empty number")
	}
	if len(b) > 2 && b[0] == '0' && (b[1] == 'x' || b[1] == 'X') && !isSep(b[2]) {
		i := 2
		for ; i < len(b) && !isSep(b[i]); i++ {
			d, ok := hexDigit(b[i])
			if !ok {
				return 0, 0, notNumber(field(b))
			}
			if v>>60 != 0 {
				return 0, 0, tooLarge(b)
			}
			v = v<<4 | uint64(d)
		}
		return v, i, nil
	}
	// Decimal: past the leading zeros, up to 19 digits cannot overflow, and a 20th is checked
	// once.
	i := 0
	for i+1 < len(b) && b[i] == '0' && !isSep(b[i+1]) {
		i++
	}
	start := i
	for ; i < len(b) && !isSep(b[i]); i++ {
		d := b[i] - '0'
		if d > 9 {
			return 0, 0, notNumber(field(b))
		}
		if i-start == 19 && (v > (1<<64-1)/10 || v == (1<<64-1)/10 && uint64(d) > (1<<64-1)%10) || i-start > 19 {
			return 0, 0, tooLarge(b)
		}
		v = v*10 + uint64(d)
	}
	return v, i, nil
}

// field returns the field at the start of b.
func field(b []byte) []byte {
	i := 0
	for i < len(b) && !isSep(b[i]) {
		i++
	}
	return b[:i]
}

// tooLarge is the error for the field at the start of b, made of digits but past 2^64 (or, if
// some later character is no digit, not a number).
func tooLarge(b []byte) error {
	f := field(b)
	digits := f
	if len(f) > 2 && f[0] == '0' && (f[1] == 'x' || f[1] == 'X') {
		for _, c := range f[2:] {
			if _, ok := hexDigit(c); !ok {
				return notNumber(f)
			}
		}
		return outOfRange(f)
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return notNumber(f)
		}
	}
	return outOfRange(f)
}

func hexDigit(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// maxQuoted bounds how much of a malformed number an error message repeats.
const maxQuoted = 48

func quoted(s []byte) string {
	if len(s) > maxQuoted {
		return strconv.Quote(string(s[:maxQuoted])) + "…"
	}
	return strconv.Quote(string(s))
}

func notNumber(s []byte) error {
	if s[0] == '-' {
		return Errorf("%s: negative numbers are not allowed", quoted(s))
	}
	return Errorf("%s is not a number (use decimal or 0x hex)", quoted(s))
}

func outOfRange(s []byte) error {
	return Errorf("%s is out of range: numbers must be below 2^64", quoted(s))
}

// ReadUint64s reads white-space separated numbers, as Uint64 reads them, from r until its end.
// It refuses more than limit numbers and any token that is not a number, naming its position
// (from 1) as "number N"; a token longer than maxToken bytes is refused without being held.
// A failure to read r is returned as it is (not an input error).
func ReadUint64s(r io.Reader, limit, maxToken int) ([]uint64, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	var out []uint64
	tok := make([]byte, 0, maxToken)
	long := false
	flush := func() error {
		if len(tok) == 0 && !long {
			return nil
		}
		pos := len(out) + 1
		if long {
			return Errorf("number %d is longer than %d characters", pos, maxToken)
		}
		if len(out) == limit {
			return Errorf("holds more than %d numbers (the limit)", limit)
		}
		v, err := Uint64Bytes(tok)
		tok = tok[:0]
		if err != nil {
			return Errorf("number %d: %v", pos, err)
		}
		out = append(out, v)
		return nil
	}
	for {
		c, err := br.ReadByte()
		if errors.Is(err, io.EOF) {
			if err := flush(); err != nil {
				return nil, err
			}
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		switch c {
		case ' ', '\t', '\n', '\r', '\v', '\f':
			if err := flush(); err != nil {
				return nil, err
			}
			long = false
		default:
			if len(tok) == maxToken {
				long = true
				continue
			}
			tok = append(tok, c)
		}
	}
}

// Memory reads a memory limit, the one syntax of every --max-memory: a size with a unit K, M, G or
// T (powers of 1024; an optional B or iB after it, any case: 512M, 2GiB, 1t), a number of bytes
// with B (1073741824B), or a bare number: of MiB below 2^20 (64 is 64 MiB, as the flags that took
// MiB read it), of bytes from 2^20 on (1000000000, as octal's --max-memory read it). Numbers are
// decimal or 0x hex. The limit must be at least 1 MiB and at most 2^60 bytes.
func Memory(s string) (uint64, error) {
	bad := func() (uint64, error) {
		return 0, Errorf("%q: want a memory limit such as 512M, 2G, 1073741824B or a number of MiB (at least 1 MiB, at most 2^60 bytes)", s)
	}
	t := strings.ToUpper(s)
	mult, bare := uint64(1), true
	for i, unit := range []string{"K", "M", "G", "T"} {
		for _, suffix := range []string{unit + "IB", unit + "B", unit} {
			if strings.HasSuffix(t, suffix) {
				t, mult, bare = strings.TrimSuffix(t, suffix), 1<<(10*(i+1)), false
				break
			}
		}
		if !bare {
			break
		}
	}
	if bare && strings.HasSuffix(t, "B") {
		t, bare = strings.TrimSuffix(t, "B"), false
	}
	v, err := Uint64(t)
	if err != nil {
		return bad()
	}
	if bare && v < 1<<20 {
		mult = 1 << 20
	}
	if v == 0 || v > (1<<60)/mult || v*mult < 1<<20 {
		return bad()
	}
	return v * mult, nil
}

// FormatMemory writes an amount of memory as Memory reads it back: "64 MiB" when it is whole MiB,
// else "1000000000 bytes".
func FormatMemory(b uint64) string {
	if b%(1<<20) == 0 {
		return strconv.FormatUint(b>>20, 10) + " MiB"
	}
	return strconv.FormatUint(b, 10) + " bytes"
}

// List returns the numbers of a list as a request gives them: the strings themselves, or, when the
// list is the single entry "-", the white-space separated numbers of input (ReadUint64s, at most
// limit of at most maxToken bytes; a nil input is refused). what names the list in messages
// ("numbers", "heaps", "divisors"). An empty list, and every number that is not one, is an *Error;
// a failure to read input is returned as it is.
func List(args []string, input io.Reader, what string, limit, maxToken int) ([]uint64, error) {
	var vs []uint64
	if len(args) == 1 && args[0] == "-" {
		if input == nil {
			return nil, Errorf("%s: \"-\" reads a list from stdin, which this request has not", what)
		}
		var err error
		if vs, err = ReadUint64s(input, limit, maxToken); err != nil {
			if IsInput(err) {
				return nil, Errorf("stdin %v", err)
			}
			return nil, err
		}
	} else {
		vs = make([]uint64, len(args))
		for i, s := range args {
			v, err := Uint64(s)
			if err != nil {
				return nil, Errorf("%s item %d: %v", what, i+1, err)
			}
			vs[i] = v
		}
	}
	if len(vs) == 0 {
		return nil, Errorf("no %s given (list them as arguments, or give - to read them from stdin)", what)
	}
	return vs, nil
}
