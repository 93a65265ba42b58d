package report

import (
	"fmt"
	"io"
	"strings"
)

// RulesetSolve is the answer of solve for a built-in ruleset: the solve contract (Solve;
// positions are written as their argument strings, so a "to" can be fed back to solve) and the
// board drawn for people.
type RulesetSolve struct {
	Solve
	// Components are the Grundy values of a sum's heaps, in order, as decimal strings (absent for
	// one heap, in misère play and where a heap's value is not computed): Value is their XOR.
	Components []string `json:"components,omitempty"`
	// Board draws the position for people (not part of the JSON).
	Board string `json:"-"`
}

// WriteText writes the answer for people: the board, the outcome and value, the winning moves,
// and the method.
func (r RulesetSolve) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", r.Board)
	fmt.Fprintf(&b, "%s: %s", r.Ruleset, OutcomeText(r.Outcome))
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

// RulesetSeq is the answer of seq for a built-in one-heap ruleset: the seq contract's fields
// (Seq) and the saltus of an arithmetic period.
type RulesetSeq struct {
	Seq
	// Saltus, when present, makes the period arithmetic: g(n + period) = g(n) + saltus.
	Saltus *uint64 `json:"saltus,omitempty"`
}

// WriteText writes the sequence for people: the period line, then the values twenty to a line.
func (s RulesetSeq) WriteText(w io.Writer) error {
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

// ScriptSolve is the answer of solve for a script: the solve contract, with the position and
// every move's "to" a list of canonical position literals (one for a position, several for a
// sum).
type ScriptSolve struct {
	Solve
}

// WriteText writes the answer for people: a sum's positions joined by " + ", and the method.
func (s ScriptSolve) WriteText(w io.Writer) error {
	if err := s.Solve.WriteTextSep(w, " + "); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "method: %s\n", s.Method)
	return err
}

// PlayStep is one step of play against the engine (Play, the JSON), which also writes itself for people.
type PlayStep struct {
	Play
}

// WriteText writes the step for people: the moves played and the position after them.
func (p PlayStep) WriteText(w io.Writer) error {
	var b strings.Builder
	for _, m := range p.Played {
		who := "You play"
		if m.By == "engine" {
			who = "I play"
		}
		b.WriteString(who + ": " + m.Move + "\n")
	}
	b.WriteString(p.Text + "\n")
	if p.Over {
		if p.Winner == "you" {
			b.WriteString("Game over: you win!\n")
		} else {
			b.WriteString("Game over: I win.\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// RulesAnswer is the catalogue as `grundy rules` shows it: every ruleset, or one in full (One).
type RulesAnswer struct {
	Rules
	One bool `json:"-"` // asked for one ruleset: the text shows it in full
}

// WriteText writes the catalogue for people: every ruleset with its flags, position syntax and
// example; one ruleset asked for by name in full, with its theory and limits.
func (c RulesAnswer) WriteText(w io.Writer) error {
	var b strings.Builder
	if !c.One {
		for _, r := range c.Rulesets {
			fmt.Fprintf(&b, "%-13s %s\n", r.Name, r.Summary)
			fmt.Fprintf(&b, "%-13s position: %s\n", "", r.Position)
			for _, f := range r.Flags {
				fmt.Fprintf(&b, "%-13s %s: %s\n", "", flagSyntax(f), f.Usage)
			}
			fmt.Fprintf(&b, "%-13s numbering: %s\n", "", r.Indexing)
			fmt.Fprintf(&b, "%-13s example: %s\n\n", "", r.Command)
		}
		b.WriteString("'grundy rules NAME' gives the theory, numbering and limits of one ruleset.\n")
	} else {
		r := c.Rulesets[0]
		fmt.Fprintf(&b, "%s — %s\n\n", r.Name, r.Summary)
		fmt.Fprintf(&b, "play:      %s\n", r.Play)
		fmt.Fprintf(&b, "position:  %s\n", r.Position)
		for _, f := range r.Flags {
			fmt.Fprintf(&b, "flag:      %s: %s\n", flagSyntax(f), f.Usage)
		}
		fmt.Fprintf(&b, "numbering: %s\n", r.Indexing)
		fmt.Fprintf(&b, "example:   %s\n", r.Command)
		fmt.Fprintf(&b, "theory:    %s\n", r.Theory)
		fmt.Fprintf(&b, "limits:    %s\n", r.Limits)
		if r.OneHeap {
			fmt.Fprintf(&b, "sequence:  grundy seq %s --to N\n", r.Name)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// flagSyntax writes a flag as typed: "--k K", or "--last-loses" for a flag without a value.
func flagSyntax(f RuleFlag) string {
	if f.Arg == "" {
		return "--" + f.Name
	}
	return "--" + f.Name + " " + f.Arg
}
