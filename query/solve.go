package query

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"

	"grundy/game"
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
// have the JSON shape of report.Solve.
func Solve(ctx context.Context, r SolveRequest, lim Limits) (Answer, error) {
	if err := lim.checkArgs("position", r.Position, r.Flags); err != nil {
		return nil, err
	}
	switch {
	case r.Script != "" && (r.Ruleset != "" || len(r.Flags) > 0):
		return nil, Badf(`give either "ruleset" (with "flags") or "script", not both`)
	case r.Script != "":
		return solveScript(ctx, r, lim)
	case r.Ruleset == "":
		return nil, Badf(`missing "ruleset" ('grundy rules' and GET /api/rules list them) or "script"`)
	}
	ans, err := solveRuleset(ctx, r)
	if err != nil {
		return nil, classify(err, lim, false)
	}
	return ans, nil
}

// solveRuleset answers a SolveRequest for a built-in ruleset.
func solveRuleset(ctx context.Context, r SolveRequest) (Answer, error) {
	rs, err := rules.New(r.Ruleset, r.Flags)
	if err != nil {
		return nil, err
	}
	if lr, ok := rs.(rules.Loopy); ok {
		return solveLoopyRuleset(ctx, lr, r)
	}
	if r.Loopy {
		return nil, Badf("loopy play (--loopy, \"loopy\": true) applies to script games and the rulesets with cycles (windup, square-but-one)")
	}
	if r.Misere {
		// A heap game is decided through its misère quotient when the quotient applies; any
		// other ruleset, or a sum past the quotient's limits, by the misère ruleset.
		if qm, err := rules.MisereByQuotient(rs, misereLabel(rs, r.Flags)); err == nil {
			a, ok, err := qm.AnalyzeSum(ctx, r.Position)
			if err != nil || ok {
				return quotientSolve(r, a), err
			}
		}
		if rs, err = rules.Misere(rs); err != nil {
			return nil, err
		}
	}
	return analyze(ctx, rs, r.Position)
}

// quotientSolve writes a misère sum of heaps decided through the misère quotient as the answer
// of Solve.
func quotientSolve(r SolveRequest, a rules.SumAnalysis) report.Solve {
	out := report.Solve{Ruleset: r.Ruleset, Position: r.Position, Outcome: a.Outcome.String(), WinningMoves: []report.Move{},
		Complete: true, Method: a.Method}
	for _, m := range a.Moves {
		to := make([]string, len(m.After))
		for i, h := range m.After {
			to[i] = strconv.Itoa(h)
		}
		out.WinningMoves = append(out.WinningMoves, report.Move{Move: m.Text, To: to})
	}
	capNote(&out, a.Total)
	return out
}

// maxMovesListed bounds the winning moves an answer lists, as the rulesets' own analyses do
// (nim's): each comes with its whole resulting position, so listing all of them on n heaps would
// take memory and output quadratic in n.
const maxMovesListed = 64

// capNote records in out that total winning moves exist, of which out lists the first: when
// some are left out, the list is marked incomplete and the note gives the count (as nim's).
func capNote(out *report.Solve, total int) {
	if total > len(out.WinningMoves) {
		out.Complete = false
		n := fmt.Sprintf("%d winning moves in all; the first %d are listed", total, len(out.WinningMoves))
		if out.Note != "" {
			n = out.Note + "; " + n
		}
		out.Note = n
	}
}

// ScriptSolve is the answer of Solve for a script: the solve contract, with the position and
// every move's "to" a list of canonical position literals (one for a position, several for a
// sum).
type ScriptSolve struct {
	report.Solve
}

// WriteText writes the answer for people: a sum's positions joined by " + ", and the method.
func (s ScriptSolve) WriteText(w io.Writer) error {
	if err := s.Solve.WriteTextSep(w, " + "); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "method: %s\n", s.Method)
	return err
}

// Methods named in a script's answer.
const (
	methodSearch     = "exhaustive search by the engine"
	methodSum        = "Sprague–Grundy theorem: the XOR of the components' values, each by the engine's search"
	methodMisere     = "misère search by the engine"
	methodSJ         = "SJ theorem: the components' Grundy values decide the misère sum"
	methodMisereSum  = "misère search of the sum by the engine"
	sumMoveSeparator = " -> "
)

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
		ans, why, err := solveScriptMisere(ctx, run, keys)
		if ans != nil || err != nil {
			return ans, err
		}
		noQuotient = why
	}
	if r.Loopy {
		res, err := solveLoopy(run.solver, run.name, keys)
		if err != nil {
			return nil, run.fail(err)
		}
		return res, nil
	}
	res, err := run.solve(keys, r.Misere)
	if err != nil {
		return nil, run.fail(err)
	}
	if noQuotient != "" {
		res.Method += " (not through a misère quotient: " + noQuotient + ")"
	}
	res.Complete = true
	return ScriptSolve{res}, nil
}

// solve answers keys (one position, or a sum) in the play asked for.
func (run *scriptRun) solve(keys []string, misere bool) (report.Solve, error) {
	s := run.solver
	one := func(out game.Outcome, method string) report.Solve {
		return report.Solve{Ruleset: run.name, Position: keys, Outcome: out.String(), WinningMoves: []report.Move{}, Method: method}
	}
	single := func(res *report.Solve, to []string) {
		for _, o := range to {
			res.WinningMoves = append(res.WinningMoves, report.Move{Move: o, To: []string{o}})
		}
	}
	switch {
	case misere && len(keys) == 1:
		out, err := s.MisereOutcome(keys[0])
		if err != nil {
			return report.Solve{}, err
		}
		res := one(out, methodMisere)
		res.Note = "no Grundy value in misère play"
		if out == game.NextWins {
			win, err := s.MisereWinningMoves(keys[0])
			if err != nil {
				return report.Solve{}, err
			}
			single(&res, win)
		}
		return res, nil
	case misere:
		// Misère values do not add up. Where the SJ theorem applies (every position of value 0
		// that a component can reach is terminal) the components' values decide the sum;
		// otherwise the engine searches the sum itself.
		outcome, winning, method := s.SJOutcome, s.SJWinningMoves, methodSJ
		out, err := outcome(keys)
		var notSJ *game.SJError[string]
		if errors.As(err, &notSJ) {
			outcome, winning, method = s.MisereSumOutcome, s.MisereSumWinningMoves, methodMisereSum
			out, err = outcome(keys)
		}
		if err != nil {
			return report.Solve{}, err
		}
		res := one(out, method)
		res.Note = "no Grundy value in misère play"
		if out == game.NextWins {
			moves, err := winning(keys)
			if err != nil {
				return report.Solve{}, err
			}
			res.WinningMoves = sumMoves(keys, moves)
		}
		return res, nil
	case len(keys) == 1:
		v, err := s.Value(keys[0])
		if err != nil {
			return report.Solve{}, err
		}
		res := one(outcomeOf(v), methodSearch)
		res.Value = &v
		if v != 0 {
			win, err := s.WinningMoves(keys[0])
			if err != nil {
				return report.Solve{}, err
			}
			single(&res, win)
		}
		return res, nil
	}
	v, err := s.SumValue(keys)
	if err != nil {
		return report.Solve{}, err
	}
	res := one(outcomeOf(v), methodSum)
	res.Value = &v
	moves, err := s.SumWinningMoves(keys)
	if err != nil {
		return report.Solve{}, err
	}
	res.WinningMoves = sumMoves(keys, moves)
	return res, nil
}

// sumMoves writes the winning moves of a sum of script positions.
func sumMoves(keys []string, moves []game.SumMove[string]) []report.Move {
	out := []report.Move{}
	for _, m := range moves {
		to := append([]string(nil), keys...)
		to[m.Component] = m.To
		out = append(out, report.Move{
			Move: fmt.Sprintf("component %d: %s%s%s", m.Component+1, keys[m.Component], sumMoveSeparator, m.To),
			To:   to,
		})
	}
	return out
}

func outcomeOf(v uint64) game.Outcome {
	if v == 0 {
		return game.PrevWins
	}
	return game.NextWins
}
