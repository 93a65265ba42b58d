package query

import (
	"context"
	"errors"
	"strings"

	"grundy/report"
	"grundy/scriptgame"
)

// ScriptName is the name a script sent without one (by the web page) goes by in messages and
// answers: its answers say "ruleset": "script:script.star".
const ScriptName = "script.star"

// scriptRun is a loaded script game (package scriptgame) within the limits in force.
type scriptRun struct {
	*scriptgame.Game
	name string // "script:NAME", the answers' ruleset
	lim  Limits
}

// loadScript runs the script src (called name in messages; ScriptName when empty) within the
// script budgets of lim, and returns it with an engine over it that watches ctx. Call close.
func loadScript(ctx context.Context, name, src string, lim Limits) (*scriptRun, error) {
	if name == "" {
		name = ScriptName
	}
	if lim.MaxScriptBytes > 0 && len(src) > lim.MaxScriptBytes {
		return nil, lim.over("max_script_bytes", lim.MaxScriptBytes, "the script %s has %d bytes: the limit is %d", name, len(src), lim.MaxScriptBytes)
	}
	if src == "" {
		return nil, Badf("the script %s is empty: want a Starlark script defining moves(pos)", name)
	}
	g, err := scriptgame.Load(ctx, name, src, scriptgame.Limits{Steps: lim.ScriptSteps, Memory: lim.ScriptMemory,
		Timeout: lim.ScriptTimeout, Positions: lim.ScriptPositions})
	if err != nil {
		return nil, classify(err, lim, true)
	}
	return &scriptRun{Game: g, name: g.Name(), lim: lim}, nil
}

func (r *scriptRun) close() { r.Close() }

// fail classifies an error of the run: every failure is the script's (bad input) but the limits
// and the engine's own failures.
func (r *scriptRun) fail(err error) error {
	var ie *scriptgame.InternalError
	if errors.As(err, &ie) {
		return Internalf("%s", ie.Msg)
	}
	return classify(err, r.lim, true)
}

// positions parses position literals into the game's canonical keys.
func (r *scriptRun) positions(lits []string) ([]string, error) {
	keys, err := r.Positions(lits)
	return keys, r.fail(err)
}

func solveScript(ctx context.Context, r SolveRequest, lim Limits) (Answer, error) {
	if len(r.Position) == 0 {
		return nil, Badf("solve takes at least one position of the script's game")
	}
	if r.Loopy && r.Misere {
		return nil, Badf("loopy play (--loopy, \"loopy\": true) is normal play: it does not go with misère play")
	}
	run, err := loadScript(ctx, r.ScriptName, r.Script, lim)
	if err != nil {
		return nil, err
	}
	defer run.close()
	keys, err := run.positions(r.Position)
	if err != nil {
		return nil, err
	}
	var noQuotient string // why a misère sum is searched rather than decided by its quotient
	if r.Misere {
		sol, why, err := run.SolveMisereQuotient(ctx, keys)
		if err != nil {
			return nil, run.fail(err)
		}
		if sol != nil {
			out := solution(run.name, keys, *sol)
			out.Complete = true
			capNote(&out, sol.Total)
			return ScriptSolve{Solve: out}, nil
		}
		noQuotient = why
	}
	if r.Loopy {
		a, err := run.SolveLoopy(keys)
		if err != nil {
			return nil, run.fail(err)
		}
		return loopySolve(run.name, keys, a), nil
	}
	res, err := run.solve(keys, r.Misere)
	if err != nil {
		return nil, run.fail(err)
	}
	if noQuotient != "" {
		res.Method += " (not through a misère quotient: " + noQuotient + ")"
	}
	res.Complete = true
	return ScriptSolve{Solve: res}, nil
}

// solve answers keys (one position, or a sum) in the play asked for, by the engine's search.
func (r *scriptRun) solve(keys []string, misere bool) (report.Solve, error) {
	sol, err := r.Solve(keys, misere)
	if err != nil {
		return report.Solve{}, err
	}
	return solution(r.name, keys, sol), nil
}

// solution writes a script's solution as the solve contract.
func solution(name string, keys []string, s scriptgame.Solution) report.Solve {
	return report.Solve{Ruleset: name, Position: keys, Outcome: s.Outcome.String(), Value: s.Value,
		WinningMoves: scriptMoves(s.Moves), Method: s.Method, Note: s.Note}
}

// scriptMoves writes a script's moves (never null).
func scriptMoves(ms []scriptgame.Move) []report.Move {
	out := []report.Move{}
	for _, m := range ms {
		out = append(out, report.Move{Move: m.Text, To: m.To})
	}
	return out
}

// Methods named in loopy answers.
const (
	methodLoopyValue = "generalized Sprague–Grundy values (Smith; Fraenkel–Yesha rounds) of every position reachable"
	methodLoopySum   = methodLoopyValue + "; the sum by the generalized Sprague–Grundy theorem"
)

// loopySolve writes the loopy answer for one position or a sum of a script's positions: the
// value, the outcome, the winning moves and, for a draw, the moves that keep it.
func loopySolve(name string, keys []string, a scriptgame.LoopySolution) report.LoopySolve {
	res := report.LoopySolve{
		Solve: report.Solve{Ruleset: name, Position: keys, Outcome: a.Outcome.String(),
			WinningMoves: scriptMoves(a.WinningMoves), Complete: true, Method: methodLoopyValue},
		Value:        report.LoopyValue{LoopyValue: a.Value},
		DrawingMoves: scriptMoves(a.DrawingMoves),
	}
	if len(keys) > 1 {
		res.Method = methodLoopySum
		for _, v := range a.Values {
			res.Components = append(res.Components, report.LoopyValue{LoopyValue: v})
		}
	}
	return res
}

// seqScript computes g(0..to) of a script, with the period the values show, or with r.Loopy its
// loopy values γ(0..to).
func seqScript(ctx context.Context, r SeqRequest, to uint64, lim Limits, o Options) (Answer, error) {
	if lim.MaxScriptSeq > 0 && to > lim.MaxScriptSeq {
		return nil, lim.over("max_script_to", lim.MaxScriptSeq, "to = %d is over the limit of %d for scripts", to, lim.MaxScriptSeq)
	}
	run, err := loadScript(ctx, r.ScriptName, r.Script, lim)
	if err != nil {
		return nil, err
	}
	defer run.close()
	if r.Loopy {
		vals, err := run.LoopyValues(to, o.Progress)
		if err != nil {
			return nil, run.fail(err)
		}
		return report.NewLoopySeq(vals, r.Summary), nil
	}
	vals, err := run.Values(to, o.Progress)
	if err != nil {
		return nil, run.fail(err)
	}
	return report.ApparentSeq(vals, r.Summary), nil
}

// playScript answers a step of a script game: in normal play whoever cannot move loses, in
// misère play (r.Misere) whoever cannot move wins.
func playScript(ctx context.Context, r PlayRequest, lim Limits) (PlayStep, error) {
	if len(r.Position) == 0 {
		return PlayStep{}, Badf("play takes at least one position of the script's game")
	}
	if r.Misere && r.Loopy {
		return PlayStep{}, Badf("misère play of a game with cycles is not offered: give either misère or loopy")
	}
	run, err := loadScript(ctx, r.ScriptName, r.Script, lim)
	if err != nil {
		return PlayStep{}, err
	}
	defer run.close()
	keys, err := run.positions(r.Position)
	if err != nil {
		return PlayStep{}, err
	}
	max := playMoves(lim)
	judge := run.MisereJudge(ctx)
	ans := report.Play{Played: []report.Played{}, Moves: []report.MoveEntry{}, Board: "text"}
	over := func() (bool, error) {
		l, _, err := run.Legal(keys, 1)
		return len(l) == 0, err
	}
	done, err := over()
	if err != nil {
		return PlayStep{}, run.fail(err)
	}
	humanTurn := !r.Engine
	if done && r.Move != "" {
		return PlayStep{}, Badf("the game is over: there is no move from %s", strings.Join(keys, " + "))
	}
	if !done && r.Move != "" {
		m, err := run.ReadMove(keys, r.Move, max)
		if err != nil {
			return PlayStep{}, run.fail(err)
		}
		ans.Played = append(ans.Played, report.Played{By: "you", Move: m.Text})
		keys, humanTurn = m.To, false
		if done, err = over(); err != nil {
			return PlayStep{}, run.fail(err)
		}
	}
	if !done && !humanTurn {
		engine := run.EngineMove
		switch {
		case r.Loopy:
			engine = run.EngineMoveLoopy
		case r.Misere:
			engine = judge.EngineMove
		}
		m, err := engine(keys)
		if err != nil {
			return PlayStep{}, run.fail(err)
		}
		ans.Played = append(ans.Played, report.Played{By: "engine", Move: m.Text})
		keys, humanTurn = m.To, true
		if done, err = over(); err != nil {
			return PlayStep{}, run.fail(err)
		}
	}
	ans.Position, ans.Text = keys, strings.Join(keys, " + ")
	if done {
		// The player to move is stuck: she loses in normal play and wins in misère play.
		ans.Over, ans.Winner = true, "engine"
		if humanTurn == r.Misere {
			ans.Winner = "you"
		}
		return PlayStep{Play: ans}, nil
	}
	legal, more, err := run.Legal(keys, max)
	if err != nil {
		return PlayStep{}, run.fail(err)
	}
	for _, m := range legal {
		var win bool
		if r.Misere {
			win, err = judge.IsP(m.To)
		} else {
			win, err = run.Wins(m.To, r.Loopy)
		}
		if err != nil {
			return PlayStep{}, run.fail(err)
		}
		ans.Moves = append(ans.Moves, report.MoveEntry{Move: m.Text, To: m.To, Winning: win})
	}
	ans.More = more
	return PlayStep{Play: ans}, nil
}
