package game

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
)

// Ordered is an optional capability of an [Indexer] game whose index orders its moves: every
// option of a position has a smaller index than the position. Position is the inverse of Index:
// it returns the position of index i and true, or false when no position has index i.
//
// The solver then computes the Grundy value of a position of index i without a search: it fills
// in the values of the positions of index 0, 1, …, i not known yet, in that order, each from its
// options' values, as [HeapValues] does for one-heap games. That is the fastest way when most
// positions below are needed (one-heap games, say), and a waste when few are. The positions filled
// in count towards [Solver.Known] and [MaxPositions]. Only [Solver.Value] (and what is built on it)
// fills in; outcomes and misère play search as usual. The indices must be below the dense limit
// (see [DenseLimit]): a position of a larger index is searched.
//
// The solver checks the promise as it goes: an option whose index is not smaller than its
// position's, or a position whose index is not the one Position gave it, stops the search with an
// error matching [ErrOrder], never a wrong value.
type Ordered[P comparable] interface {
	Indexer[P]
	Position(i int) (p P, ok bool)
}

// ErrOrder is matched (through errors.Is) by the error of a game that breaks its [Ordered]
// promise.
var ErrOrder = errors.New("the game breaks its Ordered promise")

// orderedValue is Value for an [Ordered] game: if p's value is not known and its index i is
// below the dense limit, it computes the values of the positions of index filled..i bottom-up.
func (s *Solver[P]) orderedValue(p P) (uint64, error) {
	t := &s.t
	i, ok := t.ix.Index(p)
	if !ok || uint(i) >= uint(t.limit) {
		return s.value(p)
	}
	if i < len(t.dense) {
		if c := t.dense[i]; c >= cBase {
			return uint64(c - cBase), nil
		}
	}
	if i < s.filled {
		return 0, fmt.Errorf("position %v has index %d, but Position(%d) gives no position: %w", p, i, i, ErrOrder)
	}
	if i >= len(t.dense) {
		t.set(uint32(i), cUnknown) // grow once
	}
	dense := t.dense
	ix := t.ix
	base := len(s.arena)
	if cap(s.arena)-base < 256 {
		s.arena = slices.Grow(s.arena, 1024)
	}
	buf := s.arena[base:base]
	app := s.app
	if s.try != nil || s.closed != nil || s.cfg.maxPositions > 0 || s.cfg.ctx != nil {
		app = nil // the general loop
	}
	for j := s.filled; j <= i; j++ {
		c := dense[j]
		if c >= cBase {
			continue // known from a search
		}
		q := p
		if j < i {
			var ok bool
			if q, ok = s.ord.Position(j); !ok {
				continue
			}
			if k, ok := ix.Index(q); !ok || k != j {
				s.filled = j
				return 0, fmt.Errorf("position %v (Position(%d)) has index %d, %v: %w", q, j, k, ok, ErrOrder)
			}
		}
		if app != nil { // no limits: pushes are not counted
			if c == cUnknown {
				s.known++
			}
			buf = app.AppendMoves(buf[:0], q)
		} else {
			var done bool
			var err error
			if buf, done, err = s.fillEnter(q, j, c, base); err != nil || done {
				if err != nil {
					s.filled = j
					return 0, err
				}
				continue
			}
		}
		var mask uint64
		big := false
		for _, o := range buf {
			k, ok := ix.Index(o)
			if !ok || uint(k) >= uint(j) || dense[k] < cBase {
				s.filled = j
				if c == cUnknown {
					s.known--
				}
				return 0, s.orderError(q, j, o, k, ok)
			}
			if v := dense[k] - cBase; v < 64 {
				mask |= 1 << v
			} else {
				big = true
			}
		}
		r := uint32(bits.TrailingZeros64(^mask))
		if r == 64 && big {
			r = s.fillMex(buf)
		}
		dense[j] = cBase + r
	}
	s.filled = i + 1
	return uint64(dense[i] - cBase), nil
}

// fillEnter is the general part of fill's step at q (index j, memo code c): it counts q under the
// limits, tries q's closed form (done: q's value is known) and returns q's options, in the
// arena's spare room above base.
func (s *Solver[P]) fillEnter(q P, j int, c uint32, base int) (opts []P, done bool, err error) {
	if err := s.budget.enter(&s.cfg, c == cUnknown); err != nil {
		return nil, false, err
	}
	if s.closed != nil {
		if ok, err := s.tryClosed(q, uint32(j), cN); err != nil || ok { // cN: counted already
			if err != nil && c == cUnknown {
				s.known--
			}
			return nil, ok, err
		}
	}
	err = s.expand(q)
	opts = s.arena[base:]
	s.arena = s.arena[:base]
	if err != nil {
		if c == cUnknown {
			s.known--
		}
		return nil, false, &posError{pos: q, err: err}
	}
	return opts, false, nil
}

// orderError is the error for the option o (index k, ok) of position q of index j, when the
// option's index is not below j or has no value.
func (s *Solver[P]) orderError(q P, j int, o P, k int, ok bool) error {
	if !ok || uint(k) >= uint(j) {
		return fmt.Errorf("position %v (index %d) has an option %v of index %d, %v: %w", q, j, o, k, ok, ErrOrder)
	}
	return fmt.Errorf("position %v (index %d) has an option %v of index %d, but Position(%d) gives no position: %w", q, j, o, k, k, ErrOrder)
}

// fillMex returns the mex of the values of the options opts, all known, past 64.
func (s *Solver[P]) fillMex(opts []P) uint32 {
	s.vals = s.vals[:0]
	for _, o := range opts {
		k, _ := s.t.ix.Index(o)
		s.vals = append(s.vals, s.t.dense[k]-cBase)
	}
	return s.mx.mex32(s.vals)
}
