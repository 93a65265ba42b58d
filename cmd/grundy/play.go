package main

import (
	"github.com/spf13/cobra"

	"grundy/play"
	"grundy/query"
)

func newPlayCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:                "play RULESET [flags] POS… | play --script FILE POS…",
		Short:              "play a game in the terminal against the perfect engine",
		Long:               help("play"),
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			g, done, err := a.parseCommandArgs(cmd, args, append([]string{"first"}, scriptFlagNames...), []string{"loopy", "misere"})
			if done || err != nil {
				return err
			}
			req := query.PlayRequest{Flags: g.Other, Loopy: g.Bools["loopy"], Misere: g.Bools["misere"]}
			lim, err := a.scriptRequest(g, &req.Script, &req.ScriptName)
			if err != nil {
				return err
			}
			title := "script:" + req.ScriptName
			if req.Script != "" {
				req.Position = g.Args
			} else {
				if len(g.Args) == 0 {
					return badInput("play takes a RULESET and a position, or --script FILE and a position (see 'grundy play --help')")
				}
				req.Ruleset, req.Position = g.Args[0], g.Args[1:]
				cat, err := query.Rules(cmd.Context(), query.RulesRequest{Name: req.Ruleset}, lim)
				if err != nil {
					return err
				}
				title = req.Ruleset + ": " + cat.Rulesets[0].Summary + "."
			}
			if req.Misere {
				title += "\nMisère play: the player left without a move wins."
			}
			first, ok := g.Own["first"]
			switch {
			case !ok, first == "me", first == "engine":
			default:
				return badInput("--first: want me (you move first) or engine, got %q", first)
			}
			st, err := play.Run(cmd.Context(), play.Game{Request: req, Limits: lim, Title: title, First: first, JSON: a.json, Bound: a.boundHere(boundsOf(g, lim, req.Script != ""))}, a.stdin, a.stdout)
			if err != nil || !a.json {
				return err
			}
			return a.emit(st, nil)
		},
	}
	addScriptFlagDocs(cmd)
	cmd.Flags().String("first", "", "who moves first: me (you) or engine; asked when not given")
	cmd.Flags().Bool("misere", false, "misère play, whoever cannot move wins: heap rulesets (kayles, octal --code C, subtract, …; heaps ≤ 40) and scripts' heap games through their misère quotient, other scripts by search")
	cmd.Flags().Bool("loopy", false, "script mode: a game whose moves may have cycles, played by its loopy values; a position recurring a third time with you to move is a declared draw")
	return cmd
}
