package main

import (
	"context"
	"os"

	"github.com/spf13/cobra"

	"grundy/query"
	"grundy/sweep"
)

func newMisereCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:                "misere CODE|kayles|dawson-kayles|grundy-game|nim|RULESET [flags]|--script FILE [--max-heap N] [--max-size S] [--stable K]",
		Short:              "the misère quotient of a heap game: of the whole game when proved, or of heaps 0..N",
		Long:               help("misere"),
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 && (args[0] == "scan" || args[0] == "catalogue") {
				return a.misereScan(cmd, args)
			}
			g, done, err := a.parseCommandArgs(cmd, args, []string{"max-heap", "max-size", "stable", "script", "timeout", "max-memory"}, nil)
			if done || err != nil {
				return err
			}
			var req query.MisereRequest
			scriptFile := g.Own["script"]
			if (len(g.Args) == 1) == (scriptFile != "") || len(g.Args) > 1 {
				return badInput("misere takes a GAME (a code, kayles, dawson-kayles, grundy-game, nim, or a one-heap ruleset with its flags) or --script FILE")
			}
			if scriptFile != "" && len(g.Other) > 0 {
				return badInput("misere --script takes no ruleset flags")
			}
			lim, err := a.scriptRequest(g, &req.Script, &req.ScriptName)
			if err != nil {
				return err
			}
			if scriptFile == "" {
				req.Game, req.Flags = g.Args[0], g.Other
			}
			req.MaxHeap, req.MaxSize, req.Stable = query.Arg(g.Own["max-heap"]), query.Arg(g.Own["max-size"]), query.Arg(g.Own["stable"])
			var out *query.MisereAnswer
			err = a.bounded(cmd.Context(), boundsOf(g, lim, scriptFile != ""), func(ctx context.Context) (err error) {
				out, err = query.Misere(ctx, req, lim)
				return err
			})
			if err != nil {
				return err
			}
			return a.emit(out, out.WriteText)
		},
	}
	// Declared for --help only: misere parses its own arguments (cliarg.SplitFlags), so that a
	// ruleset's flags (subtract --set 1,3,4) pass through.
	for _, f := range [][2]string{{"max-heap", "the largest heap (default: until proved for a code, else 20)"}, {"max-size", "stop past this many elements (default 16384)"},
		{"stable", "stop once this many heaps in a row add nothing"}, {"script", "a Starlark script whose moves are sums of smaller heaps"},
		{"timeout", "stop after this long (30s, 2m), exit 2 (default: none; a script's budget with --script)"},
		{"max-memory", "stop past this much memory (512M, 2G; a bare number is MiB), exit 2 (default: none; a script's budget with --script)"}} {
		cmd.Flags().String(f[0], "", f[1])
	}
	return cmd
}

// misereScan runs `grundy misere scan PATTERN [flags]` (the whole-game misère quotient of every code
// of the pattern, or of one shard) and `grundy misere catalogue` (the rows scan --save stored).
func (a *app) misereScan(cmd *cobra.Command, args []string) error {
	g, done, err := a.parseCommandArgs(cmd, args[1:], []string{"max-heap", "max-size", "code-timeout", "shard", "db", "pattern", "format", "timeout", "max-memory"}, []string{"save"})
	if done || err != nil {
		return err
	}
	db, scan := envDB(g.Own["db"]), args[0] == "scan"
	scanOnly := g.Own["max-heap"] + g.Own["max-size"] + g.Own["code-timeout"] + g.Own["shard"] + g.Own["timeout"] + g.Own["max-memory"]
	if len(g.Other) > 0 || scan != (len(g.Args) == 1) || scan && g.Own["pattern"]+g.Own["format"] != "" || !scan && (scanOnly != "" || g.Bools["save"]) {
		return badInput("misere scan takes one PATTERN (a code with ? for any digit, such as 0.??) and --max-heap, --max-size, --code-timeout, --shard, --save, --db, --timeout, --max-memory, --json; misere catalogue takes --db, --pattern, --format table|csv, --json")
	}
	if !scan {
		c, err := sweep.MisereCatalogueOf(cmd.Context(), sweep.MisereCatalogueRequest{DB: db, Pattern: g.Own["pattern"], Format: g.Own["format"]})
		if err != nil {
			return err
		}
		return a.emit(c, c.WriteOut)
	}
	var unused string
	lim, err := a.scriptRequest(g, &unused, &unused)
	if err != nil {
		return err
	}
	req := sweep.MisereScanRequest{Pattern: g.Args[0], MaxHeap: query.Arg(g.Own["max-heap"]), MaxSize: query.Arg(g.Own["max-size"]),
		CodeTimeout: query.Arg(g.Own["code-timeout"]), Save: g.Bools["save"], DB: db}
	if req.Shard, err = sweep.ShardSpec(g.Own["shard"], 0, os.Getenv); err != nil {
		return err
	}
	var out *sweep.MisereScanAnswer
	if err := a.bounded(cmd.Context(), boundsOf(g, lim, false), func(ctx context.Context) (err error) {
		out, err = sweep.MisereScan(ctx, req, lim)
		return err
	}); err != nil {
		return err
	}
	return a.emit(out, out.WriteText)
}
