package main

import (
	"github.com/spf13/cobra"

	"grundy/internal/cliarg"
	"grundy/rules"
)

// gameArgs is a solve, seq, play or misere command line: the command's own flags, the ruleset's
// (Other) and the positional arguments.
type gameArgs = cliarg.Split

// parseCommandArgs is what solve, seq, play and misere do first with their command line:
// cliarg.SplitFlags with --json and the catalogue's boolean flags (--last-loses, which take no
// value) added to the command's own, the latter then moved to the ruleset's flags as "true", and
// --json applied. done is true when --help was asked for and shown.
func (a *app) parseCommandArgs(cmd *cobra.Command, args, valueFlags, boolFlags []string) (g gameArgs, done bool, err error) {
	var rulesetBools []string
	for _, info := range rules.Catalogue() {
		for _, f := range info.Flags {
			if f.Arg == "" {
				rulesetBools = append(rulesetBools, f.Name)
			}
		}
	}
	g, err = cliarg.SplitFlags(args, valueFlags, append(append([]string{"json"}, boolFlags...), rulesetBools...))
	if err != nil {
		return g, false, err
	}
	if g.Help {
		return g, true, cmd.Help()
	}
	for _, name := range rulesetBools {
		if g.Bools[name] {
			delete(g.Bools, name)
			g.Other[name] = "true"
		}
	}
	if g.Bools["json"] {
		a.json = true
	}
	return g, false, nil
}

// noRulesetFlags refuses ruleset flags where there is no ruleset (script mode).
func noRulesetFlags(g gameArgs) error {
	for name := range g.Other {
		return badInput("unknown flag --%s", name)
	}
	return nil
}
