package query

import (
	"grundy/game"
	"grundy/report"
	"grundy/rules"
)

// Report is the answer of Solve for a built-in ruleset: the solve contract and the board drawn for
// people (report.RulesetSolve).
type Report = report.RulesetSolve

// SeqReport is the answer of Seq for a built-in one-heap ruleset: the seq contract and the saltus
// of an arithmetic period (report.RulesetSeq).
type SeqReport = report.RulesetSeq

// ScriptSolve is the answer of Solve for a script (report.ScriptSolve).
type ScriptSolve = report.ScriptSolve

// PlayStep is the answer of Play (report.PlayStep).
type PlayStep = report.PlayStep

// RulesAnswer is the answer of Rules (report.RulesAnswer).
type RulesAnswer = report.RulesAnswer

// NewReport writes the analysis a of position p of the ruleset r as a Report.
func NewReport(r rules.Ruleset, p rules.Position, a rules.Analysis) Report {
	o := game.PrevWins
	if a.Outcome == rules.N {
		o = game.NextWins
	}
	rep := Report{Solve: report.NewSolve(r.Info().Name, r.Args(p), o), Board: r.Format(p)}
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
		rep.WinningMoves = append(rep.WinningMoves, report.Move{Move: m.Text, To: r.Args(m.To)})
	}
	if a.Quotient != nil {
		heaps := make([]uint64, len(a.QuotientHeaps))
		for i, h := range a.QuotientHeaps {
			heaps[i] = uint64(h)
		}
		rep.Quotient = report.NewQuotientSum(a.Quotient, heaps, a.QuotientHeaps)
	}
	return rep
}

// NewSeqReport writes the sequence s, computed to heap to, as a SeqReport; with summary the values
// are left out.
func NewSeqReport(s rules.Sequence, to uint64, summary bool) SeqReport {
	out := SeqReport{Seq: report.Seq{ComputedTo: to, Proved: s.Proved}}
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
func NewLoopySolve(r rules.Ruleset, p rules.Position, a rules.LoopyAnalysis) report.LoopySolve {
	moves := func(ms []rules.Move) []report.Move {
		out := []report.Move{}
		for _, m := range ms {
			out = append(out, report.Move{Move: m.Text, To: r.Args(m.To)})
		}
		return out
	}
	res := report.LoopySolve{
		Solve: report.Solve{Ruleset: r.Info().Name, Position: r.Args(p), Outcome: a.Outcome.String(),
			WinningMoves: moves(a.WinningMoves), Complete: true, Method: a.Method},
		Value:        report.LoopyValue{LoopyValue: a.Value},
		DrawingMoves: moves(a.DrawingMoves),
	}
	if len(p) > 1 {
		for _, v := range a.Values {
			res.Components = append(res.Components, report.LoopyValue{LoopyValue: v})
		}
	}
	return res
}
