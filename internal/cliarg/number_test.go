package cliarg

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Uint64Bytes and Uint64 are one reader: they agree with strconv on every 64-bit number in both
// spellings, and with each other on malformed input.
func TestUint64BytesAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 20000 {
		v := rng.Uint64() >> (i % 64)
		for _, s := range []string{strconv.FormatUint(v, 10), "0x" + strconv.FormatUint(v, 16), "0X" + strings.ToUpper(strconv.FormatUint(v, 16)), "000" + strconv.FormatUint(v, 10)} {
			got, err := Uint64Bytes([]byte(s))
			if err != nil || got != v {
				t.Fatalf("Uint64Bytes(%q) = %d, %v", s, got, err)
			}
		}
	}
	for _, s := range []string{"", "-1", "18446744073709551616", "99999999999999999999x", "0x", "0x1g", "1 2", "\xff", "0x10000000000000000"} {
		_, e1 := Uint64(s)
		_, e2 := Uint64Bytes([]byte(s))
		if e1 == nil || e2 == nil || e1.Error() != e2.Error() || !IsInput(e2) {
			t.Errorf("%q: %v / %v", s, e1, e2)
		}
	}
}

func FuzzUint64Strconv(f *testing.F) {
	for _, s := range []string{"0", "0x1F", "-1", "18446744073709551615", "18446744073709551616", "0x", "1e3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := Uint64(s)
		// strconv with the same syntax: digits only (base 10), or 0x/0X and hex digits.
		digits, base := s, 10
		if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
			digits, base = s[2:], 16
		}
		want, werr := strconv.ParseUint(digits, base, 64)
		if digits == "" || strings.ContainsAny(digits, "_+-") || strings.HasPrefix(strings.ToLower(digits), "0x") && base == 16 {
			werr = strconv.ErrSyntax
		}
		if (err == nil) != (werr == nil) || err == nil && v != want {
			t.Fatalf("Uint64(%q) = %d, %v; strconv %d, %v", s, v, err, want, werr)
		}
	})
}

func TestReadUint64s(t *testing.T) {
	got, err := ReadUint64s(strings.NewReader(" 1\t0x10\r\n007 18446744073709551615\v\f9"), 10, 100)
	if err != nil || !slices.Equal(got, []uint64{1, 16, 7, 1<<64 - 1, 9}) {
		t.Fatalf("%v %v", got, err)
	}
	if _, err := ReadUint64s(strings.NewReader("1 2 3"), 2, 100); err == nil || !strings.Contains(err.Error(), "holds more than 2 numbers (the limit)") {
		t.Fatalf("limit: %v", err)
	}
	if got, err := ReadUint64s(strings.NewReader(""), 2, 100); err != nil || len(got) != 0 {
		t.Fatalf("empty: %v %v", got, err)
	}
}

// FuzzReadUint64s: the stdin reader agrees with splitting on white space and parsing each field
// with the command-line parser, and never panics.
func FuzzReadUint64s(f *testing.F) {
	for _, s := range []string{"1 2 3", "0x1F\n\n7", "-1", "18446744073709551616", "1\x002", " \t", "0x", "00000000000000000000000001"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ReadUint64s(strings.NewReader(s), 1000, 100)
		fields := strings.FieldsFunc(s, func(r rune) bool {
			return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f'
		})
		// FieldsFunc works on runes: a separator byte inside a multi-byte sequence cannot occur
		// (UTF-8 continuation bytes are ≥ 0x80), so the split agrees with the byte reader.
		var want []uint64
		var wantErr bool
		for _, fld := range fields {
			if len(fld) > 100 {
				wantErr = true
				break
			}
			v, perr := Uint64(fld)
			if perr != nil {
				wantErr = true
				break
			}
			want = append(want, v)
		}
		if len(want) > 1000 {
			wantErr = true
		}
		if wantErr != (err != nil) {
			t.Fatalf("%q: err %v, want error %v", s, err, wantErr)
		}
		if err == nil && !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Fatalf("%q: %v want %v", s, got, want)
		}
		if err != nil && (!strings.HasPrefix(err.Error(), "number") && !strings.HasPrefix(err.Error(), "holds more than") || strings.Contains(err.Error(), "\n")) {
			t.Fatalf("%q: message %q", s, err)
		}
	})
}

// FuzzUint64Field: the one-pass field reader agrees with Uint64 on the field (up to the first
// space or tab), and says how long the field is.
func FuzzUint64Field(f *testing.F) {
	for _, s := range []string{"12 34", "0x1f\t7", "18446744073709551616 1", "-1 2", "0x 1", "00000000000000000000001 2", "1", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, n, err := Uint64Field([]byte(s))
		fld := s
		if i := strings.IndexAny(s, " \t"); i >= 0 {
			fld = s[:i]
		}
		w, werr := Uint64(fld)
		if (err == nil) != (werr == nil) || err == nil && (v != w || n != len(fld)) {
			t.Fatalf("Uint64Field(%q) = %d, %d, %v; Uint64(%q) = %d, %v", s, v, n, err, fld, w, werr)
		}
		if err != nil && err.Error() != werr.Error() {
			t.Fatalf("Uint64Field(%q): %q, Uint64: %q", s, err, werr)
		}
	})
}
