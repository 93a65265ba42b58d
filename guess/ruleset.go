package guess

import (
	"context"
	"fmt"

	"grundy/rules"
)

// Shape asks about values of a shape: heaps 1 is the sequence vals = g(0..to), heaps 2 the table
// g(x, y) = vals[x+(to+1)·y], and heaps k ≥ 3 the outcomes of k heaps (a zero value is a
// P-position), position h1 + (to+1)·h2 + …. known is for a sequence, theorems for a table or
// outcomes.
func Shape(ctx context.Context, name string, vals []uint64, to, heaps int, lib *Library, known Known, theorems map[string]string) (*Report, error) {
	switch heaps {
	case 1:
		return Sequence(ctx, vals, Options{Name: name, Known: known, Library: lib})
	case 2:
		tab := make([][]uint64, to+1)
		for x := range tab {
			tab[x] = make([]uint64, to+1)
			for y := range tab[x] {
				tab[x][y] = vals[x+(to+1)*y]
			}
		}
		return Table(ctx, tab, TableOptions{Name: name, Library: lib, Theorems: theorems})
	}
	isP := make([]bool, len(vals))
	for i, v := range vals {
		isP[i] = v == 0
	}
	return Outcomes(name, heaps, to, isP, theorems)
}

// maxSubtraction bounds the subtraction sets whose theorem Sequence applies: its check costs
// N·|S| steps; a larger set's period is left to the ruleset's own Sequence.
const maxSubtraction = 100

// KnownOf says what a one-heap ruleset rs is, for the theorems Sequence applies, from what the
// ruleset says of itself: its name when it takes no flags, its code (a rules.TakeAndBreak), the rule its theory proves (a
// rules.Ruled: a closed form, or a finite subtraction set), or else the period its Sequence s
// reports proved.
func KnownOf(rs rules.Ruleset, s rules.Sequence) Known {
	var k Known
	if info := rs.Info(); len(info.Flags) == 0 {
		k.Ruleset = info.Name
	}
	if t, ok := rs.(rules.TakeAndBreak); ok {
		k.Code = t.Code().String()
	}
	if rd, ok := rs.(rules.Ruled); ok && k.Code == "" {
		if r, ok := rd.Rule(); ok && r.Heaps < 2 {
			switch {
			case r.Form != "":
				k.ClosedForm, k.ClosedTheorem = r.Form, r.Theorem
			case len(r.Subtraction) > 0 && len(r.Subtraction) <= maxSubtraction:
				for _, v := range r.Subtraction {
					k.Subtraction = append(k.Subtraction, int(v))
				}
			}
		}
	}
	if k.Code == "" && k.Subtraction == nil && s.Proved && s.Period > 0 {
		k.Facts = &Facts{Period: int(s.Period), Preperiod: int(s.Preperiod), Saltus: int(s.Arithmetic), Proved: true,
			Theorem: "the ruleset's theory (grundy rules " + rs.Info().Name + ")"}
	}
	return k
}

// TableShape is how to read a ruleset of two coordinates or of many heaps, and what its theory
// proves of the table.
type TableShape struct {
	// Heaps is the default number of coordinates (2: a table) or heaps (outcomes).
	Heaps int
	// Coin: a position is one coin "x,y"; else a list of heap sizes.
	Coin bool
	// AnyHeaps: the rule holds for any number of heaps (outcomes), not only for Heaps.
	AnyHeaps bool
	// Theorems maps the key under which Table or Outcomes reports the rule to its theorem.
	Theorems map[string]string
}

// TableTheorems reads a ruleset of two coordinates or of many heaps from the rule its theory
// proves (a rules.Ruled with Heaps ≥ 2), with at most maxHeaps heaps; ok is false for any other
// ruleset.
func TableTheorems(rs rules.Ruleset, maxHeaps int) (shape TableShape, ok bool) {
	rd, ok := rs.(rules.Ruled)
	if !ok {
		return TableShape{}, false
	}
	r, ok := rd.Rule()
	if !ok || r.Heaps < 2 {
		return TableShape{}, false
	}
	var key string
	switch {
	case r.Op != "":
		key = inVar(r.Factors[0], "x") + r.Op + inVar(r.Factors[1], "y")
	case r.Beatty[0] != "":
		key = fmt.Sprintf("beatty α=%s β=%s", r.Beatty[0], r.Beatty[1])
	case r.BitsMod != 0:
		key = fmt.Sprintf("bits mod %d", r.BitsMod)
	default:
		return TableShape{}, false
	}
	return TableShape{Heaps: min(r.Heaps, maxHeaps), Coin: r.Coin, AnyHeaps: r.BitsMod != 0, Theorems: map[string]string{key: r.Theorem}}, true
}

// inVar writes a closed form in n in the variable v, as Table names a table's factor: "2n + [n
// evil]" in x is "(2x + [x evil])".
func inVar(form, v string) string {
	return paren(varN.ReplaceAllString(varN.ReplaceAllString(form, "${1}"+v+"${2}"), "${1}"+v+"${2}"))
}
