// Command hdu1536 solves HDU 1536 S-Nim (also POJ 2960): heaps of beads; a move removes from one
// heap a number of beads in the set S; who cannot move loses. For each test case it prints one
// line with a letter per position: W when the player to move wins, L when she loses.
//
// Theory: the Sprague–Grundy engine (game.Solver) on the one-heap subtraction game of S, and
// Solver.SumValue for the positions, which are sums of heaps.
//
// The catalogue's "subtract" ruleset computes the same values, but with a 100-element S up to 10^4
// it looks for a proved period over up to 10^6 values before answering (seconds per test case),
// while this problem needs heaps up to 10^4 only: the engine is asked for exactly those.
//
// Input: test cases "k s1..sk", m, then m lines "l h1..hl"; a line "0" ends the input.
package main

import (
	"fmt"
	"io"
	"iter"
	"os"
	"slices"

	"grundy/examples/judge/internal/judgeio"
	"grundy/game"
)

// Limits: the judge has k, m, l <= 100 and s_i, h_i <= 10000.
const (
	maxSet   = 100_000
	maxValue = 1_000_000
	maxCount = 1_000_000
)

// subtraction is the one-heap game of S: from h, move to h−s for every s in S with s <= h.
type subtraction struct{ set []int } // sorted, without repeats

func (g subtraction) Moves(h int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for _, s := range g.set {
			if s > h || !yield(h-s) {
				return
			}
		}
	}
}

// AppendMoves is the allocation-free form of Moves, which the solver prefers.
func (g subtraction) AppendMoves(dst []int, h int) []int {
	for _, s := range g.set {
		if s > h {
			break
		}
		dst = append(dst, h-s)
	}
	return dst
}

// Index lets the solver keep the values of heaps in a slice.
func (g subtraction) Index(h int) (int, bool) { return h, h >= 0 }

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "hdu1536:", err)
		os.Exit(1)
	}
}

func run(in io.Reader, out io.Writer) error {
	r := judgeio.NewReader(in)
	w := judgeio.NewWriter(out)
	var heaps []int
	for tc := 1; ; tc++ {
		k, err := r.IntIn("k", 0, maxSet)
		if err != nil {
			return fmt.Errorf("test case %d: %w", tc, err)
		}
		if k == 0 {
			break
		}
		set := make([]int, k)
		for i := range set {
			if set[i], err = r.IntIn("s", 1, maxValue); err != nil {
				return fmt.Errorf("test case %d: %w", tc, err)
			}
		}
		slices.Sort(set)
		s := game.NewSolver[int](subtraction{set: slices.Compact(set)})
		m, err := r.IntIn("m", 0, maxCount)
		if err != nil {
			return fmt.Errorf("test case %d: %w", tc, err)
		}
		for q := 1; q <= m; q++ {
			l, err := r.IntIn("l", 0, maxCount)
			if err != nil {
				return fmt.Errorf("test case %d, position %d: %w", tc, q, err)
			}
			heaps = heaps[:0]
			for range l {
				h, err := r.IntIn("h", 0, maxValue)
				if err != nil {
					return fmt.Errorf("test case %d, position %d: %w", tc, q, err)
				}
				heaps = append(heaps, h)
			}
			v, err := s.SumValue(heaps)
			if err != nil {
				return err
			}
			if v != 0 {
				w.String("W")
			} else {
				w.String("L")
			}
		}
		w.String("\n")
	}
	return w.Flush()
}
