package game_test

import (
	"errors"
	"fmt"
	"iter"

	"grundy/game"
)

// nimHeap is a Nim heap: a move leaves any smaller heap.
type nimHeap struct{}

func (nimHeap) Moves(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for k := n - 1; k >= 0; k-- {
			if !yield(k) {
				return
			}
		}
	}
}

func ExampleSolver_SJOutcome() {
	// Misère Nim: whoever takes the last counter loses. A heap of value 0 is empty, so the SJ
	// theorem applies and the values decide: 1+1+1 is lost for the player to move (three moves
	// are left, the last one by that player); 1+1+2 is won by taking one counter from the 2, which
	// leaves 1+1+1.
	s := game.NewSolver[int](nimHeap{})
	for _, heaps := range [][]int{{1, 1, 1}, {1, 1, 2}} {
		out, _ := s.SJOutcome(heaps)
		win, _ := s.SJWinningMoves(heaps)
		fmt.Println(heaps, out, win)
	}
	// The subtraction game {1, 3, 4} has positions of value 0 that are not terminal (heap 2):
	// the theorem does not apply there.
	_, err := game.NewSolver[int](subtraction{}).SJOutcome([]int{5})
	var notSJ *game.SJError[int]
	fmt.Println(errors.As(err, &notSJ), notSJ.Position)
	// Output:
	// [1 1 1] P []
	// [1 1 2] N [{2 1}]
	// true 2
}
