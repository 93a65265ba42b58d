package guess

import (
	"fmt"
	"io"
	"strings"
)

// Status says how far a finding is established.
type Status string

// The two statuses.
const (
	// Proved: a theorem applies to the game as known and its finite check passed.
	Proved Status = "proved"
	// Conjecture: the rule holds on the range checked; nothing more is claimed.
	Conjecture Status = "conjecture"
)

// What a finding was checked against (Finding.CheckedBy).
const (
	CheckedValues = "values"
	CheckedEngine = "engine"
	CheckedTheory = "theory"
)

// Finding is one rule recognised in the values.
type Finding struct {
	// Kind is "period", "arithmetic-period", "closed-form", "identity", "sum", "product",
	// "p-positions" or "bit-count".
	Kind string `json:"kind"`
	// Rule states the rule for people: "g(n+34) = g(n) for n ≥ 52", "g(n) = n mod 3".
	Rule string `json:"rule"`
	// Key is the rule in a canonical short form ("n mod 3", "x⊗y", "0.137"), for programs.
	Key    string `json:"key"`
	Status Status `json:"status"`
	// Proof names the theorem and the finite check that proves the rule (Proved only).
	Proof string `json:"proof,omitempty"`
	// CheckedFrom and CheckedTo bound the range of heaps (or of each coordinate) on which the
	// rule was checked against every value; CheckedFrom ≤ CheckedTo always.
	CheckedFrom int `json:"checked_from"`
	CheckedTo   int `json:"checked_to"`
	// CheckedBy says against which values: CheckedValues (the values given), CheckedEngine (a
	// proved period of a code: the octal engine's values of the code, computed beyond the values
	// given, which equal them) or CheckedTheory (a proved period whose first pair lies beyond
	// the values given: nothing was compared, and the range is 0..0).
	CheckedBy string `json:"checked_by"`
	// Period, Preperiod and Saltus describe a (possibly arithmetic) period: g(n+Period) =
	// g(n) + Saltus for n ≥ Preperiod.
	Period    *int `json:"period,omitempty"`
	Preperiod *int `json:"preperiod,omitempty"`
	Saltus    *int `json:"saltus,omitempty"`
	// Known is the known game of an identity.
	Known *KnownGame `json:"known,omitempty"`
	// Alpha and Beta are the Beatty constants of a p-positions rule ⌊nα⌋, ⌊nβ⌋.
	Alpha *Constant `json:"alpha,omitempty"`
	Beta  *Constant `json:"beta,omitempty"`

	rank int // lower first
}

// KnownGame is the game a sequence was found equal to, and what is proved about that game.
type KnownGame struct {
	// Name is the game: "0.137", "subtract --set 2,5", "lasker".
	Name string `json:"name"`
	// Shift: g(n) = known(n + Shift) for every n checked (n + Shift ≥ 0).
	Shift int `json:"shift"`
	// Doubled: g(n) = 2·known(n+Shift) + [known(n+Shift) evil], every value odious (Mock
	// Turtles is Nim doubled).
	Doubled bool `json:"doubled,omitempty"`
	// Also lists other known games with the same values on the range (equal games, as far as
	// checked: the same values do not make two rulesets the same game, but the same Grundy
	// sequence makes them interchangeable in sums).
	Also []string `json:"also,omitempty"`
	// Facts are the known game's own facts.
	Facts *Facts `json:"facts,omitempty"`
}

// Facts are what is known of a known game's sequence: its period when one is proved or apparent.
type Facts struct {
	Period    int  `json:"period"` // 0: none found
	Preperiod int  `json:"preperiod"`
	Saltus    int  `json:"saltus,omitempty"`
	Proved    bool `json:"proved"`
	// Theorem names what proves the period (Proved only).
	Theorem string `json:"theorem,omitempty"`
	// ComputedTo is how far the known game was computed to find these facts.
	ComputedTo int `json:"computed_to"`

	engine bool // the octal engine computed the values to ComputedTo and checked the period on them
}

// Constant is a real constant identified from data: the interval the data allows and, when one
// lies in it, the simplest named constant there.
type Constant struct {
	Lo   float64 `json:"lo"`
	Hi   float64 `json:"hi"`
	Name string  `json:"name,omitempty"` // "φ", "φ²", "√2", "1+√2"…
}

// NearMiss is a rule that held on a stretch of the values and then failed: its first
// counterexample.
type NearMiss struct {
	Rule string `json:"rule"`
	// HeldFrom..HeldTo is the stretch on which it held; At is the first counterexample (a heap,
	// or "x,y"), where the game has Got and the rule says Want.
	HeldFrom int    `json:"held_from"`
	HeldTo   int    `json:"held_to"`
	At       string `json:"at"`
	Got      string `json:"got"`
	Want     string `json:"want"`
}

// Report is the answer of a guess: what was recognised, ranked (most useful first), and the near
// misses.
type Report struct {
	// Game names the game: a ruleset with its flags, or "script:NAME".
	Game string `json:"game"`
	// Shape is "one-heap" (g(0..N)), "table" (g(x, y), 0 ≤ x, y ≤ N) or "outcomes" (P-positions
	// of k-heap tuples, each heap 0..N).
	Shape     string     `json:"shape"`
	Heaps     int        `json:"heaps,omitempty"` // outcomes: k
	CheckedTo int        `json:"checked_to"`
	Findings  []Finding  `json:"findings"`
	NearMiss  []NearMiss `json:"near_misses"`
	// Note says anything else worth knowing (why a search was skipped).
	Note string `json:"note,omitempty"`
	// Table holds the values of a table, g(x, y) at Table[x][y] as decimal strings, when the
	// request asked for them (query.GuessRequest's Values); absent otherwise.
	Table [][]string `json:"table,omitempty"`
}

// WriteText writes the report for people: one paragraph a finding, then the near misses.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s, checked to %d\n", r.Game, r.Shape, r.CheckedTo)
	if len(r.Findings) == 0 {
		b.WriteString("no rule found\n")
	}
	for i, f := range r.Findings {
		fmt.Fprintf(&b, "%d. [%s] %s\n", i+1, f.Status, f.Rule)
		switch f.CheckedBy {
		case CheckedTheory:
			fmt.Fprintf(&b, "   not checked: the values end at heap %d, before the rule's first pair", r.CheckedTo)
		case CheckedEngine:
			fmt.Fprintf(&b, "   checked on %d..%d by the octal engine (its values equal those given on 0..%d)", f.CheckedFrom, f.CheckedTo, r.CheckedTo)
		default:
			fmt.Fprintf(&b, "   checked on %d..%d", f.CheckedFrom, f.CheckedTo)
		}
		if f.Proof != "" {
			fmt.Fprintf(&b, "; proof: %s", f.Proof)
		}
		b.WriteString("\n")
		if k := f.Known; k != nil {
			if len(k.Also) > 0 {
				fmt.Fprintf(&b, "   the same values: %s\n", strings.Join(k.Also, ", "))
			}
			if fa := k.Facts; fa != nil {
				fmt.Fprintf(&b, "   %s: %s\n", k.Name, fa.text())
				if fa.Proved && f.Status != Proved {
					b.WriteString("   if the identity holds, so does the period\n")
				}
			}
		}
	}
	if len(r.NearMiss) > 0 {
		b.WriteString("near misses:\n")
		for _, m := range r.NearMiss {
			fmt.Fprintf(&b, "   %s: held on %d..%d, fails at %s (%s, the rule says %s)\n", m.Rule, m.HeldFrom, m.HeldTo, m.At, m.Got, m.Want)
		}
	}
	if r.Note != "" {
		fmt.Fprintf(&b, "note: %s\n", r.Note)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func (f *Facts) text() string {
	switch {
	case f.Period == 0:
		return fmt.Sprintf("no period found to %d", f.ComputedTo)
	case f.Proved && f.Saltus != 0:
		return fmt.Sprintf("arithmetic period %d, saltus %d, from %d, proved (%s)", f.Period, f.Saltus, f.Preperiod, f.Theorem)
	case f.Proved:
		return fmt.Sprintf("period %d from %d, proved (%s)", f.Period, f.Preperiod, f.Theorem)
	case f.Saltus != 0:
		return fmt.Sprintf("apparent arithmetic period %d, saltus %d, from %d, to %d", f.Period, f.Saltus, f.Preperiod, f.ComputedTo)
	}
	return fmt.Sprintf("apparent period %d from %d, to %d", f.Period, f.Preperiod, f.ComputedTo)
}

func intp(v int) *int { return &v }
