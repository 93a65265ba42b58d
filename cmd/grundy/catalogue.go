package main

import (
	"context"

	"grundy/rules"
)

// catalogueBackend plugs the built-in rulesets of package rules into solve and seq.
type catalogueBackend struct{}

func (catalogueBackend) Solve(ctx context.Context, req solveRequest) (answer, error) {
	if req.Misere {
		return rules.SolveMisere(ctx, req.Ruleset, req.Flags, req.Position)
	}
	return rules.Solve(ctx, req.Ruleset, req.Flags, req.Position)
}

func (catalogueBackend) Seq(ctx context.Context, req seqRequest) (answer, error) {
	return rules.Seq(ctx, req.Ruleset, req.Flags, req.To, req.Summary)
}

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
