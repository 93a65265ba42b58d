package main

import (
	"github.com/spf13/cobra"

	"grundy/rules"
)

// ruleFlags declares on cmd every parameter flag of the catalogue (--k, --set, --range, …) and
// returns a function that collects the flags the user gave, for rules.New. Flags a ruleset does not
// take are refused by rules.New with a message naming its flags.
func ruleFlags(cmd *cobra.Command) func() map[string]string {
	seen := map[string]bool{}
	for _, info := range rules.Catalogue() {
		for _, f := range info.Flags {
			if seen[f.Name] {
				continue
			}
			seen[f.Name] = true
			if f.Arg == "" {
				cmd.Flags().Bool(f.Name, false, "ruleset parameter: "+f.Usage)
			} else {
				cmd.Flags().String(f.Name, "", "ruleset parameter ("+info.Name+"): "+f.Usage)
			}
		}
	}
	return func() map[string]string {
		m := map[string]string{}
		for name := range seen {
			if fl := cmd.Flags().Lookup(name); fl != nil && fl.Changed {
				m[name] = fl.Value.String()
			}
		}
		return m
	}
}
