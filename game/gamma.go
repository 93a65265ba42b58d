package game

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
)

// The generalized Sprague–Grundy function γ of a game with cycles, computed in rounds as in
// Fraenkel and Yesha's algorithm. Round g labels with the value g every unlabelled position u
// that has no option labelled g and whose every option that is unlabelled or infinite has an
// option labelled g (the least fixed point, found by a retrograde analysis from the positions all
// of whose options already have values below g); then every unlabelled position without an option
// labelled g becomes infinite; the rounds end when no position is left unlabelled. An infinite
// position u gets the set K of the finite values of its options. The order in which positions are
// labelled is the counter function of the theory (a finite position's options of a larger or
// infinite value each have an option of the same value labelled earlier): the winner follows it
// to make progress.
//
// Costs: each position's options are asked for once; round g costs O(1) per position labelled or
// marked (given an option labelled g) plus the predecessors it visits, so the whole is
// O(E·(r+1)) for E moves and r rounds (at most the largest finite value plus one) in the worst
// case and close to the outcome-only retrograde analysis when values are small.

// gEntry is a position's γ in the memo: val ≥ 0 is a finite value; val < 0 is ∞ with the set
// s.gsets[-1-val]. ctr is the counter of a finite value (the order in which it was labelled).
type gEntry struct {
	val int32
	ctr uint32
}

// gammaMemo is the solver's memo of γ values (loopy.go's outcomes are separate).
type gammaMemo[P comparable] struct {
	m     map[P]gEntry
	sets  [][]uint64     // the ∞-sets, interned
	setID map[string]int // by their key
	clock uint32         // the next counter
	key   []byte         // scratch for set keys
}

// LoopyValue returns the generalized Sprague–Grundy value γ(p) of a position of a game whose moves
// may have cycles: a nimber, or ∞(K) with K the finite values of p's options. For a game without
// cycles it is the Grundy value. It explores every position reachable from p (bounded by
// [MaxPositions]: past it a [*LimitError]; the context of [WithContext] is checked as it goes),
// then computes γ in rounds. Values computed are kept for later calls while the memo stays
// within MaxPositions, and later explorations stop at them. A [Splitter] is not used.
func (s *Solver[P]) LoopyValue(p P) (LoopyValue, error) {
	e, err := s.gammaEntry(p)
	if err != nil {
		return LoopyValue{}, err
	}
	return s.gm.value(e), nil
}

// LoopyOptions returns the options of p, in the order the game yields them and without repeats,
// with their loopy values. The winning moves of a position are its options of value 0.
func (s *Solver[P]) LoopyOptions(p P) ([]P, []LoopyValue, error) {
	opts, err := s.Options(p)
	if err != nil {
		return nil, nil, err
	}
	if _, err := s.gammaEntry(p); err != nil {
		return nil, nil, err
	}
	vals := make([]LoopyValue, len(opts))
	for i, o := range opts {
		if vals[i], err = s.LoopyValue(o); err != nil {
			return nil, nil, err
		}
	}
	return opts, vals, nil
}

func (m *gammaMemo[P]) value(e gEntry) LoopyValue {
	if e.val >= 0 {
		return Nimber(uint64(e.val))
	}
	return LoopyValue{Infinite: true, Set: slices.Clone(m.sets[-1-e.val])}
}

// gammaEntry returns p's memo entry, computing the γ of every position reachable from p first
// if p is not in the memo. When the memo cannot keep them (MaxPositions), the entry is returned
// all the same.
func (s *Solver[P]) gammaEntry(p P) (gEntry, error) {
	if e, ok := s.gm.m[p]; ok {
		return e, nil
	}
	g, err := s.gammaGraph(p)
	if err != nil {
		return gEntry{}, err
	}
	e := g.entry(0, &s.gm)
	g.store(s)
	return e, nil
}

// gGraph is the part of a game reachable from a root (node 0) not yet in the memo, with the
// memo's positions it reaches as leaves (known: their values are taken from the memo).
type gGraph[P comparable] struct {
	pos   []P
	known []bool
	start []int32 // the distinct options of node i: edges[start[i]:start[i+1]] (none if known)
	edges []int32
	label []int32  // ≥ 0 a finite value; -1 infinite (once the rounds are over), or unlabelled
	ctr   []uint32 // counters of the finite new nodes
	setID []int32  // the memo's id of the ∞-set of an infinite new node
	kent  []gEntry // memo entries of known nodes (by node)
}

func (g *gGraph[P]) entry(v int, m *gammaMemo[P]) gEntry {
	if g.known[v] {
		return g.kent[v]
	}
	if g.label[v] >= 0 {
		return gEntry{val: g.label[v], ctr: g.ctr[v]}
	}
	return gEntry{val: -1 - g.setID[v]}
}

// intern returns the id of set (increasing, without repeats) among the memo's sets.
func (m *gammaMemo[P]) intern(set []uint64) int32 {
	key := m.key[:0]
	for _, k := range set {
		key = binary.AppendUvarint(key, k)
	}
	m.key = key
	if id, ok := m.setID[string(key)]; ok {
		return int32(id)
	}
	if m.setID == nil {
		m.setID = map[string]int{}
	}
	m.setID[string(key)] = len(m.sets)
	m.sets = append(m.sets, slices.Clone(set))
	return int32(len(m.sets) - 1)
}

// store keeps the new nodes' values in the memo, if it stays within the position limit.
func (g *gGraph[P]) store(s *Solver[P]) {
	if s.cfg.maxPositions > 0 && len(s.gm.m)+len(g.pos) > s.cfg.maxPositions {
		return
	}
	if s.gm.m == nil {
		s.gm.m = make(map[P]gEntry, len(g.pos))
	}
	for v, p := range g.pos {
		if !g.known[v] {
			s.gm.m[p] = g.entry(v, &s.gm)
		}
	}
}

// maxNodes bounds a graph's nodes and moves, whose indices are int32.
const maxNodes = math.MaxInt32 - 1

// gammaGraph explores the positions reachable from root, breadth-first, stopping at positions in
// the memo, and computes γ for the new ones.
func (s *Solver[P]) gammaGraph(root P) (*gGraph[P], error) {
	g := &gGraph[P]{pos: []P{root}}
	ids := map[P]int32{root: 0}
	var mark []int32 // mark[o] == i: o is already an option of node i
	for i := 0; i < len(g.pos); i++ {
		p := g.pos[i]
		g.start = append(g.start, int32(len(g.edges)))
		if e, ok := s.gm.m[p]; ok && i > 0 {
			g.known = append(g.known, true)
			g.kent = append(g.kent, e)
			continue
		}
		g.known = append(g.known, false)
		g.kent = append(g.kent, gEntry{})
		if s.cfg.maxPositions > 0 && (len(g.pos) > s.cfg.maxPositions || len(g.edges) > maxOptions(s.cfg.maxPositions)) {
			return nil, &LimitError{Max: s.cfg.maxPositions}
		}
		if s.cfg.ctx != nil && i%1024 == 0 {
			if err := s.cfg.ctx.Err(); err != nil {
				return nil, fmt.Errorf("search stopped: %w", context.Cause(s.cfg.ctx))
			}
		}
		start := len(s.arena)
		err := s.expand(p)
		opts := s.arena[start:]
		if err != nil {
			s.arena = s.arena[:start]
			return nil, &posError{pos: p, err: err}
		}
		for _, o := range opts {
			id, ok := ids[o]
			if !ok {
				if len(g.pos) >= maxNodes {
					s.arena = s.arena[:start]
					return nil, &LimitError{Max: maxNodes}
				}
				id = int32(len(g.pos))
				ids[o] = id
				g.pos = append(g.pos, o)
			}
			for int(id) >= len(mark) {
				mark = append(mark, -1)
			}
			if mark[id] != int32(i) {
				mark[id] = int32(i)
				if len(g.edges) >= maxNodes {
					s.arena = s.arena[:start]
					return nil, &LimitError{Max: maxNodes}
				}
				g.edges = append(g.edges, id)
			}
		}
		s.arena = s.arena[:start]
	}
	g.start = append(g.start, int32(len(g.edges)))
	if err := g.rounds(&s.gm, s.cfg.ctx); err != nil {
		return nil, err
	}
	return g, nil
}
