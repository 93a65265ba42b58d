package rules

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"
)

// The proofs: every closed form and strategy of the catalogue against the generic engine, on every
// position within a size bound.

// tuples yields every list of n numbers in [lo, hi].
func tuples(n int, lo, hi uint64) []Position {
	out := []Position{{}}
	for range n {
		var next []Position
		for _, p := range out {
			for v := lo; v <= hi; v++ {
				next = append(next, append(slices.Clone(p), v))
			}
		}
		out = next
	}
	return out
}

// upTo yields every list of at most n numbers in [lo, hi].
func upTo(n int, lo, hi uint64) []Position {
	var out []Position
	for k := 0; k <= n; k++ {
		out = append(out, tuples(k, lo, hi)...)
	}
	return out
}

// subsets yields every sorted subset of [lo, hi].
func subsets(lo, hi uint64) []Position {
	var out []Position
	n := hi - lo + 1
	for mask := uint64(0); mask < 1<<n; mask++ {
		var p Position
		for i := uint64(0); i < n; i++ {
			if mask>>i&1 == 1 {
				p = append(p, lo+i)
			}
		}
		out = append(out, p)
	}
	return out
}

// grid2D yields every set of coins in [lo, hi]² (flattened pairs sorted by x then y).
func grid2D(lo1, hi1, lo2, hi2 uint64) []Position {
	var cells [][2]uint64
	for x := lo1; x <= hi1; x++ {
		for y := lo2; y <= hi2; y++ {
			cells = append(cells, [2]uint64{x, y})
		}
	}
	var out []Position
	for mask := 0; mask < 1<<len(cells); mask++ {
		var p Position
		for i, c := range cells {
			if mask>>i&1 == 1 {
				p = append(p, c[0], c[1])
			}
		}
		out = append(out, p)
	}
	return out
}

type proofCase struct {
	name      string
	flags     map[string]string
	positions []Position
}

func proofCases() []proofCase {
	heaps4x7 := upTo(4, 0, 7)
	var cases []proofCase
	add := func(name string, flags map[string]string, ps []Position) {
		cases = append(cases, proofCase{name, flags, ps})
	}
	add("nim", nil, heaps4x7)
	add("misere-nim", nil, heaps4x7)
	for _, k := range []string{"1", "2", "3"} {
		add("moore", map[string]string{"k": k}, upTo(4, 0, 4))
		add("misere-moore", map[string]string{"k": k}, upTo(4, 0, 4))
	}
	add("moore", map[string]string{"k": "4"}, upTo(5, 0, 2))
	add("misere-moore", map[string]string{"k": "2"}, upTo(5, 0, 3))
	add("staircase", nil, upTo(4, 0, 4))
	for m := uint64(2); m <= 9; m++ {
		add("gra", map[string]string{"m": fmt.Sprint(m)}, subsets(1, m-1))
	}
	for _, k := range []string{"1", "2", "3", "5"} {
		add("subtract", map[string]string{"max": k}, upTo(3, 0, 12))
	}
	for _, r := range []string{"1:1", "1:3", "2:2", "2:3", "2:5", "3:4", "3:7", "4:4"} {
		add("subtract", map[string]string{"range": r}, upTo(2, 0, 25))
		add("subtract", map[string]string{"range": r, "last-loses": "true"}, upTo(1, 0, 60)[1:])
	}
	for _, s := range []string{"2,5", "1,3,4", "1,2,3,4,5", "3", "1,2,3,5,8,13,21"} {
		add("subtract", map[string]string{"set": s}, upTo(2, 0, 40))
	}
	add("lasker", nil, upTo(3, 0, 7))
	add("split-nim", nil, append(upTo(2, 0, 5), tuples(3, 0, 3)...))
	add("split", nil, append(upTo(3, 0, 3), tuples(4, 0, 2)...))
	add("hungergame", nil, hungerPositions())
	var wy []Position
	for x := uint64(0); x <= 13; x++ {
		for y := uint64(0); y <= 13; y++ {
			wy = append(wy, Position{x, y})
		}
	}
	add("wythoff", nil, wy)
	add("turtles", nil, subsets(1, 8))
	add("mock-turtles", nil, subsets(0, 7))
	add("ruler", nil, subsets(1, 8))
	add("twins", nil, subsets(0, 8))
	add("acrostic", nil, grid2D(0, 2, 0, 2))
	add("corners", nil, grid2D(0, 3, 0, 2)[:1500])
	for _, rc := range [][2]string{{"twins", "twins"}, {"ruler", "mock-turtles"}, {"turtles", "ruler"}, {"mock-turtles", "twins"}} {
		r, _ := coinRuleByName(rc[0])
		c, _ := coinRuleByName(rc[1])
		add("tartan", map[string]string{"rows": rc[0], "cols": rc[1]}, grid2D(r.first, r.first+2, c.first, c.first+2))
	}
	add("prime-take", nil, upTo(1, 0, 120)[1:])
	add("kayles", nil, upTo(3, 0, 9))
	add("dawson-kayles", nil, upTo(3, 0, 10))
	add("grundy-game", nil, upTo(3, 0, 11))
	for _, code := range []string{"0.77", "0.137", "4.7", "0.6", "0.51", "0.007", "0.4", "x0.8", "x0.f", "0.16", "grundy"} {
		add("octal", map[string]string{"code": code}, upTo(2, 0, 9))
	}
	return cases
}

// hungerPositions: every set of up to 3 boxes of up to 3 stones, each open or closed, and every
// set of 4 closed boxes of up to 3 stones.
func hungerPositions() []Position {
	var out []Position
	for _, sizes := range upTo(3, 0, 3) {
		n := len(sizes)
		for mask := 0; mask < 1<<n; mask++ {
			var p Position
			for i, s := range sizes {
				p = append(p, s, uint64(mask>>i&1))
			}
			out = append(out, p)
		}
	}
	for _, sizes := range tuples(4, 0, 3) {
		var p Position
		for _, s := range sizes {
			p = append(p, s, 0)
		}
		out = append(out, p)
	}
	return out
}

func caseName(c proofCase) string {
	var fs []string
	for k, v := range c.flags {
		fs = append(fs, "--"+k+" "+v)
	}
	sort.Strings(fs)
	return strings.Join(append([]string{c.name}, fs...), " ")
}

// TestProofAgainstEngine checks, for every ruleset and every small position: the outcome (and the
// Grundy value where one is given) equals the engine's; every winning move is a legal move that
// reaches a P-position by the engine; and a list marked complete is exactly the engine's list.
func TestProofAgainstEngine(t *testing.T) {
	for _, c := range proofCases() {
		t.Run(caseName(c), func(t *testing.T) {
			t.Parallel()
			r, err := New(c.name, c.flags)
			if err != nil {
				t.Fatal(err)
			}
			o := newOracle(r)
			for _, p := range c.positions {
				checkAgainstOracle(t, r, o, p)
			}
		})
	}
}

func checkAgainstOracle(t *testing.T, r Ruleset, o *oracle, p Position) {
	t.Helper()
	a, err := r.Analyze(context.Background(), p)
	if err != nil {
		t.Fatalf("%v: %v", p, err)
	}
	want, err := o.outcome(p)
	if err != nil {
		t.Fatalf("engine %v: %v", p, err)
	}
	if a.Outcome != want {
		t.Fatalf("%v: outcome %v, engine says %v", p, a.Outcome, want)
	}
	if a.HasValue {
		v, err := o.value(p)
		if err != nil {
			t.Fatalf("engine %v: %v", p, err)
		}
		if v != a.Value {
			t.Fatalf("%v: value %d, engine says %d", p, a.Value, v)
		}
	}
	if a.HasScore {
		s, err := o.score(p)
		if err != nil {
			t.Fatalf("engine %v: %v", p, err)
		}
		if s != a.Score {
			t.Fatalf("%v: score %d, engine says %d", p, a.Score, s)
		}
	}
	legal := map[string]bool{}
	for m := range r.Moves(p) {
		legal[m.To.Key()] = true
	}
	got := map[string]bool{}
	for _, m := range a.WinningMoves {
		if !legal[m.To.Key()] {
			t.Fatalf("%v: winning move %q to %v is not a legal move", p, m.Text, m.To)
		}
		oc, err := o.outcome(m.To)
		if err != nil {
			t.Fatal(err)
		}
		if oc != P {
			t.Fatalf("%v: winning move %q reaches %v, an N-position", p, m.Text, m.To)
		}
		got[m.To.Key()] = true
	}
	if a.Outcome == N && len(a.WinningMoves) == 0 && len(legal) > 0 {
		t.Fatalf("%v: N-position without a winning move", p)
	}
	if a.Complete {
		wins, err := o.winning(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range wins {
			if !got[k] {
				t.Fatalf("%v: the list is marked complete but misses the winning move to %v (got %v)", p, PositionFromKey(k), a.WinningMoves)
			}
		}
	}
}

// TestHungerTheory checks the closed forms used beyond 12 closed boxes (hunger.theory) against the
// engine on the small positions, where they apply.
func TestHungerTheory(t *testing.T) {
	r, _ := New("hungergame", nil)
	h := r.(hunger)
	o := newOracle(r)
	applied := 0
	for _, p := range hungerPositions() {
		a, ok := h.theory(p)
		if !ok {
			continue
		}
		applied++
		want, err := o.outcome(p)
		if err != nil {
			t.Fatal(err)
		}
		if a.Outcome != want {
			t.Fatalf("%v: theory %v, engine %v", p, a.Outcome, want)
		}
		if a.HasValue {
			if v, _ := o.value(p); v != a.Value {
				t.Fatalf("%v: theory's value %d, engine %d", p, a.Value, v)
			}
		}
		for _, m := range a.WinningMoves {
			if oc, _ := o.outcome(m.To); oc != P {
				t.Fatalf("%v: theory's move %q reaches an N-position", p, m.Text)
			}
		}
		if a.Outcome == N && len(a.WinningMoves) == 0 {
			t.Fatalf("%v: no winning move", p)
		}
	}
	if applied < 200 {
		t.Fatalf("the theory applied to only %d positions", applied)
	}
}

// TestMooreConstruction checks the constructive winning moves used for large positions (Moore's
// proof, and its misère variant) on every small N-position: each is a legal move and reaches a
// P-position by the engine.
func TestMooreConstruction(t *testing.T) {
	for _, k := range []uint64{1, 2, 3, 4} {
		for _, misere := range []bool{false, true} {
			r := moore{k: k, misere: misere}
			o := newOracle(r)
			for _, p := range upTo(4, 0, 5) {
				if oc, _ := o.outcome(p); oc != N || len(p) == 0 || slices.Max(p) == 0 {
					continue
				}
				var q Position
				if misere {
					var ok bool
					if q, ok = misereMooreMove(p, k); !ok {
						t.Fatalf("k=%d misère %v: no move", k, p)
					}
				} else {
					q = mooreMove(p, k)
				}
				changed := 0
				for i := range p {
					if q[i] > p[i] {
						t.Fatalf("k=%d %v -> %v raises a heap", k, p, q)
					}
					if q[i] < p[i] {
						changed++
					}
				}
				if changed == 0 || uint64(changed) > k {
					t.Fatalf("k=%d %v -> %v changes %d heaps", k, p, q, changed)
				}
				if oc, _ := o.outcome(q); oc != P {
					t.Fatalf("k=%d misère=%v %v -> %v is not a P-position", k, misere, p, q)
				}
			}
		}
	}
}
