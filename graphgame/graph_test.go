package graphgame

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"grundy/game"
)

// mex values of a graph without cycles, by the definition (nodes in an order where options come
// first: a depth-first search without recursion).
func definitional(n int, edges [][2]int) []uint64 {
	adj := make([][]int, n)
	for _, e := range edges {
		adj[e[0]] = append(adj[e[0]], e[1])
	}
	val := make([]uint64, n)
	done := make([]bool, n)
	for root := range n {
		stack := []int{root}
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			if done[v] {
				stack = stack[:len(stack)-1]
				continue
			}
			ready := true
			for _, q := range adj[v] {
				if !done[q] {
					ready = false
					stack = append(stack, q)
				}
			}
			if !ready {
				continue
			}
			seen := map[uint64]bool{}
			for _, q := range adj[v] {
				seen[val[q]] = true
			}
			for seen[val[v]] {
				val[v]++
			}
			done[v] = true
			stack = stack[:len(stack)-1]
		}
	}
	return val
}

// Random graphs without cycles (edges from higher to lower nodes): the engine's values are the
// definition's.
func TestAcyclicAgainstDefinition(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		n := 1 + r.IntN(40)
		var edges [][2]int
		for range r.IntN(4 * n) {
			a, b := r.IntN(n), r.IntN(n)
			if a == b {
				continue
			}
			edges = append(edges, [2]int{max(a, b), min(a, b)})
		}
		g, err := New(n, edges)
		if err != nil {
			t.Fatal(err)
		}
		if !g.Acyclic() {
			t.Fatalf("trial %d: a graph without cycles reported cyclic", trial)
		}
		vals, err := g.Values(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		want := definitional(n, edges)
		for v := range n {
			if vals[v].Infinite || vals[v].Value != want[v] {
				t.Fatalf("trial %d node %d: %v, want %d (edges %v)", trial, v, vals[v], want[v], edges)
			}
		}
	}
}

// Small graphs with cycles, with the values of the theory of loopy games.
func TestCycles(t *testing.T) {
	cases := []struct {
		n     int
		edges [][2]int
		want  []game.LoopyValue
	}{
		// A two-cycle: neither player can win; both draw, ∞(∅).
		{2, [][2]int{{0, 1}, {1, 0}}, []game.LoopyValue{game.Infinity(), game.Infinity()}},
		// A loop beside a move to a terminal node: node 0 wins by moving to 1, but is no nimber
		// (its option through the loop is itself), so ∞(0): a first-player win.
		{2, [][2]int{{0, 0}, {0, 1}}, []game.LoopyValue{game.Infinity(0), game.Nimber(0)}},
		// 0 ↔ 1, 1 → 2 (terminal): 1 moves to 2 and wins, so 0 (whose only option is an N node) is P.
		{3, [][2]int{{0, 1}, {1, 0}, {1, 2}}, []game.LoopyValue{game.Nimber(0), game.Nimber(1), game.Nimber(0)}},
		// 0 ↔ 1, 0 → 2 (terminal), 1 → 3 → 4 (terminal), 3 has value 1: 1's options are 0 and 3.
		{5, [][2]int{{0, 1}, {1, 0}, {0, 2}, {1, 3}, {3, 4}}, nil},
	}
	for i, c := range cases {
		g, err := New(c.n, c.edges)
		if err != nil {
			t.Fatal(err)
		}
		if g.Acyclic() {
			t.Fatalf("case %d: a graph with a cycle reported acyclic", i)
		}
		vals, err := g.Values(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if c.want == nil {
			// Check the defining property instead: a finite value v has options of every value
			// below v and none of value v; each option of value > v, or infinite, has an option
			// of value v (the reversible moves).
			checkLoopy(t, c.n, c.edges, vals)
			continue
		}
		if !slices.EqualFunc(vals, c.want, game.LoopyValue.Equal) {
			t.Errorf("case %d: %v, want %v", i, vals, c.want)
		}
	}
}

func checkLoopy(t *testing.T, n int, edges [][2]int, vals []game.LoopyValue) {
	t.Helper()
	adj := make([][]int, n)
	for _, e := range edges {
		adj[e[0]] = append(adj[e[0]], e[1])
	}
	for v := range n {
		if vals[v].Infinite {
			continue
		}
		has := map[uint64]bool{}
		for _, q := range adj[v] {
			if !vals[q].Infinite {
				has[vals[q].Value] = true
			}
		}
		for k := range vals[v].Value {
			if !has[k] {
				t.Fatalf("node %d of value %d has no option of value %d", v, vals[v].Value, k)
			}
		}
		if has[vals[v].Value] {
			t.Fatalf("node %d of value %d has an option of its own value", v, vals[v].Value)
		}
	}
}

func TestBadGraphs(t *testing.T) {
	for _, c := range []struct {
		n     int
		edges [][2]int
	}{{-1, nil}, {2, [][2]int{{0, 2}}}, {2, [][2]int{{-1, 0}}}, {MaxNodes + 1, nil}} {
		if _, err := New(c.n, c.edges); err == nil {
			t.Errorf("New(%d, %v) accepted", c.n, c.edges)
		}
	}
}

// A cancelled context stops the engine.
func TestValuesCancelled(t *testing.T) {
	n := 200000
	edges := make([][2]int, 0, 2*n)
	for v := 1; v < n; v++ {
		edges = append(edges, [2]int{v, v - 1}, [2]int{v - 1, v})
	}
	g, _ := New(n, edges)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := g.Values(ctx); err == nil {
		t.Fatal("a cancelled computation gave values")
	}
}
