package query

import (
	"fmt"
	"iter"
	"maps"
	"slices"
	"strconv"
	"strings"

	"grundy/rules"
)

// rulesetHeaps is a one-heap ruleset of the catalogue (positions are heap sizes) as a heap game
// for the misère quotient: heap n is the position "n", and each move must leave heaps below n.
type rulesetHeaps struct {
	r   rules.Ruleset
	err error
}

func (g *rulesetHeaps) Err() error { return g.err }

func (g *rulesetHeaps) Options(n int) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		if g.err != nil {
			return
		}
		p, err := g.r.Parse([]string{strconv.Itoa(n)})
		if err != nil {
			g.err = Badf("misère quotients need a heap game: heap %d: %v", n, err)
			return
		}
		var heaps []int
		for mv := range g.r.Moves(p) {
			heaps = heaps[:0]
			for _, a := range g.r.Args(mv.To) {
				h, err := strconv.Atoi(a)
				if err != nil || h < 0 || h >= n {
					g.err = Badf("misère quotients need a heap game: from heap %d the move %q leaves %s, not heaps below %d", n, mv.Text, strings.Join(g.r.Args(mv.To), " "), n)
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

// misereRuleset returns a one-heap ruleset of the catalogue as a heap game, with its name and
// flags as the answer names it ("subtract --set 1,3,4").
func misereRuleset(name string, flags map[string]string) (*rulesetHeaps, string, error) {
	r, err := rules.New(name, flags)
	if err != nil {
		return nil, "", err
	}
	info := r.Info()
	if !info.OneHeap || info.Play != "normal" || !strings.HasPrefix(info.Position, "heap sizes") {
		return nil, "", Badf("%s is not a one-heap game played on heap sizes in normal play: misère quotients are of heap games (see 'grundy rules')", name)
	}
	title := name
	for _, k := range slices.Sorted(maps.Keys(flags)) {
		title += fmt.Sprintf(" --%s %s", k, flags[k])
	}
	return &rulesetHeaps{r: r}, title, nil
}

// rulesetKnown reports whether the catalogue has a ruleset of that name.
func rulesetKnown(name string) bool {
	_, err := rules.Lookup(name)
	return err == nil
}
