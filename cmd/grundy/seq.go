package main

import (
	"context"

	"github.com/spf13/cobra"

	"grundy/internal/cliarg"
	"grundy/query"
)

func newSeqCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:                "seq RULESET [flags] --to N | seq --script FILE --to N",
		Short:              "Grundy values g(0..N) of a one-heap game, with its period if one shows",
		Long:               help("seq"),
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			g, done, err := a.parseCommandArgs(cmd, args, append([]string{"to", "plot"}, scriptFlagNames...), []string{"summary", "loopy"})
			if done || err != nil {
				return err
			}
			toArg, ok := g.Own["to"]
			if !ok {
				return badInput("seq needs --to N: the last heap to compute")
			}
			req := query.SeqRequest{Flags: g.Other, To: query.Arg(toArg), Summary: g.Bools["summary"], Loopy: g.Bools["loopy"]}
			if _, ok := g.Own["plot"]; ok && req.Loopy {
				return badInput("--plot draws Grundy values: it does not go with --loopy")
			}
			lim, err := a.scriptRequest(g, &req.Script, &req.ScriptName)
			if err != nil {
				return err
			}
			name := "script:" + req.ScriptName
			var opt query.Options
			if req.Script != "" {
				if len(g.Args) != 0 {
					return badInput("seq --script FILE takes no positions (it computes 0..N), got %q", g.Args[0])
				}
				if to, err := cliarg.Uint64(toArg); err == nil && to < 1<<62 {
					bar := a.newProgress(false, int64(to)+1, name, "heaps")
					defer bar.Finish()
					opt.Progress = bar.Set
				}
			} else {
				if len(g.Args) != 1 {
					return badInput("seq takes one RULESET, or --script FILE (see 'grundy seq --help')")
				}
				req.Ruleset, name = g.Args[0], g.Args[0]
			}
			var res query.Answer
			err = a.bounded(cmd.Context(), boundsOf(g, lim, req.Script != ""), func(ctx context.Context) (err error) {
				res, err = query.Seq(ctx, req, lim, opt)
				return err
			})
			if err != nil {
				return err
			}
			if err := a.seqPlot(g, name, res); err != nil {
				return err
			}
			return a.emit(res, res.WriteText)
		},
	}
	cmd.Flags().String("to", "", "the last heap N: compute g(0..N)")
	cmd.Flags().Bool("summary", false, "leave the values out: only the period")
	cmd.Flags().Bool("loopy", false, "script mode: a game whose moves may have cycles; loopy values γ(0..N) (3 or ∞{0,2}) and outcomes N, P or D")
	cmd.Flags().String("plot", "", "also draw the values against the heap, period shaded, into F.svg or F.png")
	addScriptFlagDocs(cmd)
	return cmd
}
