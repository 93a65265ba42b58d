package cliarg

import (
	"bufio"
	"errors"
	"io"
	"strconv"
	"strings"
)

// Uint64Bytes is Uint64 on a byte slice: the same numbers, the same errors, and no allocation
// unless the input is malformed. It is the reader of the streaming paths (numbers on stdin).
func Uint64Bytes(b []byte) (uint64, error) { return parseUint(b) }

// parseUint is the one reader of numbers behind Uint64 and Uint64Bytes: decimal, or 0x (0X)
// followed by hex digits, below 2^64.
func parseUint[S ~string | ~[]byte](s S) (uint64, error) {
	if len(s) == 0 {
		return 0, Errorf("empty number")
	}
	if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		var v uint64
		for i := 2; i < len(s); i++ {
			d, ok := hexDigit(s[i])
			if !ok {
				return 0, notNumber(s)
			}
			if v>>60 != 0 {
				return 0, outOfRange(s)
			}
			v = v<<4 | uint64(d)
		}
		return v, nil
	}
	var v uint64
	over := false
	for i := 0; i < len(s); i++ {
		d := s[i] - '0'
		if d > 9 {
			return 0, notNumber(s)
		}
		if v > (1<<64-1)/10 || v == (1<<64-1)/10 && uint64(d) > (1<<64-1)%10 {
			over = true // keep checking that the rest are digits
			continue
		}
		v = v*10 + uint64(d)
	}
	if over {
		return 0, outOfRange(s)
	}
	return v, nil
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

func quoted[S ~string | ~[]byte](s S) string {
	if len(s) > maxQuoted {
		return strconv.Quote(string(s[:maxQuoted])) + "…"
	}
	return strconv.Quote(string(s))
}

func notNumber[S ~string | ~[]byte](s S) error {
	if s[0] == '-' {
		return Errorf("%s: negative numbers are not allowed", quoted(s))
	}
	return Errorf("%s is not a number (use decimal or 0x hex)", quoted(s))
}

func outOfRange[S ~string | ~[]byte](s S) error {
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
		v, err := parseUint(tok)
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

// Size reads an amount of memory: a number of bytes, optionally followed by K, M, G or T (powers
// of 1024, with an optional B or iB: 512M, 2GiB, 1000000000). It must be positive and below 2^62.
func Size(s string) (int64, error) {
	mult := uint64(1)
	t := strings.TrimSuffix(strings.TrimSuffix(strings.ToUpper(s), "B"), "I")
	if n := len(t); n > 0 {
		if i := strings.IndexByte("KMGT", t[n-1]); i >= 0 {
			mult = 1 << (10 * (i + 1))
			t = t[:n-1]
		}
	}
	v, err := Uint64(t)
	if err != nil || v == 0 || v > (1<<62)/mult {
		return 0, Errorf("%q: want a size such as 2G, 512M or 1000000000", s)
	}
	return int64(v * mult), nil
}
