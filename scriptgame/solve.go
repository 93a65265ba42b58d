package scriptgame

import (
	"errors"

	"grundy/game"
	"grundy/misere"
)

// Methods named in a script's answers.
const (
	methodSearch    = "exhaustive search by the engine"
	methodSum       = "Sprague–Grundy theorem: the XOR of the components' values, each by the engine's search"
	methodMisere    = "misère search by the engine"
	methodSJ        = "SJ theorem: the components' Grundy values decide the misère sum"
	methodMisereSum = "misère search of the sum by the engine"
	noValueMisere   = "no Grundy value in misère play"
)

// Solution is the answer for one position or a sum: who wins, the Grundy value (nil in misère
// play), the winning moves, the method and a note. Total, when above len(Moves), counts the
// winning moves of which Moves lists the first.
type Solution struct {
	Outcome game.Outcome
	Value   *uint64
	Moves   []Move
	Total   int
	Method  string
	Note    string
	// Quotient is the misère quotient that decided a sum of heaps, and Heaps the sum's heaps
	// (positions split() breaks up counted by their parts); nil otherwise.
	Quotient *misere.Quotient
	Heaps    []int
}

// Solve answers keys (one position, or a sum) in normal or misère play by the engine: a sum in
// normal play by the Sprague–Grundy theorem, in misère play by the SJ theorem where it applies
// (every position of value 0 that a component can reach is terminal), else by a search of the sum.
func (g *Game) Solve(keys []string, misere bool) (Solution, error) {
	s := g.solver
	single := func(res *Solution, to []string) {
		for _, o := range to {
			res.Moves = append(res.Moves, Move{Text: o, To: []string{o}})
		}
	}
	switch {
	case misere && len(keys) == 1:
		out, err := s.MisereOutcome(keys[0])
		if err != nil {
			return Solution{}, err
		}
		res := Solution{Outcome: out, Method: methodMisere, Note: noValueMisere}
		if out == game.NextWins {
			win, err := s.MisereWinningMoves(keys[0])
			if err != nil {
				return Solution{}, err
			}
			single(&res, win)
		}
		return res, nil
	case misere:
		outcome, winning, method := s.SJOutcome, s.SJWinningMoves, methodSJ
		out, err := outcome(keys)
		var notSJ *game.SJError[string]
		if errors.As(err, &notSJ) {
			outcome, winning, method = s.MisereSumOutcome, s.MisereSumWinningMoves, methodMisereSum
			out, err = outcome(keys)
		}
		if err != nil {
			return Solution{}, err
		}
		res := Solution{Outcome: out, Method: method, Note: noValueMisere}
		if out == game.NextWins {
			moves, err := winning(keys)
			if err != nil {
				return Solution{}, err
			}
			res.Moves = sumMoves(keys, moves)
		}
		return res, nil
	case len(keys) == 1:
		v, err := s.Value(keys[0])
		if err != nil {
			return Solution{}, err
		}
		res := Solution{Outcome: outcomeOf(v), Value: &v, Method: methodSearch}
		if v != 0 {
			win, err := s.WinningMoves(keys[0])
			if err != nil {
				return Solution{}, err
			}
			single(&res, win)
		}
		return res, nil
	}
	v, err := s.SumValue(keys)
	if err != nil {
		return Solution{}, err
	}
	res := Solution{Outcome: outcomeOf(v), Value: &v, Method: methodSum}
	moves, err := s.SumWinningMoves(keys)
	if err != nil {
		return Solution{}, err
	}
	res.Moves = sumMoves(keys, moves)
	return res, nil
}

// sumMoves writes the engine's moves of a sum.
func sumMoves(keys []string, moves []game.SumMove[string]) []Move {
	var out []Move
	for _, m := range moves {
		out = append(out, move(keys, m.Component, m.To))
	}
	return out
}

func outcomeOf(v uint64) game.Outcome {
	if v == 0 {
		return game.PrevWins
	}
	return game.NextWins
}

// LoopySolution is the answer for a position or a sum of a game whose moves may have cycles: the
// engine's analysis of the sum (the value, the outcome, each component's value) with the winning
// moves and, for a draw, the moves that keep it.
type LoopySolution struct {
	game.LoopySumAnalysis[string]
	WinningMoves, DrawingMoves []Move
}

// SolveLoopy answers keys by the loopy values of the components.
func (g *Game) SolveLoopy(keys []string) (LoopySolution, error) {
	a, err := g.solver.AnalyzeLoopySum(keys)
	if err != nil {
		return LoopySolution{}, err
	}
	moves := func(ms []game.SumMove[string]) []Move {
		out := []Move{}
		for _, m := range ms {
			out = append(out, move(keys, m.Component, m.To))
		}
		return out
	}
	return LoopySolution{LoopySumAnalysis: a, WinningMoves: moves(a.Winning), DrawingMoves: moves(a.Drawing)}, nil
}
