package query

import (
	"iter"
	"strconv"

	"grundy/script"
)

// scriptHeaps is a user's script as a heap game for the misère quotient: heap n is the position
// n (an int), its options are moves(n), each split by split() into its components when the script
// defines split, and every component must be an int below n (a heap).
type scriptHeaps struct {
	g   *script.Game
	err error
}

func (s *scriptHeaps) Err() error { return s.err }

func (s *scriptHeaps) Options(n int) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		if s.err != nil {
			return
		}
		pos := strconv.Itoa(n)
		moves, err := s.g.TryMoves(pos)
		if err != nil {
			s.err = err
			return
		}
		var heaps []int
		for m := range moves {
			parts := []string{m}
			if s.g.HasSplit() {
				ps, ok, err := s.g.TrySplit(m)
				if err != nil {
					s.err = err
					return
				}
				if ok {
					parts = ps
				}
			}
			heaps = heaps[:0]
			for _, p := range parts {
				h, err := strconv.Atoi(p)
				if err != nil || h < 0 || h >= n {
					s.err = Badf("misère quotients need a heap game: from heap %d the script moves to %s, whose component %s is not a heap (an int from 0 to %d)", n, m, p, n-1)
					return
				}
				heaps = append(heaps, h)
			}
			if !yield(heaps) {
				return
			}
		}
	}
}
