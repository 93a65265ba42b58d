package rules

import (
	"context"
	"fmt"
	"io"
	"strings"

	"grundy/game"
	"grundy/internal/cliarg"
	"grundy/report"
)

// Report is the answer for one position of a built-in ruleset: the solve contract (report.Solve;
// positions are written as their argument strings, so a "to" can be fed back to solve) and the
// board drawn for people.
type Report struct {
	report.Solve
	// Board draws the position for people (not part of the JSON).
	Board string `json:"-"`
}

// Solve answers `grundy solve NAME [flags] ARGS…`: it builds the ruleset, parses the position and
// analyzes it. Bad input gives a *cliarg.Error.
func Solve(ctx context.Context, name string, flags map[string]string, args []string) (Report, error) {
	r, err := New(name, flags)
	if err != nil {
		return Report{}, err
	}
	p, err := r.Parse(args)
	if err != nil {
		return Report{}, err
	}
	a, err := r.Analyze(ctx, p)
	if err == nil {
		err = ctx.Err() // an analysis may have cut a search short and noted it
	}
	if err != nil {
		return Report{}, err
	}
	return NewReport(r, p, a), nil
}

// NewReport writes the analysis a of position p as a Report.
func NewReport(r Ruleset, p Position, a Analysis) Report {
	o := game.PrevWins
	if a.Outcome == N {
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

// SeqReport is the answer of `grundy seq` for a built-in one-heap ruleset: the seq contract's
// fields (report.Seq) and the saltus of an arithmetic period.
type SeqReport struct {
	report.Seq
	// Saltus, when present, makes the period arithmetic: g(n + period) = g(n) + saltus.
	Saltus *uint64 `json:"saltus,omitempty"`
}

// Seq answers `grundy seq NAME [flags] --to N`: the Grundy values g(0..N) of a one-heap ruleset.
// With summary the values are left out.
func Seq(ctx context.Context, name string, flags map[string]string, to uint64, summary bool) (SeqReport, error) {
	r, err := New(name, flags)
	if err != nil {
		return SeqReport{}, err
	}
	if IsLoopy(name) {
		return SeqReport{}, cliarg.Errorf("%s has cycles: its heaps have loopy values, not Grundy values (grundy seq %s --to N gives them)", name, name)
	}
	sq, ok := r.(Sequencer)
	if !ok {
		var ones []string
		for _, info := range Catalogue() {
			if info.OneHeap {
				ones = append(ones, info.Name)
			}
		}
		return SeqReport{}, cliarg.Errorf("%s has no Grundy sequence of one heap; seq takes: %s", name, strings.Join(ones, ", "))
	}
	s, err := sq.Sequence(ctx, to)
	if err != nil {
		return SeqReport{}, err
	}
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
	return out, nil
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

// misereView plays a normal-play ruleset in misère play: same moves, the last mover loses.
type misereView struct{ Ruleset }

func (m misereView) canon(p Position) Position { return Canonical(m.Ruleset, p) }

func (m misereView) Info() Info {
	info := m.Ruleset.Info()
	info.Play = "misère"
	return info
}

// SolveMisere answers `grundy solve --misere NAME [flags] ARGS…`: the position of a normal-play
// ruleset in misère play (whoever makes the last move loses). Nim and Moore's Nim_k use their
// misère theorems; other rulesets are searched by the engine within SearchLimit positions.
func SolveMisere(ctx context.Context, name string, flags map[string]string, args []string) (Report, error) {
	switch name {
	case "nim":
		return Solve(ctx, "misere-nim", flags, args)
	case "moore":
		return Solve(ctx, "misere-moore", flags, args)
	}
	r, err := New(name, flags)
	if err != nil {
		return Report{}, err
	}
	if play := r.Info().Play; play != "normal" {
		return Report{}, cliarg.Errorf("%s is already %s play: --misere applies to normal-play rulesets", name, play)
	}
	p, err := r.Parse(args)
	if err != nil {
		return Report{}, err
	}
	mv := misereView{r}
	a, err := searchAnalysis(ctx, mv, p)
	if err != nil {
		return Report{}, err
	}
	return NewReport(mv, p, a), nil
}
