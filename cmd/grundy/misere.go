package main

import (
	"context"
	"github.com/spf13/cobra"

	"grundy/query"
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
			// --timeout and --max-memory (and --script) as solve and seq read them.
			lim, err := a.scriptRequest(g, &req.Script, &req.ScriptName)
			if err != nil {
				return err
			}
			if scriptFile == "" {
				req.Game, req.Flags = g.Args[0], g.Other
			}
			req.MaxHeap = query.Arg(g.Own["max-heap"])
			req.MaxSize = query.Arg(g.Own["max-size"])
			req.Stable = query.Arg(g.Own["stable"])
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
	var maxHeap, maxSize, stable, scriptFile string
	cmd.Flags().StringVar(&maxHeap, "max-heap", "", "the largest heap (default: until proved for a code, else 20)")
	cmd.Flags().StringVar(&maxSize, "max-size", "", "stop past this many elements (default 16384)")
	cmd.Flags().StringVar(&stable, "stable", "", "stop once this many heaps in a row add nothing")
	cmd.Flags().StringVar(&scriptFile, "script", "", "a Starlark script whose moves are sums of smaller heaps")
	cmd.Flags().String("timeout", "", "stop after this long (30s, 2m), exit 2 (default: none; a script's budget with --script)")
	cmd.Flags().String("max-memory", "", "stop past this many MiB of memory, exit 2 (default: none; a script's budget with --script)")
	return cmd
}
