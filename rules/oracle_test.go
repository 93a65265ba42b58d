package rules

import (
	"slices"

	"grundy/game"
)

// oracle answers positions of a ruleset with the generic engine (package game) searching the
// ruleset's move relation; one solver per ruleset keeps its memo across positions.
type oracle struct {
	r      Ruleset
	misere bool
	s      *game.Solver[string]
}

func newOracle(r Ruleset, opts ...game.Option) *oracle {
	return &oracle{r: r, misere: r.Info().Play == "misère", s: game.NewSolver(EngineGame(r), opts...)}
}

func (o *oracle) outcome(p Position) (Outcome, error) {
	k := Canonical(o.r, p).Key()
	var g game.Outcome
	var err error
	if o.misere {
		g, err = o.s.MisereOutcome(k)
	} else {
		g, err = o.s.Outcome(k)
	}
	return fromGame(g), err
}

func (o *oracle) value(p Position) (uint64, error) { return o.s.Value(Canonical(o.r, p).Key()) }

func (o *oracle) score(p Position) (uint64, error) { return scoreByDefinition(o.r, p) }

// winning lists the keys of the options of p that the engine finds to be P-positions.
func (o *oracle) winning(p Position) ([]string, error) {
	var out []string
	for m := range o.r.Moves(p) {
		oc, err := o.outcome(m.To)
		if err != nil {
			return nil, err
		}
		if oc == P {
			out = append(out, m.To.Key())
		}
	}
	return out, nil
}

// scoreByDefinition is the length of play of a one-heap scored game (winner hurries, loser
// delays), straight from the definition.
func scoreByDefinition(r Ruleset, p Position) (uint64, error) {
	memo := map[string][2]uint64{} // win (0/1), length
	var order []Position
	stack := []Position{p}
	seen := map[string]bool{}
	for len(stack) > 0 {
		q := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[q.Key()] {
			continue
		}
		seen[q.Key()] = true
		order = append(order, q)
		for m := range r.Moves(q) {
			stack = append(stack, m.To)
		}
	}
	// one heap: every move lowers it, so solve in increasing order
	slices.SortFunc(order, func(a, b Position) int { return slices.Compare(a, b) })
	for _, q := range order {
		win, best, worst := false, ^uint64(0), uint64(0)
		for m := range r.Moves(q) {
			c := memo[m.To.Key()]
			if c[0] == 0 {
				win = true
				best = min(best, c[1]+1)
			}
			worst = max(worst, c[1]+1)
		}
		if win {
			memo[q.Key()] = [2]uint64{1, best}
		} else {
			memo[q.Key()] = [2]uint64{0, worst}
		}
	}
	return memo[p.Key()][1], nil
}
