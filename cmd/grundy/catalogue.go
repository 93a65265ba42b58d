package main

import (
	"grundy/rules"
)

// rulesetBoolFlags names the catalogue's flags that take no value (--last-loses), so that the
// solve and seq parsers do not take the next argument as their value.
func rulesetBoolFlags() []string {
	var out []string
	for _, info := range rules.Catalogue() {
		for _, f := range info.Flags {
			if f.Arg == "" {
				out = append(out, f.Name)
			}
		}
	}
	return out
}

// moveRulesetBools moves the ruleset's boolean flags parsed among the command's own into the
// ruleset's flags, as "true".
func moveRulesetBools(g *gameArgs) {
	for _, name := range rulesetBoolFlags() {
		if g.bools[name] {
			delete(g.bools, name)
			g.ruleset[name] = "true"
		}
	}
}
