package game_test

import (
	"fmt"
	"iter"

	"grundy/game"
	"grundy/rules"
)

// subtraction is the subtraction game {1, 3, 4} on one heap: a move takes 1, 3 or 4 counters.
type subtraction struct{}

func (subtraction) Moves(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for _, s := range []int{1, 3, 4} {
			if s <= n && !yield(n-s) {
				return
			}
		}
	}
}

func ExampleSolver() {
	s := game.NewSolver[int](subtraction{})
	var vals []uint64
	for n := range 10 {
		v, _ := s.Value(n)
		vals = append(vals, v)
	}
	fmt.Println(vals)
	out, _ := s.Outcome(8)
	win, _ := s.WinningMoves(8)
	fmt.Println(out, win)
	// Output:
	// [0 1 0 1 2 3 2 0 1 0]
	// N [7]
}

func ExampleSolver_SumWinningMoves() {
	// Three heaps of the subtraction game {1, 3, 4}, of values 2, 3 and 0: the sum has value 1,
	// and a winning move in any heap changes its value by XOR 1.
	s := game.NewSolver[int](subtraction{})
	heaps := []int{6, 5, 2}
	v, _ := s.SumValue(heaps)
	moves, _ := s.SumWinningMoves(heaps)
	fmt.Println(v, moves)
	// Output:
	// 1 [{0 5} {1 4} {2 1}]
}

func ExampleSolver_MisereOutcome() {
	// The subtraction game {1, 3, 4} in misère play: whoever takes the last counter loses.
	s := game.NewSolver[int](subtraction{})
	var outs []game.Outcome
	for n := range 10 {
		o, _ := s.MisereOutcome(n)
		outs = append(outs, o)
	}
	fmt.Println(outs)
	// Output:
	// [N P N P N N N N P N]
}

func ExampleScoredSolver() {
	// Luogu P1857: with 16 counters the first player wins within 3 moves, by taking 7.
	s := game.NewScoredSolver[int](rules.PrimeTake{}, game.WinnerHurries)
	r, _ := s.Solve(16)
	best, _ := s.BestMoves(16)
	fmt.Println(r.Outcome, r.Score, best)
	// Output:
	// N 3 [{9 1}]
}

func ExampleApparentPeriod() {
	s := game.NewSolver[int](subtraction{})
	var vals []uint64
	for n := range 30 {
		v, _ := s.Value(n)
		vals = append(vals, v)
	}
	p, t, ok := game.ApparentPeriod(vals)
	fmt.Println(p, t, ok)
	// Output:
	// 7 0 true
}

func ExampleMex() {
	fmt.Println(game.Mex([]uint64{0, 1, 3, 1}), game.Mex(nil))
	// Output:
	// 2 0
}

// orderedSubtraction is the subtraction game {1, 3, 4} with the capabilities of the fastest path:
// options appended to a slice, heaps their own index, and every move to a smaller heap.
type orderedSubtraction struct{ subtraction }

func (orderedSubtraction) AppendMoves(dst []int, n int) []int {
	for _, s := range []int{1, 3, 4} {
		if s <= n {
			dst = append(dst, n-s)
		}
	}
	return dst
}
func (orderedSubtraction) Index(n int) (int, bool)    { return n, n >= 0 }
func (orderedSubtraction) Position(i int) (int, bool) { return i, i >= 0 }

func ExampleOrdered() {
	// The value of heap 1,000,000 fills in the values of every smaller heap, bottom-up.
	s := game.NewSolver[int](orderedSubtraction{})
	v, _ := s.Value(1_000_000)
	fmt.Println(v, s.Known())
	// Output:
	// 1 1000001
}

// rowOfPins is Kayles on a row of up to 64 pins, a position being the pins standing: a move knocks
// down one pin or two adjacent ones. The bitmask itself is a compact key.
type rowOfPins struct{ pins uint64 }

type kaylesRow struct{}

func (kaylesRow) Moves(p rowOfPins) iter.Seq[rowOfPins] {
	return func(yield func(rowOfPins) bool) {
		for i := range 64 {
			if p.pins>>i&1 == 0 {
				continue
			}
			if !yield(rowOfPins{p.pins &^ (1 << i)}) {
				return
			}
			if i < 63 && p.pins>>(i+1)&1 == 1 && !yield(rowOfPins{p.pins &^ (3 << i)}) {
				return
			}
		}
	}
}

func (kaylesRow) Key(p rowOfPins) uint64 { return p.pins }

func ExampleKeyer() {
	// Kayles rows of 1..12 pins: the values of OEIS A002186.
	s := game.NewSolver[rowOfPins](kaylesRow{})
	var vals []uint64
	for n := 1; n <= 12; n++ {
		v, _ := s.Value(rowOfPins{1<<n - 1})
		vals = append(vals, v)
	}
	fmt.Println(vals)
	// Output:
	// [1 2 3 1 4 3 2 1 4 2 6 4]
}
