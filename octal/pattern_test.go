package octal

import (
	"fmt"
	"strings"
	"testing"
)

func TestExpand(t *testing.T) {
	// The slow way: every spelling the pattern allows, parsed, duplicates removed.
	slow := func(pattern string) map[Code]bool {
		set := map[Code]bool{}
		spell := []string{""}
		hex := strings.HasPrefix(pattern, "x")
		dot := strings.IndexByte(pattern, '.')
		for i, ch := range pattern {
			alpha := string(ch)
			if ch == '?' {
				switch {
				case i < dot && hex:
					alpha = "048c"
				case i < dot:
					alpha = "04"
				case hex:
					alpha = "0123456789abcdef"
				default:
					alpha = "01234567"
				}
			}
			var next []string
			for _, s := range spell {
				for _, d := range alpha {
					next = append(next, s+string(d))
				}
			}
			spell = next
		}
		for _, s := range spell {
			set[MustParse(s)] = true
		}
		return set
	}
	for _, c := range []struct {
		pattern string
		n       int
	}{
		{"0.??", 64},
		{"?.?", 16},
		{"0.?0", 8},
		{"0.??7", 64},
		{"x0.?", 16},
		{"x?.?", 64},
		{"4.?7", 8},
		{"0.77", 1},
	} {
		got, err := Expand(c.pattern, 4096)
		if err != nil {
			t.Fatalf("%s: %v", c.pattern, err)
		}
		want := slow(c.pattern)
		if len(got) != c.n || len(want) != c.n {
			t.Errorf("%s: %d codes, slow way %d, want %d", c.pattern, len(got), len(want), c.n)
		}
		seen := map[Code]bool{}
		for _, g := range got {
			if !want[g] || seen[g] {
				t.Errorf("%s: %v unexpected or repeated", c.pattern, g)
			}
			seen[g] = true
		}
	}
	// "0.?" and "0.?0" are the same games: trailing zeros make no new code.
	if a, _ := Expand("0.?0", 100); fmt.Sprint(a) != fmt.Sprint(mustExpand(t, "0.?")) {
		t.Errorf("0.?0 = %v, 0.? = %v", a, mustExpand(t, "0.?"))
	}
	for _, bad := range []struct{ pattern, msg string }{
		{"0.?????", "more than 4096 codes"},
		{"0.9?", ""},
		{"?", ""},
		{"", ""},
	} {
		if _, err := Expand(bad.pattern, 4096); err == nil || !strings.Contains(err.Error(), bad.msg) {
			t.Errorf("Expand(%q) = %v, want an error containing %q", bad.pattern, err, bad.msg)
		}
	}
}

func mustExpand(t *testing.T, p string) []Code {
	t.Helper()
	c, err := Expand(p, 4096)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func FuzzExpand(f *testing.F) {
	for _, s := range []string{"0.??", "x?.?f", "4.?7", "?.", "0.?0", "grundy", "x0.??"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, pattern string) {
		codes, err := Expand(pattern, 256)
		if err != nil {
			return
		}
		if len(codes) == 0 || len(codes) > 256 {
			t.Fatalf("Expand(%q): %d codes", pattern, len(codes))
		}
		seen := map[Code]bool{}
		for _, c := range codes {
			if seen[c] {
				t.Fatalf("Expand(%q): %v twice", pattern, c)
			}
			seen[c] = true
			if d, err := Parse(c.String()); err != nil || d != c {
				t.Fatalf("Expand(%q): %v does not round-trip: %v %v", pattern, c, d, err)
			}
		}
	})
}
