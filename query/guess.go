package query

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"grundy/guess"
	"grundy/internal/cliarg"
	"grundy/rules"
)

// GuessRequest asks what rule a game's values follow: `grundy guess`. Exactly one of Ruleset
// (with Flags) and Script names the game. The answer is a *guess.Report.
type GuessRequest struct {
	// Ruleset is a catalogue ruleset: a one-heap ruleset (its sequence g(0..To)), wythoff,
	// acrostic, corners or tartan (the table g(x, y), 0 ≤ x, y ≤ To), or moore (the outcomes of
	// Heaps heaps, each 0..To; Heaps defaults to k+1).
	Ruleset string            `json:"ruleset,omitempty"`
	Flags   map[string]string `json:"flags,omitempty"`
	// Script is the Starlark source of a user's game, ScriptName its name in messages. Its
	// positions are the ints 0..To (Heaps 1), the pairs (x, y) (Heaps 2: a table), or k-tuples of
	// heaps (Heaps k ≥ 3: outcomes).
	Script     string `json:"script,omitempty"`
	ScriptName string `json:"-"`
	// To is the last heap or coordinate; empty: 1000 for one heap, 32 for a table, 7 for outcomes.
	To Arg `json:"to,omitempty"`
	// Heaps is the shape of a script's positions (0 means 1), or the number of heaps of moore.
	Heaps int `json:"heaps,omitempty"`
	// Progress, when not nil, is called now and then with the positions done and the total.
	Progress func(done, total int64) `json:"-"`
}

// maxGuessHeaps bounds Heaps.
const maxGuessHeaps = 8

// Guess answers a GuessRequest: it computes the values, then asks package guess for the rule.
// Rulesets whose theory proves a rule say so (guess.Known, theorems by finding); a script's
// findings are conjectures.
func Guess(ctx context.Context, r GuessRequest, lim Limits) (Answer, error) {
	if err := lim.checkArgs("flags", nil, r.Flags); err != nil {
		return nil, err
	}
	switch {
	case r.Script != "" && (r.Ruleset != "" || len(r.Flags) > 0):
		return nil, Badf(`give either "ruleset" (with "flags") or "script", not both`)
	case r.Script == "" && r.Ruleset == "":
		return nil, Badf(`missing "ruleset" or "script"`)
	case r.Heaps < 0 || r.Heaps > maxGuessHeaps:
		return nil, Badf("heaps: want 1 to %d, got %d", maxGuessHeaps, r.Heaps)
	}
	if r.Script != "" {
		return guessScript(ctx, r, lim)
	}
	return guessRuleset(ctx, r, lim)
}

// guessTo reads To, with the default of the shape.
func guessTo(r GuessRequest, heaps int) (int, error) {
	switch {
	case r.To != "":
	case heaps == 1:
		return 1000, nil
	case heaps == 2:
		return 32, nil
	default:
		return 7, nil
	}
	v, err := cliarg.Uint64(string(r.To))
	if err != nil {
		return 0, Badf("to: %v", err)
	}
	if v < 1 || v > 1<<30 {
		return 0, Badf("to: want 1 to 2^30, got %d", v)
	}
	return int(v), nil
}

// positions counts the positions of the shape, refusing more than max (the limit name).
func guessPositions(lim Limits, name string, max uint64, to, heaps int) (int, error) {
	if max == 0 || max > 1<<32 {
		max = 1 << 32 // the values are kept in memory, 8 bytes each
	}
	total := uint64(1)
	for range heaps {
		total *= uint64(to) + 1
		if total > max {
			return 0, lim.over(name, max, "guess would compute (%d+1)^%d positions: over the limit %s = %d", to, heaps, name, max)
		}
	}
	return int(total), nil
}

// guessScript computes a script's values on the shape Heaps asks for and guesses.
func guessScript(ctx context.Context, r GuessRequest, lim Limits) (Answer, error) {
	heaps := max(r.Heaps, 1)
	to, err := guessTo(r, heaps)
	if err != nil {
		return nil, err
	}
	total, err := guessPositions(lim, "max_script_to", lim.MaxScriptSeq, to, heaps)
	if err != nil {
		return nil, err
	}
	run, err := loadScript(ctx, r.ScriptName, r.Script, lim)
	if err != nil {
		return nil, err
	}
	defer run.close()
	vals := make([]uint64, total)
	h := make([]int, heaps)
	for i := range vals {
		decodeTuple(i, to, h)
		if vals[i], err = run.Solver().Value(tupleLiteral(h)); err != nil {
			return nil, run.fail(err)
		}
		if r.Progress != nil && (i%256 == 255 || i == total-1) {
			r.Progress(int64(i)+1, int64(total))
		}
	}
	lib, err := guess.Default()
	if err != nil {
		return nil, classify(err, lim, false)
	}
	rep, err := guessShape(ctx, run.name, vals, to, heaps, lib, guess.Known{}, nil)
	return rep, classify(err, lim, false)
}

// decodeTuple writes the heaps of position i: i = h1 + (to+1)·h2 + ….
func decodeTuple(i, to int, h []int) {
	for j := range h {
		h[j], i = i%(to+1), i/(to+1)
	}
}

// tupleLiteral writes heaps as a script's position: 7 for one heap, (3, 4) for several.
func tupleLiteral(h []int) string {
	if len(h) == 1 {
		return strconv.Itoa(h[0])
	}
	parts := make([]string, len(h))
	for i, x := range h {
		parts[i] = strconv.Itoa(x)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// guessShape asks package guess about values of the shape: a sequence, a table or outcomes.
func guessShape(ctx context.Context, name string, vals []uint64, to, heaps int, lib *guess.Library, known guess.Known, theorems map[string]string) (*guess.Report, error) {
	switch heaps {
	case 1:
		return guess.Sequence(ctx, vals, guess.Options{Name: name, Known: known, Library: lib})
	case 2:
		tab := make([][]uint64, to+1)
		for x := range tab {
			tab[x] = make([]uint64, to+1)
			for y := range tab[x] {
				tab[x][y] = vals[x+(to+1)*y]
			}
		}
		return guess.Table(ctx, tab, guess.TableOptions{Name: name, Library: lib, Theorems: theorems})
	}
	isP := make([]bool, len(vals))
	for i, v := range vals {
		isP[i] = v == 0
	}
	return guess.Outcomes(name, heaps, to, isP, theorems)
}

// guessRuleset computes a ruleset's values and guesses, with what its theory proves.
func guessRuleset(ctx context.Context, r GuessRequest, lim Limits) (Answer, error) {
	info, err := rules.Lookup(r.Ruleset)
	if err != nil {
		return nil, classify(err, lim, false)
	}
	rs, err := rules.New(r.Ruleset, r.Flags)
	if err != nil {
		return nil, classify(err, lim, false)
	}
	name := r.Ruleset
	for _, f := range info.Flags {
		if v, ok := r.Flags[f.Name]; ok {
			name += " --" + f.Name + " " + v
		}
	}
	lib, err := guess.Default()
	if err != nil {
		return nil, classify(err, lim, false)
	}
	if info.OneHeap && !rules.IsLoopy(r.Ruleset) {
		if r.Heaps > 1 {
			return nil, Badf("%s is a one-heap ruleset: heaps must be 1", r.Ruleset)
		}
		to, err := guessTo(r, 1)
		if err != nil {
			return nil, err
		}
		if _, err := guessPositions(lim, "max_seq", lim.MaxSeq, to, 1); err != nil {
			return nil, err
		}
		s, err := rs.(rules.Sequencer).Sequence(ctx, uint64(to))
		if err != nil {
			return nil, classify(err, lim, false)
		}
		known, err := knownOf(r.Ruleset, r.Flags, s)
		if err != nil {
			return nil, err
		}
		rep, err := guess.Sequence(ctx, s.Values, guess.Options{Name: name, Known: known, Library: lib})
		return rep, classify(err, lim, false)
	}
	heaps, coin, theorems := 2, false, map[string]string{}
	switch r.Ruleset {
	case "wythoff":
		theorems["beatty α=φ β=φ²"] = "Wythoff's theorem (grundy rules wythoff)"
	case "acrostic":
		coin = true
		theorems["x⊕y"] = "a coin x,y is two Nim heaps (grundy rules acrostic)"
	case "corners", "tartan":
		// The Tartan theorem: g(x, y) = g_R(x) ⊗ g_C(y), with the 1-D games' closed forms (their
		// own theory: grundy rules NAME), as the table's factors are named.
		coin = true
		rows, cols := r.Flags["rows"], r.Flags["cols"]
		if r.Ruleset == "corners" {
			rows, cols = "twins", "twins"
		}
		theorems[coinForm(rows, "x")+"⊗"+coinForm(cols, "y")] = "the Tartan theorem with the 1-D games' values (grundy rules " + r.Ruleset + ")"
	case "moore":
		k, _ := cliarg.Uint64(r.Flags["k"])
		heaps = int(min(k, maxGuessHeaps-1)) + 1
		theorems[fmt.Sprintf("bits mod %d", k+1)] = "Moore's theorem (grundy rules moore)"
	default:
		return nil, Badf("guess takes a one-heap ruleset (with Grundy values), wythoff, acrostic, corners, tartan or moore; %s is none of them", r.Ruleset)
	}
	if r.Heaps > 0 {
		if r.Ruleset != "moore" && r.Heaps != 2 {
			return nil, Badf("%s has two coordinates: heaps must be 2", r.Ruleset)
		}
		heaps = r.Heaps
	}
	to, err := guessTo(r, heaps)
	if err != nil {
		return nil, err
	}
	capTable := uint64(1 << 22) // tables and outcomes of rulesets are analysed position by position
	if lim.MaxSeq > 0 {
		capTable = min(capTable, lim.MaxSeq)
	}
	total, err := guessPositions(lim, "max_seq", capTable, to, heaps)
	if err != nil {
		return nil, err
	}
	vals := make([]uint64, total)
	h := make([]int, heaps)
	absent := false
	for i := range vals {
		if err := ctx.Err(); err != nil {
			return nil, classify(err, lim, false)
		}
		decodeTuple(i, to, h)
		args := make([]string, heaps)
		for j, x := range h {
			args[j] = strconv.Itoa(x)
		}
		if coin {
			args = []string{args[0] + "," + args[1]}
		}
		pos, err := rs.Parse(args)
		if err != nil && coin && (h[0] == 0 || h[1] == 0) {
			// A coordinate numbered from 1: coin 0 stands for an absent coin, as in seq.
			absent = true
			continue
		}
		if err != nil {
			return nil, classify(err, lim, false)
		}
		a, err := rs.Analyze(ctx, pos)
		if err != nil {
			return nil, classify(err, lim, false)
		}
		switch {
		case a.HasValue:
			vals[i] = a.Value
		case a.Outcome == rules.N:
			vals[i] = 1 // outcomes only: any non-zero value stands for N
		}
		if r.Progress != nil && (i%256 == 255 || i == total-1) {
			r.Progress(int64(i)+1, int64(total))
		}
	}
	rep, err := guessShape(ctx, name, vals, to, heaps, lib, guess.Known{}, theorems)
	if err == nil && absent {
		rep.Note = "a coordinate numbered from 1 has no coin 0: g is 0 there (an absent coin)"
	}
	return rep, classify(err, lim, false)
}

// coinForm is the closed form of a 1-D coin game's values in the variable v, as guess names a
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

// knownOf says what a one-heap ruleset is, for the theorems guess applies: its code, its finite
// subtraction set, its proved period, or the closed form its theory proves.
func knownOf(name string, flags map[string]string, s rules.Sequence) (guess.Known, error) {
	var k guess.Known
	switch name {
	case "kayles":
		k.Code = "0.77"
	case "dawson-kayles":
		k.Code = "0.07"
	case "grundy-game":
		k.Code = "grundy"
	case "octal":
		k.Code = flags["code"]
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
		k.Facts = &guess.Facts{Period: int(s.Period), Preperiod: int(s.Preperiod), Saltus: int(s.Arithmetic), Proved: true,
			Theorem: "the ruleset's theory (grundy rules " + name + ")"}
	}
	return k, nil
}

// subtractionSet returns the finite set of a subtract ruleset's flags, or nil for the HDU 2897
// rules (--last-loses), which are another game.
func subtractionSet(flags map[string]string) ([]int, error) {
	if _, ok := flags["last-loses"]; ok {
		return nil, nil
	}
	if s, ok := flags["set"]; ok {
		var out []int
		for _, p := range strings.Split(s, ",") {
			v, err := cliarg.Uint64(strings.TrimSpace(p))
			if err != nil {
				return nil, Badf("--set: %v", err)
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
		return nil, Badf("subtract: cannot read the set from the flags")
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
