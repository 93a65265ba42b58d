package game

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSJConditionNeeded: the seed's SJ rule without its condition is wrong. In the graph
// X → W, W → {Y, Z}, Y → Z the values are g(Z)=0, g(Y)=1, g(W)=2, g(X)=0; the rule says the player
// to move at X wins, the exhaustive misère search says the player loses, and SJOutcome refuses,
// naming X.
func TestSJConditionNeeded(t *testing.T) {
	const x, w, y, z = 0, 1, 2, 3
	g := graph{x: {w}, w: {y, z}, y: {z}}
	s := NewSolver[int](g)
	var vals []uint64
	for _, p := range []int{x, w, y, z} {
		v, err := s.Value(p)
		if err != nil {
			t.Fatal(err)
		}
		vals = append(vals, v)
	}
	if !slices.Equal(vals, []uint64{0, 2, 1, 0}) {
		t.Fatalf("values %v", vals)
	}
	if sjRule(vals[:1]) != NextWins {
		t.Fatal("the bare rule should say N at X")
	}
	if out, err := s.MisereOutcome(x); err != nil || out != PrevWins {
		t.Fatalf("misère search at X: %v, %v; want P", out, err)
	}
	_, err := s.SJOutcome([]int{x})
	var se *SJError[int]
	if !errors.As(err, &se) || se.Position != x || se.Component != 0 {
		t.Fatalf("SJOutcome: %v, want an SJError at X", err)
	}
	// From W on, every position with value 0 is terminal: the theorem applies.
	if out, err := s.SJOutcome([]int{w}); err != nil || out != NextWins {
		t.Fatalf("SJOutcome(W): %v, %v; want N", out, err)
	}
}

// TestSJAgainstSearch compares SJOutcome and SJWinningMoves with the exact misère search of the
// sum on random sums of positions of random DAG games, wherever the condition holds, and checks
// every refusal names a non-terminal position of value 0.
func TestSJAgainstSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	applied, refused := 0, 0
	for range 20 {
		n := 12 + r.IntN(10)
		d := dag{opts: make([][]int, n)}
		for p := 1; p < n; p++ {
			if r.IntN(10) < 7 {
				d.opts[p] = append(d.opts[p], 0) // a move to the end: the value cannot be 0
			}
			for range r.IntN(3) {
				d.opts[p] = append(d.opts[p], r.IntN(p))
			}
		}
		s := NewSolver[int](d)
		for range 40 {
			k := 1 + r.IntN(3)
			ps := make([]int, k)
			for i := range ps {
				ps[i] = r.IntN(n)
			}
			got, err := s.SJOutcome(ps)
			var se *SJError[int]
			if errors.As(err, &se) {
				refused++
				v, _ := s.Value(se.Position)
				if opts, _ := s.Options(se.Position); v != 0 || len(opts) == 0 {
					t.Fatalf("refused at %d (value %d, %d options)", se.Position, v, len(opts))
				}
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			applied++
			want, err := s.MisereSumOutcome(ps)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("sum %v of %v: SJ %v, search %v", ps, d.opts, got, want)
			}
			gotMoves, err := s.SJWinningMoves(ps)
			if err != nil {
				t.Fatal(err)
			}
			wantMoves, err := s.MisereSumWinningMoves(ps)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(gotMoves, wantMoves) {
				t.Fatalf("sum %v: SJ winning moves %v, search %v", ps, gotMoves, wantMoves)
			}
		}
	}
	if applied < 100 || refused < 20 {
		t.Fatalf("the test exercised too little: %d sums decided, %d refused", applied, refused)
	}
}

// TestSJNim: Nim heaps meet the condition, and the theorem gives misère Nim's rule.
func TestSJNim(t *testing.T) {
	s := NewSolver[int](subtract{set: []int{1, 2, 3, 4, 5, 6, 7, 8}})
	for a := range 6 {
		for b := range 6 {
			for c := range 6 {
				got, err := s.SJOutcome([]int{a, b, c})
				if err != nil {
					t.Fatal(err)
				}
				want, err := s.MisereSumOutcome([]int{a, b, c})
				if err != nil {
					t.Fatal(err)
				}
				if got != want {
					t.Fatalf("%d %d %d: SJ %v, search %v", a, b, c, got, want)
				}
			}
		}
	}
	// The check is bounded by the solver's position limit.
	lim := NewSolver[int](subtract{set: []int{1}}, MaxPositions(50))
	var le *LimitError
	if _, err := lim.SJOutcome([]int{1000}); !errors.As(err, &le) {
		t.Fatalf("%v, want a LimitError", err)
	}
}
