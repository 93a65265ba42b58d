// Package report holds the answers of `grundy solve` and `grundy seq` as the JSON documents of
// the command-line contract (docs/ARCHITECTURE.md), shared by the command line and the web API, with their
// plain-text rendering.
package report

import (
	"fmt"
	"io"
	"strings"

	"grundy/game"
)

// Solve is the answer for one position: `grundy solve --json` and POST /api/solve.
type Solve struct {
	// Ruleset names the game: a built-in ruleset's name, or "script:FILE" for a user's script.
	Ruleset string `json:"ruleset"`
	// Position is the position as a list of argument strings, as the command line takes them:
	// a ruleset's arguments (heaps "3", "4", coins, "x,y" pairs) or a script's canonical
	// position literals (one for a position, several for a sum).
	Position []string `json:"position"`
	// Outcome is "N" (the player to move wins) or "P" (the previous player wins); "D" (a draw)
	// only for games with cycles solved with loopy outcomes.
	Outcome string `json:"outcome"`
	// Value is the Grundy value, or nil where none applies (misère play, scored games, loopy
	// outcomes). In JSON it is a decimal string or null: a Grundy value can exceed 2^53, so by the
	// JSON number rule of the contract it always travels as a string.
	Value *uint64 `json:"value,string"`
	// Score is the score of perfect play in a scored game; absent otherwise.
	Score *int64 `json:"score,omitempty"`
	// WinningMoves lists the winning moves (the best moves, in a scored game); empty, never null,
	// for a P-position.
	WinningMoves []Move `json:"winning_moves"`
	// Complete is false when the winning moves listed may not be all of them.
	Complete bool `json:"winning_moves_complete"`
	// Method names the theorem or algorithm used.
	Method string `json:"method"`
	// Note says anything else worth knowing (why the value is missing, …).
	Note string `json:"note,omitempty"`
	// Quotient is the why of a misère sum of heaps decided through a misère quotient: the
	// product of the heaps' elements, step by step (absent otherwise).
	Quotient *QuotientSum `json:"quotient,omitempty"`
}

// Move is one move of a Solve answer.
type Move struct {
	// Move describes the move for people ("take 3 from heap 2", or a script's option literal).
	Move string `json:"move"`
	// To is the position the move reaches, written like Solve.Position.
	To []string `json:"to"`
}

// NewSolve returns a Solve with the outcome filled in and an empty (non-nil) move list.
func NewSolve(ruleset string, position []string, outcome game.Outcome) Solve {
	return Solve{Ruleset: ruleset, Position: position, Outcome: outcome.String(), WinningMoves: []Move{}}
}

// OutcomeText spells an outcome ("N", "P" or "D") out for people: "N (the player to move wins)".
func OutcomeText(outcome string) string {
	switch outcome {
	case "N":
		return "N (the player to move wins)"
	case "D":
		return "D (a draw: neither player can force a win)"
	}
	return "P (the player to move loses)"
}

// WriteText writes the answer for people: the outcome, the value or score, and one winning move
// a line (with the position it reaches, when the move's text does not already say it). A
// position's arguments are joined by spaces.
func (s Solve) WriteText(w io.Writer) error { return s.WriteTextSep(w, " ") }

// WriteTextSep is WriteText with a position's arguments joined by sep (" + " for a sum of
// script positions).
func (s Solve) WriteTextSep(w io.Writer, sep string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s at %s: %s", s.Ruleset, strings.Join(s.Position, sep), OutcomeText(s.Outcome))
	if s.Value != nil {
		fmt.Fprintf(&b, ", Grundy value %d", *s.Value)
	}
	if s.Score != nil {
		fmt.Fprintf(&b, ", score %d", *s.Score)
	}
	b.WriteString("\n")
	what := "winning moves"
	if s.Value == nil && s.Score != nil {
		what = "best moves"
	}
	writeMoves(&b, what, s.WinningMoves, sep)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeMoves writes a list of moves under the heading what, one a line, with the position each
// reaches (its arguments joined by sep) when the move's text does not already say it; nothing
// when there are no moves.
func writeMoves(b *strings.Builder, what string, ms []Move, sep string) {
	if len(ms) == 0 {
		return
	}
	fmt.Fprintf(b, "%s:\n", what)
	for _, m := range ms {
		if to := strings.Join(m.To, sep); to != m.Move {
			fmt.Fprintf(b, "  %s  (to %s)\n", m.Move, to)
		} else {
			fmt.Fprintf(b, "  %s\n", m.Move)
		}
	}
}

// Seq is the answer for a sequence of Grundy values g(0..N): `grundy seq --json` and
// POST /api/seq.
type Seq struct {
	// Values holds g(0), …, g(ComputedTo); nil (and absent from the JSON) in a summary.
	Values []uint64 `json:"values,omitempty"`
	// ComputedTo is the last heap computed.
	ComputedTo uint64 `json:"computed_to"`
	// Period and Preperiod describe the periodicity found, or are nil (null) when none was.
	Period    *int `json:"period"`
	Preperiod *int `json:"preperiod"`
	// Proved is true only when a theorem certifies the period; an apparent period in the data is
	// reported with Proved false.
	Proved bool `json:"proved"`
}

// ApparentSeq returns the Seq of values (g(0) onwards) with the period that the values show
// ([game.ApparentPeriod]), not proved. With summary the values themselves are left out.
func ApparentSeq(values []uint64, summary bool) Seq {
	s := Seq{ComputedTo: uint64(len(values)) - 1}
	if p, t, ok := game.ApparentPeriod(values); ok {
		s.Period, s.Preperiod = &p, &t
	}
	if !summary {
		s.Values = values
	}
	return s
}

// WriteText writes the sequence for people: the period line, then the values twenty to a line,
// each line starting with the index of its first value.
func (s Seq) WriteText(w io.Writer) error {
	return writeSequence(w, "", s.ComputedTo, s.Period, s.Preperiod, s.Proved, s.Values)
}

// writeSequence writes a sequence of values for people, as [Seq.WriteText] describes, after
// prefix.
func writeSequence[V uint32 | uint64](w io.Writer, prefix string, computedTo uint64, period, preperiod *int, proved bool, values []V) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%scomputed to %d; ", prefix, computedTo)
	switch {
	case period == nil:
		b.WriteString("no period found\n")
	case proved:
		fmt.Fprintf(&b, "period %d from %d (proved)\n", *period, *preperiod)
	default:
		fmt.Fprintf(&b, "apparent period %d from %d (not proved)\n", *period, *preperiod)
	}
	for i := 0; i < len(values); i += 20 {
		fmt.Fprintf(&b, "%6d:", i)
		for _, v := range values[i:min(i+20, len(values))] {
			fmt.Fprintf(&b, " %d", v)
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}
