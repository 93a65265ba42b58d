package query

import (
	"context"
	"io"
	"strconv"

	"grundy/report"
	"grundy/rules"
)

// SolveRequest asks for the outcome, Grundy value and winning moves of a position: `grundy solve`
// and POST /api/solve. Either Ruleset (a built-in ruleset, with Flags) or Script (a user's game)
// names the game.
type SolveRequest struct {
	// Ruleset is a built-in ruleset's name (`grundy rules` lists them).
	Ruleset string `json:"ruleset,omitempty"`
	// Flags are the ruleset's flags by name, without dashes: {"k": "2"}; "true" for a flag that
	// takes no value.
	Flags map[string]string `json:"flags,omitempty"`
	// Script is the Starlark source of a user's game, in place of Ruleset.
	Script string `json:"script,omitempty"`
	// ScriptName names the script in messages and in the answer ("script:NAME"): the command
	// line gives the file's name; the web leaves it empty, for [ScriptName].
	ScriptName string `json:"-"`
	// Position is the position as argument strings: a ruleset's (heaps "3" "4" "5", coins, "x,y"
	// pairs), or a script's position literals, several of which make a sum.
	Position []string `json:"position"`
	// Misere asks for misère play: the last player to move loses (outcome only; value null).
	Misere bool `json:"misere,omitempty"`
	// Loopy (scripts) allows cycles in the moves: the answer is a report.LoopySolve, with the
	// loopy value (a nimber or ∞(K)) and the outcome N, P or D (draw); several positions are a sum
	// decided by the generalized Sprague–Grundy theorem.
	Loopy bool `json:"loopy,omitempty"`
}

// Answer is what an answering function returns: the JSON document of the contract (encode it
// with encoding/json), which also writes itself for people.
type Answer interface {
	WriteText(w io.Writer) error
}

// Solve answers a SolveRequest: a [Report] for a ruleset, a [ScriptSolve] for a script. Both
// have the JSON shape of report.Solve. The game is resolved once (a ruleset, or a script offered
// as one), and rules.Solve picks the method from what it offers and answers.
func Solve(ctx context.Context, r SolveRequest, lim Limits) (Answer, error) {
	if err := lim.checkArgs("position", r.Position, r.Flags); err != nil {
		return nil, err
	}
	switch {
	case r.Script != "" && (r.Ruleset != "" || len(r.Flags) > 0):
		return nil, Badf(`give either "ruleset" (with "flags") or "script", not both`)
	case r.Script != "" && len(r.Position) == 0:
		return nil, Badf("solve takes at least one position of the script's game")
	case r.Script != "" && r.Loopy && r.Misere:
		return nil, Badf("loopy play (--loopy, \"loopy\": true) is normal play: it does not go with misère play")
	case r.Script == "" && r.Ruleset == "":
		return nil, Badf(`missing "ruleset" ('grundy rules' and GET /api/rules list them) or "script"`)
	}
	rs, done, err := resolve(ctx, gameRequest{r.Ruleset, r.Flags, r.Script, r.ScriptName, r.Loopy}, lim)
	if err != nil {
		return nil, err
	}
	defer done()
	sol, err := rules.Solve(ctx, rs, r.Position, rules.Mode{Misere: r.Misere, Loopy: r.Loopy, Label: rules.Title(r.Ruleset, r.Flags)})
	switch {
	case err != nil:
		return nil, classify(err, lim, r.Script != "")
	case sol.Loopy != nil:
		return report.NewLoopySolve(sol.R, sol.Pos, *sol.Loopy), nil
	case sol.Sum != nil:
		return report.NewQuotientSolve(r.Ruleset, r.Position, *sol.Sum), nil
	case r.Script != "":
		return ScriptSolve{Solve: report.NewRulesetSolve(sol.R, sol.Pos, *sol.Analysis).Solve}, nil
	}
	rep := report.NewRulesetSolve(sol.R, sol.Pos, *sol.Analysis)
	if !r.Misere && rep.Value != nil && len(r.Position) > 1 {
		if info := rs.Info(); info.OneHeap && (info.Board == rules.BoardHeaps || info.Board == rules.BoardCoins) {
			rep.Components = heapValues(ctx, rs, r.Position)
		}
	}
	return rep, nil
}

// heapValues returns the Grundy values of the heaps (or coins) of a sum, each solved alone, or nil if one
// has none (the sum's value is their XOR, by the Sprague–Grundy theorem).
func heapValues(ctx context.Context, rs rules.Ruleset, heaps []string) []string {
	out := make([]string, len(heaps))
	known := map[string]string{}
	for i, h := range heaps {
		if v, ok := known[h]; ok {
			out[i] = v
			continue
		}
		sol, err := rules.Solve(ctx, rs, []string{h}, rules.Mode{})
		if err != nil || sol.Analysis == nil || !sol.Analysis.HasValue {
			return nil
		}
		out[i] = strconv.FormatUint(sol.Analysis.Value, 10)
		known[h] = out[i]
	}
	return out
}
