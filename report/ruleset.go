package report

import (
	"strconv"

	"grundy/game"
	"grundy/rules"
)

// NewRulesetSolve writes the analysis a of position p of the ruleset r as the answer of solve.
func NewRulesetSolve(r rules.Ruleset, p rules.Position, a rules.Analysis) RulesetSolve {
	o := game.PrevWins
	if a.Outcome == rules.N {
		o = game.NextWins
	}
	rep := RulesetSolve{Solve: NewSolve(r.Info().Name, r.Args(p), o), Board: r.Format(p)}
	rep.Complete, rep.Method, rep.Note = a.Complete, a.Method, a.Note
	if a.HasValue {
		v := a.Value
		rep.Value = &v
	}
	if a.HasScore {
		s := int64(a.Score)
		rep.Score = &s
	}
	for _, m := range a.WinningMoves {
		rep.WinningMoves = append(rep.WinningMoves, Move{Move: m.Text, To: r.Args(m.To)})
	}
	if a.Quotient != nil {
		heaps := make([]uint64, len(a.QuotientHeaps))
		for i, h := range a.QuotientHeaps {
			heaps[i] = uint64(h)
		}
		rep.Quotient = NewQuotientSum(a.Quotient, heaps, a.QuotientHeaps)
	}
	return rep
}

// NewRulesetSeq writes the sequence s, computed to heap to, as the answer of seq; with summary the values
// are left out.
func NewRulesetSeq(s rules.Sequence, to uint64, summary bool) RulesetSeq {
	out := RulesetSeq{Seq: Seq{ComputedTo: to, Proved: s.Proved}}
	if !summary {
		out.Values = s.Values
	}
	if s.Period > 0 {
		per, pre := int(s.Period), int(s.Preperiod)
		out.Period, out.Preperiod = &per, &pre
		if s.Arithmetic > 0 {
			sal := s.Arithmetic
			out.Saltus = &sal
		}
	}
	return out
}

// NewLoopySolve writes the loopy analysis a of position p of the ruleset r (one with cycles) as
// the answer of Solve: the loopy value of the heaps' sum, its outcome, the winning moves or, for a
// draw, the moves that keep it.
func NewLoopySolve(r rules.Ruleset, p rules.Position, a rules.LoopyAnalysis) LoopySolve {
	moves := func(ms []rules.Move) []Move {
		out := []Move{}
		for _, m := range ms {
			out = append(out, Move{Move: m.Text, To: r.Args(m.To)})
		}
		return out
	}
	res := LoopySolve{
		Solve: Solve{Ruleset: r.Info().Name, Position: r.Args(p), Outcome: a.Outcome.String(),
			WinningMoves: moves(a.WinningMoves), Complete: true, Method: a.Method},
		Value:        LoopyValue{LoopyValue: a.Value},
		DrawingMoves: moves(a.DrawingMoves),
	}
	if len(p) > 1 {
		for _, v := range a.Values {
			res.Components = append(res.Components, LoopyValue{LoopyValue: v})
		}
	}
	return res
}

// NewQuotientSolve writes a misère sum of heaps decided through the misère quotient (position, of
// the ruleset named ruleset) as the answer of solve.
func NewQuotientSolve(ruleset string, position []string, a rules.SumAnalysis) Solve {
	out := Solve{Ruleset: ruleset, Position: position, Outcome: a.Outcome.String(), WinningMoves: []Move{},
		Complete: true, Method: a.Method}
	if a.Quotient != nil {
		out.Quotient = NewQuotientSum(a.Quotient, a.Heaps, a.Reduced)
	}
	for _, m := range a.Moves {
		to := make([]string, len(m.After))
		for i, h := range m.After {
			to[i] = strconv.Itoa(h)
		}
		out.WinningMoves = append(out.WinningMoves, Move{Move: m.Text, To: to})
	}
	rules.CapMoves(&out.Complete, &out.Note, len(out.WinningMoves), a.Total)
	return out
}
