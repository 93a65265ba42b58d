// Command hdu2897 solves HDU 2897 邂逅明下: a pile of n coins; a move takes at least p and at most q
// coins, and fewer than p remaining coins must all be taken at once; whoever takes the last coin
// LOSES. For each line "n p q" it prints "WIN" when the first player can force a win, else "LOST",
// until the end of the input.
//
// Theory: the catalogue's "subtract" ruleset with --range p:q --last-loses, whose closed form (the
// first player loses iff n mod (p+q) ∈ [1, p]) is proved against the engine in package rules.
//
// Input: lines "n p q" with 1 ≤ p ≤ q, until end of file (the bounds are not known; any 64-bit n,
// and p + q below 2^63). Output: one line per game.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"

	"grundy/examples/judge/internal/judgeio"
	"grundy/rules"
)

// maxPQ bounds p and q so that p + q cannot overflow.
const maxPQ = 1 << 62

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "hdu2897:", err)
		os.Exit(1)
	}
}

func run(in io.Reader, out io.Writer) error {
	r := judgeio.NewReader(in)
	w := judgeio.NewWriter(out)
	games := 0
	for !r.AtEOF() {
		games++
		n, err := r.Uint64()
		if err != nil {
			return fmt.Errorf("game %d: n: %w", games, err)
		}
		p, err := r.Uint64In("p", 1, maxPQ)
		if err != nil {
			return fmt.Errorf("game %d: %w", games, err)
		}
		q, err := r.Uint64In("q", p, maxPQ)
		if err != nil {
			return fmt.Errorf("game %d: %w (q must be at least p = %d)", games, err, p)
		}
		game, err := rules.New("subtract", map[string]string{
			"range":      strconv.FormatUint(p, 10) + ":" + strconv.FormatUint(q, 10),
			"last-loses": "true",
		})
		if err != nil {
			return fmt.Errorf("game %d: %w", games, err)
		}
		a, err := game.Analyze(context.Background(), rules.Position{n})
		if err != nil {
			return fmt.Errorf("game %d: %w", games, err)
		}
		if a.Outcome == rules.N {
			w.Line("WIN")
		} else {
			w.Line("LOST")
		}
	}
	if games == 0 {
		return errors.New("no games in the input")
	}
	return w.Flush()
}
