package query

import (
	"context"
	"fmt"
	"io"
	"strings"

	"grundy/report"
	"grundy/rules"
)

// RulesRequest asks for the catalogue of built-in rulesets (`grundy rules`, GET /api/rules), or,
// with Name, for one ruleset in full (`grundy rules NAME`).
type RulesRequest struct {
	Name string `json:"name,omitempty"`
}

// RulesAnswer is the answer of Rules.
type RulesAnswer struct {
	report.Rules
	one bool // asked for one ruleset: the text shows it in full
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
	out := RulesAnswer{Rules: report.Rules{Rulesets: []report.RuleInfo{}}, one: r.Name != ""}
	for _, in := range infos {
		ri := report.RuleInfo{Name: in.Name, Summary: in.Summary, Position: in.Position, Example: in.Example,
			Command: "grundy solve " + in.Name + " " + in.Example, Theory: in.Theory, Indexing: in.Indexing,
			Limits: in.Limits, OneHeap: in.OneHeap, Play: string(in.Play), Board: string(in.Board), Flags: []report.RuleFlag{}}
		for _, f := range in.Flags {
			ri.Flags = append(ri.Flags, report.RuleFlag{Name: f.Name, Arg: f.Arg, Usage: f.Usage})
		}
		out.Rulesets = append(out.Rulesets, ri)
	}
	return out, nil
}

// WriteText writes the catalogue for people: every ruleset with its flags, position syntax and
// example; one ruleset asked for by name in full, with its theory and limits.
func (c RulesAnswer) WriteText(w io.Writer) error {
	var b strings.Builder
	if !c.one {
		for _, r := range c.Rulesets {
			fmt.Fprintf(&b, "%-13s %s\n", r.Name, r.Summary)
			fmt.Fprintf(&b, "%-13s position: %s\n", "", r.Position)
			for _, f := range r.Flags {
				fmt.Fprintf(&b, "%-13s %s: %s\n", "", flagSyntax(f), f.Usage)
			}
			fmt.Fprintf(&b, "%-13s numbering: %s\n", "", r.Indexing)
			fmt.Fprintf(&b, "%-13s example: %s\n\n", "", r.Command)
		}
		b.WriteString("'grundy rules NAME' gives the theory, numbering and limits of one ruleset.\n")
	} else {
		r := c.Rulesets[0]
		fmt.Fprintf(&b, "%s — %s\n\n", r.Name, r.Summary)
		fmt.Fprintf(&b, "play:      %s\n", r.Play)
		fmt.Fprintf(&b, "position:  %s\n", r.Position)
		for _, f := range r.Flags {
			fmt.Fprintf(&b, "flag:      %s: %s\n", flagSyntax(f), f.Usage)
		}
		fmt.Fprintf(&b, "numbering: %s\n", r.Indexing)
		fmt.Fprintf(&b, "example:   %s\n", r.Command)
		fmt.Fprintf(&b, "theory:    %s\n", r.Theory)
		fmt.Fprintf(&b, "limits:    %s\n", r.Limits)
		if r.OneHeap {
			fmt.Fprintf(&b, "sequence:  grundy seq %s --to N\n", r.Name)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// flagSyntax writes a flag as typed: "--k K", or "--last-loses" for a flag without a value.
func flagSyntax(f report.RuleFlag) string {
	if f.Arg == "" {
		return "--" + f.Name
	}
	return "--" + f.Name + " " + f.Arg
}
