package main

import (
	"context"
	"os"

	"github.com/spf13/cobra"

	"grundy/query"
	"grundy/sweep"
)

// misereScan runs `grundy misere scan PATTERN [--max-heap N] [--max-size S] [--code-timeout D]
// [--shard I/N] [--save] [--db DB] [--timeout D] [--max-memory MiB] [--json]`: the whole-game
// misère quotient of every code of the pattern (of one shard of it), and `grundy misere catalogue`.
func (a *app) misereScan(cmd *cobra.Command, args []string) error {
	g, done, err := a.parseCommandArgs(cmd, args, []string{"max-heap", "max-size", "code-timeout", "shard", "db", "pattern", "format", "timeout", "max-memory"}, []string{"save"})
	if done || err != nil {
		return err
	}
	if args[0] == "catalogue" {
		return a.misereCatalogue(cmd, g)
	}
	if len(g.Args) != 2 || len(g.Other) > 0 {
		return badInput("misere scan takes one PATTERN (a code with ? for any digit, such as 0.??) and --max-heap, --max-size, --code-timeout, --shard, --save, --db, --timeout, --max-memory, --json")
	}
	var unused string
	lim, err := a.scriptRequest(g, &unused, &unused)
	if err != nil {
		return err
	}
	req := sweep.MisereScanRequest{Pattern: g.Args[1], MaxHeap: query.Arg(g.Own["max-heap"]), MaxSize: query.Arg(g.Own["max-size"]),
		CodeTimeout: query.Arg(g.Own["code-timeout"]), Save: g.Bools["save"], DB: envDB(g.Own["db"])}
	if req.Shard, err = sweep.ShardSpec(g.Own["shard"], 0, os.Getenv); err != nil {
		return err
	}
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

// misereCatalogue runs `grundy misere catalogue [--db DB] [--pattern P] [--format table|csv] [--json]`.
func (a *app) misereCatalogue(cmd *cobra.Command, g gameArgs) error {
	if len(g.Args) != 1 || len(g.Other) > 0 {
		return badInput("misere catalogue takes --db, --pattern, --format table|csv and --json")
	}
	out, err := sweep.MisereCatalogueOf(cmd.Context(), sweep.MisereCatalogueRequest{DB: envDB(g.Own["db"]), Pattern: g.Own["pattern"], Format: g.Own["format"]})
	if err != nil {
		return err
	}
	return a.emit(out, out.WriteOut)
}
