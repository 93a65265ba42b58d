package guess

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"grundy/octal"
	"grundy/rules"
)

// mexSeq is the definitional sequence of a subtraction set: g(n) = mex{g(n−s)}.
func mexSeq(s []int, n int) []uint64 {
	g := make([]uint64, n+1)
	for i := range g {
		seen := map[uint64]bool{}
		for _, x := range s {
			if x <= i {
				seen[g[i-x]] = true
			}
		}
		for seen[g[i]] {
			g[i]++
		}
	}
	return g
}

// rulesetSeq returns g(0..n) of a catalogue one-heap ruleset.
func rulesetSeq(t testing.TB, name string, flags map[string]string, n int) []uint64 {
	t.Helper()
	r, err := rules.New(name, flags)
	if err != nil {
		t.Fatal(err)
	}
	s, err := r.(rules.Sequencer).Sequence(context.Background(), uint64(n))
	if err != nil {
		t.Fatal(err)
	}
	return s.Values
}

func subsets(max int) [][]int {
	var out [][]int
	for m := 1; m < 1<<max; m++ {
		var s []int
		for i := 0; i < max; i++ {
			if m>>i&1 == 1 {
				s = append(s, i+1)
			}
		}
		out = append(out, s)
	}
	return out
}

// TestSubtractionPeriodSound: for every S ⊆ {1..8} and every prefix length, a period the
// theorem proves from the prefix holds on 4000 values, and the proved period is the least
// eventual one (the apparent period of the long sequence) once the prefix is long enough.
func TestSubtractionPeriodSound(t *testing.T) {
	for _, s := range subsets(8) {
		long := mexSeq(s, 4000)
		truthP, truthT := 0, 0
		for p := 1; ; p++ {
			if b := backScan(long, p); len(long)-p-b > 1000 {
				truthP, truthT = p, b
				break
			}
		}
		proved := false
		for _, l := range []int{5, 10, 20, 40, 80, 160, 320, 640} {
			p, pre, ok, err := SubtractionPeriod(s, long[:l])
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				if proved {
					t.Errorf("S=%v: proved at a shorter prefix but not at %d", s, l)
				}
				continue
			}
			proved = true
			for n := pre; n+p < len(long); n++ {
				if long[n+p] != long[n] {
					t.Fatalf("S=%v, prefix %d: claimed period %d from %d fails at %d", s, l, p, pre, n)
				}
			}
			if p < truthP || p%truthP != 0 || pre < truthT {
				t.Fatalf("S=%v: proved period %d from %d, the true one is %d from %d", s, p, pre, truthP, truthT)
			}
		}
		if !proved {
			t.Errorf("S=%v: no period proved from 640 values (true %d from %d)", s, truthP, truthT)
		}
		if p, pre, ok, _ := SubtractionPeriod(s, long[:2000]); !ok || p != truthP || pre != truthT {
			t.Errorf("S=%v: from 2000 values %d from %d (%v), want %d from %d", s, p, pre, ok, truthP, truthT)
		}
	}
}

// TestSubtractionPeriodRefuses: values that are not the set's, or a bad set, prove nothing.
func TestSubtractionPeriodRefuses(t *testing.T) {
	g := mexSeq([]int{2, 5}, 100)
	g[50] ^= 1
	if _, _, ok, err := SubtractionPeriod([]int{2, 5}, g); err == nil || ok {
		t.Errorf("altered values: ok=%v err=%v, want an error", ok, err)
	}
	for _, s := range [][]int{nil, {0, 2}, {-1}} {
		if _, _, ok, err := SubtractionPeriod(s, mexSeq([]int{1}, 10)); err == nil || ok {
			t.Errorf("S=%v: ok=%v err=%v, want an error", s, ok, err)
		}
	}
}

func find(r *Report, kind string) *Finding {
	for i := range r.Findings {
		if r.Findings[i].Kind == kind {
			return &r.Findings[i]
		}
	}
	return nil
}

func noProof(t *testing.T, what string, r *Report) {
	t.Helper()
	for _, f := range r.Findings {
		if f.Status == Proved {
			t.Errorf("%s: a proof with nothing known: %+v", what, f)
		}
	}
}

// TestClosedForms: the catalogue's one-heap rulesets with a closed form, as bare values (a
// script's), are recognised with it, and nothing is proved.
func TestClosedForms(t *testing.T) {
	cases := []struct {
		name string
		key  string
	}{
		{"nim", "n"}, {"twins", "n"}, {"turtles", "n"}, {"ruler", "2^v2(n) (n ≥ 1)"},
		{"mock-turtles", "2n + [n evil]"},
	}
	for _, c := range cases {
		g := rulesetSeq(t, c.name, nil, 300)
		r, err := Sequence(context.Background(), g, Options{Name: c.name})
		if err != nil {
			t.Fatal(err)
		}
		var keys []string
		for _, f := range r.Findings {
			keys = append(keys, f.Key)
		}
		if !slices.Contains(keys, c.key) {
			t.Errorf("%s: findings %q, want %q", c.name, keys, c.key)
		}
		noProof(t, c.name, r)
	}
}

// TestKnownClosedForm: a closed form is proved when the game's theory proves it (the caller says
// so), and for a periodic form when it follows from a proved period.
func TestKnownClosedForm(t *testing.T) {
	g := rulesetSeq(t, "mock-turtles", nil, 200)
	r, err := Sequence(context.Background(), g, Options{Known: Known{ClosedForm: "2n + [n evil]", ClosedTheorem: "Winning Ways: Mock Turtles"}})
	if err != nil {
		t.Fatal(err)
	}
	if f := r.Findings[0]; f.Status != Proved || f.Key != "2n + [n evil]" {
		t.Errorf("mock turtles: first finding %+v", f)
	}
	g = mexSeq([]int{1, 2, 3}, 100)
	r, err = Sequence(context.Background(), g, Options{Known: Known{Subtraction: []int{1, 2, 3}}})
	if err != nil {
		t.Fatal(err)
	}
	cf, per := find(r, "closed-form"), find(r, "period")
	if cf == nil || cf.Key != "n mod 4" || cf.Status != Proved || per == nil || per.Status != Proved || *per.Period != 4 {
		t.Errorf("subtract {1,2,3}: %+v", r.Findings)
	}
	// The same values with nothing known: conjectures only.
	r, _ = Sequence(context.Background(), g, Options{})
	noProof(t, "{1,2,3} unknown", r)
}

// TestLasker: arithmetic period 4, saltus 4, from 1; proved only with the ruleset's facts.
func TestLasker(t *testing.T) {
	g := rulesetSeq(t, "lasker", nil, 400)
	r, err := Sequence(context.Background(), g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	f := find(r, "arithmetic-period")
	if f == nil || *f.Period != 4 || *f.Saltus != 4 || *f.Preperiod != 1 || f.Status != Conjecture {
		t.Fatalf("lasker: %+v", r.Findings)
	}
	noProof(t, "lasker", r)
	facts := &Facts{Period: 4, Saltus: 4, Preperiod: 1, Proved: true, Theorem: "Lasker's Nim"}
	r, err = Sequence(context.Background(), g, Options{Known: Known{Facts: facts}})
	if err != nil {
		t.Fatal(err)
	}
	if f := find(r, "arithmetic-period"); f == nil || f.Status != Proved {
		t.Fatalf("lasker with facts: %+v", r.Findings)
	}
	bad := *facts
	bad.Saltus = 3
	if _, err := Sequence(context.Background(), g, Options{Known: Known{Facts: &bad}}); err == nil {
		t.Error("facts that contradict the values were accepted")
	}
}

// TestSquares: subtract-a-square has no rule: no period, no closed form, nothing proved.
func TestSquares(t *testing.T) {
	var sq []int
	for i := 1; i*i <= 2000; i++ {
		sq = append(sq, i*i)
	}
	g := mexSeq(sq, 2000)
	r, err := Sequence(context.Background(), g, Options{Name: "squares"})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Findings) != 0 {
		t.Errorf("subtract-a-square: findings %+v", r.Findings)
	}
}

// TestRandomGames: games with random move sets give only conjectures, each with its range.
func TestRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 200; trial++ {
		n := 50 + rng.IntN(400)
		g := make([]uint64, n)
		for i := range g {
			seen := map[uint64]bool{}
			for j := 0; j < i; j++ {
				if rng.IntN(4) == 0 {
					seen[g[j]] = true
				}
			}
			for seen[g[i]] {
				g[i]++
			}
		}
		r, err := Sequence(context.Background(), g, Options{})
		if err != nil {
			t.Fatal(err)
		}
		noProof(t, "random", r)
		for _, f := range r.Findings {
			if f.CheckedTo != n-1 || f.CheckedFrom < 0 || f.CheckedFrom > f.CheckedTo {
				t.Errorf("random: finding without its range: %+v", f)
			}
		}
		for _, m := range r.NearMiss {
			if m.HeldTo < m.HeldFrom || m.At == "" {
				t.Errorf("random: near miss without its counterexample: %+v", m)
			}
		}
	}
}

// TestKnownCode: a take-and-break code's period is proved by the octal periodicity theorem,
// Grundy's game's is not, and values that are not the code's are refused.
func TestKnownCode(t *testing.T) {
	for _, c := range []struct {
		code       string
		proved     bool
		per, prepe int
	}{{"0.77", true, 12, 71}, {"0.07", true, 34, 53}, {"0.137", true, 34, 52}, {"grundy", false, 0, 0}} {
		g, _, err := codeValues(c.code, 600)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Sequence(context.Background(), g, Options{Known: Known{Code: c.code}})
		if err != nil {
			t.Fatal(err)
		}
		f := find(r, "period")
		switch {
		case c.proved && (f == nil || f.Status != Proved || *f.Period != c.per || *f.Preperiod != c.prepe):
			t.Errorf("%s: %+v", c.code, r.Findings)
		case !c.proved:
			noProof(t, c.code, r)
		}
		g[100]++
		if _, err := Sequence(context.Background(), g, Options{Known: Known{Code: c.code}}); err == nil {
			t.Errorf("%s: altered values accepted", c.code)
		}
	}
}

// codeValues returns g(0..n) of a code by the octal package's definitional method.
func codeValues(code string, n int) ([]uint64, bool, error) {
	c, err := octal.Parse(code)
	if err != nil {
		return nil, false, err
	}
	v, err := octal.Reference(context.Background(), c, n)
	if err != nil {
		return nil, false, err
	}
	g := make([]uint64, len(v))
	for i, x := range v {
		g[i] = uint64(x)
	}
	return g, true, nil
}

// TestProvedRanges: a proved period says honestly what it was checked on. checked_by "values":
// the values given satisfy the rule on checked_from..checked_to (one pair at least); "engine":
// the octal engine's values of the code do, beyond the values given (which equal them);
// "theory": nothing was compared (too few values), and the range is 0..0. Never a range that
// reads backwards.
func TestProvedRanges(t *testing.T) {
	type game struct {
		name  string
		known func() Known
		vals  func(n int) []uint64
	}
	code := func(c string) game {
		return game{c, func() Known { return Known{Code: c} }, func(n int) []uint64 {
			g, _, err := codeValues(c, n)
			if err != nil {
				t.Fatal(err)
			}
			return g
		}}
	}
	games := []game{code("0.77"), code("0.07"), code("0.137"),
		{"lasker", func() Known {
			return Known{Facts: &Facts{Period: 4, Saltus: 4, Preperiod: 1, Proved: true, Theorem: "Lasker's Nim"}}
		}, func(n int) []uint64 { return rulesetSeq(t, "lasker", nil, n) }},
		{"subtract 2,5", func() Known { return Known{Subtraction: []int{2, 5}} }, func(n int) []uint64 { return mexSeq([]int{2, 5}, n) }},
	}
	for _, gm := range games {
		long := gm.vals(700)
		for _, to := range []int{1, 2, 4, 5, 6, 10, 40, 70, 71, 83, 100, 200, 600} {
			g := gm.vals(to)
			r, err := Sequence(context.Background(), g, Options{Known: gm.known()})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range r.Findings {
				if f.Status != Proved || f.Period == nil {
					continue
				}
				p, from, s := *f.Period, f.CheckedFrom, uint64(0)
				if f.Saltus != nil {
					s = uint64(*f.Saltus)
				}
				switch f.CheckedBy {
				case "theory":
					if f.CheckedFrom != 0 || f.CheckedTo != 0 || *f.Preperiod+p <= to {
						t.Errorf("%s to %d: theory alone, yet %+v", gm.name, to, f)
					}
					continue
				case "values":
					if f.CheckedTo > to {
						t.Errorf("%s to %d: checked by the values beyond them: %+v", gm.name, to, f)
					}
				case "engine":
					if f.CheckedTo <= to {
						t.Errorf("%s to %d: checked by the engine within the values: %+v", gm.name, to, f)
					}
				default:
					t.Errorf("%s to %d: checked_by %q", gm.name, to, f.CheckedBy)
					continue
				}
				if from < *f.Preperiod || from+p > f.CheckedTo || f.CheckedTo >= len(long) {
					t.Errorf("%s to %d: range %d..%d for period %d from %d", gm.name, to, from, f.CheckedTo, p, *f.Preperiod)
					continue
				}
				for n := from; n+p <= f.CheckedTo; n++ {
					if long[n+p] != long[n]+s {
						t.Errorf("%s to %d: the rule fails at %d inside its range %d..%d", gm.name, to, n, from, f.CheckedTo)
						break
					}
				}
			}
		}
	}
}
