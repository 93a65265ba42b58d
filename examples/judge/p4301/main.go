// Command p4301 solves Luogu P4301 [CQOI2013] 新Nim游戏 (New Nim): in the first round each player
// may remove whole heaps (not all of them), then ordinary Nim is played with the first player to
// move. It prints the least number of matches the first player must remove in round one to be
// sure to win, or -1 if no first round wins.
//
// Theory: xorbasis.NewNim — keep a heaviest set of heaps that is linearly independent over GF(2).
//
// Input: k, then k heap sizes. Output: one number.
package main

import (
	"fmt"
	"io"
	"os"

	"grundy/examples/judge/internal/judgeio"
	"grundy/xorbasis"
)

// maxHeaps bounds k (the judge has k <= 100).
const maxHeaps = 1_000_000

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "p4301:", err)
		os.Exit(1)
	}
}

func run(in io.Reader, out io.Writer) error {
	r := judgeio.NewReader(in)
	k, err := r.IntIn("k", 1, maxHeaps)
	if err != nil {
		return err
	}
	heaps := make([]uint64, k)
	for i := range heaps {
		if heaps[i], err = r.Uint64(); err != nil {
			return fmt.Errorf("heap %d: %w", i+1, err)
		}
	}
	w := judgeio.NewWriter(out)
	if res, ok := xorbasis.NewNim(heaps); ok {
		w.Line(res.Taken.String())
	} else {
		w.Line("-1")
	}
	return w.Flush()
}
