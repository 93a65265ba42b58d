package octal

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"0.07", "0.07"},
		{".07", "0.07"},
		{"0.070", "0.07"},
		{"0.77", "0.77"},
		{".137", "0.137"},
		{"4.7", "4.7"},
		{"4.0", "4.0"},
		{"0.0", "0.0"},
		{"0.0000007", "0.0000007"},
		{"x0.8f", "x0.8f"},
		{"0x4.C", "x4.c"},
		{"X.8", "x0.8"},
		{"x8.0", "x8.0"},
		{"xc.1", "xc.1"},
		{"grundy", "grundy"},
		{"Grundy-Game", "grundy"},
	} {
		c, err := Parse(tc.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.in, err)
			continue
		}
		if got := c.String(); got != tc.want {
			t.Errorf("Parse(%q).String() = %q, want %q", tc.in, got, tc.want)
		}
		if c2, err := Parse(c.String()); err != nil || c2 != c {
			t.Errorf("Parse(%q) round trip: %v, %v", c.String(), c2, err)
		}
	}
	if MustParse(".07") != MustParse("0.0700") {
		t.Error(".07 and 0.0700 differ")
	}
	if (Code{}) != MustParse("0.0") {
		t.Error("the zero Code is not 0.0")
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "empty"},
		{"0.08", "not octal"},
		{"0.9", "not octal"},
		{"1.07", "d0 = 1"},
		{"2.7", "d0 = 2"},
		{"3.7", "bit 1 or 2"},
		{"x5.1", "d0 = 5"},
		{"07", "no point"},
		{"0.", "no digits after the point"},
		{".", "no digits after the point"},
		{"0.0.7", "more than one point"},
		{"00.7", "one digit may stand before"},
		{"0.[3]", "repeat notation"},
		{"0.7g", "not a digit"},
		{"0. 7", "not a digit"},
		{"x0.g", "not a digit"},
		{"0.-7", "not a digit"},
		{"0." + strings.Repeat("7", MaxDigits+1), "the limit is 256"},
	} {
		_, err := Parse(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q) = %v, want an error containing %q", tc.in, err, tc.want)
		}
	}
}

func TestCodeDigits(t *testing.T) {
	c := MustParse("4.0370")
	if c.Digit(0) != 4 || c.Digit(1) != 0 || c.Digit(2) != 3 || c.Digit(3) != 7 || c.Digit(4) != 0 || c.Digit(-1) != 0 {
		t.Errorf("digits of %v wrong", c)
	}
	if c.LastDigit() != 3 || c.Len() != 4 || c.MaxHeaps() != 2 {
		t.Errorf("%v: LastDigit %d Len %d MaxHeaps %d", c, c.LastDigit(), c.Len(), c.MaxHeaps())
	}
	if MustParse("0.33").MaxHeaps() != 1 || MustParse("x0.8").MaxHeaps() != 3 || MustParse("0.0").LastDigit() != 0 {
		t.Error("MaxHeaps/LastDigit of simple codes wrong")
	}
	if !GrundysGame().IsGrundysGame() || GrundysGame().Provable() || !MustParse("0.7").Provable() || !MustParse("x.1").IsHex() {
		t.Error("predicates wrong")
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"0.07", ".77", "4.7", "x0.8f", "0x4.c", "grundy", "0.[3]", "0.08", "1.7", "", ".", "0.0000007", "x.8"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			return
		}
		c2, err := Parse(c.String())
		if err != nil || c2 != c {
			t.Fatalf("Parse(%q) = %v; reparsing %q gives %v, %v", s, c, c.String(), c2, err)
		}
		if c.Digit(0)&(LeaveNone|LeaveOne) != 0 {
			t.Fatalf("Parse(%q) accepted d0 = %d", s, c.Digit(0))
		}
		for i := 0; i < c.Len(); i++ {
			if !c.IsHex() && c.Digit(i) > 7 {
				t.Fatalf("Parse(%q) accepted digit %d in an octal code", s, c.Digit(i))
			}
		}
	})
}
