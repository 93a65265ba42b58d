// Command hdu1848 solves HDU 1848 Fibonacci again and again: three heaps; a move takes a Fibonacci
// number (1, 2, 3, 5, 8, …) of stones from one heap; whoever takes the last stone wins. For each
// line "m n p" it prints "Fibo" when the first player wins, else "Nacci", until "0 0 0".
//
// Theory: the catalogue's "subtract" ruleset with --set the Fibonacci numbers up to the largest
// heap allowed; its Analyze sums the heaps' Grundy values (Sprague–Grundy).
//
// Input: lines "m n p", ended by "0 0 0". Output: one line per game.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"grundy/examples/judge/internal/judgeio"
	"grundy/rules"
)

// maxHeap is the judge's bound on m, n, p.
const maxHeap = 1000

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "hdu1848:", err)
		os.Exit(1)
	}
}

func run(in io.Reader, out io.Writer) error {
	var fib []string
	for a, b := 1, 2; a <= maxHeap; a, b = b, a+b {
		fib = append(fib, strconv.Itoa(a))
	}
	game, err := rules.New("subtract", map[string]string{"set": strings.Join(fib, ",")})
	if err != nil {
		return err
	}
	r := judgeio.NewReader(in)
	w := judgeio.NewWriter(out)
	for line := 1; ; line++ {
		var heaps rules.Position
		for range 3 {
			h, err := r.Uint64In("heap", 0, maxHeap)
			if err != nil {
				return fmt.Errorf("game %d: %w", line, err)
			}
			heaps = append(heaps, h)
		}
		if heaps[0] == 0 && heaps[1] == 0 && heaps[2] == 0 {
			break
		}
		a, err := game.Analyze(context.Background(), heaps)
		if err != nil {
			return fmt.Errorf("game %d: %w", line, err)
		}
		if a.Outcome == rules.N {
			w.Line("Fibo")
		} else {
			w.Line("Nacci")
		}
	}
	return w.Flush()
}
