package query

import (
	"context"
	"fmt"
	"io"
	"strings"

	"grundy/game"
	"grundy/report"
	"grundy/rules"
)

// Report is the answer of Solve for a built-in ruleset: the solve contract (report.Solve;
// positions are written as their argument strings, so a "to" can be fed back to solve) and the
// board drawn for people.
type Report struct {
	report.Solve
	// Board draws the position for people (not part of the JSON).
	Board string `json:"-"`
}

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
	return rep
}

// WriteText writes the answer for people: the board, the outcome and value, the winning moves,
// and the method.
func (r Report) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", r.Board)
	fmt.Fprintf(&b, "%s: %s", r.Ruleset, report.OutcomeText(r.Outcome))
	if r.Value != nil {
		fmt.Fprintf(&b, ", Grundy value %d", *r.Value)
	}
	if r.Score != nil {
		fmt.Fprintf(&b, ", length of play %d", *r.Score)
	}
	b.WriteString("\n")
	if len(r.WinningMoves) > 0 {
		what := "winning moves"
		if !r.Complete {
			what = "winning moves (not all of them)"
		}
		fmt.Fprintf(&b, "%s:\n", what)
		for _, m := range r.WinningMoves {
			fmt.Fprintf(&b, "  %s  ->  %s\n", m.Move, strings.Join(m.To, " "))
		}
	}
	fmt.Fprintf(&b, "method: %s\n", r.Method)
	if r.Note != "" {
		fmt.Fprintf(&b, "note: %s\n", r.Note)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// analyze answers position args of the ruleset r: its analysis, refused when ctx ended during it
// (an analysis may have cut a search short and noted it).
func analyze(ctx context.Context, r rules.Ruleset, args []string) (Report, error) {
	p, err := r.Parse(args)
	if err != nil {
		return Report{}, err
	}
	a, err := r.Analyze(ctx, p)
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		return Report{}, err
	}
	return NewReport(r, p, a), nil
}

// SeqReport is the answer of Seq for a built-in one-heap ruleset: the seq contract's fields
// (report.Seq) and the saltus of an arithmetic period.
type SeqReport struct {
	report.Seq
	// Saltus, when present, makes the period arithmetic: g(n + period) = g(n) + saltus.
	Saltus *uint64 `json:"saltus,omitempty"`
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

// WriteText writes the sequence for people: the period line, then the values twenty to a line.
func (s SeqReport) WriteText(w io.Writer) error {
	if s.Saltus == nil {
		return s.Seq.WriteText(w)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "computed to %d; arithmetic period %d with saltus %d from %d: g(n+%d) = g(n) + %d (proved)\n",
		s.ComputedTo, *s.Period, *s.Saltus, *s.Preperiod, *s.Period, *s.Saltus)
	for i := 0; i < len(s.Values); i += 20 {
		fmt.Fprintf(&b, "%6d:", i)
		for _, v := range s.Values[i:min(i+20, len(s.Values))] {
			fmt.Fprintf(&b, " %d", v)
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// methodLoopyRuleset is the method of a loopy ruleset's answer.
const methodLoopyRuleset = "loopy values of the heaps by the engine (generalized Sprague–Grundy values, Fraenkel–Yesha rounds); their sum by the generalized Sprague–Grundy theorem"

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
			WinningMoves: moves(a.WinningMoves), Complete: true, Method: methodLoopyRuleset},
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
