package report

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"grundy/game"
)

// LoopyValue is a generalized Sprague–Grundy value (a nimber or ∞(K)) in the JSON of the
// contract: a finite value as `value` always is, a decimal string ("3"); an infinite one as
// {"infinite": true, "set": [0, 2]} with the finite values of the options, increasing.
type LoopyValue struct{ game.LoopyValue }

type loopyInfinite struct {
	Infinite bool     `json:"infinite"`
	Set      []uint64 `json:"set"`
}

// MarshalJSON writes "3" or {"infinite": true, "set": [0, 2]}.
func (v LoopyValue) MarshalJSON() ([]byte, error) {
	if !v.Infinite {
		return json.Marshal(strconv.FormatUint(v.Value, 10))
	}
	set := v.Set
	if set == nil {
		set = []uint64{}
	}
	return json.Marshal(loopyInfinite{Infinite: true, Set: set})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (v *LoopyValue) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return fmt.Errorf("loopy value %q: %v", s, err)
		}
		v.LoopyValue = game.Nimber(n)
		return nil
	}
	var inf loopyInfinite
	if err := json.Unmarshal(b, &inf); err != nil || !inf.Infinite {
		return fmt.Errorf("loopy value %s: want a decimal string or {\"infinite\": true, \"set\": [...]}", b)
	}
	v.LoopyValue = game.Infinity(inf.Set...)
	return nil
}

// LoopySolve is the answer for a position, or a sum of positions, of a game whose moves may have
// cycles: the solve contract with `value` a loopy value (never null), the components' values of a
// sum, and for a draw the moves that keep it.
type LoopySolve struct {
	Solve
	// Value is the loopy value of the position (of the sum, for several); it replaces Solve's.
	Value LoopyValue `json:"value"`
	// Components are the loopy values of a sum's components, in order (absent for one position).
	Components []LoopyValue `json:"components,omitempty"`
	// DrawingMoves lists, for a draw, the moves that keep the draw (every other move loses);
	// empty otherwise.
	DrawingMoves []Move `json:"drawing_moves"`
}

// WriteText writes the answer for people; a sum's positions are joined by " + ".
func (s LoopySolve) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s at %s: %s, loopy value %v", s.Ruleset, strings.Join(s.Position, " + "), OutcomeText(s.Outcome), s.Value)
	if len(s.Components) > 1 {
		parts := make([]string, len(s.Components))
		for i, c := range s.Components {
			parts[i] = c.String()
		}
		fmt.Fprintf(&b, " = %s", strings.Join(parts, " + "))
	}
	b.WriteString("\n")
	writeMoves(&b, "winning moves", s.WinningMoves, " + ")
	writeMoves(&b, "moves that keep the draw", s.DrawingMoves, " + ")
	if s.Method != "" {
		fmt.Fprintf(&b, "method: %s\n", s.Method)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// LoopySeq is the answer for the loopy values γ(0..N) of a one-heap game with cycles: `grundy seq
// --loopy --json`.
type LoopySeq struct {
	// Values holds γ(0), …, γ(ComputedTo); nil (and absent) in a summary.
	Values []LoopyValue `json:"values,omitempty"`
	// Outcomes spells the outcomes of 0..ComputedTo, one letter each (N, P or D).
	Outcomes string `json:"outcomes"`
	// ComputedTo is the last heap computed.
	ComputedTo uint64 `json:"computed_to"`
	// Period and Preperiod describe the apparent period of the values (∞ values compared with
	// their sets), or are nil (null).
	Period    *int `json:"period"`
	Preperiod *int `json:"preperiod"`
	// Proved is always false: the period is only apparent.
	Proved bool `json:"proved"`
}

// NewLoopySeq returns the LoopySeq of vals (γ(0) onwards) with its apparent period.
func NewLoopySeq(vals []game.LoopyValue, summary bool) LoopySeq {
	s := LoopySeq{ComputedTo: uint64(len(vals)) - 1}
	ids := make([]uint64, len(vals))
	seen := map[string]uint64{}
	var out strings.Builder
	for i, v := range vals {
		k := v.String()
		id, ok := seen[k]
		if !ok {
			id = uint64(len(seen))
			seen[k] = id
		}
		ids[i] = id
		out.WriteString(v.Outcome().String())
	}
	s.Outcomes = out.String()
	if p, t, ok := game.ApparentPeriod(ids); ok {
		s.Period, s.Preperiod = &p, &t
	}
	if !summary {
		s.Values = make([]LoopyValue, len(vals))
		for i, v := range vals {
			s.Values[i] = LoopyValue{v}
		}
	}
	return s
}

// WriteText writes the period line, then the values ten to a line, each line starting with the
// index of its first value.
func (s LoopySeq) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "computed to %d; ", s.ComputedTo)
	if s.Period == nil {
		b.WriteString("no period found\n")
	} else {
		fmt.Fprintf(&b, "apparent period %d from %d (not proved)\n", *s.Period, *s.Preperiod)
	}
	for i := 0; i < len(s.Values); i += 10 {
		fmt.Fprintf(&b, "%6d:", i)
		for _, v := range s.Values[i:min(i+10, len(s.Values))] {
			fmt.Fprintf(&b, " %v", v)
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "outcomes: %s\n", s.Outcomes)
	_, err := io.WriteString(w, b.String())
	return err
}
