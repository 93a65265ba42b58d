package game

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math/rand/v2"
	"slices"
	"testing"
)

// randomLoopy is a random game on 0..n-1 with up to maxOpts moves per position (cycles and
// self-loops allowed).
func randomLoopy(r *rand.Rand, n, maxOpts int) graph {
	g := graph{}
	for v := range n {
		for range r.IntN(maxOpts + 1) {
			g[v] = append(g[v], r.IntN(n))
		}
	}
	return g
}

// gammaOf returns the loopy values and counters of 0..n-1, asked in the given order.
func gammaOf(t *testing.T, s *Solver[int], order []int) ([]LoopyValue, []uint32) {
	t.Helper()
	vals := make([]LoopyValue, len(order))
	ctrs := make([]uint32, len(order))
	for _, p := range order {
		v, err := s.LoopyValue(p)
		if err != nil {
			t.Fatal(err)
		}
		vals[p] = v
		ctrs[p] = s.gm.m[p].ctr
	}
	return vals, ctrs
}

// finiteSet returns the finite values of the options of u, increasing, without repeats.
func finiteSet(g graph, vals []LoopyValue, u int) []uint64 {
	var k []uint64
	for _, v := range g[u] {
		if !vals[v].Infinite {
			k = append(k, vals[v].Value)
		}
	}
	slices.Sort(k)
	return slices.Compact(k)
}

// mexSorted returns the least natural number not in k (increasing).
func mexSorted(k []uint64) uint64 {
	var m uint64
	for _, x := range k {
		if x == m {
			m++
		} else if x > m {
			break
		}
	}
	return m
}

// greater reports γ(v) > m: ∞ is greater than every nimber.
func greater(v LoopyValue, m uint64) bool { return v.Infinite || v.Value > m }

// checkDefinition checks the definition of γ (Fraenkel and Yesha; Fraenkel's surveys) position by
// position, with the counter function c:
//
//	A. γ(u) = m finite: m is the mex of the finite values of u's options;
//	B. γ(u) = m finite: every option v with γ(v) > m (∞ included) has an option w with γ(w) = m
//	   and c(w) < c(u);
//	C. γ(u) = ∞(K): K is the set of the finite values of u's options, and some option v of u with
//	   γ(v) = ∞ has no option of value mex K.
func checkDefinition(g graph, n int, vals []LoopyValue, ctr []uint32) error {
	for u := range n {
		k := finiteSet(g, vals, u)
		m := mexSorted(k)
		if !vals[u].Infinite {
			if vals[u].Value != m {
				return fmt.Errorf("A: γ(%d) = %v, mex of its finite options %d", u, vals[u], m)
			}
			for _, v := range g[u] {
				if !greater(vals[v], m) {
					continue
				}
				ok := false
				for _, w := range g[v] {
					if !vals[w].Infinite && vals[w].Value == m && ctr[w] < ctr[u] {
						ok = true
					}
				}
				if !ok {
					return fmt.Errorf("B: γ(%d) = %d, option %d of value %v has no option of value %d with a smaller counter", u, m, v, vals[v], m)
				}
			}
			continue
		}
		if k == nil {
			k = []uint64{}
		}
		if !slices.Equal(vals[u].Set, k) {
			return fmt.Errorf("γ(%d) = %v, but its options' finite values are %v", u, vals[u], k)
		}
		if !escapes(g, vals, u, m) {
			return fmt.Errorf("C: γ(%d) = %v, but every infinite option has an option of value %d", u, vals[u], m)
		}
	}
	return nil
}

// counterExists reports whether some counter function satisfies B for the assignment vals: for
// each value m, the positions of value m are justified one by one (u is justified once each of its
// options of larger value has a justified option of value m); a counter exists iff all are.
func counterExists(g graph, n int, vals []LoopyValue) bool {
	just := make([]bool, n)
	for changed := true; changed; {
		changed = false
		for u := range n {
			if just[u] || vals[u].Infinite {
				continue
			}
			m := vals[u].Value
			ok := true
			for _, v := range g[u] {
				if !greater(vals[v], m) {
					continue
				}
				rev := false
				for _, w := range g[v] {
					if just[w] && vals[w].Value == m {
						rev = true
					}
				}
				if !rev {
					ok = false
				}
			}
			if ok {
				just[u], changed = true, true
			}
		}
	}
	for u := range n {
		if !vals[u].Infinite && !just[u] {
			return false
		}
	}
	return true
}

// bruteGamma enumerates every assignment of a nimber (at most the number of distinct options: a
// mex is no larger) or ∞ to each position of a small graph, and returns those that satisfy the
// definition (A, C, and B for some counter function).
func bruteGamma(g graph, n int) [][]LoopyValue {
	var found [][]LoopyValue
	choice := make([]int, n) // -1: ∞, else the nimber
	for u := range choice {
		choice[u] = -1
	}
	vals := make([]LoopyValue, n)
	for {
		for u := range n {
			vals[u] = Nimber(uint64(choice[u]))
			if choice[u] < 0 {
				vals[u] = Infinity(finiteSetPre(g, choice, u)...)
			}
		}
		if checkAC(g, n, vals) && counterExists(g, n, vals) {
			found = append(found, slices.Clone(vals))
		}
		// next assignment
		u := 0
		for ; u < n; u++ {
			if choice[u] < len(dedupe(g[u])) {
				choice[u]++
				break
			}
			choice[u] = -1
		}
		if u == n {
			return found
		}
	}
}

func finiteSetPre(g graph, choice []int, u int) []uint64 {
	var k []uint64
	for _, v := range g[u] {
		if choice[v] >= 0 {
			k = append(k, uint64(choice[v]))
		}
	}
	return k
}

// checkAC checks A and C of the definition (B needs a counter function: counterExists).
func checkAC(g graph, n int, vals []LoopyValue) bool {
	for u := range n {
		k := finiteSet(g, vals, u)
		m := mexSorted(k)
		if !vals[u].Infinite {
			if vals[u].Value != m {
				return false
			}
			continue
		}
		if !escapes(g, vals, u, m) {
			return false
		}
	}
	return true
}

func equalValues(a, b []LoopyValue) bool {
	return slices.EqualFunc(a, b, LoopyValue.Equal)
}

// TestLoopyValueUnique: on every small random graph exactly one assignment satisfies the
// definition, and LoopyValue finds it.
func TestLoopyValueUnique(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		n := 1 + r.IntN(5)
		g := randomLoopy(r, n, 3)
		all := bruteGamma(g, n)
		if len(all) != 1 {
			t.Fatalf("graph %v: %d assignments satisfy the definition: %v", g, len(all), all)
		}
		order := r.Perm(n)
		got, _ := gammaOf(t, NewSolver[int](g), order)
		if !equalValues(got, all[0]) {
			t.Fatalf("trial %d graph %v: LoopyValue %v, by the definition %v", trial, g, got, all[0])
		}
	}
}

// TestLoopyValueDefinition: on random graphs with cycles (and on acyclic ones), the values and
// counters satisfy the definition position by position, whatever the order of the calls (the
// memo); the outcomes are LoopyOutcome's, and on acyclic graphs the values are Grundy values.
func TestLoopyValueDefinition(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 400 {
		n := 1 + r.IntN(60)
		var g graph
		acyclic := trial%4 == 0
		if acyclic {
			g = graph{}
			for v := 1; v < n; v++ {
				for range r.IntN(5) {
					g[v] = append(g[v], r.IntN(v))
				}
			}
		} else {
			g = randomLoopy(r, n, 1+r.IntN(4))
		}
		order := r.Perm(n)
		if trial%3 == 0 {
			slices.Reverse(order) // large positions first
		}
		s := NewSolver[int](g)
		vals, ctrs := gammaOf(t, s, order)
		if err := checkDefinition(g, n, vals, ctrs); err != nil {
			t.Fatalf("trial %d graph %v order %v: %v\nvalues %v", trial, g, order, err, vals)
		}
		fresh, _ := gammaOf(t, NewSolver[int](g), slices.Sorted(slices.Values(order)))
		if !equalValues(vals, fresh) {
			t.Fatalf("graph %v: memo order %v gives %v, fresh %v", g, order, vals, fresh)
		}
		want := naiveLoopy(g, n)
		for p := range n {
			if vals[p].Outcome() != want[p] {
				t.Fatalf("graph %v: γ(%d) = %v (%v), outcome %v", g, p, vals[p], vals[p].Outcome(), want[p])
			}
			if acyclic {
				v, err := NewSolver[int](g).Value(p)
				if err != nil || vals[p].Infinite || vals[p].Value != v {
					t.Fatalf("acyclic %v: γ(%d) = %v, Grundy value %d (%v)", g, p, vals[p], v, err)
				}
			}
		}
	}
}

// TestLoopyValueExamples reproduces examples from the literature.
func TestLoopyValueExamples(t *testing.T) {
	// A self-loop with a move to a terminal position: ∞{0}, an N-position (not 1: the mex of
	// {0, γ} would be 2, and not 2: its option of value 2 would be itself); a bare 2-cycle: ∞{},
	// draws.
	g := graph{0: {0, 1}, 2: {3}, 3: {2}}
	s := NewSolver[int](g)
	for p, want := range []LoopyValue{Infinity(0), Nimber(0), Infinity(), Infinity()} {
		if got, err := s.LoopyValue(p); err != nil || !got.Equal(want) {
			t.Fatalf("γ(%d) = %v, %v; want %v", p, got, err, want)
		}
	}

	// T. S. Ferguson, Game Theory, Part I (impartial games), Figure 3.4, as its text describes it:
	// a → b → c → a, c → d, d → e terminal. d is 1; a player at c will not move to d, so play goes
	// round a, b, c for ever: "positions a, b and c are all tied", and there the (plain)
	// Sprague–Grundy function "does not exist". γ: a and b are ∞{}, c is ∞{1}, all draws.
	fa := graph{0: {1}, 1: {2}, 2: {0, 3}, 3: {4}}
	sf := NewSolver[int](fa)
	for p, want := range []LoopyValue{Infinity(), Infinity(), Infinity(1), Nimber(1), Nimber(0)} {
		if got, err := sf.LoopyValue(p); err != nil || !got.Equal(want) {
			t.Fatalf("Ferguson 3.4: γ(%c) = %v, %v; want %v", 'a'+p, got, err, want)
		}
	}

	// cgt-tools (t4ccer/cgt-tools, loopy/impartial/games/wind_up.rs, test weird_sequence):
	// WindUp(3, {1, 2}), the subtraction game {1, 2} modulo 3 with 0 terminal. Both (0, 0, 0)…
	// and (0, 1, 2) are fixed points of the mex map there (plain Sprague–Grundy functions of the
	// cyclic graph are not unique); γ is unique: 1 and 2 are ∞{0}.
	w3 := windUp{n: 3, set: []int{1, 2}}
	s3 := NewSolver[int](w3)
	for p, want := range []LoopyValue{Nimber(0), Infinity(0), Infinity(0)} {
		if got, err := s3.LoopyValue(p); err != nil || !got.Equal(want) {
			t.Fatalf("WindUp(3,{1,2}) γ(%d) = %v, %v; want %v", p, got, err, want)
		}
	}

	// cgt-tools' test sequence_reduction_graph_equivalence: WindUp(40, {6, 7}) is finite
	// everywhere and equals the fixed point of the mex map started from the period of the
	// subtraction game {6, 7} (0×6, 1×6, 2), computed here as cgt-tools does.
	w := windUp{n: 40, set: []int{6, 7}}
	seq := make([]uint64, 40)
	period := []uint64{0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2}
	for i := range seq {
		seq[i] = period[i%len(period)]
	}
	for range 1000 {
		nxt := make([]uint64, 40)
		for i := 1; i < 40; i++ {
			var k []uint64
			for _, m := range w.set {
				k = append(k, seq[((i-m)%40+40)%40])
			}
			slices.Sort(k)
			nxt[i] = mexSorted(slices.Compact(k))
		}
		if slices.Equal(nxt, seq) {
			break
		}
		seq = nxt
	}
	sw := NewSolver[int](w)
	for p := range 40 {
		if got, err := sw.LoopyValue(p); err != nil || !got.Equal(Nimber(seq[p])) {
			t.Fatalf("WindUp(40,{6,7}) γ(%d) = %v, %v; cgt-tools' fixed point %d", p, got, err, seq[p])
		}
	}

	// Square-But-One ("Combinatorial Game Theory V", limsup, 2012): remove a positive square, or
	// add one counter to a positive even heap. P-positions 0 and 5; N-positions the squares and
	// the squares plus 5; every other heap is a draw.
	sb := NewSolver[int](squareButOne{})
	for n := range 300 {
		want := Draw
		switch {
		case n == 0 || n == 5:
			want = PrevWins
		case isSquare(n) || n > 5 && isSquare(n-5):
			want = NextWins
		}
		v, err := sb.LoopyValue(n)
		if err != nil || v.Outcome() != want {
			t.Fatalf("Square-But-One %d: γ = %v (%v), %v; want %v", n, v, v.Outcome(), err, want)
		}
	}
}

func isSquare(n int) bool {
	for k := 1; k*k <= n; k++ {
		if k*k == n {
			return true
		}
	}
	return false
}

// windUp is the subtraction game with set S modulo n (Alfie Davies, Games-at-Dal 2023, as in
// cgt-tools): from k ≠ 0 a move goes to (k − s) mod n for s ∈ S; 0 is terminal.
type windUp struct {
	n   int
	set []int
}

func (g windUp) Moves(k int) iter.Seq[int] {
	return func(yield func(int) bool) {
		if k == 0 {
			return
		}
		for _, s := range g.set {
			if !yield(((k-s)%g.n + g.n) % g.n) {
				return
			}
		}
	}
}

type squareButOne struct{}

func (squareButOne) Moves(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		if n > 0 && n%2 == 0 && !yield(n+1) {
			return
		}
		for k := 1; k*k <= n; k++ {
			if !yield(n - k*k) {
				return
			}
		}
	}
}

// TestLoopyValueLimits: a position limit and a cancelled context stop the analysis with clear
// errors, and the solver still answers afterwards.
func TestLoopyValueLimits(t *testing.T) {
	var le *LimitError
	if _, err := NewSolver[int](chainInt{}, MaxPositions(10)).LoopyValue(100); !errors.As(err, &le) || le.Max != 10 {
		t.Fatalf("limit: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := NewSolver[int](chainInt{}, WithContext(ctx))
	if _, err := s.LoopyValue(100000); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	// A deep chain: γ(n) alternates 0, 1 with no recursion.
	s = NewSolver[int](chainInt{})
	if v, err := s.LoopyValue(200_001); err != nil || !v.Equal(Nimber(1)) {
		t.Fatalf("chain: %v, %v", v, err)
	}
}

func TestLoopyOptions(t *testing.T) {
	// 0 → 0 (itself) and 0 → 1 (terminal); 2 has no options.
	s := NewSolver[int](graph{0: {0, 1, 1}})
	opts, vals, err := s.LoopyOptions(0)
	if err != nil || !slices.Equal(opts, []int{0, 1}) || !equalValues(vals, []LoopyValue{Infinity(0), Nimber(0)}) {
		t.Fatalf("LoopyOptions(0) = %v %v %v", opts, vals, err)
	}
	if opts, vals, err := s.LoopyOptions(2); err != nil || len(opts) != 0 || len(vals) != 0 {
		t.Fatalf("LoopyOptions(2) = %v %v %v", opts, vals, err)
	}
}

// escapes reports whether position u, of infinite value with mex m of its options' finite
// values, has an infinite option with no option of value m: the condition C of the definition.
func escapes(g graph, vals []LoopyValue, u int, m uint64) bool {
	for _, v := range g[u] {
		if !vals[v].Infinite {
			continue
		}
		rev := false
		for _, w := range g[v] {
			if !vals[w].Infinite && vals[w].Value == m {
				rev = true
			}
		}
		if !rev {
			return true
		}
	}
	return false
}
