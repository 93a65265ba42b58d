package query

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"grundy/internal/cliarg"
	"grundy/misere"
	"grundy/octal"
	"grundy/report"
)

// misereSolveMaxHeap is the largest heap for which Solve decides a misère sum of a take-and-break
// game through its misère quotient; beyond it, or when the quotient passes misereSolveMaxSize
// elements, Solve falls back to the engine's search of the sum.
const (
	misereSolveMaxHeap = 40
	misereSolveMaxSize = 2048
)

// takeAndBreakCode returns the code of a take-and-break ruleset (kayles, dawson-kayles,
// grundy-game, or octal with its code flag), or false.
func takeAndBreakCode(ruleset string, flags map[string]string) (octal.Code, bool) {
	name := map[string]string{"kayles": "0.77", "dawson-kayles": "0.07", "grundy-game": "grundy"}
	if code, ok := name[ruleset]; ok && len(flags) == 0 {
		return octal.MustParse(code), true
	}
	if ruleset == "octal" && len(flags) == 1 {
		if c, err := octal.Parse(flags["code"]); err == nil {
			return c, true
		}
	}
	return octal.Code{}, false
}

// solveMisereQuotient decides a misère sum of heaps of a take-and-break ruleset or a one-heap
// ruleset played on heap sizes through the misère quotient of heaps up to the largest one; ok is
// false when the quotient does not apply (another ruleset, a heap past misereSolveMaxHeap, a
// quotient past misereSolveMaxSize, a move that does not leave smaller heaps), and the caller
// searches instead.
func solveMisereQuotient(ctx context.Context, r SolveRequest) (ans Answer, ok bool, err error) {
	if len(r.Position) == 0 {
		return nil, false, nil
	}
	var g misere.Game
	var label string
	if code, isTB := takeAndBreakCode(r.Ruleset, r.Flags); isTB {
		g, label = misere.Octal(code), code.String()
	} else if r.Ruleset == "nim" || !rulesetKnown(r.Ruleset) {
		return nil, false, nil // misère Nim has its theorem (misere-nim)
	} else if rg, title, err := misereRuleset(r.Ruleset, r.Flags); err == nil {
		g, label = rg, title
	} else {
		return nil, false, nil
	}
	heaps := make([]int, len(r.Position))
	top := 0
	for i, a := range r.Position {
		v, err := cliarg.Uint64(a)
		if err != nil {
			return nil, false, Badf("heap %d: %v", i+1, err)
		}
		if v > misereSolveMaxHeap {
			return nil, false, nil
		}
		heaps[i] = int(v)
		top = max(top, int(v))
	}
	q, _, err := misere.Compute(ctx, g, misere.Options{MaxHeap: top, MaxSize: misereSolveMaxSize})
	if err != nil {
		var se *misere.SizeError
		var bad *Error
		if (errors.As(err, &se) || errors.As(err, &bad)) && ctx.Err() == nil {
			return nil, false, nil // past the size limit, or not a heap game after all: search
		}
		return nil, true, err
	}
	counts := make([]uint64, top+1)
	for _, h := range heaps {
		counts[h]++
	}
	e, err := q.ElementCounts(counts)
	if err != nil {
		return nil, true, Internalf("%v", err)
	}
	out := report.Solve{Ruleset: r.Ruleset, Position: r.Position, Outcome: "N", WinningMoves: []report.Move{}, Complete: true}
	if q.IsP(e) {
		out.Outcome = "P"
	}
	pin := "not in"
	if q.IsP(e) {
		pin = "in"
	}
	out.Method = fmt.Sprintf("misère quotient of %s on heaps ≤ %d (|Q| = %d, |P| = %d): the product of the heaps' elements, %s, is %s the P-portion; winning moves lead into it",
		label, top, q.Order(), q.POrder(), q.Name(e), pin)
	listed, total := allIndices(misere.WinningMoves(q, heaps), heaps)
	for _, m := range listed {
		to := make([]string, len(m.After))
		for i, h := range m.After {
			to[i] = strconv.Itoa(h)
		}
		var leaves []string
		taken := m.Heap
		for _, x := range m.Leaves {
			if x > 0 {
				leaves = append(leaves, strconv.Itoa(x))
				taken -= x
			}
		}
		text := fmt.Sprintf("heap %d: %d -> ", m.Index+1, m.Heap)
		if len(leaves) == 0 {
			text += "nothing"
		} else {
			text += strings.Join(leaves, " + ")
		}
		if taken > 0 {
			text += fmt.Sprintf(" (take %d)", taken)
		}
		out.WinningMoves = append(out.WinningMoves, report.Move{Move: text, To: to})
	}
	capNote(&out, total)
	return out, true, nil
}

// maxMovesListed bounds the winning moves an answer lists, as the rulesets' own analyses do
// (nim's): each comes with its whole resulting position, so listing all of them on n heaps would
// take memory and output quadratic in n.
const maxMovesListed = 64

// allIndices repeats each winning move (found on the first heap of its size) on every heap of
// that size, as the engine's search lists them, up to maxMovesListed of them; total is how many
// there are in all.
func allIndices(moves []misere.Move, heaps []int) (out []misere.Move, total int) {
	for _, m := range moves {
		for i, h := range heaps {
			if h != m.Heap {
				continue
			}
			total++
			if len(out) >= maxMovesListed {
				continue
			}
			c := m
			c.Index = i
			c.After = append(append(append([]int{}, heaps[:i]...), m.After[m.Index:m.Index+len(m.After)-len(heaps)+1]...), heaps[i+1:]...)
			out = append(out, c)
		}
	}
	return out, total
}

// capNote records in out that total winning moves exist, of which out lists the first: when
// some are left out, the list is marked incomplete and the note gives the count (as nim's).
func capNote(out *report.Solve, total int) {
	if total > len(out.WinningMoves) {
		out.Complete = false
		n := fmt.Sprintf("%d winning moves in all; the first %d are listed", total, len(out.WinningMoves))
		if out.Note != "" {
			n = out.Note + "; " + n
		}
		out.Note = n
	}
}
