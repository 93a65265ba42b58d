package game

import (
	"iter"
	"math/rand/v2"
	"testing"
)

// naiveLoopy settles outcomes of a finite graph by the definition, iterated to a fixed point: a
// position becomes N once some option is P, P once every option is N; the rest are draws.
func naiveLoopy(g graph, n int) []Outcome {
	out := make([]Outcome, n)
	for i := range out {
		out[i] = Draw
	}
	for changed := true; changed; {
		changed = false
		for v := range n {
			if out[v] != Draw {
				continue
			}
			allN, anyP := true, false
			for _, o := range g[v] {
				if out[o] == PrevWins {
					anyP = true
				}
				if out[o] != NextWins {
					allN = false
				}
			}
			switch {
			case anyP:
				out[v], changed = NextWins, true
			case allN:
				out[v], changed = PrevWins, true
			}
		}
	}
	return out
}

func TestLoopyOutcome(t *testing.T) {
	// 0 → 1 → 2 → 0 with 2 → 3 (terminal): 2 is N, 1 is P, 0 is N. 4 ⇄ 5: draws. 6 → 4, 7: P
	// (7 terminal) so 6 is N.
	g := graph{0: {1}, 1: {2}, 2: {0, 3}, 4: {5}, 5: {4}, 6: {4, 7}}
	want := []Outcome{NextWins, PrevWins, NextWins, PrevWins, Draw, Draw, NextWins, PrevWins}
	s := NewSolver[int](g)
	for p, w := range want {
		if got, err := s.LoopyOutcome(p); err != nil || got != w {
			t.Fatalf("LoopyOutcome(%d) = %v, %v; want %v", p, got, err, w)
		}
	}
	opts, outs, err := s.LoopyMoves(6)
	if err != nil || len(opts) != 2 || outs[0] != Draw || outs[1] != PrevWins {
		t.Fatalf("LoopyMoves(6) = %v %v %v", opts, outs, err)
	}
	if Draw.String() != "D" {
		t.Fatal(Draw.String())
	}
	// Random graphs with cycles, against the fixed point; acyclic ones also against Outcome.
	r := rand.New(rand.NewPCG(17, 18))
	for trial := range 200 {
		n := 1 + r.IntN(25)
		g := graph{}
		acyclic := trial%2 == 0
		for v := range n {
			for range r.IntN(4) {
				o := r.IntN(n)
				if acyclic {
					if v == 0 {
						break
					}
					o = r.IntN(v)
				}
				g[v] = append(g[v], o)
			}
		}
		want := naiveLoopy(g, n)
		s := NewSolver[int](g)
		for p := range n {
			got, err := s.LoopyOutcome(p)
			if err != nil || got != want[p] {
				t.Fatalf("graph %v: LoopyOutcome(%d) = %v, %v; want %v", g, p, got, err, want[p])
			}
			if acyclic {
				if o, _ := s.Outcome(p); o != got {
					t.Fatalf("graph %v: Outcome(%d) = %v, loopy %v", g, p, o, got)
				}
			}
		}
	}
	if _, err := NewSolver[int](chainInt{}, MaxPositions(10)).LoopyOutcome(100); err == nil {
		t.Fatal("limit ignored")
	}
}

// countingGraph counts the positions whose moves are asked for.
type countingGraph struct {
	g     graph
	calls *int
}

func (c countingGraph) Moves(p int) iter.Seq[int] {
	*c.calls++
	return c.g.Moves(p)
}

// TestLoopyMemo: one solver asked about every position of random cyclic graphs, in random order,
// agrees with a fresh solver per position (no memo) and with the fixed point; a position settled
// by an earlier call costs no exploration; the memo respects MaxPositions.
func TestLoopyMemo(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 62))
	for range 40 {
		n := 5 + r.IntN(40)
		g := graph{}
		for v := range n {
			for range r.IntN(4) {
				g[v] = append(g[v], r.IntN(n))
			}
		}
		want := naiveLoopy(g, n)
		calls := 0
		s := NewSolver[int](countingGraph{g, &calls})
		for _, p := range r.Perm(n) {
			got, err := s.LoopyOutcome(p)
			if err != nil || got != want[p] {
				t.Fatalf("memo: LoopyOutcome(%d) = %v, %v; want %v (graph %v)", p, got, err, want[p], g)
			}
			fresh, _ := NewSolver[int](g).LoopyOutcome(p)
			if fresh != want[p] {
				t.Fatalf("fresh: LoopyOutcome(%d) = %v; want %v", p, fresh, want[p])
			}
			opts, outs, err := s.LoopyMoves(p)
			if err != nil {
				t.Fatal(err)
			}
			for i, o := range opts {
				if outs[i] != want[o] {
					t.Fatalf("LoopyMoves(%d): option %d %v, want %v", p, o, outs[i], want[o])
				}
			}
		}
		// Every position was settled: asking again explores nothing.
		before := calls
		for p := range n {
			if _, err := s.LoopyOutcome(p); err != nil {
				t.Fatal(err)
			}
		}
		if calls != before {
			t.Fatalf("settled positions explored again: %d calls", calls-before)
		}
	}
	// The memo stays within the position limit.
	chain := graph{}
	for v := 1; v < 100; v++ {
		chain[v] = []int{v - 1}
	}
	s := NewSolver[int](chain, MaxPositions(150))
	if _, err := s.LoopyOutcome(99); err != nil {
		t.Fatal(err)
	}
	if _, err := s.LoopyOutcome(98); err != nil { // settled
		t.Fatal(err)
	}
	if len(s.loopy) > 150 {
		t.Fatalf("memo of %d positions, limit 150", len(s.loopy))
	}
}
