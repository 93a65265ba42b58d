package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"grundy/incexc"
	"grundy/query"
	"grundy/report"
)

func newCountCmd(a *app) *cobra.Command {
	var from string
	cmd := &cobra.Command{
		Use:   "count N D1 D2 …",
		Short: "how many of 1..N are divisible by at least one Di (inclusion–exclusion)",
		Long:  fmt.Sprintf(help("count"), incexc.DefaultMaxTerms),
		Args:  minArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			req := query.CountRequest{N: args[0], Divisors: args[1:], Input: a.stdin}
			if cmd.Flags().Changed("from") {
				req.From = from
			}
			var out report.Count
			err := a.boundedCmd(cmd, func(ctx context.Context) (err error) {
				out, err = query.Count(ctx, req, query.Limits{MaxList: maxListNumbers})
				return err
			})
			if err != nil {
				return err
			}
			return a.emit(out, out.WriteText)
		},
	}
	cmd.Flags().StringVar(&from, "from", "1", "count in L..N instead of 1..N (L ≥ 1)")
	addBoundFlags(cmd.Flags())
	return cmd
}
