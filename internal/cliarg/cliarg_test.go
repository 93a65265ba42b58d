package cliarg

import (
	"strconv"
	"strings"
	"testing"
)

func TestUint64(t *testing.T) {
	good := []struct {
		in   string
		want uint64
	}{
		{"0", 0}, {"7", 7}, {"0x10", 16}, {"0XfF", 255},
		{"18446744073709551615", 1<<64 - 1}, {"0xffffffffffffffff", 1<<64 - 1}, {"007", 7},
	}
	for _, c := range good {
		got, err := Uint64(c.in)
		if err != nil || got != c.want {
			t.Errorf("Uint64(%q) = %d, %v; want %d", c.in, got, err, c.want)
		}
	}
	bad := map[string]string{
		"":                     "empty",
		"-1":                   "negative",
		"+1":                   "not a number",
		"18446744073709551616": "out of range",
		"0x1ffffffffffffffff":  "out of range",
		"12a":                  "not a number",
		"0x":                   "not a number",
		" 1":                   "not a number",
		"1_000":                "not a number",
		"0b101":                "not a number",
	}
	for in, want := range bad {
		_, err := Uint64(in)
		if err == nil || !strings.Contains(err.Error(), want) || !IsInput(err) {
			t.Errorf("Uint64(%q) error = %v; want an input error containing %q", in, err, want)
		}
	}
}

func TestUint64sNamesPosition(t *testing.T) {
	_, err := Uint64s([]string{"1", "2", "x"})
	if err == nil || !strings.Contains(err.Error(), "argument 3") {
		t.Fatalf("got %v", err)
	}
}

func TestInt(t *testing.T) {
	if v, err := Int("100", "size", 100); err != nil || v != 100 {
		t.Fatalf("Int = %d, %v", v, err)
	}
	if _, err := Int("101", "size", 100); err == nil || !strings.Contains(err.Error(), "limit is 100") {
		t.Fatalf("Int over limit: %v", err)
	}
}

func TestFields(t *testing.T) {
	got := Fields(" 2,5, 7 ,,")
	if strings.Join(got, "|") != "2|5|7" {
		t.Fatalf("Fields = %q", got)
	}
}

func FuzzUint64(f *testing.F) {
	for _, s := range []string{"0", "0x1f", "18446744073709551615", "-3", "", "0x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := Uint64(s)
		if err != nil {
			if !IsInput(err) {
				t.Fatalf("error of wrong type: %v", err)
			}
			return
		}
		if strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X") {
			return
		}
		// A decimal that parsed must print back to itself apart from leading zeros.
		want := strings.TrimLeft(s, "0")
		if want == "" {
			want = "0"
		}
		if got := strconv.FormatUint(v, 10); got != want {
			t.Fatalf("Uint64(%q) = %s", s, got)
		}
	})
}
