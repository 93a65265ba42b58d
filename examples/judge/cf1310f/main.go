// Command cf1310f solves Codeforces 1310F "Bad Cryptography": for each pair (a, b) of nimbers
// below 2^64 it prints an x with a^{⊙x} = b (powers in the nim-field), or -1 if there is none.
// The judge accepts any valid x; this program prints the least one.
//
// Theory: nimber.LogBase (Pohlig–Hellman over the prime factors of 2^64 − 1).
//
// Input: t, then t lines "a b" (1 <= a, b < 2^64). Output: one line per pair.
package main

import (
	"fmt"
	"io"
	"os"

	"grundy/examples/judge/internal/judgeio"
	"grundy/nimber"
)

// maxPairs bounds t (the judge has t <= 100).
const maxPairs = 1_000_000

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "cf1310f:", err)
		os.Exit(1)
	}
}

func run(in io.Reader, out io.Writer) error {
	r := judgeio.NewReader(in)
	w := judgeio.NewWriter(out)
	t, err := r.IntIn("t", 0, maxPairs)
	if err != nil {
		return err
	}
	for i := 1; i <= t; i++ {
		a, err := r.Uint64()
		if err != nil {
			return fmt.Errorf("pair %d: %w", i, err)
		}
		b, err := r.Uint64()
		if err != nil {
			return fmt.Errorf("pair %d: %w", i, err)
		}
		if x, ok := nimber.LogBase(a, b); ok {
			w.Uint64(x, '\n')
		} else {
			w.Line("-1")
		}
	}
	return w.Flush()
}
