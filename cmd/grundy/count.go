package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"grundy/incexc"
	"grundy/query"
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
			req := query.CountRequest{N: args[0], Divisors: args[1:], Input: a.stdin}
			if cmd.Flags().Changed("from") {
				req.From = from
			}
			out, err := query.Count(cmd.Context(), req, query.Limits{MaxList: maxListNumbers})
			if err != nil {
				return err
			}
			return a.emit(out, out.WriteText)
		},
	}
	cmd.Flags().StringVar(&from, "from", "1", "count in L..N instead of 1..N (L ≥ 1)")
	return cmd
}
