// Command p2197 solves Luogu P2197 【模板】Nim 游戏: for each test, n heaps; a move takes any
// positive number of stones from one heap; who cannot move loses. It prints "Yes" when the first
// player wins, else "No".
//
// Theory: a position is the sum of its one-heap games. The value of one heap comes from the
// catalogue's "nim" ruleset (rules.Ruleset.Analyze, Bouton's theorem), and the engine adds them up
// (game.Solver.SumValue, Sprague–Grundy). Analyzing the whole position at once would also list
// up to 64 winning moves, each with a copy of the position, which a yes/no answer does not need.
//
// Input: T; per test, n and the n heap sizes. Output: one line per test.
package main

import (
	"context"
	"fmt"
	"io"
	"iter"
	"os"

	"grundy/examples/judge/internal/judgeio"
	"grundy/game"
	"grundy/rules"
)

// Limits well above the judge's (T <= 10, n <= 10^4).
const (
	maxTests = 100_000
	maxHeaps = 1_000_000
)

// oneHeap is the one-heap game of a heap ruleset, for the engine: its moves are the ruleset's, and
// its value the ruleset's closed form, so the engine never searches.
type oneHeap struct{ r rules.Ruleset }

func (g oneHeap) Moves(h uint64) iter.Seq[uint64] {
	return func(yield func(uint64) bool) {
		for m := range g.r.Moves(rules.Position{h}) {
			if !yield(m.To[0]) {
				return
			}
		}
	}
}

// Value is the ruleset's Grundy value of the heap h (ClosedForm).
func (g oneHeap) Value(h uint64) (uint64, bool) {
	a, err := g.r.Analyze(context.Background(), rules.Position{h})
	if err != nil || !a.HasValue {
		return 0, false
	}
	return a.Value, true
}

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "p2197:", err)
		os.Exit(1)
	}
}

func run(in io.Reader, out io.Writer) error {
	nim, err := rules.New("nim", nil)
	if err != nil {
		return err
	}
	s := game.NewSolver[uint64](oneHeap{nim})
	r := judgeio.NewReader(in)
	w := judgeio.NewWriter(out)
	T, err := r.IntIn("T", 0, maxTests)
	if err != nil {
		return err
	}
	for t := 1; t <= T; t++ {
		n, err := r.IntIn("n", 0, maxHeaps)
		if err != nil {
			return fmt.Errorf("test %d: %w", t, err)
		}
		heaps := make([]uint64, n)
		for i := range heaps {
			if heaps[i], err = r.Uint64(); err != nil {
				return fmt.Errorf("test %d, heap %d: %w", t, i+1, err)
			}
		}
		v, err := s.SumValue(heaps)
		if err != nil {
			return fmt.Errorf("test %d: %w", t, err)
		}
		if v != 0 {
			w.Line("Yes")
		} else {
			w.Line("No")
		}
	}
	return w.Flush()
}
