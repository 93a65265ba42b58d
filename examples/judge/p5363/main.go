// Command p5363 solves Luogu P5363 [SDOI2019] 移动金币 (moving coins): on a 1×n strip holding m
// coins, a move slides one coin left without jumping over another; the player who cannot move
// loses. It prints how many of the C(n, m) starting layouts the first player wins, modulo 10^9+9.
//
// Theory: the gaps in front of the coins form a staircase Nim (moving coin i left carries empty
// cells from the gap before it to the gap after it), with the gap before the rightmost coin on
// step 1 and the cells after it as the ground. The P-layouts are counted by poscount.Staircase;
// the ground is a free heap (poscount.AddFree).
//
// Input: n m. Output: one number.
package main

import (
	"fmt"
	"io"
	"math/big"
	"os"

	"grundy/examples/judge/internal/judgeio"
	"grundy/poscount"
)

const mod = 1_000_000_009

// maxN bounds n so the counting stays within the judge's time (the judge has n <= 150000).
const maxN = 1_000_000

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "p5363:", err)
		os.Exit(1)
	}
}

func run(in io.Reader, out io.Writer) error {
	r := judgeio.NewReader(in)
	n, err := r.IntIn("n", 1, maxN)
	if err != nil {
		return err
	}
	m, err := r.IntIn("m", 1, int64(n))
	if err != nil {
		return err
	}
	empty := n - m
	// Steps 1..m hold the gaps before coins m, m−1, …, 1; the gap after coin m is the ground.
	stair, err := poscount.Staircase(m, empty, mod)
	if err != nil {
		return err
	}
	lost, err := poscount.AddFree(stair, 1, mod)
	if err != nil {
		return err
	}
	all := new(big.Int).Binomial(int64(n), int64(m))
	all.Mod(all, big.NewInt(mod))
	w := judgeio.NewWriter(out)
	w.Uint64((all.Uint64()+mod-lost[empty])%mod, '\n')
	return w.Flush()
}
