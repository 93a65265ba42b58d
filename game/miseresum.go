package game

import (
	"encoding/binary"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strings"
)

// MisereSumOutcome returns the misère outcome of the sum of the games from ps (a move is a move in
// one component; the player who makes the last move of the whole sum loses). Misère values do not
// add up, so it searches the sum itself: a position of the sum is the multiset of its components'
// positions, components without moves are dropped (they change nothing), and a component that a
// [Splitter] splits is replaced by its parts. The search is exact and its cost grows with the
// product of the components' sizes: use it for small sums.
func (s *Solver[P]) MisereSumOutcome(ps []P) (Outcome, error) {
	ms := s.misereSum()
	key, err := ms.keyOf(ps)
	if err != nil {
		return PrevWins, err
	}
	out, err := ms.solver.MisereOutcome(key)
	return out, ms.readable(err)
}

// MisereSumWinningMoves returns the winning moves of the sum of the games from ps in misère play:
// the moves of one component to one of its options after which the sum is a misère P-position,
// listed by component, then in the order the game yields the options, without repeats.
func (s *Solver[P]) MisereSumWinningMoves(ps []P) ([]SumMove[P], error) {
	ms := s.misereSum()
	var moves []SumMove[P]
	for i, p := range ps {
		opts, err := s.Options(p)
		if err != nil {
			return nil, err
		}
		for _, o := range opts {
			after := slices.Clone(ps)
			after[i] = o
			key, err := ms.keyOf(after)
			if err != nil {
				return nil, err
			}
			out, err := ms.solver.MisereOutcome(key)
			if err != nil {
				return nil, ms.readable(err)
			}
			if out == PrevWins {
				moves = append(moves, SumMove[P]{Component: i, To: o})
			}
		}
	}
	return moves, nil
}

func (s *Solver[P]) misereSum() *misereSum[P] {
	if s.msum == nil {
		ms := &misereSum[P]{s: s, ids: make(map[P]uint32)}
		ms.solver = NewSolver[string](ms, WithContext(s.cfg.ctx), MaxPositions(s.cfg.maxPositions))
		s.msum = ms
	}
	return s.msum.(*misereSum[P])
}

// misereSum is the sum of components of a game as a game of its own: a position is the sorted
// list of the ids of its components (4 bytes each, in a string), components without moves left
// out.
type misereSum[P comparable] struct {
	s      *Solver[P]
	solver *Solver[string]
	ids    map[P]uint32
	pos    []P
	parts  [][]uint32 // for each id: the ids of its live parts (itself, or its split), nil if unknown
	opts   [][]uint32 // for each id: the ids of its options, nil if unknown
}

// id interns a component position.
func (m *misereSum[P]) id(p P) uint32 {
	if id, ok := m.ids[p]; ok {
		return id
	}
	id := uint32(len(m.pos))
	m.ids[p] = id
	m.pos = append(m.pos, p)
	m.parts = append(m.parts, nil)
	m.opts = append(m.opts, nil)
	return id
}

// live returns the ids of the components p stands for: its split parts (recursively), without
// those that have no moves. Splits must come to an end, as for the Solver.
func (m *misereSum[P]) live(p P) ([]uint32, error) {
	root := m.id(p)
	if m.parts[root] != nil {
		return m.parts[root], nil
	}
	out := []uint32{}
	stack := []P{p}
	for steps := 0; len(stack) > 0; steps++ {
		if steps > maxSplitParts {
			return nil, fmt.Errorf("position %v: splitting it gives more than %d parts (the limit)", p, maxSplitParts)
		}
		q := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		comps, ok, err := m.split(q)
		if err != nil {
			return nil, err
		}
		if ok && (len(comps) != 1 || comps[0] != q) {
			stack = append(stack, comps...)
			continue
		}
		opts, err := m.options(m.id(q))
		if err != nil {
			return nil, err
		}
		if len(opts) > 0 {
			out = append(out, m.id(q))
		}
	}
	slices.Sort(out)
	m.parts[root] = out
	return out, nil
}

// maxSplitParts bounds the parts a position splits into, recursively.
const maxSplitParts = 1 << 20

func (m *misereSum[P]) split(p P) ([]P, bool, error) {
	switch {
	case m.s.tsplit != nil:
		return m.s.tsplit.TrySplit(p)
	case m.s.split != nil:
		c, ok := m.s.split.Split(p)
		return c, ok, nil
	}
	return nil, false, nil
}

// options returns the ids of the options of component id.
func (m *misereSum[P]) options(id uint32) ([]uint32, error) {
	if m.opts[id] != nil {
		return m.opts[id], nil
	}
	ps, err := m.s.Options(m.pos[id])
	if err != nil {
		return nil, err
	}
	out := make([]uint32, len(ps))
	for i, o := range ps {
		out[i] = m.id(o)
	}
	m.opts[id] = out
	return out, nil
}

// keyOf returns the sum position of the components ps.
func (m *misereSum[P]) keyOf(ps []P) (string, error) {
	var ids []uint32
	for _, p := range ps {
		l, err := m.live(p)
		if err != nil {
			return "", err
		}
		ids = append(ids, l...)
	}
	slices.Sort(ids)
	return encodeIDs(ids), nil
}

// readable rewrites an error of the search on sums, whose positions are encoded, in terms of the
// components.
func (m *misereSum[P]) readable(err error) error {
	if err == nil {
		return nil
	}
	var ce *CycleError[string]
	if errors.As(err, &ce) {
		c := make([]string, len(ce.Cycle))
		for i, k := range ce.Cycle {
			c[i] = m.describe(k)
		}
		return &CycleError[string]{Cycle: c, Cut: ce.Cut}
	}
	var pe *posError
	if errors.As(err, &pe) {
		return pe.err // the component's own error names the component
	}
	return err
}

// describe writes a sum position as its components joined by " + ".
func (m *misereSum[P]) describe(key string) string {
	var b strings.Builder
	for i, id := range decodeIDs(key) {
		if i > 0 {
			b.WriteString(" + ")
		}
		fmt.Fprintf(&b, "%v", m.pos[id])
	}
	if b.Len() == 0 {
		return "(empty sum)"
	}
	return b.String()
}

func encodeIDs(ids []uint32) string {
	b := make([]byte, 4*len(ids))
	for i, id := range ids {
		binary.BigEndian.PutUint32(b[4*i:], id)
	}
	return string(b)
}

func decodeIDs(s string) []uint32 {
	ids := make([]uint32, len(s)/4)
	for i := range ids {
		ids[i] = binary.BigEndian.Uint32([]byte(s[4*i : 4*i+4]))
	}
	return ids
}

// TryMoves yields the sum positions one move reaches: one component replaced by the live parts of
// one of its options.
func (m *misereSum[P]) TryMoves(key string) (iter.Seq[string], error) {
	ids := decodeIDs(key)
	var out []string
	for i, id := range ids {
		if i > 0 && ids[i-1] == id {
			continue // the same component again: the same moves
		}
		opts, err := m.options(id)
		if err != nil {
			return nil, err
		}
		rest := slices.Delete(slices.Clone(ids), i, i+1)
		for _, o := range opts {
			l, err := m.live(m.pos[o])
			if err != nil {
				return nil, err
			}
			next := append(slices.Clone(rest), l...)
			slices.Sort(next)
			out = append(out, encodeIDs(next))
		}
	}
	return slices.Values(out), nil
}

// Moves is TryMoves without the error (an error yields nothing; the solver uses TryMoves).
func (m *misereSum[P]) Moves(key string) iter.Seq[string] {
	seq, err := m.TryMoves(key)
	if err != nil {
		return func(func(string) bool) {}
	}
	return seq
}
