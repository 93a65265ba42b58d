// Command p2490 solves Luogu P2490 [SDOI2011] 黑白棋 (black and white): a 1×n strip holds k
// pieces alternating white, black, …, black; the first player moves 1 to d white pieces right, the
// second 1 to d black pieces left, no piece jumping another; who cannot move loses. It prints how
// many of the C(n, k) layouts the first player wins, modulo 10^9+7.
//
// Theory: both players only ever shrink the k/2 gaps between the i-th white piece and the i-th
// black piece, so the game is Moore's Nim_d on those gaps (poscount.Moore counts its
// P-positions); the k/2+1 other gaps are free heaps (poscount.AddFree).
//
// Input: n k d. Output: one number.
package main

import (
	"fmt"
	"io"
	"math/big"
	"os"

	"grundy/examples/judge/internal/judgeio"
	"grundy/poscount"
)

const mod = 1_000_000_007

// maxN bounds n so the counting stays within the judge's time (the judge has n <= 10^4, k <= 100).
const (
	maxN = 1_000_000
	maxK = 1000
)

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "p2490:", err)
		os.Exit(1)
	}
}

func run(in io.Reader, out io.Writer) error {
	r := judgeio.NewReader(in)
	n, err := r.IntIn("n", 1, maxN)
	if err != nil {
		return err
	}
	k, err := r.IntIn("k", 2, int64(min(n, maxK)))
	if err != nil {
		return err
	}
	if k%2 != 0 {
		return fmt.Errorf("k = %d must be even (as many white pieces as black)", k)
	}
	d, err := r.IntIn("d", 1, int64(k))
	if err != nil {
		return err
	}
	empty, pairs := n-k, k/2
	game, err := poscount.Moore(pairs, d, empty, mod)
	if err != nil {
		return err
	}
	lost, err := poscount.AddFree(game, pairs+1, mod)
	if err != nil {
		return err
	}
	all := new(big.Int).Binomial(int64(n), int64(k))
	all.Mod(all, big.NewInt(mod))
	w := judgeio.NewWriter(out)
	w.Uint64((all.Uint64()+mod-lost[empty])%mod, '\n')
	return w.Flush()
}
