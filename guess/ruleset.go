package guess

import (
	"context"
	"fmt"
	"strings"

	"grundy/internal/cliarg"
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

// KnownOf says what a one-heap ruleset rs (built from flags) is, for the theorems Sequence
// applies: its code (a rules.TakeAndBreak), its finite subtraction set, the closed form its theory
// proves, or the period s its theory proves.
func KnownOf(rs rules.Ruleset, flags map[string]string, s rules.Sequence) (Known, error) {
	var k Known
	name := rs.Info().Name
	if t, ok := rs.(rules.TakeAndBreak); ok {
		k.Code = t.Code().String()
	}
	switch name {
	case "subtract":
		set, err := subtractionSet(flags)
		if err != nil {
			return k, err
		}
		k.Subtraction = set
	case "nim", "turtles", "twins":
		k.ClosedForm, k.ClosedTheorem = "n", "the options of heap (coin) n are all smaller values (grundy rules "+name+")"
	case "mock-turtles":
		k.ClosedForm, k.ClosedTheorem = "2n + [n evil]", "the odious numbers (grundy rules mock-turtles)"
	case "ruler":
		k.ClosedForm, k.ClosedTheorem = "2^v2(n) (n ≥ 1)", "the largest power of 2 dividing n (grundy rules ruler)"
	}
	if k.Code == "" && k.Subtraction == nil && s.Proved && s.Period > 0 {
		k.Facts = &Facts{Period: int(s.Period), Preperiod: int(s.Preperiod), Saltus: int(s.Arithmetic), Proved: true,
			Theorem: "the ruleset's theory (grundy rules " + name + ")"}
	}
	return k, nil
}

// subtractionSet returns the finite set of a subtract ruleset's flags, or nil for the HDU 2897
// rules (--last-loses), which are another game, and for sets of 100 or more elements.
func subtractionSet(flags map[string]string) ([]int, error) {
	if _, ok := flags["last-loses"]; ok {
		return nil, nil
	}
	if s, ok := flags["set"]; ok {
		var out []int
		for _, p := range strings.Split(s, ",") {
			v, err := cliarg.Uint64(strings.TrimSpace(p))
			if err != nil {
				return nil, cliarg.Errorf("--set: %v", err)
			}
			out = append(out, int(v))
		}
		return out, nil
	}
	lo, hi := "1", flags["max"]
	if rg, ok := flags["range"]; ok {
		lo, hi, _ = strings.Cut(rg, ":")
	}
	p, err1 := cliarg.Uint64(lo)
	q, err2 := cliarg.Uint64(hi)
	if err1 != nil || err2 != nil || p < 1 || q < p || q > 1<<20 {
		return nil, cliarg.Errorf("subtract: cannot read the set from the flags")
	}
	if q-p >= 100 { // the subtraction theorem's check costs N·|S|: leave the proof to the ruleset
		return nil, nil
	}
	var out []int
	for v := p; v <= q; v++ {
		out = append(out, int(v))
	}
	return out, nil
}

// TableTheorems says how to read a ruleset of two coordinates or of many heaps: its positions
// are coins "x,y" (coin) or lists of heaps, heaps is their default number (moore: k+1, at most
// maxHeaps), and theorems are the rules its theory proves, keyed as Table and Outcomes name
// them. ok is false for a ruleset that is none of wythoff, acrostic, corners, tartan and moore.
func TableTheorems(name string, flags map[string]string, maxHeaps int) (heaps int, coin bool, theorems map[string]string, ok bool) {
	heaps, theorems = 2, map[string]string{}
	switch name {
	case "wythoff":
		theorems["beatty α=φ β=φ²"] = "Wythoff's theorem (grundy rules wythoff)"
	case "acrostic":
		coin = true
		theorems["x⊕y"] = "a coin x,y is two Nim heaps (grundy rules acrostic)"
	case "corners", "tartan":
		// The Tartan theorem: g(x, y) = g_R(x) ⊗ g_C(y), with the 1-D games' closed forms (their
		// own theory: grundy rules NAME), as the table's factors are named.
		coin = true
		rows, cols := flags["rows"], flags["cols"]
		if name == "corners" {
			rows, cols = "twins", "twins"
		}
		theorems[coinForm(rows, "x")+"⊗"+coinForm(cols, "y")] = "the Tartan theorem with the 1-D games' values (grundy rules " + name + ")"
	case "moore":
		k, _ := cliarg.Uint64(flags["k"])
		heaps = int(min(k, uint64(maxHeaps)-1)) + 1
		theorems[fmt.Sprintf("bits mod %d", k+1)] = "Moore's theorem (grundy rules moore)"
	default:
		return 0, false, nil, false
	}
	return heaps, coin, theorems, true
}

// coinForm is the closed form of a 1-D coin game's values in the variable v, as Table names a
// table's factor.
func coinForm(name, v string) string {
	switch name {
	case "ruler":
		return fmt.Sprintf("(2^v2(%s) (%s ≥ 1))", v, v)
	case "mock-turtles":
		return fmt.Sprintf("(2%s + [%s evil])", v, v)
	}
	return v // turtles, twins: g(n) = n
}
