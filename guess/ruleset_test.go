package guess

import (
	"context"
	"errors"
	"testing"

	"grundy/octal"
	"grundy/rules"
)

// TestKnownOf: a take-and-break ruleset is known by its code (rules.TakeAndBreak), a subtract
// ruleset by its finite set and the coin games by their closed forms (rules.Ruled), a ruleset
// whose Sequence proves its period by that period; HDU 2897 (--last-loses), misère Moore and a
// set too large for the theorem's check are known by nothing.
func TestKnownOf(t *testing.T) {
	for _, c := range []struct {
		name   string
		flags  map[string]string
		code   string
		set    int // len(Subtraction)
		form   string
		period int // Facts.Period, 0: no Facts
	}{
		{"kayles", nil, "0.77", 0, "", 0},
		{"grundy-game", nil, "grundy", 0, "", 0},
		{"octal", map[string]string{"code": "0.137"}, "0.137", 0, "", 0},
		{"subtract", map[string]string{"set": "1,3,4"}, "", 3, "", 0},
		{"subtract", map[string]string{"range": "2:5"}, "", 4, "", 0},
		{"subtract", map[string]string{"max": "100"}, "", 100, "", 0},
		{"subtract", map[string]string{"max": "101"}, "", 0, "", 102}, // the ruleset's own proof
		{"subtract", map[string]string{"range": "2:3", "last-loses": "true"}, "", 0, "", 0},
		{"nim", nil, "", 0, "n", 0},
		{"twins", nil, "", 0, "n", 0},
		{"ruler", nil, "", 0, "2^v2(n) (n ≥ 1)", 0},
		{"mock-turtles", nil, "", 0, "2n + [n evil]", 0},
		{"lasker", nil, "", 0, "", 4},
		{"split-nim", nil, "", 0, "", 0},
	} {
		rs, err := rules.New(c.name, c.flags)
		if err != nil {
			t.Fatal(err)
		}
		var s rules.Sequence
		if c.flags["last-loses"] == "" {
			if s, err = rs.(rules.Sequencer).Sequence(context.Background(), 400); err != nil {
				t.Fatal(err)
			}
		}
		k := KnownOf(rs, s)
		if c.code != "" {
			want, _ := octal.Parse(c.code)
			if got, err := octal.Parse(k.Code); err != nil || got != want {
				t.Errorf("%s: code %q, want %s", c.name, k.Code, c.code)
			}
		} else if k.Code != "" {
			t.Errorf("%s: code %q", c.name, k.Code)
		}
		if len(k.Subtraction) != c.set || k.ClosedForm != c.form || (k.ClosedForm != "") != (k.ClosedTheorem != "") ||
			(k.Facts != nil) != (c.period != 0) || k.Facts != nil && (k.Facts.Period != c.period || !k.Facts.Proved) {
			t.Errorf("%s %v: %+v", c.name, c.flags, k)
		}
	}
}

// TestKnownOfCatalogue: every one-heap ruleset of the catalogue that says it has a closed form
// (rules.Ruled) has one that Sequence finds in its values and proves, from heap 0 to 2000: a
// form the grammar cannot write would never be proved, a form that is wrong would be refused.
func TestKnownOfCatalogue(t *testing.T) {
	forms := 0
	for _, info := range rules.Catalogue() {
		rs, err := rules.New(info.Name, nil)
		if err != nil || !info.OneHeap {
			continue
		}
		sq, ok := rs.(rules.Sequencer)
		if !ok {
			continue
		}
		s, err := sq.Sequence(context.Background(), 2000)
		if err != nil {
			t.Fatal(err)
		}
		k := KnownOf(rs, s)
		if k.ClosedForm == "" {
			continue
		}
		forms++
		r, err := Sequence(context.Background(), s.Values, Options{Name: info.Name, Known: k})
		if err != nil {
			t.Fatal(err)
		}
		if f := find(r, "closed-form"); f == nil || f.Key != k.ClosedForm || f.Status != Proved || f.Proof != k.ClosedTheorem {
			t.Errorf("%s: says g(n) = %s; findings %+v", info.Name, k.ClosedForm, r.Findings)
		}
	}
	if forms < 5 {
		t.Errorf("%d rulesets with a closed form, want nim and the four coin games at least", forms)
	}
}

// TestTableTheorems: the two-coordinate and many-heap rulesets, read from their rules.Rule, and
// no others.
func TestTableTheorems(t *testing.T) {
	for _, c := range []struct {
		name  string
		flags map[string]string
		heaps int
		coin  bool
		key   string // "": not a table
	}{
		{"tartan", map[string]string{"rows": "ruler", "cols": "twins"}, 2, true, "(2^v2(x) (x ≥ 1))⊗y"},
		{"tartan", map[string]string{"rows": "twins", "cols": "mock-turtles"}, 2, true, "x⊗(2y + [y evil])"},
		{"corners", nil, 2, true, "x⊗y"},
		{"acrostic", nil, 2, true, "x⊕y"},
		{"wythoff", nil, 2, false, "beatty α=φ β=φ²"},
		{"moore", map[string]string{"k": "2"}, 3, false, "bits mod 3"},
		{"moore", map[string]string{"k": "20"}, 8, false, "bits mod 21"},
		{"misere-moore", map[string]string{"k": "2"}, 0, false, ""},
		{"kayles", nil, 0, false, ""},
		{"nim", nil, 0, false, ""},
		{"staircase", nil, 0, false, ""},
	} {
		rs, err := rules.New(c.name, c.flags)
		if err != nil {
			t.Fatal(err)
		}
		sh, ok := TableTheorems(rs, 8)
		switch {
		case c.key == "" && ok:
			t.Errorf("%s: a table: %+v", c.name, sh)
		case c.key != "" && (!ok || sh.Heaps != c.heaps || sh.Coin != c.coin || len(sh.Theorems) != 1 || sh.Theorems[c.key] == "" ||
			sh.AnyHeaps != (c.name == "moore")):
			t.Errorf("%s %v: %+v %v", c.name, c.flags, sh, ok)
		}
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
