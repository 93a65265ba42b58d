package rules

import (
	"context"
	"errors"
	"strings"
	"testing"

	"grundy/game"
)

// p1857DP is the bottom-up DP of seed 003 for P1857, independent of the solver: win[k] and g[k]
// (the length of the game from k when the winner hurries and the loser delays), by trial division.
func p1857DP(n int) (win []bool, g []int) {
	isPrime := func(q int) bool {
		if q < 2 {
			return false
		}
		for d := 2; d*d <= q; d++ {
			if q%d == 0 {
				return false
			}
		}
		return true
	}
	win, g = make([]bool, n+1), make([]int, n+1)
	for k := 0; k <= n; k++ {
		best, bestLose := -1, -1
		for q := 2; q <= k; q++ {
			if !isPrime(q) {
				continue
			}
			o := k - q
			if !win[o] && (best < 0 || g[o]+1 < best) {
				best = g[o] + 1
			}
			if g[o]+1 > bestLose {
				bestLose = g[o] + 1
			}
		}
		if best >= 0 {
			win[k], g[k] = true, best
		} else if bestLose >= 0 {
			g[k] = bestLose
		}
	}
	return win, g
}

func TestPrimeTakeP1857(t *testing.T) {
	s := game.NewScoredSolver[int](PrimeTake{}, game.WinnerHurries)
	// The judge's sample: 8 → 1, 9 → -1 (a P-position), 16 → 3.
	for _, c := range []struct {
		n    int
		want int64
	}{{8, 1}, {9, -1}, {16, 3}} {
		r, err := s.Solve(c.n)
		if err != nil {
			t.Fatal(err)
		}
		got := r.Score
		if r.Outcome == game.PrevWins {
			got = -1
		}
		if got != c.want {
			t.Fatalf("P1857 sample %d: %d, want %d", c.n, got, c.want)
		}
	}
	best, err := s.BestMoves(16)
	if err != nil || len(best) != 1 || best[0].To != 9 || best[0].Points != 1 {
		t.Fatalf("BestMoves(16) = %v, %v; want the move to 9", best, err)
	}
	win, g := p1857DP(1500)
	s = game.NewScoredSolver[int](PrimeTake{}, game.WinnerHurries)
	for n := 1500; n >= 0; n -= 7 {
		r, err := s.Solve(n)
		if err != nil {
			t.Fatal(err)
		}
		if (r.Outcome == game.NextWins) != win[n] || r.Score != int64(g[n]) {
			t.Fatalf("heap %d: %v score %d; DP says win=%v, %d", n, r.Outcome, r.Score, win[n], g[n])
		}
	}
	// The outcome agrees with the plain solver.
	ps := game.NewSolver[int](PrimeTake{})
	for n := range 300 {
		out, err := ps.Outcome(n)
		if err != nil || (out == game.NextWins) != win[n] {
			t.Fatalf("Outcome(%d) = %v, %v", n, out, err)
		}
	}
}

func TestPrimeTakeLimits(t *testing.T) {
	for _, n := range []int{-1, PrimeTakeLimit + 1} {
		if _, err := game.NewScoredSolver[int](PrimeTake{}, game.WinnerHurries).Solve(n); err == nil {
			t.Fatalf("heap %d accepted", n)
		}
		if _, err := game.NewSolver[int](PrimeTake{}).Value(n); err == nil {
			t.Fatalf("heap %d accepted by Solver", n)
		}
	}
	_, err := game.NewSolver[int](PrimeTake{}).Value(PrimeTakeLimit + 1)
	if !strings.Contains(err.Error(), "limit is 100000") {
		t.Fatalf("error %v does not name the limit", err)
	}
}

func TestScoredLimits(t *testing.T) {
	s := game.NewScoredSolver[int](PrimeTake{}, game.WinnerHurries, game.MaxPositions(50))
	_, err := s.Solve(1000)
	var le *game.LimitError
	if !errors.As(err, &le) || le.Max != 50 {
		t.Fatalf("limit: %v", err)
	}
	if r, err := s.Solve(16); err != nil || r.Score != 3 {
		t.Fatalf("after the limit: %+v, %v", r, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := game.NewScoredSolver[int](PrimeTake{}, game.WinnerHurries, game.WithContext(ctx)).Solve(5000); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	// A position over the game's own limit: the error of TryScoredMoves, with the position.
	_, err = game.NewScoredSolver[int](PrimeTake{}, game.WinnerHurries).Solve(PrimeTakeLimit + 1)
	if err == nil || !strings.Contains(err.Error(), "the limit is 100000") {
		t.Fatalf("over the limit: %v", err)
	}
}

// TestPrimeTakeHeapValues: the table of one-heap values agrees with the engine's search.
func TestPrimeTakeHeapValues(t *testing.T) {
	got, err := game.HeapValues(PrimeTake{}, 400)
	if err != nil {
		t.Fatal(err)
	}
	s := game.NewSolver[int](PrimeTake{})
	for h, v := range got {
		if w, err := s.Value(h); err != nil || v != w {
			t.Fatalf("g(%d) = %d, the search %d (%v)", h, v, w, err)
		}
	}
}
