// Command p4363 solves Luogu P4363 [九省联考2018] 一双木棋 (chess): on an n×m board two players
// alternately place a piece on a cell whose left and upper neighbours are filled, until the board
// is full; cell (i, j) scores a[i][j] for the first player's piece and b[i][j] for the second's.
// The first player maximises (her score − his score), the second minimises it; the program prints
// that difference under perfect play.
//
// Theory: a zero-sum scored game, solved by game.ScoredSolver with game.ScoreFirstMaximizes over
// the staircase shapes of filled cells (at most C(20, 10) = 184756 of them).
//
// Input: n m, then the n×m matrix a, then the n×m matrix b. Output: one number.
package main

import (
	"fmt"
	"io"
	"iter"
	"os"

	"grundy/examples/judge/internal/judgeio"
	"grundy/game"
)

// maxSide is the judge's bound on n and m; a shape packs one 4-bit row length per row.
const (
	maxSide  = 10
	maxScore = 1_000_000_000
)

// chess is the scored game: a position is the shape of filled cells, row r holding
// shape>>(4r)&15 pieces (rows never longer than the row above). The player to move is the first
// one exactly when an even number of cells is filled.
type chess struct {
	n, m int
	a, b [maxSide][maxSide]int64
}

func rowLen(shape uint64, r int) int { return int(shape >> (4 * r) & 15) }

// ScoredMoves yields the shapes one placement reaches, with the points of the placement: +a for
// the first player's piece, −b for the second's.
func (g *chess) ScoredMoves(shape uint64) iter.Seq2[uint64, int64] {
	return func(yield func(uint64, int64) bool) {
		filled := 0
		for r := 0; r < g.n; r++ {
			filled += rowLen(shape, r)
		}
		first := filled%2 == 0
		for r := 0; r < g.n; r++ {
			c := rowLen(shape, r)
			if c == g.m || r > 0 && rowLen(shape, r-1) == c {
				continue
			}
			pts := -g.b[r][c]
			if first {
				pts = g.a[r][c]
			}
			if !yield(shape+1<<(4*r), pts) {
				return
			}
		}
	}
}

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "p4363:", err)
		os.Exit(1)
	}
}

func run(in io.Reader, out io.Writer) error {
	r := judgeio.NewReader(in)
	g := &chess{}
	var err error
	if g.n, err = r.IntIn("n", 1, maxSide); err != nil {
		return err
	}
	if g.m, err = r.IntIn("m", 1, maxSide); err != nil {
		return err
	}
	for _, mat := range []*[maxSide][maxSide]int64{&g.a, &g.b} {
		for i := 0; i < g.n; i++ {
			for j := 0; j < g.m; j++ {
				v, err := r.IntIn("score", 0, maxScore)
				if err != nil {
					return err
				}
				mat[i][j] = int64(v)
			}
		}
	}
	res, err := game.NewScoredSolver[uint64](g, game.ScoreFirstMaximizes).Solve(0)
	if err != nil {
		return err
	}
	w := judgeio.NewWriter(out)
	w.Int64(res.Score, '\n')
	return w.Flush()
}
