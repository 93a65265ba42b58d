package query

import (
	"context"

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
	// Values asks for the values of a table (two coordinates) in the answer, g(x, y) at
	// table[x][y], for a picture of them (the page's heatmap); other shapes ignore it.
	Values bool `json:"values,omitempty"`
}

// maxGuessHeaps bounds Heaps.
const maxGuessHeaps = 8

// Guess answers a GuessRequest: it computes the values, then asks package guess for the rule.
// Rulesets whose theory proves a rule say so (guess.Known, theorems by finding); a script's
// findings are conjectures. Options.Progress, if set, is told the positions done and the total.
func Guess(ctx context.Context, r GuessRequest, lim Limits, opts ...Options) (Answer, error) {
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
	progress := optionsOf(opts).Progress
	if r.Script != "" {
		return guessScript(ctx, r, lim, progress)
	}
	return guessRuleset(ctx, r, lim, progress)
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
func guessScript(ctx context.Context, r GuessRequest, lim Limits, progress func(done, total int64)) (Answer, error) {
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
	vals, err := guess.Tabulate(total, to, heaps, run.HeapsValue, progress)
	if err != nil {
		return nil, run.fail(err)
	}
	lib, err := guess.Default()
	if err != nil {
		return nil, classify(err, lim, false)
	}
	rep, err := guess.Shape(ctx, run.name, vals, to, heaps, lib, guess.Known{}, nil)
	if err == nil && r.Values && rep.Shape == "table" {
		rep.Table = guess.TableRows(vals, to)
	}
	return rep, classify(err, lim, false)
}

// guessRuleset computes a ruleset's values and guesses, with what its theory proves.
func guessRuleset(ctx context.Context, r GuessRequest, lim Limits, progress func(done, total int64)) (Answer, error) {
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
	if _, loopy := rs.(rules.Loopy); info.OneHeap && !loopy {
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
		rep, err := guess.Sequence(ctx, s.Values, guess.Options{Name: name, Known: guess.KnownOf(rs, s), Library: lib})
		return rep, classify(err, lim, false)
	}
	shape, ok := guess.TableTheorems(rs, maxGuessHeaps)
	heaps, coin := shape.Heaps, shape.Coin
	if !ok {
		return nil, Badf("guess takes a one-heap ruleset with Grundy values, or one of two coordinates or many heaps whose theory proves a rule (wythoff, acrostic, corners, tartan, moore); %s is neither", r.Ruleset)
	}
	if r.Heaps > 0 {
		if !shape.AnyHeaps && r.Heaps != heaps {
			return nil, Badf("%s has %d coordinates: heaps must be %d", r.Ruleset, heaps, heaps)
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
	absent := false
	vals, err := guess.Tabulate(total, to, heaps, func(h []int) (uint64, error) {
		v, abs, err := guess.RulesetValue(ctx, rs, h, coin)
		absent = absent || abs
		return v, err
	}, progress)
	if err != nil {
		return nil, classify(err, lim, false)
	}
	rep, err := guess.Shape(ctx, name, vals, to, heaps, lib, guess.Known{}, shape.Theorems)
	if err == nil && absent {
		rep.Note = "a coordinate numbered from 1 has no coin 0: g is 0 there (an absent coin)"
	}
	if err == nil && r.Values && rep.Shape == "table" {
		rep.Table = guess.TableRows(vals, to)
	}
	return rep, classify(err, lim, false)
}
