package rules

import (
	"context"

	"grundy/internal/cliarg"
)

// Mode is the play a position is solved in: normal play (the zero Mode), misère play (the last
// player to move loses) or loopy play (a game whose moves may cycle, by loopy values).
type Mode struct {
	Misere, Loopy bool
	// Label names a heap game that has no code in the methods of misère answers: its name with
	// its flags ([Title]; "" for the name; see [Misere]).
	Label string
}

// Solution is the answer of [Solve]: the position's analysis, in the shape its method gives.
// Exactly one of Analysis, Loopy and Sum is set.
type Solution struct {
	// R is the ruleset that answered (the one given, or it in misère play) and Pos the position
	// as R reads it; both are unset for a Sum.
	R   Ruleset
	Pos Position
	// Analysis is the answer of R.Analyze: by theory or by the engine's search (in misère play
	// also through the misère quotient).
	Analysis *Analysis
	// Loopy is the answer of a ruleset with cycles, by loopy values.
	Loopy *LoopyAnalysis
	// Sum is a misère sum of heaps decided through the misère quotient.
	Sum *SumAnalysis
}

// Solve answers the position args of r in the play m asks for, choosing the method from what r
// offers: a ruleset with cycles ([Loopy]) by loopy values, in normal play only; misère play by
// the catalogue's misère ruleset where a theorem gives one, else through the misère quotient of
// r's heap game where that decides the sum, else by the engine's search ([Misere]); otherwise
// r's own Analyze (closed form or search). An analysis that ctx ended during is refused with
// ctx's error (a search cut short may have noted it and answered).
func Solve(ctx context.Context, r Ruleset, args []string, m Mode) (Solution, error) {
	name := r.Info().Name
	if lr, ok := r.(Loopy); ok {
		if m.Misere {
			return Solution{}, cliarg.Errorf("%s has cycles: it is played in normal play only (no --misere)", name)
		}
		p, err := lr.Parse(args)
		if err != nil {
			return Solution{}, err
		}
		a, err := lr.AnalyzeLoopy(ctx, p)
		if err != nil {
			return Solution{}, err
		}
		return Solution{R: r, Pos: p, Loopy: &a}, nil
	}
	if m.Loopy {
		return Solution{}, cliarg.Errorf("loopy play (--loopy, \"loopy\": true) applies to script games and the rulesets with cycles (windup, square-but-one)")
	}
	if m.Misere {
		mr, err := Misere(r, m.Label)
		if err != nil {
			return Solution{}, err
		}
		if q, ok := mr.(*MisereRuleset); ok {
			a, ok, err := q.AnalyzeSum(ctx, args)
			if err != nil {
				return Solution{}, err
			}
			if ok {
				return Solution{Sum: &a}, nil
			}
		}
		r = mr
	}
	p, err := r.Parse(args)
	if err != nil {
		return Solution{}, err
	}
	a, err := r.Analyze(ctx, p)
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		return Solution{}, err
	}
	return Solution{R: r, Pos: p, Analysis: &a}, nil
}
