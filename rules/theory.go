package rules

import "fmt"

// Rule is a rule that a ruleset's theory proves for every position, given as data, so that a
// program looking for the rule behind a table of values (`grundy guess`) can tell a proved rule
// from a conjecture by what the ruleset says of itself rather than by its name. Exactly one group
// of fields is set; Theorem always is.
type Rule struct {
	// Theorem names the theorem, as `grundy rules NAME` states it.
	Theorem string

	// One heap. Form is g(n) for every heap n in closed form, in the plain notation "n",
	// "2n + [n evil]" ([P] is 1 when P holds, else 0; a number is evil when it has an even number
	// of binary ones), "2^v2(n) (n ≥ 1)" (v2 the 2-adic valuation).
	Form string
	// Subtraction: the ruleset is the subtraction game of this finite set (normal play).
	Subtraction []uint64

	// Several coordinates. Heaps is how many numbers a position is tabulated by (2: a table
	// g(x, y)); Coin says a position is one coin "x,y" rather than a list of heap sizes.
	Heaps int
	Coin  bool
	// Op is "⊕" (a sum) or "⊗" (a nim-product, the Tartan theorem): g(x, y) = f(x) Op h(y), f and
	// h the closed forms Factors, written in n as Form is.
	Op      string
	Factors [2]string
	// Beatty: the P-positions are (0, 0) and the pairs (⌊kα⌋, ⌊kβ⌋), (⌊kβ⌋, ⌊kα⌋), k ≥ 1, with α
	// and β these constants ("φ", "φ²").
	Beatty [2]string
	// BitsMod: a position is P exactly when every binary digit is set in a multiple of BitsMod of
	// the heaps.
	BitsMod uint64
}

// Ruled is implemented by rulesets whose theory may prove a rule for every position (see
// [Rule]); ok is false when it does not for the ruleset's flags.
type Ruled interface {
	Rule() (r Rule, ok bool)
}

func (nim) Rule() (Rule, bool) {
	return Rule{Form: "n", Theorem: "the options of heap n are all smaller heaps (grundy rules nim)"}, true
}

func (c coins1D) Rule() (Rule, bool) {
	return Rule{Form: c.r.form, Theorem: fmt.Sprintf("%s (grundy rules %s)", c.r.theory, c.r.name)}, c.r.form != ""
}

func (c coins2D) Rule() (Rule, bool) {
	r := Rule{Heaps: 2, Coin: true, Op: "⊕", Factors: [2]string{c.rows.form, c.cols.form},
		Theorem: fmt.Sprintf("a coin x,y is a sum of two games, one a coordinate (grundy rules %s)", c.name)}
	if c.tartan {
		r.Op = "⊗"
		r.Theorem = fmt.Sprintf("the Tartan theorem with the 1-D games' values (grundy rules %s)", c.name)
	}
	return r, c.rows.form != "" && c.cols.form != ""
}

// Rule is the finite set of a subtraction game in normal play, listed when it has at most
// setMaxSize amounts (as --set allows); HDU 2897 (--last-loses) is another game and has none.
func (s subtract) Rule() (Rule, bool) {
	if s.lastLoses || s.kind != 's' && s.q-s.p >= setMaxSize {
		return Rule{}, false
	}
	r := Rule{Theorem: "the subtraction-game theorem (grundy rules subtract)", Subtraction: s.set}
	if s.kind != 's' {
		r.Subtraction = nil
		for i := range s.q - s.p + 1 {
			r.Subtraction = append(r.Subtraction, s.p+i)
		}
	}
	return r, true
}

func (wythoff) Rule() (Rule, bool) {
	return Rule{Heaps: 2, Beatty: [2]string{"φ", "φ²"}, Theorem: "Wythoff's theorem (grundy rules wythoff)"}, true
}

// Rule is Moore's theorem in normal play; misère Moore has no Rule.
func (m moore) Rule() (Rule, bool) {
	return Rule{Heaps: int(m.k + 1), BitsMod: m.k + 1, Theorem: "Moore's theorem (grundy rules moore)"}, !m.misere
}
