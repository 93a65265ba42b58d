package rules

import (
	"iter"
	"maps"
	"slices"
	"strconv"
	"strings"

	"grundy/internal/cliarg"
	"grundy/misere"
	"grundy/octal"
)

// NamedHeapGame returns the heap game called name, for its misère quotient (`grundy misere
// GAME`): nim (without flags), a ruleset of the catalogue with its flags ([HeapGame]: a
// take-and-break ruleset by its code, a one-heap ruleset played on heap sizes by its moves), or a
// take-and-break code ("0.07", "grundy"). title names the game in answers: the name, with a
// ruleset's flags ("subtract --set 1,3,4").
func NamedHeapGame(name string, flags map[string]string) (g misere.Game, title string, err error) {
	if len(flags) == 0 && name == "nim" {
		return misere.Nim(), name, nil
	}
	rs, rerr := New(name, flags)
	if rerr == nil {
		g, err := HeapGame(rs)
		return g, Title(name, flags), err
	}
	_, unknown := Lookup(name)
	switch c, err := octal.Parse(name); {
	case len(flags) == 0 && err == nil:
		return misere.Octal(c), name, nil
	case unknown == nil:
		return nil, "", rerr
	case len(flags) > 0:
		names := slices.Sorted(maps.Keys(flags))
		return nil, "", cliarg.Errorf("unknown flag %s: %s is not a ruleset, so it takes no flags of its own (misere's are --max-heap, --max-size, --stable, --script, --timeout and --max-memory; 'grundy rules' lists the rulesets)",
			strings.Join(names, ", "), name)
	default:
		return nil, "", cliarg.Errorf("%v (a code such as 0.07, grundy, one of kayles, dawson-kayles, grundy-game, nim, or a one-heap ruleset)", err)
	}
}

// Title names a ruleset with its flags as answers name it ("subtract --set 1,3,4").
func Title(name string, flags map[string]string) string {
	for _, k := range slices.Sorted(maps.Keys(flags)) {
		name += " --" + k + " " + flags[k]
	}
	return name
}

// HeapGame returns r as a heap game for the misère quotient (package misere): a take-and-break
// ruleset by its code, a one-heap ruleset played on heap sizes in normal play by its moves (each
// must leave heaps below the one moved, else the quotient's computation stops with a bad-input
// error saying so). Any other ruleset is refused.
func HeapGame(r Ruleset) (misere.Game, error) {
	if t, ok := r.(TakeAndBreak); ok {
		return misere.Octal(t.Code()), nil
	}
	info := r.Info()
	if !info.OneHeap || info.Play != PlayNormal || info.Board != BoardHeaps {
		return nil, cliarg.Errorf("%s is not a one-heap game played on heap sizes in normal play: misère quotients are of heap games (see 'grundy rules')", info.Name)
	}
	return &rulesetHeaps{r: r}, nil
}

// rulesetHeaps is a one-heap ruleset (positions are heap sizes) as a heap game for the misère
// quotient: heap n is the position "n", and each move must leave heaps below n.
type rulesetHeaps struct {
	r       Ruleset
	err     error
	notHeap bool // err says the game is not a heap game
}

func (g *rulesetHeaps) Err() error { return g.err }

func (g *rulesetHeaps) Options(n int) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		if g.err != nil {
			return
		}
		p, err := g.r.Parse([]string{strconv.Itoa(n)})
		if err != nil {
			g.err, g.notHeap = cliarg.Errorf("misère quotients need a heap game: heap %d: %v", n, err), true
			return
		}
		var heaps []int
		for mv := range g.r.Moves(p) {
			heaps = heaps[:0]
			for _, a := range g.r.Args(mv.To) {
				h, err := strconv.Atoi(a)
				if err != nil || h < 0 || h >= n {
					g.err, g.notHeap = cliarg.Errorf("misère quotients need a heap game: from heap %d the move %q leaves %s, not heaps below %d", n, mv.Text, strings.Join(g.r.Args(mv.To), " "), n), true
					return
				}
				if h > 0 {
					heaps = append(heaps, h)
				}
			}
			if !yield(heaps) {
				return
			}
		}
	}
}
