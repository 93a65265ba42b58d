package rules

import (
	"context"
	"fmt"
	"iter"
	"math/big"

	"grundy/internal/cliarg"
)

// wythoff is Wythoff's game: two heaps; take any positive amount from one heap, or the same
// positive amount from both.
type wythoff struct{ heapsBase }

func wythoffEntry() entry {
	return entry{
		info: Info{
			Name:       "wythoff",
			Summary:    "two heaps; take any positive number from one heap, or the same positive number from both; whoever cannot move loses",
			Position:   "two heap sizes: 3 5",
			Example:    "3 5",
			Theory:     "Wythoff: the P-positions are (⌊nφ⌋, ⌊nφ²⌋) and their mirror images, φ the golden ratio (computed exactly with integer square roots); Grundy values by dynamic programming over the rectangle below the position (row, column and diagonal bitsets)",
			Indexing:   heapIndexing,
			Limits:     fmt.Sprintf("outcome and winning moves for any uint64 heaps; the Grundy value when one heap is 0, or when (x+1)(y+1)·⌈(2·min+max+1)/64⌉ ≤ %d and the bitsets fit in 256 MiB (both heaps up to about 4,500)", uint64(wythoffValueWork)),
			Play:       PlayNormal,
			Board:      BoardHeaps,
			FirstIndex: 1,
		},
		build: func(flags) (Ruleset, error) { return wythoff{}, nil },
	}
}

func (wythoff) Info() Info { return infoOf("wythoff") }

func (wythoff) Parse(args []string) (Position, error) {
	if len(args) != 2 {
		return nil, cliarg.Errorf("wythoff is played on two heaps, got %d", len(args))
	}
	return parseNumbers(args, "heap")
}

func (wythoff) Moves(p Position) iter.Seq[Move] {
	return func(yield func(Move) bool) {
		for m := range takeMoves(p, nil) {
			if !yield(m) {
				return
			}
		}
		for k := uint64(1); k <= min(p[0], p[1]); k++ {
			if !yield(Move{Text: bothText(k), To: Position{p[0] - k, p[1] - k}}) {
				return
			}
		}
	}
}

func bothText(k uint64) string { return fmt.Sprintf("take %d from both heaps", k) }

// lowerWythoff is ⌊nφ⌋ = ⌊(n + √(5n²)) / 2⌋, exact: √(5n²) is irrational for n > 0, so
// ⌊(n + √(5n²))/2⌋ = ⌊(n + ⌊√(5n²)⌋)/2⌋. The result can exceed 2^64; it is returned as a big.Int.
func lowerWythoff(n uint64) *big.Int {
	bn := new(big.Int).SetUint64(n)
	s := new(big.Int).Mul(bn, bn)
	s.Mul(s, big.NewInt(5))
	s.Sqrt(s)
	s.Add(s, bn)
	return s.Rsh(s, 1)
}

// wythoffPartner returns the other heap of the P-position containing x, and whether it fits in
// uint64. Every x ≥ 0 is in exactly one P-pair: (0,0), or x = ⌊nφ⌋ (partner x+n) or x = ⌊nφ²⌋
// (partner x-n).
func wythoffPartner(x uint64) (uint64, bool) {
	if x == 0 {
		return 0, true
	}
	// n ≈ x/φ: ⌊x/φ⌋ = ⌊(√(5x²) - x)/2⌋; check the neighbours of the estimate.
	bx := new(big.Int).SetUint64(x)
	s := new(big.Int).Mul(bx, bx)
	s.Mul(s, big.NewInt(5))
	s.Sqrt(s)
	s.Sub(s, bx)
	s.Rsh(s, 1)
	est := s.Uint64()
	for n := est - min(est, 2); n <= est+2; n++ {
		if n == 0 {
			continue
		}
		a := lowerWythoff(n)
		if a.IsUint64() && a.Uint64() == x {
			b := new(big.Int).Add(a, new(big.Int).SetUint64(n))
			return b.Uint64(), b.IsUint64()
		}
		if b := new(big.Int).Add(a, new(big.Int).SetUint64(n)); b.IsUint64() && b.Uint64() == x {
			return a.Uint64(), true
		}
	}
	// x/φ² estimate for the upper sequence: n ≈ x - x/φ
	m := x - est
	for n := m - min(m, 2); n <= m+2; n++ {
		if n == 0 {
			continue
		}
		a := lowerWythoff(n)
		if b := new(big.Int).Add(a, new(big.Int).SetUint64(n)); b.IsUint64() && b.Uint64() == x {
			return a.Uint64(), true
		}
	}
	panic(fmt.Sprintf("wythoff: %d is in no P-position (internal error)", x))
}

// wythoffP reports whether (x, y) is a P-position.
func wythoffP(x, y uint64) bool {
	q, ok := wythoffPartner(x)
	return ok && q == y
}

func (w wythoff) Analyze(ctx context.Context, p Position) (Analysis, error) {
	x, y := p[0], p[1]
	a := Analysis{Outcome: N, Complete: true, Method: "Wythoff's theorem: P-positions (⌊nφ⌋, ⌊nφ²⌋)"}
	if _, ok := wythoffValueCost(x, y); ok || min(x, y) == 0 {
		v, err := wythoffValue(ctx, x, y)
		if err != nil {
			return Analysis{}, err
		}
		a.Value, a.HasValue = v, true
		a.Method += "; Grundy value by dynamic programming over the rectangle"
	} else {
		a.Note = fmt.Sprintf("the Grundy value is computed only when (x+1)(y+1)·⌈(2·min+max+1)/64⌉ ≤ %d and the bitsets fit in 256 MiB (both heaps up to about 4,500)", uint64(wythoffValueWork))
	}
	if wythoffP(x, y) {
		a.Outcome = P
		if a.HasValue && a.Value != 0 {
			return Analysis{}, fmt.Errorf("wythoff: theory and search disagree at %d %d (internal error)", x, y)
		}
		return a, nil
	}
	// lower heap 2 to the partner of heap 1, heap 1 to the partner of heap 2, or both by the same
	// amount to the P-position with the same difference.
	if q, ok := wythoffPartner(x); ok && q < y {
		a.WinningMoves = append(a.WinningMoves, Move{Text: takeText(1, y-q), To: Position{x, q}})
	}
	if q, ok := wythoffPartner(y); ok && q < x {
		a.WinningMoves = append(a.WinningMoves, Move{Text: takeText(0, x-q), To: Position{q, y}})
	}
	lo, hi := min(x, y), max(x, y)
	if d := hi - lo; d > 0 {
		t := lowerWythoff(d)
		if t.IsUint64() && t.Uint64() < lo {
			k := lo - t.Uint64()
			a.WinningMoves = append(a.WinningMoves, Move{Text: bothText(k), To: Position{x - k, y - k}})
		}
	} else if lo > 0 {
		a.WinningMoves = append(a.WinningMoves, Move{Text: bothText(lo), To: Position{0, 0}})
	}
	return a, nil
}

// canon sorts the two heaps (the game is symmetric).
func (wythoff) canon(p Position) Position { return Position{min(p[0], p[1]), max(p[0], p[1])} }
