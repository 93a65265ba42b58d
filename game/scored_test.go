package game

import (
	"context"
	"errors"
	"iter"
	"math/rand/v2"
	"strings"
	"testing"
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
	s := NewScoredSolver[int](PrimeTake{}, WinnerHurries)
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
		if r.Outcome == PrevWins {
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
	s = NewScoredSolver[int](PrimeTake{}, WinnerHurries)
	for n := 1500; n >= 0; n -= 7 {
		r, err := s.Solve(n)
		if err != nil {
			t.Fatal(err)
		}
		if (r.Outcome == NextWins) != win[n] || r.Score != int64(g[n]) {
			t.Fatalf("heap %d: %v score %d; DP says win=%v, %d", n, r.Outcome, r.Score, win[n], g[n])
		}
	}
	// The outcome agrees with the plain solver.
	ps := NewSolver[int](PrimeTake{})
	for n := range 300 {
		out, err := ps.Outcome(n)
		if err != nil || (out == NextWins) != win[n] {
			t.Fatalf("Outcome(%d) = %v, %v", n, out, err)
		}
	}
}

func TestPrimeTakeLimits(t *testing.T) {
	for _, n := range []int{-1, PrimeTakeLimit + 1} {
		if _, err := NewScoredSolver[int](PrimeTake{}, WinnerHurries).Solve(n); err == nil {
			t.Fatalf("heap %d accepted", n)
		}
		if _, err := NewSolver[int](PrimeTake{}).Value(n); err == nil {
			t.Fatalf("heap %d accepted by Solver", n)
		}
	}
	_, err := NewSolver[int](PrimeTake{}).Value(PrimeTakeLimit + 1)
	if !strings.Contains(err.Error(), "limit is 100000") {
		t.Fatalf("error %v does not name the limit", err)
	}
}

// scoredDAG is a random scored game on 0..n-1 (moves to smaller positions).
type scoredDAG struct {
	opts [][]int
	pts  [][]int64
}

func (g scoredDAG) ScoredMoves(p int) iter.Seq2[int, int64] {
	return func(yield func(int, int64) bool) {
		for i, o := range g.opts[p] {
			if !yield(o, g.pts[p][i]) {
				return
			}
		}
	}
}

// naiveScored is the definition: plain recursive minimax (no memo) on small games.
func naiveScored(g scoredDAG, obj Objective, p int, first bool) (n bool, score int64) {
	type opt struct {
		n     bool
		total int64
	}
	var os []opt
	for i, o := range g.opts[p] {
		cf := first
		if obj >= FirstMinimizes {
			cf = !first
		}
		cn, cs := naiveScored(g, obj, o, cf)
		os = append(os, opt{cn, g.pts[p][i] + cs})
		if !cn {
			n = true
		}
	}
	var minimize bool
	switch obj {
	case WinnerHurries:
		minimize = n
	case WinnerDelays:
		minimize = !n
	case FirstMinimizes, ScoreFirstMinimizes:
		minimize = first
	default:
		minimize = !first
	}
	found := false
	for _, o := range os {
		if n && obj < ScoreFirstMaximizes && o.n {
			continue
		}
		if !found || minimize && o.total < score || !minimize && o.total > score {
			score, found = o.total, true
		}
	}
	return n, score
}

func TestScoredAgainstMinimax(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for trial := range 40 {
		d := randomDAG(r, 18, 1+r.IntN(4))
		g := scoredDAG{opts: d.opts, pts: make([][]int64, len(d.opts))}
		for p, os := range d.opts {
			for range os {
				g.pts[p] = append(g.pts[p], int64(r.IntN(11)-3))
			}
		}
		for obj := WinnerHurries; obj <= ScoreFirstMinimizes; obj++ {
			s := NewScoredSolver[int](g, obj)
			for p := 17; p >= 0; p-- {
				wantN, wantScore := naiveScored(g, obj, p, true)
				got, err := s.Solve(p)
				if err != nil {
					t.Fatal(err)
				}
				if (got.Outcome == NextWins) != wantN || got.Score != wantScore {
					t.Fatalf("trial %d objective %d position %d: %+v, want N=%v score %d", trial, obj, p, got, wantN, wantScore)
				}
				best, err := s.BestMoves(p)
				if err != nil {
					t.Fatal(err)
				}
				if len(g.opts[p]) > 0 && len(best) == 0 {
					t.Fatalf("position %d: no best move", p)
				}
				for _, m := range best {
					cf := obj >= FirstMinimizes
					cn, cs := naiveScored(g, obj, m.To, !cf)
					if m.Points+cs != wantScore || (wantN && obj < ScoreFirstMaximizes && cn) {
						t.Fatalf("position %d: best move %+v is not optimal", p, m)
					}
				}
			}
		}
	}
}

type scoredGraph map[int][]int

func (g scoredGraph) ScoredMoves(p int) iter.Seq2[int, int64] {
	return func(yield func(int, int64) bool) {
		for _, o := range g[p] {
			if !yield(o, 1) {
				return
			}
		}
	}
}

func TestScoredCycle(t *testing.T) {
	g := scoredGraph{0: {1}, 1: {2}, 2: {0, 3}}
	for _, obj := range []Objective{WinnerHurries, FirstMaximizes} {
		s := NewScoredSolver[int](g, obj)
		_, err := s.Solve(0)
		if !errors.Is(err, ErrCycle) || !strings.Contains(err.Error(), "0 → 1 → 2 → 0") {
			t.Fatalf("objective %d: %v", obj, err)
		}
		if r, err := s.Solve(3); err != nil || r.Outcome != PrevWins {
			t.Fatalf("after the cycle: %+v, %v", r, err)
		}
	}
}

func TestScoredLimits(t *testing.T) {
	s := NewScoredSolver[int](PrimeTake{}, WinnerHurries, MaxPositions(50))
	_, err := s.Solve(1000)
	var le *LimitError
	if !errors.As(err, &le) || le.Max != 50 {
		t.Fatalf("limit: %v", err)
	}
	if r, err := s.Solve(16); err != nil || r.Score != 3 {
		t.Fatalf("after the limit: %+v, %v", r, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewScoredSolver[int](PrimeTake{}, WinnerHurries, WithContext(ctx)).Solve(5000); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	// A position over the game's own limit: the error of TryScoredMoves, with the position.
	_, err = NewScoredSolver[int](PrimeTake{}, WinnerHurries).Solve(PrimeTakeLimit + 1)
	if err == nil || !strings.Contains(err.Error(), "the limit is 100000") {
		t.Fatalf("over the limit: %v", err)
	}
}
