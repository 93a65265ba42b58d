// Command p4077 solves Luogu P4077 [SDOI2016] 硬币游戏 (coin game): coins 1..n, some tails-up. A
// move picks a tails-up coin x = c·2^a·3^b (c coprime to 6) and flips x together with the coins
// c·2^(a−p·j)·3^b for j = 1..q (p >= 1, 1 <= q <= MAXQ, p·q <= a), or the same along the powers of
// 3. Who cannot move loses. For each test it prints "win" if the first player wins, else "lose".
//
// Theory: a coin-turning game. Only the exponents (a, b) of a coin matter for its moves, so the
// coins sharing c form a game of their own on the 15×10 grid of exponent pairs (a <= 14, b <= 9
// below 2^15), a position being the set of tails-up coins. A set splits into its single
// coins (the coin-turning theorem: turning a coin twice undoes it, so a set of coins is the sum of
// its coins' games); the engine (game.Solver, with the Splitter and Indexer capabilities) takes
// the mex over each coin's moves, and the board's value is the Sprague–Grundy sum of its coins.
//
// Input: T; per test, n and MAXQ, then n states (0 = tails-up, playable; 1 = heads-up).
package main

import (
	"fmt"
	"io"
	"iter"
	"math/bits"
	"os"

	"grundy/examples/judge/internal/judgeio"
	"grundy/game"
)

// Limits: the judge has n <= 30000, MAXQ <= 20, T <= 100. The exponent grid is sized for n below
// 2^15 = 32768 (a <= 14, b <= 9).
const (
	maxN     = 32767
	maxQ     = 20
	maxTests = 10_000
	rowsA    = 15 // a = 0..14
	colsB    = 10 // b = 0..9 (3^9 = 19683 <= maxN < 3^10)
)

// coinSet is a set of tails-up coins sharing one c, on the exponent grid: bit a*colsB+b stands for
// the coin c·2^a·3^b. Moves never leave a class of coins sharing c, and within a class each cell is
// one coin, so a set of cells is exactly a set of coins.
type coinSet [3]uint64

func cell(a, b int) int { return a*colsB + b }

func (s coinSet) has(c int) bool { return s[c/64]>>(c%64)&1 == 1 }
func (s *coinSet) toggle(c int)  { s[c/64] ^= 1 << (c % 64) }
func (s coinSet) count() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2])
}
func single(a, b int) (s coinSet) { s.toggle(cell(a, b)); return s }
func (s coinSet) cells() iter.Seq[int] {
	return func(yield func(int) bool) {
		for c := 0; c < rowsA*colsB; c++ {
			if s.has(c) && !yield(c) {
				return
			}
		}
	}
}

// coinGame is the coin game for one MAXQ.
type coinGame struct{ maxq int }

// flips yields, for the coin at (a, b), the set of coins each of its moves turns over.
func (g coinGame) flips(a, b int) iter.Seq[coinSet] {
	return func(yield func(coinSet) bool) {
		for p := 1; p <= a; p++ {
			for q := 1; q <= g.maxq && p*q <= a; q++ {
				var f coinSet
				for j := 0; j <= q; j++ {
					f.toggle(cell(a-p*j, b))
				}
				if !yield(f) {
					return
				}
			}
		}
		for p := 1; p <= b; p++ {
			for q := 1; q <= g.maxq && p*q <= b; q++ {
				var f coinSet
				for j := 0; j <= q; j++ {
					f.toggle(cell(a, b-p*j))
				}
				if !yield(f) {
					return
				}
			}
		}
	}
}

// Moves yields the options of a set of tails-up coins: pick one of them and turn over what one of
// its moves turns over.
func (g coinGame) Moves(s coinSet) iter.Seq[coinSet] {
	return func(yield func(coinSet) bool) {
		for c := range s.cells() {
			for f := range g.flips(c/colsB, c%colsB) {
				t := s
				for i := range t {
					t[i] ^= f[i]
				}
				if !yield(t) {
					return
				}
			}
		}
	}
}

// Split splits a set of several coins into its single coins.
func (g coinGame) Split(s coinSet) ([]coinSet, bool) {
	if s.count() <= 1 {
		return nil, false
	}
	var parts []coinSet
	for c := range s.cells() {
		parts = append(parts, single(c/colsB, c%colsB))
	}
	return parts, true
}

// Index numbers the single coins by their cell, so the solver keeps their values in a slice.
func (g coinGame) Index(s coinSet) (int, bool) {
	if s.count() != 1 {
		return 0, false
	}
	for c := range s.cells() {
		return c, true
	}
	return 0, false
}

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "p4077:", err)
		os.Exit(1)
	}
}

func run(in io.Reader, out io.Writer) error {
	// exps[x] is the cell of coin x's exponents.
	exps := make([]int, maxN+1)
	for x := 1; x <= maxN; x++ {
		c, a, b := x, 0, 0
		for ; c%2 == 0; c /= 2 {
			a++
		}
		for ; c%3 == 0; c /= 3 {
			b++
		}
		exps[x] = cell(a, b)
	}
	// One solver per MAXQ (MAXQ above 14 allows nothing more than 14 does, as p·q <= a <= 14).
	solvers := map[int]*game.Solver[coinSet]{}

	r := judgeio.NewReader(in)
	w := judgeio.NewWriter(out)
	T, err := r.IntIn("T", 0, maxTests)
	if err != nil {
		return err
	}
	var tails []coinSet
	for t := 1; t <= T; t++ {
		n, err := r.IntIn("n", 1, maxN)
		if err != nil {
			return fmt.Errorf("test %d: %w", t, err)
		}
		q, err := r.IntIn("MAXQ", 1, maxQ)
		if err != nil {
			return fmt.Errorf("test %d: %w", t, err)
		}
		q = min(q, rowsA-1)
		s := solvers[q]
		if s == nil {
			s = game.NewSolver[coinSet](coinGame{maxq: q})
			solvers[q] = s
		}
		tails = tails[:0]
		for x := 1; x <= n; x++ {
			state, err := r.IntIn("coin state", 0, 1)
			if err != nil {
				return fmt.Errorf("test %d, coin %d: %w", t, x, err)
			}
			if state == 0 {
				c := exps[x]
				tails = append(tails, single(c/colsB, c%colsB))
			}
		}
		v, err := s.SumValue(tails)
		if err != nil {
			return err
		}
		if v != 0 {
			w.Line("win")
		} else {
			w.Line("lose")
		}
	}
	return w.Flush()
}
