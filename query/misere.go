package query

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"grundy/internal/cliarg"
	"grundy/misere"
	"grundy/octal"
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

// maxMisereTable bounds the multiplication table Misere returns (order²).
const maxMisereTable = 1024

// Misere computes the misère quotient of a take-and-break game.
func Misere(ctx context.Context, r MisereRequest, lim Limits) (*MisereAnswer, error) {
	var g misere.Game
	if r.Ruleset != "" {
		if r.Game != "" {
			return nil, Badf(`give either "game" or "ruleset", not both`)
		}
		r.Game = r.Ruleset
	}
	name := r.Game
	if r.Script != "" {
		if r.Game != "" || len(r.Flags) > 0 {
			return nil, Badf(`give either "game" (or "ruleset") or "script", not both`)
		}
		run, err := loadScript(ctx, r.ScriptName, r.Script, lim)
		if err != nil {
			return nil, err
		}
		defer run.close()
		name = run.name
		g = run.HeapGame()
		ans, err := misereOf(ctx, g, name, r, lim)
		if err != nil {
			return nil, run.fail(err)
		}
		return ans, nil
	}
	if name == "" {
		return nil, Badf(`missing "game": a code such as 0.07, grundy, one of kayles, dawson-kayles, grundy-game, nim, or a one-heap ruleset; or "script"`)
	}
	if len(r.Flags) == 0 && name == "nim" {
		return misereOf(ctx, misere.Nim(), name, r, lim)
	}
	// A ruleset of the catalogue (a take-and-break game by its code, another by its moves), else
	// a code.
	rs, rerr := rules.New(name, r.Flags)
	if rerr == nil {
		g, err := rules.HeapGame(rs)
		if err != nil {
			return nil, err
		}
		return misereOf(ctx, g, rulesetTitle(name, r.Flags), r, lim)
	}
	_, unknown := rules.Lookup(name)
	switch c, err := octal.Parse(name); {
	case len(r.Flags) == 0 && err == nil:
		g = misere.Octal(c)
	case unknown == nil:
		return nil, rerr
	case len(r.Flags) > 0:
		names := slices.Sorted(maps.Keys(r.Flags))
		return nil, Badf("unknown flag %s: %s is not a ruleset, so it takes no flags of its own (misere's are --max-heap, --max-size, --stable, --script, --timeout and --max-memory; 'grundy rules' lists the rulesets)",
			strings.Join(names, ", "), name)
	default:
		return nil, Badf("%v (a code such as 0.07, grundy, one of kayles, dawson-kayles, grundy-game, nim, or a one-heap ruleset)", err)
	}
	return misereOf(ctx, g, name, r, lim)
}

// rulesetTitle names a ruleset with its flags as the answer names it ("subtract --set 1,3,4").
func rulesetTitle(name string, flags map[string]string) string {
	for _, k := range slices.Sorted(maps.Keys(flags)) {
		name += fmt.Sprintf(" --%s %s", k, flags[k])
	}
	return name
}

// misereLabel names a ruleset's heap game in the methods of misère answers: a take-and-break
// ruleset by its code ("0.77"), another by its name and flags.
func misereLabel(rs rules.Ruleset, flags map[string]string) string {
	if t, ok := rs.(rules.TakeAndBreak); ok {
		return t.Code().String()
	}
	return rulesetTitle(rs.Info().Name, flags)
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
	}{{r.MaxHeap, "max-heap", &opt.MaxHeap, 255}, {r.MaxSize, "max-size", &opt.MaxSize, 1 << 20}, {r.Stable, "stable", &opt.Stable, 1 << 20}} {
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
	a := &MisereAnswer{Game: name, MaxHeap: q.MaxHeap(), Stopped: stop, Order: q.Order(), POrder: q.POrder(),
		Generators: q.Generators(), Pretending: q.Pretending(), PPortion: q.PPortion(), Sizes: q.Sizes()}
	if a.PPortion == nil {
		a.PPortion = []int{}
	}
	a.Presentation = []string{}
	for _, rel := range q.Presentation() {
		a.Presentation = append(a.Presentation, rel.String())
	}
	for e := 0; e < q.Order(); e++ {
		a.Elements = append(a.Elements, q.Name(e))
	}
	if q.Order() <= maxMisereTable {
		a.Table = q.Table()
	}
	a.Provable = misere.Provable(g)
	pr, err := misere.Prove(q)
	if err != nil {
		return nil, err
	}
	if pr != nil {
		a.Proved, a.Period, a.Preperiod, a.ProvedAt = true, &pr.Period, &pr.Preperiod, &pr.Heap
	}
	return a, nil
}
