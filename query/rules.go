package query

import (
	"context"

	"grundy/report"
	"grundy/rules"
)

// RulesRequest asks for the catalogue of built-in rulesets (`grundy rules`, GET /api/rules), or,
// with Name, for one ruleset in full (`grundy rules NAME`).
type RulesRequest struct {
	Name string `json:"name,omitempty"`
}

// Rules answers a RulesRequest.
func Rules(ctx context.Context, r RulesRequest, _ Limits) (RulesAnswer, error) {
	if err := ctx.Err(); err != nil {
		return RulesAnswer{}, classify(err, Limits{}, false)
	}
	infos := rules.Catalogue()
	if r.Name != "" {
		info, err := rules.Lookup(r.Name)
		if err != nil {
			return RulesAnswer{}, classify(err, Limits{}, false)
		}
		infos = []rules.Info{info}
	}
	out := RulesAnswer{Rules: report.Rules{Rulesets: []report.RuleInfo{}}, One: r.Name != ""}
	for _, in := range infos {
		ri := report.RuleInfo{Name: in.Name, Summary: in.Summary, Position: in.Position, Example: in.Example,
			Command: "grundy solve " + in.Name + " " + in.Example, Theory: in.Theory, Indexing: in.Indexing,
			Limits: in.Limits, OneHeap: in.OneHeap, Play: string(in.Play), Board: string(in.Board), Flags: []report.RuleFlag{}}
		for _, f := range in.Flags {
			ri.Flags = append(ri.Flags, report.RuleFlag{Name: f.Name, Arg: f.Arg, Usage: f.Usage, OneOf: f.OneOf})
		}
		out.Rulesets = append(out.Rulesets, ri)
	}
	return out, nil
}
