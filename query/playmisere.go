package query

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"grundy/game"
	"grundy/misere"
	"grundy/rules"
	"grundy/script"
)

// misereJudge decides, for play, whether a sum of a script's positions is a misère P-position
// (the player to move loses when the last player to move loses). When every component is a heap
// (an int, or a position that split() turns into ints) of a heap game, it multiplies the heaps'
// elements in the game's misère quotient (heaps ≤ rules.MisereQuotientMaxHeap); otherwise, or when the
// quotient grows past rules.MisereQuotientMaxSize elements, the engine searches the sum (by the SJ
// theorem where it applies).
type misereJudge struct {
	ctx context.Context
	run *scriptRun
	q   *misere.Quotient
	off bool   // the quotient does not apply: the engine searches
	why string // when off, why the quotient does not apply
}

// heaps returns the heaps of the sum keys, or false when a component is not a heap (see
// sumHeaps).
func (j *misereJudge) heaps(keys []string) ([]int, bool, error) {
	hs, why, err := sumHeaps(j.run.game, keys)
	return hs, why == "" && err == nil, err
}

// sumHeaps returns the heaps of the sum keys of a script's positions: an int is a heap; another
// position is split() into its parts, and those in turn (an explicit stack, at most maxSplitParts
// parts in all). When a component is not a heap of at most rules.MisereQuotientMaxHeap, why says which
// and why (and hs is nil); err is the script's failure.
func sumHeaps(g *script.Game, keys []string) (hs []int, why string, err error) {
	stack := slices.Clone(keys)
	slices.Reverse(stack) // popped in order: the heaps come out as the positions list them
	for seen := 0; len(stack) > 0; seen++ {
		k := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if h, err := strconv.Atoi(k); err == nil {
			switch {
			case h < 0:
				return nil, fmt.Sprintf("%d is not a heap (an int ≥ 0)", h), nil
			case h > rules.MisereQuotientMaxHeap:
				return nil, fmt.Sprintf("heap %d is past %d, the largest heap solve computes a quotient for", h, rules.MisereQuotientMaxHeap), nil
			}
			hs = append(hs, h)
			continue
		}
		if !g.HasSplit() {
			return nil, fmt.Sprintf("%s is not a heap (an int) and the script defines no split() to break it into heaps", k), nil
		}
		if seen > maxSplitParts {
			return nil, fmt.Sprintf("the position splits into more than %d parts", maxSplitParts), nil
		}
		parts, ok, err := g.TrySplit(k)
		if err != nil {
			return nil, "", err
		}
		if !ok || (len(parts) == 1 && parts[0] == k) {
			return nil, fmt.Sprintf("%s is not a heap (an int) and split() does not break it into smaller parts", k), nil
		}
		for i := len(parts) - 1; i >= 0; i-- {
			stack = append(stack, parts[i])
		}
	}
	return hs, "", nil
}

// maxSplitParts bounds the components a position of a sum may split into for the quotient.
const maxSplitParts = 1 << 12

// quotient returns the quotient of heaps up to at least top, computing or extending it; nil
// when it does not apply (then the judge searches from now on).
func (j *misereJudge) quotient(top int) (*misere.Quotient, error) {
	if j.off {
		return nil, nil
	}
	if j.q != nil && j.q.MaxHeap() >= top {
		return j.q, nil
	}
	g := &scriptHeaps{g: j.run.game}
	q, _, err := misere.Compute(j.ctx, g, misere.Options{MaxHeap: top, MaxSize: rules.MisereQuotientMaxSize})
	if err != nil {
		var se *misere.SizeError
		switch {
		case g.notHeap:
			j.off, j.why = true, g.err.Error()
		case errors.As(err, &se) && j.ctx.Err() == nil:
			j.off, j.why = true, fmt.Sprintf("the quotient of heaps ≤ %d passes %d elements", top, rules.MisereQuotientMaxSize)
		default:
			return nil, err
		}
		return nil, nil
	}
	j.q = q
	return q, nil
}

// isP reports whether the sum keys is a misère P-position.
func (j *misereJudge) isP(keys []string) (bool, error) {
	hs, ok, err := j.heaps(keys)
	if err != nil {
		return false, err
	}
	if ok {
		q, err := j.quotient(max(0, slicesMax(hs)))
		if err != nil {
			return false, err
		}
		if q != nil {
			e, err := q.Element(hs)
			if err != nil {
				return false, Internalf("%v", err)
			}
			return q.IsP(e), nil
		}
	}
	s := j.run.solver
	var out game.Outcome
	if len(keys) == 1 {
		out, err = s.MisereOutcome(keys[0])
	} else {
		out, err = s.SJOutcome(keys)
		var notSJ *game.SJError[string]
		if errors.As(err, &notSJ) {
			out, err = s.MisereSumOutcome(keys)
		}
	}
	return out == game.PrevWins, err
}

// engine picks the engine's move in misère play: the first move to a misère P-position, or
// the first legal move when every move loses against perfect play.
func (j *misereJudge) engine(keys []string) (scriptMove, error) {
	legal, _, err := j.run.legal(keys, -1)
	if err != nil {
		return scriptMove{}, err
	}
	if len(legal) == 0 {
		return scriptMove{}, Internalf("the engine has no move to play")
	}
	for _, m := range legal {
		p, err := j.isP(m.to)
		if err != nil {
			return scriptMove{}, err
		}
		if p {
			return m, nil
		}
	}
	return legal[0], nil
}

func slicesMax(xs []int) int {
	m := 0
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}
