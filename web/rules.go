package web

import (
	"context"
	"strings"

	"grundy/query"
	"grundy/rules"
)

// RuleInfo describes one ruleset of the catalogue for the page (GET /api/rules).
type RuleInfo struct {
	Name     string     `json:"name"`
	Summary  string     `json:"summary"`
	Flags    []RuleFlag `json:"flags"`
	Position string     `json:"position"`
	Example  string     `json:"example"`
	Theory   string     `json:"theory,omitempty"`
	Indexing string     `json:"indexing,omitempty"`
	Limits   string     `json:"limits,omitempty"`
	OneHeap  bool       `json:"one_heap"`
	Play     string     `json:"play"`
	// Board is how the page draws a position: "heaps" (rows of counters), "coins" (a strip of
	// coins), "grid" (coins at x,y) or "text".
	Board string `json:"board"`
}

// RuleFlag is one parameter flag of a ruleset; Arg is empty for a boolean flag.
type RuleFlag struct {
	Name  string `json:"name"`
	Arg   string `json:"arg,omitempty"`
	Usage string `json:"usage"`
}

// boardOf chooses how the page draws positions of a ruleset, from its position syntax.
func boardOf(in rules.Info) string {
	switch {
	case strings.Contains(in.Position, "heap size"):
		return "heaps"
	case strings.HasPrefix(in.Position, "the indices of the heads-up coins"):
		return "coins"
	case strings.Contains(in.Position, "x,y pairs"):
		return "grid"
	}
	return "text"
}

// Catalogue is the answer of GET /api/rules.
type Catalogue struct {
	Rulesets []RuleInfo `json:"rulesets"`
}

func catalogue() Catalogue {
	out := Catalogue{Rulesets: []RuleInfo{}}
	for _, in := range rules.Catalogue() {
		ri := RuleInfo{Name: in.Name, Summary: in.Summary, Position: in.Position, Example: in.Example,
			Theory: in.Theory, Indexing: in.Indexing, Limits: in.Limits, OneHeap: in.OneHeap, Play: in.Play,
			Board: boardOf(in), Flags: []RuleFlag{}}
		for _, f := range in.Flags {
			ri.Flags = append(ri.Flags, RuleFlag{Name: f.Name, Arg: f.Arg, Usage: f.Usage})
		}
		out.Rulesets = append(out.Rulesets, ri)
	}
	return out
}

// SolveRequest is the body of POST /api/solve: a ruleset (its flags by name without dashes) or
// a script's source, the position as command-line arguments, misère and loopy play.
type SolveRequest = query.SolveRequest

// checkRuleset checks the parts every ruleset request has.
func (s *Server) checkRuleset(name string, flags map[string]string, position []string) error {
	if err := s.checkArgs("position", position); err != nil {
		return err
	}
	if len(flags) > s.limits.MaxArgs {
		return overLimit("max_args", s.limits.MaxArgs, "%d flags: the limit is %d", len(flags), s.limits.MaxArgs)
	}
	if name == "" {
		return badRequest(`missing "ruleset" (GET /api/rules lists them)`)
	}
	return nil
}

// solve answers as `grundy solve … --json` does.
func (s *Server) solve(ctx context.Context, r *SolveRequest) (any, error) {
	return query.Solve(ctx, *r, s.queryLimits())
}
