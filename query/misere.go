package query

import (
	"context"
	"errors"

	"grundy/internal/cliarg"
	"grundy/misere"
	"grundy/report"
	"grundy/rules"
)

// MisereRequest asks for the misère quotient of a heap game restricted to heaps 0..MaxHeap: Game
// is an octal or hexadecimal code ("0.07"), "grundy" (Grundy's game), one of the names kayles,
// dawson-kayles, grundy-game, nim, or a one-heap ruleset of the catalogue played on heap sizes
// (subtract, lasker, split-nim, …) with its Flags; Ruleset is another name for the same field.
//
// POST /api/misere takes it as {"game": "0.07", "max_heap": 20, "max_size": …, "stable": …} or
// {"ruleset": "subtract", "flags": {"set": "1,3,4"}, "max_heap": 20}.
type MisereRequest struct {
	Game    string            `json:"game,omitempty"`
	Ruleset string            `json:"ruleset,omitempty"`
	Flags   map[string]string `json:"flags,omitempty"`
	// MaxHeap is the largest heap. Without it, a code the periodicity theorem applies to is
	// computed heap by heap until the theorem proves the quotient of the whole game (at most
	// heap maxProveHeap), and any other game to heap 20.
	MaxHeap Arg `json:"max_heap,omitempty"`
	MaxSize Arg `json:"max_size,omitempty"` // the size limit (default misere.DefaultMaxSize)
	Stable  Arg `json:"stable,omitempty"`   // stop after this many heaps in a row add nothing (default 0: never)
	// Script is the Starlark source of a one-heap game, in place of Game: heap n is the position
	// n, and its moves, split by split() into components, must be sums of smaller heaps.
	Script string `json:"script,omitempty"`
	// ScriptName names the script in messages and in the answer ("script:NAME").
	ScriptName string `json:"-"`
}

// MisereAnswer is the answer of Misere (report.Misere).
type MisereAnswer = report.Misere

// maxProveHeap bounds the heaps of a computation that runs until the periodicity theorem proves
// the whole game's quotient (no max_heap).
const maxProveHeap = 255

// Misere computes the misère quotient of a take-and-break game.
func Misere(ctx context.Context, r MisereRequest, lim Limits) (*MisereAnswer, error) {
	if r.Ruleset != "" {
		if r.Game != "" {
			return nil, Badf(`give either "game" or "ruleset", not both`)
		}
		r.Game = r.Ruleset
	}
	if r.Script != "" {
		if r.Game != "" || len(r.Flags) > 0 {
			return nil, Badf(`give either "game" (or "ruleset") or "script", not both`)
		}
		run, err := loadScript(ctx, r.ScriptName, r.Script, lim)
		if err != nil {
			return nil, err
		}
		defer run.close()
		ans, err := misereOf(ctx, run.HeapGame(), run.name, r, lim)
		if err != nil {
			return nil, run.fail(err)
		}
		return ans, nil
	}
	if r.Game == "" {
		return nil, Badf(`missing "game": a code such as 0.07, grundy, one of kayles, dawson-kayles, grundy-game, nim, or a one-heap ruleset; or "script"`)
	}
	g, title, err := rules.NamedHeapGame(r.Game, r.Flags)
	if err != nil {
		return nil, classify(err, lim, false)
	}
	return misereOf(ctx, g, title, r, lim)
}

// misereOf computes the quotient of g for r.
func misereOf(ctx context.Context, g misere.Game, name string, r MisereRequest, lim Limits) (*MisereAnswer, error) {
	opt := misere.Options{MaxHeap: 20}
	if r.MaxHeap == "" && misere.Provable(g) {
		opt.MaxHeap, opt.Prove = maxProveHeap, true
	}
	for _, f := range []struct {
		arg  Arg
		name string
		dst  *int
		max  uint64
	}{{r.MaxHeap, "max-heap", &opt.MaxHeap, MaxMisereHeap}, {r.MaxSize, "max-size", &opt.MaxSize, 1 << 20}, {r.Stable, "stable", &opt.Stable, 1 << 20}} {
		if f.arg == "" {
			continue
		}
		v, err := cliarg.Uint64(string(f.arg))
		if err != nil {
			return nil, Badf("--%s: %v", f.name, err)
		}
		if v > f.max {
			return nil, Badf("--%s %d is above the largest allowed, %d", f.name, v, f.max)
		}
		*f.dst = int(v)
	}
	q, stop, err := misere.Compute(ctx, g, opt)
	if err != nil {
		var le Limiter
		if errors.As(err, &le) {
			return nil, classify(err, lim, false)
		}
		var qe *Error
		if ctx.Err() != nil || errors.As(err, &qe) {
			return nil, err
		}
		var ge *misere.GameError
		if errors.As(err, &ge) {
			return nil, Badf("%v", err)
		}
		return nil, err
	}
	pr, err := misere.Prove(q)
	if err != nil {
		return nil, err
	}
	return report.NewMisere(name, q, stop, misere.Provable(g), pr), nil
}
