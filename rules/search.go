package rules

import (
	"fmt"

	"grundy/internal/cliarg"
)

// SearchLimit is the largest number of positions a search visits before refusing; rulesets that
// answer some positions by search (wythoff's values, hungergame outside the theory) state it.
const SearchLimit = 1 << 20

// searchValues computes, by exhaustive search from root, the value of every reachable position:
// the Grundy value in normal play; in misère play 1 for N and 0 for P. It refuses with a
// *cliarg.Error naming the limit when more than limit positions are reachable, and reports a
// cycle as an error. The search is iterative (an explicit stack).
func searchValues(r Ruleset, root Position, limit int, misere bool) (map[string]uint64, error) {
	type frame struct {
		key      string
		pos      Position
		kids     []string
		expanded bool
	}
	const (
		fresh = iota
		open
		done
	)
	state := map[string]uint8{}
	vals := map[string]uint64{}
	stack := []*frame{{key: root.Key(), pos: root}}
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		switch {
		case state[f.key] == done:
			stack = stack[:len(stack)-1]
		case !f.expanded:
			if state[f.key] == open {
				return nil, fmt.Errorf("%s: the moves form a cycle through %v", r.Info().Name, f.pos)
			}
			state[f.key] = open
			f.expanded = true
			if len(state) > limit {
				return nil, cliarg.Errorf("%s: the position reaches more than %d positions, the search limit", r.Info().Name, limit)
			}
			for m := range r.Moves(f.pos) {
				k := m.To.Key()
				switch state[k] {
				case open:
					return nil, fmt.Errorf("%s: the moves form a cycle through %v", r.Info().Name, m.To)
				case fresh:
					stack = append(stack, &frame{key: k, pos: m.To})
				}
				f.kids = append(f.kids, k)
			}
		default:
			seen := make([]bool, len(f.kids)+1)
			win := false
			for _, k := range f.kids {
				v := vals[k]
				if v < uint64(len(seen)) {
					seen[v] = true
				}
				win = win || v == 0
			}
			var v uint64
			if misere {
				if len(f.kids) == 0 || win {
					v = 1
				}
			} else {
				for seen[v] {
					v++
				}
			}
			vals[f.key] = v
			state[f.key] = done
			f.kids = nil
			stack = stack[:len(stack)-1]
		}
	}
	return vals, nil
}

// searchAnalysis answers a position by exhaustive search within SearchLimit positions.
func searchAnalysis(r Ruleset, p Position, what string) (Analysis, error) {
	misere := r.Info().Play == "misère"
	vals, err := searchValues(r, p, SearchLimit, misere)
	if err != nil {
		return Analysis{}, err
	}
	v := vals[p.Key()]
	a := Analysis{Complete: true, Method: fmt.Sprintf("exhaustive search (%d positions)", len(vals))}
	if misere {
		a.Outcome = P
		if v == 1 {
			a.Outcome = N
		}
		a.Note = "no Grundy value in misère play"
	} else {
		a.Outcome, a.Value, a.HasValue = outcomeOf(v), v, true
	}
	if a.Outcome == N {
		for m := range r.Moves(p) {
			if vals[m.To.Key()] == 0 {
				a.WinningMoves = append(a.WinningMoves, m)
			}
		}
	}
	return a, nil
}
