package main

import (
	"context"

	"github.com/spf13/cobra"

	"grundy/query"
	"grundy/sweep"
)

// misereScan runs `grundy misere scan PATTERN [--max-heap N] [--max-size S] [--timeout D]
// [--max-memory MiB] [--json]`: the whole-game misère quotient of every code of the pattern.
func (a *app) misereScan(cmd *cobra.Command, args []string) error {
	g, done, err := a.parseCommandArgs(cmd, args, []string{"max-heap", "max-size", "timeout", "max-memory"}, nil)
	if done || err != nil {
		return err
	}
	if len(g.Args) != 1 || len(g.Other) > 0 {
		return badInput("misere scan takes one PATTERN (a code with ? for any digit, such as 0.??) and --max-heap, --max-size, --timeout, --max-memory, --json")
	}
	var unused string
	lim, err := a.scriptRequest(g, &unused, &unused)
	if err != nil {
		return err
	}
	req := sweep.MisereScanRequest{Pattern: g.Args[0], MaxHeap: query.Arg(g.Own["max-heap"]), MaxSize: query.Arg(g.Own["max-size"])}
	var out *sweep.MisereScanAnswer
	err = a.bounded(cmd.Context(), boundsOf(g, lim, false), func(ctx context.Context) (err error) {
		out, err = sweep.MisereScan(ctx, req, lim)
		return err
	})
	if err != nil {
		return err
	}
	return a.emit(out, out.WriteText)
}
