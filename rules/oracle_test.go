package rules

import (
	"iter"
	"slices"
)

// oracle answers positions of a ruleset by exhaustive search of its move relation.
type oracle struct {
	r      Ruleset
	misere bool
	vals   map[string]uint64
}

func newOracle(r Ruleset) *oracle {
	return &oracle{r: r, misere: r.Info().Play == "misère", vals: map[string]uint64{}}
}

// canonical maps a position to a canonical one of the same game, when the ruleset has a symmetry.
func canonical(r Ruleset, p Position) Position {
	if c, ok := r.(interface{ canon(Position) Position }); ok {
		return c.canon(p)
	}
	return p
}

func (o *oracle) get(p Position) (uint64, error) {
	p = canonical(o.r, p)
	if v, ok := o.vals[p.Key()]; ok {
		return v, nil
	}
	vals, err := searchValues(canonGame{o.r}, p, 1<<22, o.misere)
	if err != nil {
		return 0, err
	}
	for k, v := range vals {
		o.vals[k] = v
	}
	return vals[p.Key()], nil
}

func (o *oracle) outcome(p Position) (Outcome, error) {
	v, err := o.get(p)
	if v == 0 { // a Grundy value 0, or a misère P-position
		return P, err
	}
	return N, err
}

func (o *oracle) value(p Position) (uint64, error) { return o.get(p) }

func (o *oracle) score(p Position) (uint64, error) { return scoreByDefinition(o.r, p) }

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

// canonGame is the ruleset with its options in canonical form.
type canonGame struct{ Ruleset }

func (g canonGame) Moves(p Position) iter.Seq[Move] {
	return func(yield func(Move) bool) {
		for m := range g.Ruleset.Moves(p) {
			if !yield(Move{Text: m.Text, To: canonical(g.Ruleset, m.To)}) {
				return
			}
		}
	}
}

// scoreByDefinition is the length of play of a scored game, straight from the definition.
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
	// one-heap games: positions are smaller after every move, so solve in increasing order
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
