// Command hdu3404 solves HDU 3404 Switch lights: lights on a grid; a move picks a rectangle whose
// bottom-right corner (x2, y2) is on and switches its four corners (fewer when it is a line or a
// cell); whoever switches the last light off wins. For each test it prints whether the first
// player can win.
//
// Theory: the catalogue's "corners" ruleset (Turning Corners: by the Tartan theorem a light at
// (x, y) has value x ⊗ y, the nim-product; the 1-based input coordinates are used as they are).
//
// Input: T; per test, n and n lines "x y". Output: one line per test.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"

	"grundy/examples/judge/internal/judgeio"
	"grundy/rules"
)

// Limits: the judge has T <= 100, n <= 1000, coordinates <= 10000.
const (
	maxTests  = 100_000
	maxLights = 1_000_000
)

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "hdu3404:", err)
		os.Exit(1)
	}
}

func run(in io.Reader, out io.Writer) error {
	corners, err := rules.New("corners", nil)
	if err != nil {
		return err
	}
	r := judgeio.NewReader(in)
	w := judgeio.NewWriter(out)
	T, err := r.IntIn("T", 0, maxTests)
	if err != nil {
		return err
	}
	var args []string
	for t := 1; t <= T; t++ {
		n, err := r.IntIn("n", 0, maxLights)
		if err != nil {
			return fmt.Errorf("test %d: %w", t, err)
		}
		args = args[:0]
		for i := 0; i < n; i++ {
			x, err := r.Uint64()
			if err != nil {
				return fmt.Errorf("test %d, light %d: %w", t, i+1, err)
			}
			y, err := r.Uint64()
			if err != nil {
				return fmt.Errorf("test %d, light %d: %w", t, i+1, err)
			}
			args = append(args, strconv.FormatUint(x, 10)+","+strconv.FormatUint(y, 10))
		}
		pos, err := corners.Parse(args)
		if err != nil {
			return fmt.Errorf("test %d: %w", t, err)
		}
		a, err := corners.Analyze(context.Background(), pos)
		if err != nil {
			return fmt.Errorf("test %d: %w", t, err)
		}
		if a.Outcome == rules.N {
			w.Line("Have a try, lxhgww.")
		} else {
			w.Line("Don't waste your time.")
		}
	}
	return w.Flush()
}
