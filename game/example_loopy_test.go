package game_test

import (
	"fmt"
	"iter"

	"grundy/game"
)

// squareButOne: a move takes away a positive square number of counters, or adds one counter to a
// heap of positive even size, so play can go round in circles.
type squareButOne struct{}

func (squareButOne) Moves(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		if n > 0 && n%2 == 0 && !yield(n+1) {
			return
		}
		for k := 1; k*k <= n; k++ {
			if !yield(n - k*k) {
				return
			}
		}
	}
}

func ExampleSolver_LoopyValue() {
	s := game.NewSolver[int](squareButOne{})
	for n := range 8 {
		v, _ := s.LoopyValue(n)
		fmt.Println(n, v, v.Outcome())
	}
	// Output:
	// 0 0 P
	// 1 1 N
	// 2 ∞{1} D
	// 3 ∞{} D
	// 4 ∞{0} N
	// 5 0 P
	// 6 ∞{0} N
	// 7 ∞{} D
}

func ExampleSolver_AnalyzeLoopySum() {
	s := game.NewSolver[int](squareButOne{})
	// 1 + 2: the nimber 1 plus ∞{1} is ∞{1 ⊕ 1} = ∞{0}, an N-position: the winning move takes
	// the infinite component to its option of value 1, leaving 1 + 1 = 0.
	a, _ := s.AnalyzeLoopySum([]int{1, 2})
	fmt.Println(a.Values, a.Value, a.Outcome, a.Winning)
	// Two infinite components: a draw, whatever their sets. From 2 + 4 every move keeps the
	// draw: 2 → 1 leaves 1 + ∞{0} = ∞{1}; 4 → 5 or 4 → 0 leaves ∞{1} + 0.
	a, _ = s.AnalyzeLoopySum([]int{2, 4})
	fmt.Println(a.Value, a.Outcome, a.Drawing)
	// Output:
	// [1 ∞{1}] ∞{0} N [{1 1}]
	// ∞{} D [{0 3} {0 1} {1 5} {1 3} {1 0}]
}

func ExampleSolver_LoopyMove() {
	s := game.NewSolver[int](squareButOne{})
	// 1 + 2 is N: the engine's move takes heap 2 to 1, leaving 1 + 1 (value 0).
	m, ok, _ := s.LoopyMove([]int{1, 2})
	fmt.Println(m, ok)
	// 2 + 4 is a draw: the engine keeps it.
	m, ok, _ = s.LoopyMove([]int{2, 4})
	fmt.Println(m, ok)
	// Output:
	// {1 1} true
	// {0 3} true
}

func ExampleLoopyValue_Add() {
	fmt.Println(game.Nimber(3).Add(game.Nimber(5)))
	fmt.Println(game.Nimber(1).Add(game.Infinity(0, 2)))
	fmt.Println(game.Infinity(0).Add(game.Infinity(1)), game.Infinity(0).Add(game.Infinity(1)).Outcome())
	// Output:
	// 6
	// ∞{1,3}
	// ∞{} D
}
