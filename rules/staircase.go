package rules

import (
	"context"
	"fmt"
	"iter"
	"strings"

	"grundy/internal/cliarg"
)

// ---- staircase Nim ----

type staircase struct{}

func staircaseEntry() entry {
	return entry{
		info: Info{
			Name:       "staircase",
			Summary:    "stones on steps 1..n; a move carries any positive number of stones from step j down to step j-1 (step 0 is the floor, where stones stay); whoever cannot move loses",
			Position:   "stones on steps 1, 2, …, n: 2 1 3",
			Example:    "2 1 3",
			Theory:     "staircase Nim: stones on even steps never matter (a move from an even step is undone by carrying the same stones on), so the game is Nim on the odd steps: the Grundy value is the XOR of the odd steps (seeds 003, 004)",
			Indexing:   "steps are numbered from 1 (the first argument is step 1); step 0 is the floor",
			Limits:     "closed form for any counts whose total is at most 2^64-1: every stone can be carried down to step 1, which must be able to hold them all (a position is a list of uint64)",
			Play:       PlayNormal,
			Board:      BoardText,
			FirstIndex: 1,
		},
		build: func(flags) (Ruleset, error) { return staircase{}, nil },
	}
}

func (staircase) Info() Info { return infoOf("staircase") }

// Parse reads the stones per step; their total must stay below 2^64, so no move can overflow.
func (staircase) Parse(args []string) (Position, error) {
	p, err := parseNumbers(args, "step")
	if err != nil {
		return nil, err
	}
	var total uint64
	for _, v := range p {
		if total > ^uint64(0)-v {
			return nil, cliarg.Errorf("the total number of stones is 2^64 or more: the limit is 2^64-1 (every stone can be carried down to step 1, which must hold them all)")
		}
		total += v
	}
	return p, nil
}
func (staircase) Args(p Position) []string { return numberArgs(p) }

func (staircase) Format(p Position) string {
	if len(p) == 0 {
		return "(no steps)"
	}
	var b strings.Builder
	for i := len(p) - 1; i >= 0; i-- {
		fmt.Fprintf(&b, "step %d: %d\n", i+1, p[i])
	}
	b.WriteString("floor")
	return b.String()
}

func stairText(step int, k uint64) string {
	if step == 1 {
		return fmt.Sprintf("move %d from step 1 to the floor", k)
	}
	return fmt.Sprintf("move %d from step %d to step %d", k, step, step-1)
}

// stairMove moves k stones from step i+1 (index i) down.
func stairMove(p Position, i int, k uint64) Position {
	q := with(p, i, p[i]-k)
	if i > 0 {
		q[i-1] += k
	}
	return q
}

func (staircase) Moves(p Position) iter.Seq[Move] {
	return func(yield func(Move) bool) {
		for i, h := range p {
			for k := uint64(1); k <= h; k++ {
				if !yield(Move{Text: stairText(i+1, k), To: stairMove(p, i, k)}) {
					return
				}
			}
		}
	}
}

// oddStepsXOR is the XOR of the counts on odd steps (indices 0, 2, 4, …).
func oddStepsXOR(p Position) uint64 {
	var x uint64
	for i := 0; i < len(p); i += 2 {
		x ^= p[i]
	}
	return x
}

// stairWinning lists the winning moves of staircase Nim on steps p (index 0 = step 1), where x is
// the XOR of the odd steps: lowering an odd step to p[i]^x, or carrying stones from an even step to
// the odd step below so that it becomes p[i-1]^x.
func stairWinning(p Position, x uint64, text func(i int, k uint64) string, to func(i int, k uint64) Position) []Move {
	var out []Move
	for i, h := range p {
		if i%2 == 0 {
			if t := h ^ x; t < h {
				out = append(out, Move{Text: text(i, h-t), To: to(i, h-t)})
			}
		} else {
			below := p[i-1]
			if t := below ^ x; t > below && t-below <= h {
				out = append(out, Move{Text: text(i, t-below), To: to(i, t-below)})
			}
		}
	}
	return out
}

func (s staircase) Analyze(ctx context.Context, p Position) (Analysis, error) {
	x := oddStepsXOR(p)
	a := Analysis{Outcome: outcomeOf(x), Value: x, HasValue: true, Complete: true,
		Method: "staircase Nim: XOR of the odd steps"}
	if x != 0 {
		a.WinningMoves = stairWinning(p, x,
			func(i int, k uint64) string { return stairText(i+1, k) },
			func(i int, k uint64) Position { return stairMove(p, i, k) })
	}
	return a, nil
}
