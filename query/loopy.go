package query

import (
	"context"

	"grundy/rules"
)

// solveLoopyRuleset answers a position of a ruleset with cycles: a sum of heaps decided by their
// loopy values.
func solveLoopyRuleset(ctx context.Context, rs rules.Loopy, r SolveRequest) (Answer, error) {
	if r.Misere {
		return nil, Badf("%s has cycles: it is played in normal play only (no --misere)", r.Ruleset)
	}
	p, err := rs.Parse(r.Position)
	if err != nil {
		return nil, err
	}
	a, err := rs.AnalyzeLoopy(ctx, p)
	if err != nil {
		return nil, err
	}
	return NewLoopySolve(rs, p, a), nil
}

// DrawRepeats is the repetition rule of play against the engine (rules.DrawRepeats): a game is
// declared a draw when a position occurs for the DrawRepeats-th time with the same player to
// move. Play is answered one step at a time, so the driver (the command line, the page) counts.
const DrawRepeats = rules.DrawRepeats
