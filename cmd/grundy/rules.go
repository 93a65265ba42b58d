package main

import (
	"github.com/spf13/cobra"

	"grundy/query"
)

func newRulesCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "rules [NAME]",
		Short: "the catalogue of rulesets: flags, position syntax, an example, the theory used",
		Long:  help("rules"),
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 {
				return badInput("rules takes at most one NAME, got %d", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			var req query.RulesRequest
			if len(args) == 1 {
				req.Name = args[0]
			}
			res, err := query.Rules(cmd.Context(), req, query.CLI())
			if err != nil {
				return err
			}
			return a.emit(res, res.WriteText)
		},
	}
}
