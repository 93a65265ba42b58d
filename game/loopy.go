package game

import (
	"context"
	"fmt"
)

// Draw is the outcome of a position of a loopy game (one whose moves have cycles) from which
// neither player can force a win: with perfect play the game goes on for ever. Only
// [Solver.LoopyOutcome] returns it.
const Draw Outcome = 2

// LoopyOutcome returns the normal-play outcome of p in a game whose moves may have cycles: a
// position is N if it has an option that is P, P if all its options are N (a terminal position
// is P), and [Draw] if neither follows in finitely many steps. It explores every position
// reachable from p (bounded by [MaxPositions]) and settles them backwards from the terminal
// positions (retrograde analysis). The outcomes settled are kept for later calls, which stop
// exploring where they meet one (the memo too is bounded by MaxPositions); a [Splitter] is not
// used. For a game without cycles the answer is Outcome's.
func (s *Solver[P]) LoopyOutcome(p P) (Outcome, error) {
	if o, ok := s.loopy[p]; ok {
		return o, nil
	}
	g, err := s.loopyGraph(p)
	if err != nil {
		return PrevWins, err
	}
	return g.outcome[0], nil
}

// LoopyMoves returns the options of p with their loopy outcomes, in the order the game yields
// them, without repeats. The winning moves are the options whose outcome is P; from a draw, the
// moves that keep the draw are those to draws.
func (s *Solver[P]) LoopyMoves(p P) ([]P, []Outcome, error) {
	g, err := s.loopyGraph(p)
	if err != nil {
		return nil, nil, err
	}
	var opts []P
	var outs []Outcome
	seen := map[int]bool{}
	for _, o := range g.edges[g.start[0]:g.start[1]] {
		if !seen[o] {
			seen[o] = true
			opts = append(opts, g.pos[o])
			outs = append(outs, g.outcome[o])
		}
	}
	return opts, outs, nil
}

// loopyGraph is the part of a game reachable from a position, with every outcome settled.
type loopyGraph[P comparable] struct {
	pos     []P
	start   []int // options of node i: edges[start[i]:start[i+1]]
	edges   []int
	outcome []Outcome
}

func (s *Solver[P]) loopyGraph(root P) (*loopyGraph[P], error) {
	g := &loopyGraph[P]{}
	ids := map[P]int{root: 0}
	g.pos = append(g.pos, root)
	// known[i]: node i's outcome was settled by an earlier call; it is not explored. The root
	// always is, for LoopyMoves.
	var known []bool
	// Explore breadth-first: node i's options are appended when i is reached in the queue.
	for i := 0; i < len(g.pos); i++ {
		known = append(known, false)
		if i > 0 {
			if _, ok := s.loopy[g.pos[i]]; ok {
				known[i] = true
				g.start = append(g.start, len(g.edges))
				continue
			}
		}
		if s.cfg.maxPositions > 0 && (len(g.pos) > s.cfg.maxPositions || len(g.edges) > maxOptions(s.cfg.maxPositions)) {
			return nil, &LimitError{Max: s.cfg.maxPositions}
		}
		if s.cfg.ctx != nil && i%1024 == 0 {
			if err := s.cfg.ctx.Err(); err != nil {
				return nil, fmt.Errorf("search stopped: %w", context.Cause(s.cfg.ctx))
			}
		}
		g.start = append(g.start, len(g.edges))
		start := len(s.arena)
		err := s.expand(g.pos[i])
		opts := s.arena[start:]
		if err != nil {
			s.arena = s.arena[:start]
			return nil, &posError{pos: g.pos[i], err: err}
		}
		for _, o := range opts {
			id, ok := ids[o]
			if !ok {
				id = len(g.pos)
				ids[o] = id
				g.pos = append(g.pos, o)
			}
			g.edges = append(g.edges, id)
		}
		s.arena = s.arena[:start]
	}
	n := len(g.pos)
	g.start = append(g.start, len(g.edges))
	// Predecessors, and for each node the number of distinct options not yet known to be N.
	rstart := make([]int, n+1)
	left := make([]int, n)
	mark := make([]int, n)
	for i := range mark {
		mark[i] = -1
	}
	for v := range n {
		for _, o := range g.edges[g.start[v]:g.start[v+1]] {
			if mark[o] != v { // count each distinct option once
				mark[o] = v
				rstart[o+1]++
				left[v]++
			}
		}
	}
	for v := range n {
		rstart[v+1] += rstart[v]
	}
	pred := make([]int, rstart[n])
	fill := append([]int(nil), rstart[:n]...)
	for i := range mark {
		mark[i] = -1
	}
	for v := range n {
		for _, o := range g.edges[g.start[v]:g.start[v+1]] {
			if mark[o] != v {
				mark[o] = v
				pred[fill[o]] = v
				fill[o]++
			}
		}
	}
	// Retrograde analysis from the terminal positions.
	g.outcome = make([]Outcome, n)
	for i := range g.outcome {
		g.outcome[i] = Draw
	}
	queue := make([]int, 0, n)
	for v := range n {
		switch {
		case known[v]:
			if o := s.loopy[g.pos[v]]; o != Draw {
				g.outcome[v] = o
				queue = append(queue, v)
			}
		case left[v] == 0:
			g.outcome[v] = PrevWins
			queue = append(queue, v)
		}
	}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, w := range pred[rstart[u]:rstart[u+1]] {
			if g.outcome[w] != Draw {
				continue
			}
			if g.outcome[u] == PrevWins {
				g.outcome[w] = NextWins
				queue = append(queue, w)
			} else if left[w]--; left[w] == 0 {
				g.outcome[w] = PrevWins
				queue = append(queue, w)
			}
		}
	}
	// Keep the outcomes for later calls, while the memo stays within the position limit.
	if s.cfg.maxPositions == 0 || len(s.loopy)+n <= s.cfg.maxPositions {
		if s.loopy == nil {
			s.loopy = make(map[P]Outcome, n)
		}
		for v, p := range g.pos {
			s.loopy[p] = g.outcome[v]
		}
	}
	return g, nil
}
