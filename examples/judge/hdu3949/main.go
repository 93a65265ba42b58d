// Command hdu3949 solves HDU 3949 XOR: for each query K, the K-th smallest of the distinct values
// taken by the XOR of a non-empty subset of the given numbers, or -1 if there are fewer than K.
//
// Theory: xorbasis.Basis.KthSmallest, whose semantics are those of this problem (0 counts only when
// some non-empty subset XORs to it, i.e. when the numbers are linearly dependent).
//
// Input: T; per case N, N numbers, Q, Q values of K. Output: "Case #C:" then one line per query.
package main

import (
	"fmt"
	"io"
	"os"

	"grundy/examples/judge/internal/judgeio"
	"grundy/xorbasis"
)

// Limits well above the judge's (T <= 30, N, Q <= 10000) that keep the run short.
const (
	maxCases   = 1_000
	maxNumbers = 1_000_000
)

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "hdu3949:", err)
		os.Exit(1)
	}
}

func run(in io.Reader, out io.Writer) error {
	r := judgeio.NewReader(in)
	w := judgeio.NewWriter(out)
	T, err := r.IntIn("T", 0, maxCases)
	if err != nil {
		return err
	}
	for c := 1; c <= T; c++ {
		n, err := r.IntIn("N", 1, maxNumbers)
		if err != nil {
			return fmt.Errorf("case %d: %w", c, err)
		}
		var b xorbasis.Basis
		for i := 0; i < n; i++ {
			x, err := r.Uint64()
			if err != nil {
				return fmt.Errorf("case %d, number %d: %w", c, i+1, err)
			}
			b.Insert(x)
		}
		q, err := r.IntIn("Q", 0, maxNumbers)
		if err != nil {
			return fmt.Errorf("case %d: %w", c, err)
		}
		w.String("Case #")
		w.Int64(int64(c), ':')
		w.String("\n")
		for i := 0; i < q; i++ {
			k, err := r.Uint64()
			if err != nil {
				return fmt.Errorf("case %d, query %d: %w", c, i+1, err)
			}
			if v, ok := b.KthSmallest(k); ok {
				w.Uint64(v, '\n')
			} else {
				w.Line("-1")
			}
		}
	}
	return w.Flush()
}
