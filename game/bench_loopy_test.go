package game

import (
	"iter"
	"math/rand/v2"
	"testing"
)

// The loopy benchmarks of BENCHMARKS.md ("Loopy values"): γ (LoopyValue) against the outcome-only
// retrograde analysis (LoopyOutcome) of the same random graph with cycles, from a cold solver.

const benchLoopyN = 1_000_000

// csrGraph is a random game with cycles on 0..n-1: position 0 has every other position as an
// option (so all are reached); each other position is terminal with probability 1/20, else has
// 1, 2 or 3 options among 1..n-1, uniformly: about 64% of the positions are infinite (45% draws),
// the finite values go up to 3.
type csrGraph struct {
	start []int32
	edges []int32
}

func newCSRGraph(n int, seed uint64) csrGraph {
	r := rand.New(rand.NewPCG(seed, seed+1))
	g := csrGraph{start: make([]int32, 0, n+1)}
	g.start = append(g.start, 0)
	for v := 1; v < n; v++ {
		g.edges = append(g.edges, int32(v))
	}
	g.start = append(g.start, int32(len(g.edges)))
	for v := 1; v < n; v++ {
		k := 0
		if r.IntN(20) != 0 {
			k = 1 + r.IntN(3)
		}
		for range k {
			g.edges = append(g.edges, 1+int32(r.IntN(n-1)))
		}
		g.start = append(g.start, int32(len(g.edges)))
	}
	return g
}

func (g csrGraph) Moves(p int32) iter.Seq[int32] {
	return func(yield func(int32) bool) {
		for _, o := range g.edges[g.start[p]:g.start[p+1]] {
			if !yield(o) {
				return
			}
		}
	}
}

func (g csrGraph) AppendMoves(dst []int32, p int32) []int32 {
	return append(dst, g.edges[g.start[p]:g.start[p+1]]...)
}

var benchLoopyGraph = func() func() csrGraph {
	var g csrGraph
	return func() csrGraph {
		if g.start == nil {
			g = newCSRGraph(benchLoopyN, 7)
		}
		return g
	}
}()

func BenchmarkLoopyOutcome(b *testing.B) {
	g := benchLoopyGraph()
	measure(b, benchLoopyN, func() {
		if _, err := NewSolver[int32](g).LoopyOutcome(0); err != nil {
			b.Fatal(err)
		}
	})
}

func BenchmarkLoopyValue(b *testing.B) {
	g := benchLoopyGraph()
	measure(b, benchLoopyN, func() {
		if _, err := NewSolver[int32](g).LoopyValue(0); err != nil {
			b.Fatal(err)
		}
	})
}

// TestBenchLoopyGraph: the benchmark's graph (smaller) has cycles, finite values above 1 and
// infinite values, so the benchmark measures every part of the algorithm; its outcomes agree.
func TestBenchLoopyGraph(t *testing.T) {
	g := newCSRGraph(20_000, 7)
	s := NewSolver[int32](g)
	if _, err := s.Value(0); err == nil {
		t.Fatal("no cycle")
	}
	var maxFinite uint64
	inf := 0
	for p := range int32(20_000) {
		v, err := s.LoopyValue(p)
		if err != nil {
			t.Fatal(err)
		}
		if v.Infinite {
			inf++
		} else {
			maxFinite = max(maxFinite, v.Value)
		}
		if o, _ := s.LoopyOutcome(p); o != v.Outcome() {
			t.Fatalf("%d: %v, outcome %v", p, v, o)
		}
	}
	t.Logf("largest finite value %d, %d infinite", maxFinite, inf)
	if maxFinite < 2 || inf < 20_000/2 {
		t.Fatalf("largest finite value %d, %d infinite", maxFinite, inf)
	}
}

// nimHeapGame is one nim heap (a move leaves any smaller heap): no cycles, but values up to the
// heap, so γ takes as many rounds as the heap is large.
type nimHeapGame struct{}

func (nimHeapGame) Moves(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for k := range n {
			if !yield(k) {
				return
			}
		}
	}
}

// BenchmarkLoopyNim: γ and the outcomes of a nim heap of 1000 (1001 positions, 500,500 moves)
// from a cold solver: the worst case of the rounds, one per value.
func BenchmarkLoopyNim(b *testing.B) {
	const heap = 1000
	b.Run("value", func(b *testing.B) {
		measure(b, heap+1, func() {
			if v, err := NewSolver[int](nimHeapGame{}).LoopyValue(heap); err != nil || v.Value != heap {
				b.Fatal(v, err)
			}
		})
	})
	b.Run("outcome", func(b *testing.B) {
		measure(b, heap+1, func() {
			if _, err := NewSolver[int](nimHeapGame{}).LoopyOutcome(heap); err != nil {
				b.Fatal(err)
			}
		})
	})
}
