package query

import (
	"context"
	"fmt"
	"iter"
	"strconv"
	"strings"

	"grundy/misere"
	"grundy/report"
	"grundy/script"
)

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
					s.err = Badf("misère quotients need a heap game: from heap %d the script moves to %s, whose component %s is not a heap (an int from 0 to %d)", n, m, p, n-1)
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

// solveScriptMisere decides a misère sum of a script's positions through the misère quotient of
// its heap game (heaps ≤ rules.MisereQuotientMaxHeap) when every position is a heap (an int) or split()
// breaks it into heaps. Otherwise ans is nil and why says why the quotient does not apply (a
// position that is not a heap, a game whose moves are not sums of smaller heaps, a quotient past
// rules.MisereQuotientMaxSize), and the caller searches instead.
func solveScriptMisere(ctx context.Context, run *scriptRun, keys []string) (ans Answer, why string, err error) {
	heaps, why, err := sumHeaps(run.game, keys)
	if err != nil || why != "" {
		return nil, why, run.fail(err)
	}
	j := &misereJudge{ctx: ctx, run: run}
	top := slicesMax(heaps)
	q, err := j.quotient(top)
	if err != nil || q == nil {
		return nil, j.why, run.fail(err)
	}
	e, err := q.Element(heaps)
	if err != nil {
		return nil, "", Internalf("%v", err)
	}
	out := report.Solve{Ruleset: run.name, Position: keys, Outcome: "N", WinningMoves: []report.Move{}, Complete: true}
	pin := "not in"
	if q.IsP(e) {
		out.Outcome, pin = "P", "in"
	}
	if !allInts(keys) { // (each int key is one heap; another was split())
		return splitSumMisere(run, keys, q, heaps, e, pin, out)
	}
	out.Method = fmt.Sprintf("misère quotient of the script's heaps ≤ %d (|Q| = %d, |P| = %d): the product of the heaps' elements, %s, is %s the P-portion; winning moves lead into it",
		top, q.Order(), q.POrder(), q.Name(e), pin)
	seen := map[string]bool{} // a script may list one move twice, e.g. (10, 0) and (0, 10)
	listed, total := misere.OnEveryHeap(misere.WinningMoves(q, heaps), heaps, maxMovesListed)
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
			out.WinningMoves = append(out.WinningMoves, report.Move{Move: text, To: to})
		}
	}
	capNote(&out, total-(len(listed)-len(out.WinningMoves))) // less the repeats dropped
	return ScriptSolve{out}, "", nil
}

// splitSumMisere finishes solveScriptMisere for a sum with a position that split() breaks into
// heaps (such as (1, 3) in examples/kayles-heaps.star): the winning moves are the script's own
// moves from the sum (as the engine's search lists them) whose result, split into heaps, is in the
// P-portion. split() is the script's word that a position is the sum of its parts (normal-play
// sums rely on it too); this checks it one move deep: when the script's moves from the sum are
// not those of the sum split() names (a move that does not split into heaps ≤ the largest, a
// non-terminal N-position without a move into P, a P-position with one or with no move), why says
// so and the caller searches.
func splitSumMisere(run *scriptRun, keys []string, q *misere.Quotient, heaps []int, e int, pin string, out report.Solve) (Answer, string, error) {
	legal, _, err := run.legal(keys, -1)
	if err != nil {
		return nil, "", run.fail(err)
	}
	for _, m := range legal {
		hs, why, err := sumHeaps(run.game, m.to)
		if err != nil {
			return nil, "", run.fail(err)
		}
		if why != "" || slicesMax(hs) > q.MaxHeap() {
			return nil, fmt.Sprintf("the move %s does not reach a sum of heaps ≤ %d", m.text, q.MaxHeap()), nil
		}
		after, err := q.Element(hs)
		if err != nil {
			return nil, "", Internalf("%v", err)
		}
		if q.IsP(after) {
			out.WinningMoves = append(out.WinningMoves, report.Move{Move: m.text, To: m.to})
		}
	}
	// A terminal sum is an N-position with no move; any other N-position has a move into P.
	if (len(legal) == 0 && out.Outcome == "P") || (out.Outcome == "N" && len(legal) > 0) != (len(out.WinningMoves) > 0) {
		return nil, fmt.Sprintf("the script's moves from the sum disagree with split(): the quotient says %s but %d of its %d moves lead into the P-portion",
			out.Outcome, len(out.WinningMoves), len(legal)), nil
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
	return ScriptSolve{out}, "", nil
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
