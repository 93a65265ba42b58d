package rules

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

// The top of the uint64 range: every ruleset whose closed form promises any uint64 (or a stated
// bound) answers at and near the bound — 2^64-1, 2^63, 2^32±1, … — without hanging, and every
// N-position it answers comes with winning moves, each of which reaches a P-position by the same
// closed form.

// edges are the numbers at the edges of the ranges the rulesets state.
var edges = []uint64{0, 1, 2, 3, 4, 5, 1<<32 - 1, 1 << 32, 1<<32 + 1, 1<<62 - 1, 1 << 62, 1<<63 - 1, 1 << 63, 1<<63 + 1,
	1<<64 - 3, 1<<64 - 2, 1<<64 - 1}

// fewEdges are the ends of the ranges only: TestTopOfRange takes them unless -rules.full.
var fewEdges = []uint64{0, 1, 1 << 32, 1<<63 - 1, 1 << 63, 1<<64 - 2, 1<<64 - 1}

// full makes TestTopOfRange and TestRandomLargePositions sweep every edge and more random draws:
// about 5 times the work of the default (tens of seconds of processor time, much more under
// -race). scripts/test.sh (CI) runs them so, without the race detector; a plain `go test ./rules`
// takes the smaller sweep.
var full = flag.Bool("rules.full", false, "TestTopOfRange and TestRandomLargePositions: sweep every edge of the ranges, with more random draws")

// rangeCase is a ruleset with a closed form and how to write its positions from numbers.
type rangeCase struct {
	name  string
	flags map[string]string
	// args writes a position from the numbers vs (already within the ruleset's bound), or returns
	// nil when vs makes no position of this ruleset.
	args func(vs []uint64) []string
	lo   uint64 // the smallest number the ruleset takes (coins numbered from 1: 1)
	hi   uint64 // the largest number the ruleset's Limits promise
	max  int    // the most numbers in a position (default 4)
	// noMove reports an N-position whose winning moves the ruleset may, by its stated limits,
	// leave out (with a note saying so); nil when every N-position must list one.
	noMove func(a Analysis) bool
	// beyond reports a position a winning move may reach that the ruleset does not take as input
	// (a finished game, a count past the input bound); nil when every move's position reads back.
	beyond func(p Position) bool
}

func decimal(vs []uint64) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = fmt.Sprint(v)
	}
	return out
}

// distinct writes a set of coins (sorted, no repeats).
func distinct(vs []uint64) []string {
	s := slices.Clone(vs)
	slices.Sort(s)
	if len(slices.Compact(s)) != len(vs) {
		return nil
	}
	return decimal(s)
}

// pairs writes x,y coins from consecutive numbers.
func pairs(vs []uint64) []string {
	if len(vs)%2 == 1 {
		vs = vs[:len(vs)-1]
	}
	var out []string
	seen := map[string]bool{}
	for i := 0; i < len(vs); i += 2 {
		s := fmt.Sprintf("%d,%d", vs[i], vs[i+1])
		if seen[s] {
			return nil
		}
		seen[s] = true
		out = append(out, s)
	}
	return out
}

func rangeCases() []rangeCase {
	const top = ^uint64(0)
	cs := []rangeCase{
		{name: "nim", args: decimal, hi: top},
		{name: "misere-nim", args: decimal, hi: top},
		{name: "lasker", args: decimal, hi: top - 1},
		{name: "split-nim", args: decimal, hi: 1 << 63},
		// a move adds beans: from the input bound 2^62, a bottle may reach 2^62+2
		{name: "split", args: decimal, hi: 1 << 62, max: 6, beyond: func(p Position) bool { return slices.Max(p) <= 1<<62+2 }},
		{name: "staircase", args: func(vs []uint64) []string {
			var t uint64
			for _, v := range vs {
				if t+v < t {
					return nil // the stated limit: totals below 2^64
				}
				t += v
			}
			return decimal(vs)
		}, hi: top},
		// the winning move onto cell m ends the game; a coin on cell m is refused as input
		{name: "gra", flags: map[string]string{"m": fmt.Sprint(top)}, args: distinct, lo: 1, hi: top - 1,
			beyond: func(p Position) bool { return p[len(p)-1] == top }},
		{name: "gra", flags: map[string]string{"m": fmt.Sprint(uint64(1) << 63)}, args: distinct, lo: 1, hi: 1<<63 - 1,
			beyond: func(p Position) bool { return p[len(p)-1] == 1<<63 }},
		{name: "subtract", flags: map[string]string{"max": "3"}, args: decimal, hi: top},
		{name: "subtract", flags: map[string]string{"max": fmt.Sprint(top - 1)}, args: decimal, hi: top},
		{name: "subtract", flags: map[string]string{"range": "2:5"}, args: decimal, hi: top},
		{name: "subtract", flags: map[string]string{"range": fmt.Sprintf("%d:%d", uint64(1)<<62, uint64(1)<<63)}, args: decimal, hi: top},
		{name: "subtract", flags: map[string]string{"range": fmt.Sprintf("1:%d", top-1)}, args: decimal, hi: top},
		{name: "subtract", flags: map[string]string{"set": "2,5"}, args: decimal, hi: top},
		{name: "subtract", flags: map[string]string{"set": "1,3,4"}, args: decimal, hi: top},
		{name: "subtract", flags: map[string]string{"range": "2:5", "last-loses": "true"}, args: decimal, hi: top, max: 1},
		{name: "subtract", flags: map[string]string{"range": fmt.Sprintf("%d:%d", uint64(1)<<62, uint64(1)<<63), "last-loses": "true"}, args: decimal, hi: top, max: 1},
		{name: "hungergame", args: func(vs []uint64) []string {
			out := decimal(vs)
			for i := range out {
				if vs[i]%3 == 0 {
					out[i] += "o"
				}
			}
			return out
		}, hi: top, max: 6},
		{name: "wythoff", args: func(vs []uint64) []string {
			if len(vs) != 2 {
				return nil
			}
			return decimal(vs)
		}, hi: top, max: 2},
		{name: "turtles", args: distinct, lo: 1, hi: top},
		{name: "mock-turtles", args: distinct, hi: 1<<63 - 1},
		{name: "ruler", args: distinct, lo: 1, hi: top,
			noMove: func(a Analysis) bool { return strings.Contains(a.Note, "winning runs longer than") }},
		{name: "twins", args: distinct, hi: top},
		{name: "acrostic", args: pairs, hi: top},
		{name: "corners", args: pairs, hi: top, noMove: productSearchNote},
		{name: "kayles", args: decimal, hi: 1<<63 - 1},
		{name: "dawson-kayles", args: decimal, hi: 1<<63 - 1},
		{name: "octal", flags: map[string]string{"code": "0.137"}, args: decimal, hi: 1<<63 - 1},
		{name: "octal", flags: map[string]string{"code": "4.7"}, args: decimal, hi: 1<<63 - 1},
		{name: "grundy-game", args: decimal, hi: OctalMaxTable, max: 3},
		{name: "octal", flags: map[string]string{"code": "x0.8"}, args: decimal, hi: 2000, max: 3},
	}
	for _, k := range []string{"1", "2", "3", "1048576"} {
		cs = append(cs, rangeCase{name: "moore", flags: map[string]string{"k": k}, args: decimal, hi: top, max: 5},
			rangeCase{name: "misere-moore", flags: map[string]string{"k": k}, args: decimal, hi: top, max: 5})
	}
	return cs
}

// productSearchNote accepts an N-position of a product game without a listed winning move when
// the note says why: the bounded search (both coordinates large) or a move too long to list. How
// often that happens on random positions is bounded in TestRandomLargePositions.
func productSearchNote(a Analysis) bool {
	return strings.Contains(a.Note, "no winning move found within") || strings.Contains(a.Note, "not listed")
}

// tartanCases are the sixteen products of the 1-D rules, each coordinate within its rule's range.
func tartanCases() []rangeCase {
	var cs []rangeCase
	for _, r := range coinRules() {
		for _, c := range coinRules() {
			r, c := r, c
			cs = append(cs, rangeCase{name: "tartan", flags: map[string]string{"rows": r.name, "cols": c.name},
				args: func(vs []uint64) []string {
					ws := slices.Clone(vs)
					for i := range ws {
						rule := r
						if i%2 == 1 {
							rule = c
						}
						ws[i] = min(max(ws[i], rule.first), rule.last)
					}
					return pairs(ws)
				}, hi: ^uint64(0), max: 6,
				noMove: productSearchNote})
		}
	}
	return cs
}

// analyzeWithin runs r.Analyze with a deadline, failing the test if it does not come back. The
// deadline catches a hang, not slowness: the dearest position takes under a second on a loaded
// machine.
func analyzeWithin(t *testing.T, r Ruleset, p Position) (Analysis, error) {
	t.Helper()
	wait := 2 * time.Minute
	if raceEnabled {
		wait = 3 * time.Minute
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	type result struct {
		a   Analysis
		err error
	}
	done := make(chan result, 1)
	go func() {
		a, err := r.Analyze(ctx, p)
		done <- result{a, err}
	}()
	select {
	case res := <-done:
		return res.a, res.err
	case <-time.After(wait + 10*time.Second):
		t.Fatalf("%s %v: Analyze did not return within %v", r.Info().Name, r.Args(p), wait+10*time.Second)
		return Analysis{}, nil
	}
}

// checkClosedForm analyzes one position and checks the answer's consistency: the outcome agrees
// with the value, an N-position lists a winning move, and every listed move reaches a P-position.
// It reports an N-position left without a listed move (as the case's noMove allows).
func checkClosedForm(t *testing.T, c rangeCase, r Ruleset, args []string) (unlisted bool) {
	t.Helper()
	p, err := r.Parse(args)
	if err != nil {
		t.Fatalf("%s %v %v: refused within the stated range: %v", c.name, c.flags, args, err)
	}
	a, err := analyzeWithin(t, r, p)
	if err != nil {
		t.Fatalf("%s %v %v: %v", c.name, c.flags, args, err)
	}
	if a.HasValue && (a.Value == 0) != (a.Outcome == P) {
		t.Fatalf("%s %v %v: value %d with outcome %s", c.name, c.flags, args, a.Value, a.Outcome)
	}
	if a.Outcome == P && len(a.WinningMoves) > 0 {
		t.Fatalf("%s %v %v: P with winning moves %v", c.name, c.flags, args, a.WinningMoves)
	}
	if a.Outcome == N && len(a.WinningMoves) == 0 && !(r.Info().Play == "misère" && !hasMove(r, p)) &&
		(c.noMove == nil || !c.noMove(a)) {
		t.Fatalf("%s %v %v: N but no winning move listed (note %q)", c.name, c.flags, args, a.Note)
	}
	for _, m := range a.WinningMoves {
		back, err := r.Parse(r.Args(m.To))
		if (err != nil || !slices.Equal(back, m.To)) && (c.beyond == nil || !c.beyond(m.To)) {
			t.Fatalf("%s %v %v: move %q leads to %v, which does not read back (%v)", c.name, c.flags, args, m.Text, r.Args(m.To), err)
		}
		b, err := analyzeWithin(t, r, m.To)
		if err != nil {
			t.Fatalf("%s %v %v: move %q to %v: %v", c.name, c.flags, args, m.Text, r.Args(m.To), err)
		}
		if b.Outcome != P {
			t.Fatalf("%s %v %v: winning move %q leads to %v, an N-position", c.name, c.flags, args, m.Text, r.Args(m.To))
		}
	}
	return a.Outcome == N && len(a.WinningMoves) == 0
}

// hasMove reports whether p has a move (a misère N-position without one is the end of the game).
func hasMove(r Ruleset, p Position) bool {
	for range r.Moves(p) {
		return true
	}
	return false
}

// within keeps the numbers of edges and random draws in a case's range.
func (c rangeCase) within(vs []uint64) []uint64 {
	out := make([]uint64, len(vs))
	for i, v := range vs {
		out[i] = min(max(v, c.lo), c.hi)
	}
	return out
}

func TestTopOfRange(t *testing.T) {
	for _, c := range append(rangeCases(), tartanCases()...) {
		t.Run(fmt.Sprint(c.name, c.flags), func(t *testing.T) {
			t.Parallel()
			r, err := New(c.name, c.flags)
			if err != nil {
				t.Fatal(err)
			}
			most := c.max
			if most == 0 {
				most = 4
			}
			edges := edges
			if !*full {
				edges = fewEdges
			}
			var lists [][]uint64
			for _, a := range edges {
				lists = append(lists, []uint64{a})
				if most < 2 {
					continue
				}
				for _, b := range edges {
					lists = append(lists, []uint64{a, b})
				}
			}
			if most >= 3 && *full {
				for i := 0; i < len(edges); i++ {
					for j := i; j < len(edges); j += 3 {
						lists = append(lists, []uint64{edges[i], edges[j], edges[(i+j)%len(edges)]})
					}
				}
			}
			// Numbers clamped into the case's range, and a ruleset that ignores some of them (an odd
			// one out of coin pairs), make the same position many times: each is checked once.
			seen := map[string]bool{}
			for _, vs := range lists {
				if args := c.args(c.within(vs)); args != nil && !seen[strings.Join(args, " ")] {
					seen[strings.Join(args, " ")] = true
					checkClosedForm(t, c, r, args)
				}
			}
		})
	}
}

// TestRandomLargePositions: on random positions of large numbers (the split-nim case was N
// with no winning move in 13 of 102 such draws) every closed form lists a winning move that reaches
// a P-position.
func TestRandomLargePositions(t *testing.T) {
	for _, c := range append(rangeCases(), tartanCases()...) {
		t.Run(fmt.Sprint(c.name, c.flags), func(t *testing.T) {
			t.Parallel()
			r, err := New(c.name, c.flags)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(1, uint64(len(c.name))))
			most := c.max
			if most == 0 {
				most = 4
			}
			draws := 30
			switch {
			case *full:
				draws = 60
			case raceEnabled: // ten times slower
				draws = 8
			}
			unlisted := 0
			for range draws {
				n := 1 + rng.IntN(most)
				vs := make([]uint64, n)
				for i := range vs {
					switch rng.IntN(4) {
					case 0:
						vs[i] = rng.Uint64N(64)
					case 1:
						vs[i] = rng.Uint64() >> rng.UintN(64)
					default:
						vs[i] = rng.Uint64()
					}
				}
				if c.name == "staircase" {
					for i := range vs {
						vs[i] >>= 3 // totals stay below 2^64
					}
				}
				for i, v := range vs {
					if span := c.hi - c.lo + 1; span != 0 { // span 0: the whole uint64 range
						vs[i] = c.lo + v%span
					}
				}
				if args := c.args(vs); args != nil {
					if checkClosedForm(t, c, r, args) {
						unlisted++
					}
				}
			}
			// the product games' bounded search: most random N-positions still get a move
			if unlisted > draws/20 {
				t.Errorf("%d of %d random positions are N without a listed winning move", unlisted, draws)
			}
			// the case
			if c.name == "split-nim" {
				checkClosedForm(t, c, r, []string{"3335601774482058077", "7891447466590293782", "10"})
			}
		})
	}
}

// TestLaskerSplits: the solved splits are exactly those a search of every split finds.
func TestLaskerSplits(t *testing.T) {
	for h := uint64(0); h <= 300; h++ {
		for want := uint64(0); want <= 520; want++ {
			var got, exp []uint64
			laskerSplits(h, want, func(a, b uint64) bool { got = append(got, a*1000+b); return true })
			for b := uint64(1); b <= h/2; b++ {
				if laskerValue(h-b)^laskerValue(b) == want {
					exp = append(exp, (h-b)*1000+b)
				}
			}
			slices.Sort(got)
			slices.Sort(exp)
			if !slices.Equal(got, exp) {
				t.Fatalf("h=%d want=%d: solved %v, searched %v", h, want, got, exp)
			}
		}
	}
}

// TestStaircaseLimitStated: the limit staircase enforces (a total below 2^64) is the one its
// rules state.
func TestStaircaseLimitStated(t *testing.T) {
	r, _ := New("staircase", nil)
	if !strings.Contains(r.Info().Limits, "total is at most 2^64-1") {
		t.Fatalf("staircase's Limits do not state the total's bound: %q", r.Info().Limits)
	}
	if _, err := r.Parse([]string{"18446744073709551615", "0", "0"}); err != nil {
		t.Fatalf("a total of 2^64-1 is within the limit: %v", err)
	}
	_, err := r.Parse([]string{"18446744073709551615", "0", "1"})
	if err == nil || !strings.Contains(err.Error(), "the limit is 2^64-1") {
		t.Fatalf("a total of 2^64: %v", err)
	}
}

// TestProductFactors: for every a, b < 64 and every value c' below a ⊗ b, the subfield solver finds
// u ∈ I(a), w ∈ I(b) with u ⊗ w = (a ⊗ b) ⊕ c' (the mex property says one exists); on large random
// values it finds one whenever it reports one, correct.
func TestProductFactors(t *testing.T) {
	check := func(a, b, v uint64) bool {
		budget := tartanBudget
		ok := productFactors(a, b, v, &budget, func(u, w uint64) bool {
			if !inI(u, a) || !inI(w, b) || nimMul(u, w) != v {
				t.Fatalf("a=%d b=%d v=%d: wrong factors u=%d w=%d", a, b, v, u, w)
			}
			return true
		})
		return ok
	}
	for a := uint64(1); a < 64; a++ {
		for b := uint64(1); b < 64; b++ {
			c := nimMul(a, b)
			for c2 := uint64(0); c2 < c; c2++ {
				if !check(a, b, c^c2) {
					t.Fatalf("a=%d b=%d: no factors for the option %d of %d", a, b, c2, c)
				}
			}
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	missed := 0
	for range 2000 {
		a, b := rng.Uint64()>>rng.UintN(64)|1, rng.Uint64()>>rng.UintN(64)|1
		c := nimMul(a, b)
		if !check(a, b, c^(rng.Uint64()%c)) {
			missed++
		}
	}
	if missed > 20 {
		t.Fatalf("no factors found for %d of 2000 random options", missed)
	}
}
