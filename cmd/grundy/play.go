package main

import (
	"errors"

	"github.com/spf13/cobra"

	"grundy/rules"
)

func newPlayCmd(a *app) *cobra.Command {
	var flags func() map[string]string
	cmd := &cobra.Command{
		Use:   "play RULESET [flags] POS…",
		Short: "play a ruleset in the terminal against the perfect engine",
		Long: `play starts a game of RULESET from POS against the perfect engine. It asks who moves first,
shows the board after every move, refuses illegal moves with the reason and ends by naming the
winner. Type the position after your move (in the syntax of POS), a move as 'moves' lists it, #N
for the N-th listed move, or one of: moves, hint, help, quit.

Example:
  grundy play nim 3 4 5`,
		Args: minArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if a.json {
				return badInput("play is interactive: it has no --json output")
			}
			r, err := rules.New(args[0], flags())
			if err != nil {
				return err
			}
			p, err := r.Parse(args[1:])
			if err != nil {
				return err
			}
			err = rules.Play(cmd.Context(), r, p, a.stdin, a.stdout)
			if errors.Is(err, rules.ErrQuit) {
				return nil
			}
			if err != nil {
				return badInput("%v", err)
			}
			return nil
		},
	}
	flags = ruleFlags(cmd)
	return cmd
}
