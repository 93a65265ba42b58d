// Command nimproduct64 solves Library Checker nim_product_64: for each of T pairs (A, B) of
// 64-bit numbers it prints the nim-product A ⊗ B.
//
// Theory: nimber.MulSlice, the batch nim-product, on blocks of pairs; input and output go through
// large buffers so that the run is bound by reading and writing.
//
// Input: T, then T lines "A B". Output: T lines.
package main

import (
	"fmt"
	"io"
	"os"

	"grundy/examples/judge/internal/judgeio"
	"grundy/nimber"
)

// maxPairs bounds T (the judge has T <= 10^6); block is the batch size handed to MulSlice.
const (
	maxPairs = 100_000_000
	block    = 4096
)

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "nimproduct64:", err)
		os.Exit(1)
	}
}

func run(in io.Reader, out io.Writer) error { return solve(in, out, nimber.MulSlice) }

// solve does the reading and writing around mul, the batch product (MulSlice; the benchmarks pass
// a plain XOR to measure the input and output alone).
func solve(in io.Reader, out io.Writer, mul func(dst, a, b []uint64)) error {
	r := judgeio.NewReader(in)
	w := judgeio.NewWriter(out)
	t, err := r.IntIn("T", 0, maxPairs)
	if err != nil {
		return err
	}
	var a, b, p [block]uint64
	for done := 0; done < t; {
		n := min(block, t-done)
		for i := 0; i < n; i++ {
			if a[i], err = r.Uint64(); err != nil {
				return fmt.Errorf("pair %d: %w", done+i+1, err)
			}
			if b[i], err = r.Uint64(); err != nil {
				return fmt.Errorf("pair %d: %w", done+i+1, err)
			}
		}
		mul(p[:n], a[:n], b[:n])
		for _, v := range p[:n] {
			w.Uint64(v, '\n')
		}
		done += n
	}
	return w.Flush()
}
