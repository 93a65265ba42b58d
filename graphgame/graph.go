// Package graphgame is the game played on a finite directed graph given as its edges: a position
// is a node, a move follows an edge, and the player who cannot move loses. The engine (package
// game) gives each node its Grundy value, or, where the graph has cycles, its loopy value (a
// nimber or ∞(K), package game's generalized Sprague–Grundy values).
package graphgame

import (
	"context"
	"fmt"
	"iter"

	"grundy/game"
)

// MaxNodes bounds the nodes and the edges of a Graph.
const MaxNodes = 1 << 26

// Graph is a directed graph on the nodes 0..n-1, as a game.
type Graph struct {
	adj [][]int
}

// New returns the graph on nodes 0..nodes-1 with the given edges (from, to). Repeated edges count
// once as moves; loops (a node to itself) are moves too.
func New(nodes int, edges [][2]int) (*Graph, error) {
	if nodes < 0 || nodes > MaxNodes {
		return nil, fmt.Errorf("nodes: want 0..%d, got %d", MaxNodes, nodes)
	}
	if len(edges) > MaxNodes {
		return nil, fmt.Errorf("%d edges: at most %d", len(edges), MaxNodes)
	}
	deg := make([]int, nodes)
	for i, e := range edges {
		for _, v := range e {
			if v < 0 || v >= nodes {
				return nil, fmt.Errorf("edge %d (%d, %d): node %d is not one of 0..%d", i, e[0], e[1], v, nodes-1)
			}
		}
		deg[e[0]]++
	}
	flat := make([]int, len(edges))
	adj := make([][]int, nodes)
	off := 0
	for v, d := range deg {
		adj[v] = flat[off : off : off+d]
		off += d
	}
	for _, e := range edges {
		adj[e[0]] = append(adj[e[0]], e[1])
	}
	return &Graph{adj: adj}, nil
}

// Nodes returns the number of nodes.
func (g *Graph) Nodes() int { return len(g.adj) }

// Moves yields the nodes one edge from p.
func (g *Graph) Moves(p int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for _, q := range g.adj[p] {
			if !yield(q) {
				return
			}
		}
	}
}

// AppendMoves appends the nodes one edge from p to dst.
func (g *Graph) AppendMoves(dst []int, p int) []int { return append(dst, g.adj[p]...) }

// Index is the node itself: the engine keeps values in a slice.
func (g *Graph) Index(p int) (int, bool) { return p, true }

// Acyclic reports whether the graph has no cycle (Kahn's algorithm: every node can be removed
// once all its options are).
func (g *Graph) Acyclic() bool {
	n := len(g.adj)
	indeg := make([]int, n)
	for _, opts := range g.adj {
		for _, q := range opts {
			indeg[q]++
		}
	}
	queue := make([]int, 0, n)
	for v, d := range indeg {
		if d == 0 {
			queue = append(queue, v)
		}
	}
	for i := 0; i < len(queue); i++ {
		for _, q := range g.adj[queue[i]] {
			if indeg[q]--; indeg[q] == 0 {
				queue = append(queue, q)
			}
		}
	}
	return len(queue) == n
}

// Values returns the loopy value of every node (its Grundy value when the graph has no cycle),
// computed by the engine, which checks ctx as it goes. Values checks ctx itself too: first, before
// any search (the graph is built: a check of memory at the context's checkpoints sees it whole),
// then every 1024 nodes, also where their values are known already.
func (g *Graph) Values(ctx context.Context) ([]game.LoopyValue, error) {
	s := game.NewSolver[int](g, game.WithContext(ctx))
	out := make([]game.LoopyValue, len(g.adj))
	for v := range g.adj {
		if v%1024 == 0 && ctx.Err() != nil {
			return nil, fmt.Errorf("search stopped: %w", context.Cause(ctx))
		}
		val, err := s.LoopyValue(v)
		if err != nil {
			return nil, err
		}
		out[v] = val
	}
	return out, nil
}
