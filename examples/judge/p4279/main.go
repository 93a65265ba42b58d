// Command p4279 solves Luogu P4279 [SHOI2008] 小约翰的游戏 (also HDU 1907 / POJ 3480 "John"): misère
// Nim — a move takes any positive number of stones from one heap, and whoever takes the last stone
// loses. For each test it prints "John" when the first player wins, else "Brother".
//
// Theory: the catalogue's "misere-nim" ruleset (the SJ theorem / Anti-SG), through
// rules.Ruleset.Analyze.
//
// Input: T; per test, N and the N heap sizes. Output: one line per test.
package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"grundy/examples/judge/internal/judgeio"
	"grundy/rules"
)

// Limits well above the judge's (T <= 500, N <= 50).
const (
	maxTests = 100_000
	maxHeaps = 100_000
)

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "p4279:", err)
		os.Exit(1)
	}
}

func run(in io.Reader, out io.Writer) error {
	misere, err := rules.New("misere-nim", nil)
	if err != nil {
		return err
	}
	r := judgeio.NewReader(in)
	w := judgeio.NewWriter(out)
	T, err := r.IntIn("T", 0, maxTests)
	if err != nil {
		return err
	}
	for t := 1; t <= T; t++ {
		n, err := r.IntIn("N", 0, maxHeaps)
		if err != nil {
			return fmt.Errorf("test %d: %w", t, err)
		}
		heaps := make(rules.Position, n)
		for i := range heaps {
			if heaps[i], err = r.Uint64(); err != nil {
				return fmt.Errorf("test %d, heap %d: %w", t, i+1, err)
			}
		}
		a, err := misere.Analyze(context.Background(), heaps)
		if err != nil {
			return fmt.Errorf("test %d: %w", t, err)
		}
		if a.Outcome == rules.N {
			w.Line("John")
		} else {
			w.Line("Brother")
		}
	}
	return w.Flush()
}
