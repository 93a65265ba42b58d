package scriptgame

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"

	"grundy/game"
	"grundy/internal/cliarg"
	"grundy/misere"
	"grundy/rules"
	"grundy/script"
)

// MisereJudge returns a Judge of the game's misère sums that watches ctx.
func (g *Game) MisereJudge(ctx context.Context) *Judge { return &Judge{ctx: ctx, g: g} }

// HeapGame is the script as a heap game for the misère quotient (see scriptHeaps).
func (g *Game) HeapGame() misere.Game { return &scriptHeaps{g: g.game} }

// Judge decides, for play, whether a sum of a script's positions is a misère P-position
// (the player to move loses when the last player to move loses). When every component is a heap
// (an int, or a position that split() turns into ints) of a heap game, it multiplies the heaps'
// elements in the game's misère quotient (heaps ≤ rules.MisereQuotientMaxHeap); otherwise, or when the
// quotient grows past rules.MisereQuotientMaxSize elements, the engine searches the sum (by the SJ
// theorem where it applies).
type Judge struct {
	ctx context.Context
	g   *Game
	q   *misere.Quotient
	off bool   // the quotient does not apply: the engine searches
	why string // when off, why the quotient does not apply
}

// UsesQuotient reports whether the judge has decided sums through the misère quotient (rather
// than by the engine's search alone).
func (j *Judge) UsesQuotient() bool { return j.q != nil }

// heaps returns the heaps of the sum keys, or false when a component is not a heap (see
// sumHeaps).
func (j *Judge) heaps(keys []string) ([]int, bool, error) {
	hs, why, err := sumHeaps(j.g.game, keys, rules.MisereQuotientMaxHeap)
	return hs, why == "" && err == nil, err
}

// sumHeaps returns the heaps of the sum keys of a script's positions: an int is a heap; another
// position is split() into its parts, and those in turn (an explicit stack, at most maxSplitParts
// parts in all). When a component is not a heap of at most maxHeap (rules.MisereQuotientMaxHeap in
// play, rules.MisereSumMaxHeap for solve), why says which and why (and hs is nil); err is the
// script's failure.
func sumHeaps(g *script.Game, keys []string, maxHeap int) (hs []int, why string, err error) {
	stack := slices.Clone(keys)
	slices.Reverse(stack) // popped in order: the heaps come out as the positions list them
	for seen := 0; len(stack) > 0; seen++ {
		k := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if h, err := strconv.Atoi(k); err == nil {
			switch {
			case h < 0:
				return nil, fmt.Sprintf("%d is not a heap (an int ≥ 0)", h), nil
			case h > maxHeap:
				return nil, fmt.Sprintf("heap %d is past %d, the largest heap a quotient is computed for here", h, maxHeap), nil
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
func (j *Judge) quotient(top int) (*misere.Quotient, error) {
	if j.off {
		return nil, nil
	}
	if j.q != nil && j.q.MaxHeap() >= top {
		return j.q, nil
	}
	g := &scriptHeaps{g: j.g.game}
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

// IsP reports whether the sum keys is a misère P-position.
func (j *Judge) IsP(keys []string) (bool, error) {
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
				return false, internalf("%v", err)
			}
			return q.IsP(e), nil
		}
	}
	s := j.g.solver
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

// EngineMove picks the engine's move in misère play: the first move to a misère P-position, or
// the first legal move when every move loses against perfect play.
func (j *Judge) EngineMove(keys []string) (Move, error) {
	legal, _, err := j.g.Legal(keys, -1)
	if err != nil {
		return Move{}, err
	}
	if len(legal) == 0 {
		return Move{}, internalf("the engine has no move to play")
	}
	for _, m := range legal {
		p, err := j.IsP(m.To)
		if err != nil {
			return Move{}, err
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

// scriptHeaps is a user's script as a heap game for the misère quotient: heap n is the position
// n (an int), its options are moves(n), each split by split() into its components when the script
// defines split, and every component must be an int below n (a heap).
type scriptHeaps struct {
	g       *script.Game
	err     error
	notHeap bool // err says the game is not a heap game (rather than that the script failed)
}

func (s *scriptHeaps) Err() error { return s.err }

func (s *scriptHeaps) Options(n int) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		if s.err != nil {
			return
		}
		pos := strconv.Itoa(n)
		moves, err := s.g.TryMoves(pos)
		if err != nil {
			s.err = err
			return
		}
		var heaps []int
		for m := range moves {
			parts := []string{m}
			if s.g.HasSplit() {
				ps, ok, err := s.g.TrySplit(m)
				if err != nil {
					s.err = err
					return
				}
				if ok {
					parts = ps
				}
			}
			heaps = heaps[:0]
			for _, p := range parts {
				h, err := strconv.Atoi(p)
				if err != nil || h < 0 || h >= n {
					s.notHeap = true
					s.err = cliarg.Errorf("misère quotients need a heap game: from heap %d the script moves to %s, whose component %s is not a heap (an int from 0 to %d)", n, m, p, n-1)
					return
				}
				heaps = append(heaps, h)
			}
			if !yield(heaps) {
				return
			}
		}
	}
}

// SolveMisereQuotient decides a misère sum of the script's positions through the misère quotient
// of its heap game (heaps ≤ rules.MisereSumMaxHeap) when every position is a heap (an int) or
// split() breaks it into heaps. Otherwise the solution is nil and why says why the quotient does
// not apply (a position that is not a heap, a game whose moves are not sums of smaller heaps, a
// quotient past rules.MisereQuotientMaxSize), and the caller searches instead.
func (g *Game) SolveMisereQuotient(ctx context.Context, keys []string) (sol *Solution, why string, err error) {
	heaps, why, err := sumHeaps(g.game, keys, rules.MisereSumMaxHeap)
	if err != nil || why != "" {
		return nil, why, err
	}
	j := &Judge{ctx: ctx, g: g}
	top := slicesMax(heaps)
	q, err := j.quotient(top)
	if err != nil || q == nil {
		return nil, j.why, err
	}
	e, err := q.Element(heaps)
	if err != nil {
		return nil, "", internalf("%v", err)
	}
	out := &Solution{Outcome: game.NextWins, Quotient: q, Heaps: heaps}
	pin, why := "not in", "winning moves lead into it"
	if q.IsP(e) {
		out.Outcome, pin, why = game.PrevWins, "in", "every move leads out of it"
	}
	if !allInts(keys) { // (each int key is one heap; another was split())
		return g.splitSumMisere(keys, q, heaps, e, pin, out)
	}
	out.Method = fmt.Sprintf("misère quotient of the script's heaps ≤ %d (|Q| = %d, |P| = %d): the product of the heaps' elements, %s, is %s the P-portion; %s",
		top, q.Order(), q.POrder(), q.Name(e), pin, why)
	seen := map[string]bool{} // a script may list one move twice, e.g. (10, 0) and (0, 10)
	listed, total := misere.OnEveryHeap(misere.WinningMoves(q, heaps), heaps, MaxMovesListed)
	for _, m := range listed {
		to := make([]string, len(m.After))
		for i, h := range m.After {
			to[i] = strconv.Itoa(h)
		}
		var leaves []string
		for _, x := range m.Leaves {
			if x > 0 {
				leaves = append(leaves, strconv.Itoa(x))
			}
		}
		if len(leaves) == 0 {
			leaves = []string{"nothing"}
		}
		text := fmt.Sprintf("component %d: %d -> %s", m.Index+1, m.Heap, strings.Join(leaves, " + "))
		if key := text + "\x00" + strings.Join(to, " "); !seen[key] {
			seen[key] = true
			out.Moves = append(out.Moves, Move{Text: text, To: to})
		}
	}
	out.Total = total - (len(listed) - len(out.Moves)) // less the repeats dropped
	return out, "", nil
}

// MaxMovesListed bounds the winning moves a misère quotient's answer lists: each comes with its
// whole resulting sum, so listing all of them on n heaps would take memory quadratic in n.
const MaxMovesListed = 64

// splitSumMisere finishes SolveMisereQuotient for a sum with a position that split() breaks into
// heaps (such as (1, 3) in examples/kayles-heaps.star): the winning moves are the script's own
// moves from the sum (as the engine's search lists them) whose result, split into heaps, is in the
// P-portion. split() is the script's word that a position is the sum of its parts (normal-play
// sums rely on it too); this checks it one move deep: when the script's moves from the sum are
// not those of the sum split() names (a move that does not split into heaps ≤ the largest, a
// non-terminal N-position without a move into P, a P-position with one or with no move), why says
// so and the caller searches.
func (g *Game) splitSumMisere(keys []string, q *misere.Quotient, heaps []int, e int, pin string, out *Solution) (*Solution, string, error) {
	legal, _, err := g.Legal(keys, -1)
	if err != nil {
		return nil, "", err
	}
	for _, m := range legal {
		hs, why, err := sumHeaps(g.game, m.To, rules.MisereSumMaxHeap)
		if err != nil {
			return nil, "", err
		}
		if why != "" || slicesMax(hs) > q.MaxHeap() {
			return nil, fmt.Sprintf("the move %s does not reach a sum of heaps ≤ %d", m.Text, q.MaxHeap()), nil
		}
		after, err := q.Element(hs)
		if err != nil {
			return nil, "", internalf("%v", err)
		}
		if q.IsP(after) {
			out.Moves = append(out.Moves, m)
		}
	}
	// A terminal sum is an N-position with no move; any other N-position has a move into P.
	if (len(legal) == 0 && out.Outcome == game.PrevWins) || (out.Outcome == game.NextWins && len(legal) > 0) != (len(out.Moves) > 0) {
		return nil, fmt.Sprintf("the script's moves from the sum disagree with split(): the quotient says %s but %d of its %d moves lead into the P-portion",
			out.Outcome, len(out.Moves), len(legal)), nil
	}
	strs := []string{"none"}
	if len(heaps) > 0 {
		strs = make([]string, len(heaps))
		for i, h := range heaps {
			strs[i] = strconv.Itoa(h)
		}
	}
	out.Method = fmt.Sprintf("misère quotient of the script's heaps ≤ %d (|Q| = %d, |P| = %d): split() breaks the position into heaps %s, whose product, %s, is %s the P-portion; winning moves are the script's moves whose result splits into heaps with a product in it",
		q.MaxHeap(), q.Order(), q.POrder(), strings.Join(strs, " + "), q.Name(e), pin)
	return out, "", nil
}

// allInts reports whether every key is an int literal.
func allInts(keys []string) bool {
	for _, k := range keys {
		if _, err := strconv.Atoi(k); err != nil {
			return false
		}
	}
	return true
}
