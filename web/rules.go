package web

import (
	"context"
	"strings"

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

// SolveRequest is the body of POST /api/solve: a ruleset, its flags by name without dashes, the
// position as command-line arguments, and misère play (as --misere).
type SolveRequest struct {
	Ruleset  string            `json:"ruleset"`
	Flags    map[string]string `json:"flags"`
	Position []string          `json:"position"`
	Misere   bool              `json:"misere,omitempty"`
}

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

// solve answers as `grundy solve RULESET [flags] POS… --json` does.
func (s *Server) solve(ctx context.Context, r *SolveRequest) (any, error) {
	if err := s.checkRuleset(r.Ruleset, r.Flags, r.Position); err != nil {
		return nil, err
	}
	if r.Misere {
		return rules.SolveMisere(ctx, r.Ruleset, r.Flags, r.Position)
	}
	return rules.Solve(ctx, r.Ruleset, r.Flags, r.Position)
}

// rulesetSeq answers /api/seq for a one-heap ruleset, as `grundy seq RULESET [flags] --to N --json`.
func (s *Server) rulesetSeq(ctx context.Context, r *SeqRequest, to int) (any, error) {
	if len(r.Flags) > s.limits.MaxArgs {
		return nil, overLimit("max_args", s.limits.MaxArgs, "%d flags: the limit is %d", len(r.Flags), s.limits.MaxArgs)
	}
	return rules.Seq(ctx, r.Ruleset, r.Flags, uint64(to), false)
}
