package query

import (
	"context"
	"fmt"
	"strconv"

	"grundy/game"
	"grundy/report"
	"grundy/rules"
)

// Methods named in loopy answers.
const (
	methodLoopyValue = "generalized Sprague–Grundy values (Smith; Fraenkel–Yesha rounds) of every position reachable"
	methodLoopySum   = methodLoopyValue + "; the sum by the generalized Sprague–Grundy theorem"
)

// solveLoopy answers one position or a sum of positions of a game whose moves may have cycles,
// from the loopy values of the components: the value, the outcome, the winning moves and, for a
// draw, the moves that keep it.
func solveLoopy(s *game.Solver[string], name string, keys []string) (report.LoopySolve, error) {
	a, err := s.AnalyzeLoopySum(keys)
	if err != nil {
		return report.LoopySolve{}, err
	}
	res := report.LoopySolve{
		Solve: report.Solve{Ruleset: name, Position: keys, Outcome: a.Outcome.String(),
			WinningMoves: []report.Move{}, Complete: true, Method: methodLoopyValue},
		Value:        report.LoopyValue{LoopyValue: a.Value},
		DrawingMoves: []report.Move{},
	}
	moves := func(ms []game.SumMove[string]) []report.Move {
		if len(keys) > 1 {
			return sumMoves(keys, ms)
		}
		out := []report.Move{}
		for _, m := range ms {
			out = append(out, report.Move{Move: m.To, To: []string{m.To}})
		}
		return out
	}
	if len(keys) > 1 {
		res.Method = methodLoopySum
		for _, v := range a.Values {
			res.Components = append(res.Components, report.LoopyValue{LoopyValue: v})
		}
	}
	res.WinningMoves = moves(a.Winning)
	res.DrawingMoves = moves(a.Drawing)
	return res, nil
}

// seqLoopy computes the loopy values γ(0..to) of a script game with cycles.
func seqLoopy(ctx context.Context, r SeqRequest, to uint64, lim Limits) (Answer, error) {
	run, err := loadScript(ctx, r.ScriptName, r.Script, lim)
	if err != nil {
		return nil, err
	}
	defer run.close()
	vals := make([]game.LoopyValue, 0, min(to, 1<<20)+1)
	for n := uint64(0); n <= to; n++ {
		v, err := run.solver.LoopyValue(strconv.FormatUint(n, 10))
		if err != nil {
			return nil, run.fail(err)
		}
		vals = append(vals, v)
		if r.Progress != nil && (n%256 == 255 || n == to) {
			r.Progress(int64(n)+1, int64(to)+1)
		}
	}
	return report.NewLoopySeq(vals, r.Summary), nil
}

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

// wins reports whether the sum keys is a P-position (a move to it wins): its Grundy value is 0,
// or with loopy its loopy value.
func (run *scriptRun) wins(keys []string, loopy bool) (bool, error) {
	if !loopy {
		v, err := run.value(keys)
		return v == 0, err
	}
	vals := make([]game.LoopyValue, len(keys))
	for i, k := range keys {
		v, err := run.solver.LoopyValue(k)
		if err != nil {
			return false, err
		}
		vals[i] = v
	}
	return game.AddLoopy(vals...).Outcome() == game.PrevWins, nil
}

// engineLoopy picks the engine's move in a game with cycles (game.Solver.LoopyMove): a winning
// move that makes progress, a move that keeps a draw, or the first move.
func (run *scriptRun) engineLoopy(keys []string) (scriptMove, error) {
	m, ok, err := run.solver.LoopyMove(keys)
	if err != nil {
		return scriptMove{}, err
	}
	if !ok {
		return scriptMove{}, Internalf("the engine has no move to play")
	}
	to := append([]string(nil), keys...)
	to[m.Component] = m.To
	text := m.To
	if len(keys) > 1 {
		text = fmt.Sprintf("component %d: %s%s%s", m.Component+1, keys[m.Component], sumMoveSeparator, m.To)
	}
	return scriptMove{text: text, to: to}, nil
}
