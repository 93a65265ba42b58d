package rules

import (
	"context"
	"fmt"
	"iter"
	"slices"
	"strings"

	"grundy/internal/cliarg"
)

// gra is the coin game "Gra" of seed 003: cells 1..m in a row, coins on some cells, cell m empty.
// A move takes one coin to the first empty cell on its right; whoever puts a coin on cell m wins.
// As a normal-play game, a position with a coin on cell m has no moves (the game is over and the
// player to move has lost).
type gra struct{ m uint64 }

// graMaxDraw bounds the board drawn by Format.
const graMaxDraw = 120

func graEntry() entry {
	return entry{
		info: Info{
			Name:       "gra",
			Summary:    "cells 1..m in a row, coins on some of them; a move takes one coin to the first empty cell on its right; whoever puts a coin on cell m wins",
			Flags:      []FlagInfo{{Name: "m", Arg: "M", Usage: "the number of cells (2 ≤ M); cell M starts empty"}},
			Position:   "the cells holding coins, each in 1..M-1: 1 2 5",
			Example:    "--m 8 1 2 5",
			Theory:     "reduced to staircase Nim (seed 003): a coin with k empty cells on its right stands on step k; a block of adjacent coins is the pile on its step, and moving the j-th coin from the block's right end carries j stones one step down. Stones reaching step 1 hand the opponent the win, so with no coin on step 1 the game is staircase Nim whose floor is step 2: P iff the XOR of the blocks on odd steps ≥ 3 is 0",
			Indexing:   "cells are numbered from 1 to M, as in the game's own definition",
			Limits:     "any M < 2^64 and coin cells; outcome and winning moves by the reduction (no Grundy value)",
			Play:       PlayNormal,
			Board:      BoardText,
			FirstIndex: 1,
		},
		build: func(f flags) (Ruleset, error) {
			m, err := f.uint("m", 2, ^uint64(0))
			if err != nil {
				return nil, err
			}
			return gra{m: m}, nil
		},
	}
}

func (g gra) Info() Info { return infoOf("gra") }

func (g gra) Parse(args []string) (Position, error) {
	p, err := parseNumbers(args, "coin")
	if err != nil {
		return nil, err
	}
	slices.Sort(p)
	for i, c := range p {
		if c == 0 || c >= g.m {
			if c == g.m {
				return nil, cliarg.Errorf("coin on cell %d: cell m = %d must start empty (a coin there ends the game)", c, g.m)
			}
			return nil, cliarg.Errorf("coin on cell %d is outside the board: cells are 1..%d", c, g.m)
		}
		if i > 0 && p[i-1] == c {
			return nil, cliarg.Errorf("two coins on cell %d", c)
		}
	}
	return p, nil
}

func (g gra) Args(p Position) []string { return numberArgs(p) }

func (g gra) Format(p Position) string {
	if g.m > graMaxDraw {
		return fmt.Sprintf("%d cells; coins on cells %s", g.m, joinNumbers(p))
	}
	b := []byte(strings.Repeat(".", int(g.m)))
	for _, c := range p {
		b[c-1] = 'o'
	}
	return string(b) + fmt.Sprintf("   (cells 1..%d, o = coin)", g.m)
}

// over reports whether a coin stands on cell m.
func (g gra) over(p Position) bool { return len(p) > 0 && p[len(p)-1] == g.m }

// target is the first empty cell right of the coin at index i of the sorted coins.
func (g gra) target(p Position, i int) uint64 {
	c := p[i]
	for j := i + 1; j < len(p) && p[j] == c+1; j++ {
		c = p[j]
	}
	return c + 1
}

func (g gra) move(p Position, i int) Move {
	t := g.target(p, i)
	q := slices.Clone(p)
	q[i] = t
	slices.Sort(q)
	return Move{Text: fmt.Sprintf("move the coin on cell %d to cell %d", p[i], t), To: q}
}

func (g gra) Moves(p Position) iter.Seq[Move] {
	return func(yield func(Move) bool) {
		if g.over(p) {
			return
		}
		for i := range p {
			if !yield(g.move(p, i)) {
				return
			}
		}
	}
}

// block is a maximal run of adjacent coins: indices [lo, hi] in the sorted coins, and its step (the
// number of empty cells to its right).
type block struct {
	lo, hi int
	step   uint64
}

func (g gra) blocks(p Position) []block {
	var out []block
	var coinsRight uint64
	for hi := len(p) - 1; hi >= 0; {
		lo := hi
		for lo > 0 && p[lo-1] == p[lo]-1 {
			lo--
		}
		coinsRight += uint64(hi - lo + 1)
		// empty cells right of the block: cells p[hi]+1..m minus the coins among them
		step := g.m - p[hi] - (coinsRight - uint64(hi-lo+1))
		out = append(out, block{lo: lo, hi: hi, step: step})
		hi = lo - 1
	}
	return out // right to left: steps strictly increasing
}

func (g gra) Analyze(ctx context.Context, p Position) (Analysis, error) {
	a := Analysis{Outcome: P, Complete: true, Method: "reduction to staircase Nim (steps = empty cells to the right)",
		Note: "the reduction gives outcomes and winning moves, not Grundy values"}
	if g.over(p) {
		a.Note = "a coin is on cell m: the game is over, the previous player won"
		return a, nil
	}
	bs := g.blocks(p)
	if len(bs) > 0 && bs[0].step == 1 {
		a.Outcome = N
		for i := bs[0].lo; i <= bs[0].hi; i++ {
			a.WinningMoves = append(a.WinningMoves, g.move(p, i))
		}
		return a, nil
	}
	stones := map[uint64]uint64{} // step → coins
	for _, b := range bs {
		stones[b.step] = uint64(b.hi - b.lo + 1)
	}
	var x uint64
	for s, c := range stones {
		if s >= 3 && s%2 == 1 {
			x ^= c
		}
	}
	if x == 0 {
		return a, nil
	}
	a.Outcome = N
	// carrying j stones from a block = moving its j-th coin from the right
	for _, b := range bs {
		size := uint64(b.hi - b.lo + 1)
		var j uint64
		switch {
		case b.step >= 3 && b.step%2 == 1:
			if t := size ^ x; t < size {
				j = size - t
			}
		case b.step >= 4:
			below := stones[b.step-1]
			if t := below ^ x; t > below && t-below <= size {
				j = t - below
			}
		}
		if j > 0 {
			a.WinningMoves = append(a.WinningMoves, g.move(p, b.hi+1-int(j)))
		}
	}
	return a, nil
}
