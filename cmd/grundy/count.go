package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"grundy/incexc"
	"grundy/internal/cliarg"
)

func newCountCmd(a *app) *cobra.Command {
	var from string
	cmd := &cobra.Command{
		Use:   "count N D1 D2 …",
		Short: "how many of 1..N are divisible by at least one Di (inclusion–exclusion)",
		Long: `count prints how many integers in 1..N (or in L..N with --from L) are divisible by at least one
of the divisors D1 D2 …: any positive numbers below 2^64, not only primes, repeats allowed. A
single - in place of the divisors reads them, whitespace-separated, from stdin.

Inclusion–exclusion runs over least common multiples, pruning every set of divisors whose lcm
exceeds N and merging sets with equal lcm; a count that would need more than ` + fmt.Sprint(incexc.DefaultMaxTerms) + ` terms
(many small, nearly coprime divisors with a huge N) is refused as bad input.

With --json: {"from": "L", "n": "N", "count": "c"}, numbers as decimal strings.`,
		Args: minArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			n, err := cliarg.Uint64(args[0])
			if err != nil {
				return badInput("N: %v", err)
			}
			lo, err := cliarg.Uint64(from)
			if err != nil {
				return badInput("--from: %v", err)
			}
			if lo == 0 {
				return badInput("--from must be at least 1")
			}
			if lo > n && cmd.Flags().Changed("from") {
				return badInput("--from %d is above N = %d: the range is empty", lo, n)
			}
			ds, err := a.numberList(args[1:], "divisors")
			if err != nil {
				return err
			}
			for i, d := range ds {
				if d == 0 {
					return badInput("divisor %d is 0: divisors must be positive", i+1)
				}
			}
			c, err := incexc.CountRange(lo, n, ds)
			if err != nil {
				var le *incexc.LimitError
				if errors.As(err, &le) {
					return badInput("this count needs more than %d inclusion–exclusion terms (the limit): use fewer or larger divisors, or a smaller N", le.Limit)
				}
				return internalf("count: %v", err)
			}
			return a.emit(struct {
				From  string `json:"from"`
				N     string `json:"n"`
				Count string `json:"count"`
			}{u64s(lo), u64s(n), u64s(c)}, func(w io.Writer) error {
				_, err := fmt.Fprintln(w, c)
				return err
			})
		},
	}
	cmd.Flags().StringVar(&from, "from", "1", "count in L..N instead of 1..N (L ≥ 1)")
	return cmd
}
