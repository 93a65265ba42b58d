package main

import (
	"context"
	"strconv"

	"github.com/spf13/cobra"

	"grundy/query"
)

func newGuessCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:                "guess RULESET [flags] [--to N] | guess --script FILE [--heaps K] [--to N]",
		Short:              "find the rule: what a game's values follow, proved where a theorem applies",
		Long:               help("guess"),
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			g, done, err := a.parseCommandArgs(cmd, args, append([]string{"to", "heaps"}, scriptFlagNames...), nil)
			if done || err != nil {
				return err
			}
			req := query.GuessRequest{Flags: g.Other, To: query.Arg(g.Own["to"])}
			if s, ok := g.Own["heaps"]; ok {
				if req.Heaps, err = strconv.Atoi(s); err != nil || req.Heaps < 1 {
					return badInput("--heaps: want a number from 1 to 8, got %q", s)
				}
			}
			lim, err := a.scriptRequest(g, &req.Script, &req.ScriptName)
			if err != nil {
				return err
			}
			if req.Script == "" {
				if len(g.Args) != 1 {
					return badInput("guess takes one RULESET, or --script FILE (see 'grundy guess --help')")
				}
				req.Ruleset = g.Args[0]
			} else if len(g.Args) != 0 {
				return badInput("guess --script FILE takes no positions, got %q", g.Args[0])
			}
			var res query.Answer
			err = a.bounded(cmd.Context(), boundsOf(g, lim, req.Script != ""), func(ctx context.Context) (err error) {
				res, err = query.Guess(ctx, req, lim)
				return err
			})
			if err != nil {
				return err
			}
			return a.emit(res, res.WriteText)
		},
	}
	cmd.Flags().String("to", "", "the last heap or coordinate N")
	cmd.Flags().Int("heaps", 1, "script mode: 1 (ints), 2 (pairs x, y: a table) or k ≥ 3 (k-tuples of heaps: outcomes)")
	addScriptFlagDocs(cmd)
	return cmd
}
