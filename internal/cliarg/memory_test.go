package cliarg

import (
	"strconv"
	"strings"
	"testing"
)

// TestMemory: one syntax for every --max-memory: a size with a unit (512M, 2G, 1.5G is not one),
// a bare number of MiB below 2^20 (the older MiB flags), a bare number of 2^20 or more as bytes
// (octal's older form), NB for bytes; at least 1 MiB and at most 2^60 bytes.
func TestMemory(t *testing.T) {
	for _, c := range []struct {
		in   string
		want uint64
	}{
		{"1", 1 << 20}, {"64", 64 << 20}, {"1024", 1 << 30}, {"1048575", (1<<20 - 1) << 20},
		{"1048576", 1 << 20}, {"1000000000", 1000000000}, {"0x100000", 1 << 20},
		{"512M", 512 << 20}, {"512MB", 512 << 20}, {"512MiB", 512 << 20}, {"512m", 512 << 20},
		{"2G", 2 << 30}, {"2GiB", 2 << 30}, {"1T", 1 << 40}, {"1024K", 1 << 20}, {"1048576B", 1 << 20},
		{"1048576b", 1 << 20}, {"1073741824B", 1 << 30}, {"1048576T", 1 << 60},
	} {
		got, err := Memory(c.in)
		if err != nil || got != c.want {
			t.Errorf("Memory(%q) = %d, %v; want %d", c.in, got, err, c.want)
		}
	}
	for _, s := range []string{"", "0", "0M", "-1", "lots", "1.5G", "512K", "1000B", "1048577T", "2P", "M", "1 G", "G1",
		"18446744073709551615", "1iB", "1MiBB", " 1", "1e9"} {
		v, err := Memory(s)
		if err == nil || !IsInput(err) || !strings.Contains(err.Error(), "MiB") {
			t.Errorf("Memory(%q) = %d, %v; want a refusal that says the syntax", s, v, err)
		}
	}
}

func FuzzMemory(f *testing.F) {
	for _, s := range []string{"1", "512M", "2GiB", "1048576", "1000B", "0", "1.5G", "0x10G", "1048576T"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := Memory(s)
		if err != nil {
			if !IsInput(err) {
				t.Fatalf("Memory(%q): %v is not an input error", s, err)
			}
			return
		}
		if v < 1<<20 || v > 1<<60 {
			t.Fatalf("Memory(%q) = %d: outside 1 MiB..2^60", s, v)
		}
		// The same amount written as bytes reads back the same.
		if w, err := Memory(strconv.FormatUint(v, 10) + "B"); err != nil || w != v {
			t.Fatalf("Memory(%q) = %d, but %dB reads %d, %v", s, v, v, w, err)
		}
	})
}

func TestFormatMemory(t *testing.T) {
	for _, v := range []uint64{1 << 20, 64 << 20, 1000000000, 1<<60 - 1, 1 << 60} {
		s := FormatMemory(v)
		w, err := Memory(strings.ReplaceAll(strings.ReplaceAll(s, " MiB", "M"), " bytes", "B"))
		if err != nil || w != v {
			t.Errorf("FormatMemory(%d) = %q reads back %d, %v", v, s, w, err)
		}
	}
}
