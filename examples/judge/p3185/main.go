// Command p3185 solves Luogu P3185 [HNOI2007] 分裂游戏 (split game): bottles 0..n−1 hold beans; a
// move takes a bean from bottle i and puts one bean into each of bottles j and k, i < j <= k. For
// each test it prints the lexicographically smallest winning first move "i j k" (or "-1 -1 -1")
// and the number of winning first moves.
//
// Theory: the catalogue's "split" ruleset (every bean is a split-nim heap), whose Analyze lists
// all winning moves in lexicographic order of (i, j, k).
//
// Input: t; per test, n and the n bean counts. Output: two lines per test.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"grundy/examples/judge/internal/judgeio"
	"grundy/rules"
)

// Limits: the judge has t <= 10, n <= 21, p_i <= 10^4.
const (
	maxTests   = 100_000
	maxBottles = 64
)

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "p3185:", err)
		os.Exit(1)
	}
}

// move recovers (i, j, k) from a split move: one bean leaves bottle i, one lands in j and one in k.
func move(from, to rules.Position) (i, j, k int, err error) {
	i, j, k = -1, -1, -1
	for b := range from {
		switch {
		case to[b]+1 == from[b]:
			i = b
		case to[b] == from[b]+2:
			j, k = b, b
		case to[b] == from[b]+1 && j < 0:
			j = b
		case to[b] == from[b]+1:
			k = b
		}
	}
	if i < 0 || j < 0 || k < 0 {
		return 0, 0, 0, errors.New("internal error: a winning move is not a split move")
	}
	return i, j, k, nil
}

func run(in io.Reader, out io.Writer) error {
	split, err := rules.New("split", nil)
	if err != nil {
		return err
	}
	r := judgeio.NewReader(in)
	w := judgeio.NewWriter(out)
	T, err := r.IntIn("t", 0, maxTests)
	if err != nil {
		return err
	}
	for t := 1; t <= T; t++ {
		n, err := r.IntIn("n", 1, maxBottles)
		if err != nil {
			return fmt.Errorf("test %d: %w", t, err)
		}
		beans := make(rules.Position, n)
		for i := range beans {
			if beans[i], err = r.Uint64(); err != nil {
				return fmt.Errorf("test %d, bottle %d: %w", t, i, err)
			}
		}
		a, err := split.Analyze(context.Background(), beans)
		if err != nil {
			return fmt.Errorf("test %d: %w", t, err)
		}
		if !a.Complete {
			return fmt.Errorf("test %d: the winning moves were not all listed", t)
		}
		if len(a.WinningMoves) == 0 {
			w.Line("-1 -1 -1")
			w.Line("0")
			continue
		}
		i, j, k, err := move(beans, a.WinningMoves[0].To)
		if err != nil {
			return err
		}
		w.Int64(int64(i), ' ')
		w.Int64(int64(j), ' ')
		w.Int64(int64(k), '\n')
		w.Int64(int64(len(a.WinningMoves)), '\n')
	}
	return w.Flush()
}
