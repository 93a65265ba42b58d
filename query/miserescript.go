package query

import (
	"context"
	"errors"
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

// solveScriptMisere decides a misère sum of heaps of a script's heap game through its misère
// quotient (heaps ≤ misereSolveMaxHeap): ok is false when that does not apply (a position that is
// not an int heap, a game whose moves are not sums of smaller heaps, a quotient past
// misereSolveMaxSize), and the caller searches instead.
func solveScriptMisere(ctx context.Context, run *scriptRun, keys []string) (ans Answer, ok bool, err error) {
	heaps := make([]int, len(keys))
	top := 0
	for i, k := range keys {
		h, err := strconv.Atoi(k)
		if err != nil || h < 0 || h > misereSolveMaxHeap {
			return nil, false, nil
		}
		heaps[i] = h
		top = max(top, h)
	}
	g := &scriptHeaps{g: run.game}
	q, _, err := misere.Compute(ctx, g, misere.Options{MaxHeap: top, MaxSize: misereSolveMaxSize})
	if err != nil {
		var se *misere.SizeError
		if g.notHeap || (errors.As(err, &se) && ctx.Err() == nil) {
			return nil, false, nil
		}
		return nil, true, run.fail(err)
	}
	e, err := q.Element(heaps)
	if err != nil {
		return nil, true, Internalf("%v", err)
	}
	out := report.Solve{Ruleset: run.name, Position: keys, Outcome: "N", WinningMoves: []report.Move{}, Complete: true}
	pin := "not in"
	if q.IsP(e) {
		out.Outcome, pin = "P", "in"
	}
	out.Method = fmt.Sprintf("misère quotient of the script's heaps ≤ %d (|Q| = %d, |P| = %d): the product of the heaps' elements, %s, is %s the P-portion; winning moves lead into it",
		top, q.Order(), q.POrder(), q.Name(e), pin)
	seen := map[string]bool{} // a script may list one move twice, e.g. (10, 0) and (0, 10)
	for _, m := range allIndices(misere.WinningMoves(q, heaps), heaps) {
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
	return ScriptSolve{out}, true, nil
}
