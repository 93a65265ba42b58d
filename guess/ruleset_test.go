package guess

import (
	"errors"
	"testing"

	"grundy/octal"
	"grundy/rules"
)

// TestKnownOf: a take-and-break ruleset is known by its code (rules.TakeAndBreak), a subtract
// ruleset by its finite set, the coin games by their closed forms, and bad flags are bad input.
func TestKnownOf(t *testing.T) {
	for _, c := range []struct {
		name  string
		flags map[string]string
		code  string
		set   int // len(Subtraction)
		form  string
	}{
		{"kayles", nil, "0.77", 0, ""},
		{"grundy-game", nil, "grundy", 0, ""},
		{"octal", map[string]string{"code": "0.137"}, "0.137", 0, ""},
		{"subtract", map[string]string{"set": "1,3,4"}, "", 3, ""},
		{"subtract", map[string]string{"range": "2:5"}, "", 4, ""},
		{"subtract", map[string]string{"max": "500"}, "", 0, ""},
		{"ruler", nil, "", 0, "2^v2(n) (n ≥ 1)"},
		{"mock-turtles", nil, "", 0, "2n + [n evil]"},
	} {
		rs, err := rules.New(c.name, c.flags)
		if err != nil {
			t.Fatal(err)
		}
		k, err := KnownOf(rs, c.flags, rules.Sequence{})
		if err != nil {
			t.Fatalf("%s %v: %v", c.name, c.flags, err)
		}
		if c.code != "" {
			want, _ := octal.Parse(c.code)
			if got, err := octal.Parse(k.Code); err != nil || got != want {
				t.Errorf("%s: code %q, want %s", c.name, k.Code, c.code)
			}
		} else if k.Code != "" {
			t.Errorf("%s: code %q", c.name, k.Code)
		}
		if len(k.Subtraction) != c.set || k.ClosedForm != c.form {
			t.Errorf("%s %v: %+v", c.name, c.flags, k)
		}
	}
	if _, err := subtractionSet(map[string]string{"set": "1,x"}); err == nil {
		t.Error("--set 1,x accepted")
	}
}

// TestTableTheorems: the two-coordinate and many-heap rulesets, and no others.
func TestTableTheorems(t *testing.T) {
	if h, coin, th, ok := TableTheorems("tartan", map[string]string{"rows": "ruler", "cols": "twins"}, 8); !ok || h != 2 || !coin || th["(2^v2(x) (x ≥ 1))⊗y"] == "" {
		t.Errorf("tartan: %d %v %v %v", h, coin, th, ok)
	}
	if h, _, _, ok := TableTheorems("moore", map[string]string{"k": "20"}, 8); !ok || h != 8 {
		t.Errorf("moore --k 20: %d heaps", h)
	}
	if _, _, _, ok := TableTheorems("kayles", nil, 8); ok {
		t.Error("kayles has a table")
	}
}

// TestTabulate: position i is h1 + (to+1)·h2 + …, progress ends at the total, and an error of
// value stops the run.
func TestTabulate(t *testing.T) {
	errStop := errors.New("stop")
	var last int64
	vals, err := Tabulate(27, 2, 3, func(h []int) (uint64, error) { return uint64(h[0] + 10*h[1] + 100*h[2]), nil }, func(d, _ int64) { last = d })
	if err != nil || last != 27 {
		t.Fatalf("err %v, progress %d", err, last)
	}
	for i, v := range vals {
		if want := uint64(i%3 + 10*(i/3%3) + 100*(i/9)); v != want {
			t.Fatalf("vals[%d] = %d, want %d", i, v, want)
		}
	}
	if _, err := Tabulate(4, 1, 2, func(h []int) (uint64, error) { return 0, errStop }, nil); err != errStop {
		t.Fatalf("error: %v", err)
	}
}
