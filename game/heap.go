package game

import (
	"fmt"
	"math/bits"
)

// HeapValues returns the Grundy values g(0), g(1), …, g(n) of a one-heap game: a game whose
// positions are heap sizes. When every move from a heap goes to a smaller heap (subtraction
// games, prime-taking, …) the values are computed bottom-up, each from the smaller ones, with no
// search and no memo but the result — the fastest path of the package, fastest of all when g is
// an [Appender]. At the first move that does not go to a smaller heap, HeapValues hands the rest
// over to a [Solver] (so cycles are reported as by the solver).
//
// The options (MaxPositions, WithContext, …) apply as for a Solver; n+1 values above the
// MaxPositions limit are refused with a [*LimitError]. A negative n is an error.
func HeapValues(g Game[int], n int, opts ...Option) ([]uint64, error) {
	cfg := newConfig(opts)
	if n < 0 {
		return nil, fmt.Errorf("heap %d is negative", n)
	}
	if cfg.maxPositions > 0 && n >= cfg.maxPositions {
		return nil, &LimitError{Max: cfg.maxPositions}
	}
	vals := make([]uint64, 0, n+1)
	app, _ := g.(Appender[int])
	try, _ := g.(Fallible[int])
	var buf []int
	var seen []uint64
	yield := func(o int) bool { buf = append(buf, o); return true }
	for h := 0; h <= n; h++ {
		if cfg.ctx != nil && h%65536 == 0 {
			if err := cfg.ctx.Err(); err != nil {
				return nil, fmt.Errorf("search stopped: %w", err)
			}
		}
		buf = buf[:0]
		switch {
		case try != nil:
			seq, err := try.TryMoves(h)
			if err != nil {
				return nil, fmt.Errorf("position %d: %w", h, err)
			}
			seq(yield)
		case app != nil:
			buf = app.AppendMoves(buf, h)
		default:
			g.Moves(h)(yield)
		}
		// mex of the options' values, all below h if the game shrinks heaps.
		var mask uint64
		big := false
		for _, o := range buf {
			if uint(o) >= uint(h) {
				return heapValuesBySearch(g, vals, n, opts)
			}
			v := vals[o]
			if v < 64 {
				mask |= 1 << v
			} else {
				big = true
			}
		}
		if mask != ^uint64(0) || !big {
			vals = append(vals, mexOfMask(mask))
			continue
		}
		seen = seen[:0]
		for _, o := range buf {
			seen = append(seen, vals[o])
		}
		vals = append(vals, Mex(seen))
	}
	return vals, nil
}

// mexOfMask returns the least value whose bit is clear in mask (64 if none).
func mexOfMask(mask uint64) uint64 { return uint64(bits.TrailingZeros64(^mask)) }

// heapValuesBySearch finishes HeapValues with a Solver, from len(vals) on.
func heapValuesBySearch(g Game[int], vals []uint64, n int, opts []Option) ([]uint64, error) {
	s := NewSolver(g, opts...)
	for h := len(vals); h <= n; h++ {
		v, err := s.Value(h)
		if err != nil {
			return nil, err
		}
		vals = append(vals, v)
	}
	return vals, nil
}
