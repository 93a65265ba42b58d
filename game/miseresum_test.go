package game

import (
	"errors"
	"iter"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestMisereSums(t *testing.T) {
	// Sums of two games against the misère search of the game on pairs.
	r := rand.New(rand.NewPCG(15, 16))
	for range 8 {
		d := randomDAG(r, 14, 1+r.IntN(3))
		sub := subtract{set: []int{1, 2 + r.IntN(3)}}
		s := NewSolver[int](mixed{d, sub})
		g := pair[int, int]{d, sub}
		memo := map[twoPos[int, int]]bool{}
		ps := NewSolver[twoPos[int, int]](g)
		for x := range 14 {
			for y := range 12 {
				// Component x is a DAG position, y a heap: encode both in one int game.
				comps := []int{x, 100 + y}
				got, err := s.MisereSumOutcome(comps)
				if err != nil {
					t.Fatal(err)
				}
				p := twoPos[int, int]{x, y}
				if want := naiveMisere[twoPos[int, int]](g, p, memo); (got == NextWins) != want {
					t.Fatalf("misère sum %v: %v, brute force N=%v", p, got, want)
				}
				moves, err := s.MisereSumWinningMoves(comps)
				if err != nil {
					t.Fatal(err)
				}
				var gotTo []twoPos[int, int]
				for _, m := range moves {
					q := p
					if m.Component == 0 {
						q.A = m.To
					} else {
						q.B = m.To - 100
					}
					gotTo = append(gotTo, q)
				}
				want, err := ps.MisereWinningMoves(p)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(gotTo, want) {
					t.Fatalf("misère sum %v: winning moves %v, brute force %v", p, gotTo, want)
				}
			}
		}
	}
}

// mixed is a DAG game on 0..99 and a subtraction game on heaps written 100 + n, as one game.
type mixed struct {
	d   dag
	sub subtract
}

func (g mixed) Moves(p int) iter.Seq[int] {
	if p < 100 {
		return g.d.Moves(p)
	}
	return func(yield func(int) bool) {
		for o := range g.sub.Moves(p - 100) {
			if !yield(o + 100) {
				return
			}
		}
	}
}

func TestMisereKaylesSplit(t *testing.T) {
	// A row with gaps is a sum of runs: the misère search on sums (with the split) agrees with
	// the plain misère search of the row.
	s := NewSolver[string](kayles{split: true})
	memo := map[string]bool{}
	for _, row := range []string{"", "x", "x.x", "xx.xx", "xxx.x.xx", "x.x.x.x", "xxxx.xxx", "xx.xxxxx.x"} {
		got, err := s.MisereSumOutcome([]string{row})
		if err != nil {
			t.Fatal(err)
		}
		if want := naiveMisere[string](kayles{}, row, memo); (got == NextWins) != want {
			t.Fatalf("misère Kayles %q: %v, want N=%v", row, got, want)
		}
		// The same row given as its runs.
		runs, _ := kayles{split: true}.Split(row)
		if got2, err := s.MisereSumOutcome(runs); err != nil || got2 != got {
			t.Fatalf("misère Kayles %q as runs %q: %v, %v", row, runs, got2, err)
		}
	}
}

func TestMisereSumErrors(t *testing.T) {
	g := graph{0: {1}, 1: {0}, 2: {}}
	_, err := NewSolver[int](g).MisereSumOutcome([]int{0, 2})
	if !errors.Is(err, ErrCycle) || !strings.Contains(err.Error(), "0 → 1 → 0") {
		t.Fatalf("cycle: %v", err)
	}
	_, err = NewSolver[int](failing{bad: 3}).MisereSumOutcome([]int{5, 1})
	if !errors.Is(err, errBad) || !strings.Contains(err.Error(), "position 3: bad position") || strings.Count(err.Error(), "position") != 2 {
		t.Fatalf("fallible: %v", err)
	}
}
