package game_test

import (
	"fmt"
	"iter"

	"grundy/game"
)

// staircase is the board game of Luogu P4363 on a small board: players alternately fill a cell
// whose left and upper neighbours are filled; the first player's cell (r, c) scores a[r][c], the
// second player's costs b[r][c]. A position is the shape of the filled cells, packed as one row
// length per 4 bits, a compact key for the memo; whose turn it is follows from the count of
// filled cells.
type staircase struct {
	rows, cols int
	a, b       [][]int64
}

func (g staircase) ScoredMoves(shape uint64) iter.Seq2[uint64, int64] {
	return func(yield func(uint64, int64) bool) {
		filled := 0
		for r := range g.rows {
			filled += int(shape >> (4 * r) & 15)
		}
		for r := range g.rows {
			c := int(shape >> (4 * r) & 15)
			if c == g.cols || r > 0 && int(shape>>(4*(r-1))&15) == c {
				continue // row full, or the cell above is empty
			}
			pts := g.a[r][c]
			if filled%2 == 1 {
				pts = -g.b[r][c]
			}
			if !yield(shape+1<<(4*r), pts) {
				return
			}
		}
	}
}

func ExampleScoredSolver_board() {
	// The sample of P4363: the first player maximizes her score minus his, the second minimizes it.
	g := staircase{rows: 2, cols: 3,
		a: [][]int64{{2, 7, 3}, {9, 1, 2}},
		b: [][]int64{{3, 7, 2}, {2, 3, 1}}}
	s := game.NewScoredSolver[uint64](g, game.ScoreFirstMaximizes)
	r, _ := s.Solve(0)
	fmt.Println(r.Score)
	// Output:
	// 2
}
