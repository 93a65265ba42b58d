package game

import (
	"errors"
	"iter"
	"math/rand/v2"
	"strings"
	"testing"
)

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
