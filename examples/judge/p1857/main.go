// Command p1857 solves Luogu P1857 质数取石子 (prime stone-taking): players alternately take a
// prime number of stones from one heap, and whoever cannot loses. For each heap it prints the least
// number of steps (both players' moves counted) within which the first player is sure to win, or
// -1 if the first player loses.
//
// Theory: rules.PrimeTake scored by game.ScoredSolver under game.WinnerHurries — winning comes
// first, then the winner shortens the game and the loser lengthens it; one point per move.
//
// Input: N, then N heap sizes. Output: one line per heap.
package main

import (
	"fmt"
	"io"
	"os"

	"grundy/examples/judge/internal/judgeio"
	"grundy/game"
	"grundy/rules"
)

// maxQueries bounds N (the judge has N <= 10); heaps are bounded by rules.PrimeTakeLimit.
const maxQueries = 1_000_000

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "p1857:", err)
		os.Exit(1)
	}
}

func run(in io.Reader, out io.Writer) error {
	r := judgeio.NewReader(in)
	w := judgeio.NewWriter(out)
	n, err := r.IntIn("N", 0, maxQueries)
	if err != nil {
		return err
	}
	heaps := make([]int, n)
	top := 0
	for i := range heaps {
		if heaps[i], err = r.IntIn("heap", 0, rules.PrimeTakeLimit); err != nil {
			return fmt.Errorf("query %d: %w", i+1, err)
		}
		top = max(top, heaps[i])
	}
	// Solving the heaps in increasing order keeps the solver's search one level deep (every
	// option is already known), so memory stays proportional to the largest heap; asked for
	// 20000 directly, the depth-first search would hold ~10^4 frames of ~10^3 options each.
	s := game.NewScoredSolver[int](rules.PrimeTake{}, game.WinnerHurries)
	for h := 0; h <= top; h++ {
		if _, err := s.Solve(h); err != nil {
			return err
		}
	}
	for _, h := range heaps {
		res, err := s.Solve(h)
		if err != nil {
			return err
		}
		if res.Outcome == game.NextWins {
			w.Int64(res.Score, '\n')
		} else {
			w.Line("-1")
		}
	}
	return w.Flush()
}
