package rules

import (
	"context"
	"fmt"
	"iter"

	"grundy/internal/cliarg"
)

// lasker is Lasker's Nim: take any positive number from one heap, or split a heap into two
// non-empty heaps.
type lasker struct{ heapsBase }

const laskerMaxHeap = ^uint64(0) - 1

func laskerEntry() entry {
	return entry{
		info: Info{
			Name:       "lasker",
			Summary:    "Lasker's Nim: either take any positive number from one heap, or split a heap into two non-empty heaps",
			Position:   "heap sizes: 2 7",
			Example:    "2 7",
			Theory:     "g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3 (seed 003); the value is the XOR of the heaps",
			Indexing:   heapIndexing + "; a split heap becomes two heaps in its place",
			Limits:     fmt.Sprintf("closed form: heaps up to 2^64-2 (g(2^64-1) = 2^64 does not fit); the winning splits are solved from the closed form (at most %d moves are listed)", maxMovesListed),
			OneHeap:    true,
			Play:       PlayNormal,
			Board:      BoardHeaps,
			FirstIndex: 1,
		},
		build: func(flags) (Ruleset, error) { return lasker{}, nil },
	}
}

func (lasker) Info() Info { return infoOf("lasker") }

func laskerValue(n uint64) uint64 {
	switch n % 4 {
	case 0:
		if n == 0 {
			return 0
		}
		return n - 1
	case 3:
		return n + 1
	}
	return n
}

func (l lasker) Parse(args []string) (Position, error) {
	p, err := parseNumbers(args, "heap")
	if err != nil {
		return nil, err
	}
	for i, h := range p {
		if h > laskerMaxHeap {
			return nil, cliarg.Errorf("heap %d: %d is too large: Lasker's Nim heaps are limited to 2^64-2 (the value of 2^64-1 is 2^64)", i+1, h)
		}
	}
	return p, nil
}

// splitAt replaces heap i by heaps a and b (b inserted right after).
func splitAt(p Position, i int, a, b uint64) Position {
	q := make(Position, 0, len(p)+1)
	q = append(q, p[:i]...)
	q = append(q, a, b)
	return append(q, p[i+1:]...)
}

func splitText(i int, h, a, b uint64) string {
	return fmt.Sprintf("split heap %d (%d) into %d and %d", i+1, h, a, b)
}

func (lasker) Moves(p Position) iter.Seq[Move] {
	return func(yield func(Move) bool) {
		for m := range takeMoves(p, nil) {
			if !yield(m) {
				return
			}
		}
		for i, h := range p {
			for b := uint64(1); b <= h/2; b++ {
				if !yield(Move{Text: splitText(i, h, h-b, b), To: splitAt(p, i, h-b, b)}) {
					return
				}
			}
		}
	}
}

func (l lasker) Analyze(ctx context.Context, p Position) (Analysis, error) {
	var x uint64
	for _, h := range p {
		x ^= laskerValue(h)
	}
	a := Analysis{Outcome: outcomeOf(x), Value: x, HasValue: true, Complete: true,
		Method: "Lasker's Nim closed form: g(4k+3) = 4k+4, g(4k+4) = 4k+3, otherwise g(n) = n"}
	if x == 0 {
		return a, nil
	}
	for i, h := range p {
		want := laskerValue(h) ^ x // options may have larger values than h
		// g is an involution, except that g(2^64) = 2^64-1 names a heap beyond uint64
		if m := laskerValue(want); want != ^uint64(0) && m < h {
			a.WinningMoves = append(a.WinningMoves, Move{Text: takeText(i, h-m), To: with(p, i, m)})
		}
		done := laskerSplits(h, want, func(big, small uint64) bool {
			if len(a.WinningMoves) >= maxMovesListed {
				return false
			}
			a.WinningMoves = append(a.WinningMoves, Move{Text: splitText(i, h, big, small), To: splitAt(p, i, big, small)})
			return true
		})
		if !done {
			a.Complete = false
			break
		}
	}
	return a, nil
}

// laskerShift and laskerLow give the closed form by residue: for n = 4q + r (n ≥ 1),
// g(n) = 4(q + laskerShift[r]) + laskerLow[r].
var (
	laskerShift = [4]int64{-1, 0, 0, 1}
	laskerLow   = [4]uint64{3, 1, 2, 0}
)

// laskerSplits calls add(a, b) for every split of a heap of h into a ≥ b ≥ 1 with
// g(a) ^ g(b) = want, until add returns false (then it returns false). It solves the closed form
// instead of searching: for residues ra, rb of a and b, write A = qa + shift(ra), B = qb + shift(rb);
// the low two bits need low(ra) ^ low(rb) = want & 3, and the rest A ^ B = X = want >> 2 with
// A + B = T fixed by h, so A & B = D = (T - X) / 2 (T - X even, D & X = 0) and A = D | Y,
// B = D | (X &^ Y) for the subsets Y of X.
func laskerSplits(h, want uint64, add func(a, b uint64) bool) bool {
	x := want >> 2
	for ra := uint64(0); ra < 4; ra++ {
		rb := (h - ra) & 3
		if laskerLow[ra]^laskerLow[rb] != want&3 || h < ra+rb {
			continue
		}
		t := int64((h-ra-rb)/4) + laskerShift[ra] + laskerShift[rb] // A + B; h/4 < 2^62
		if t < 0 || uint64(t) < x || (uint64(t)-x)%2 != 0 {
			continue
		}
		d := (uint64(t) - x) / 2
		if d&x != 0 {
			continue
		}
		// every subset y of x, from x down to 0
		for y := x; ; y = (y - 1) & x {
			qa, qb := int64(d|y)-laskerShift[ra], int64(d|(x&^y))-laskerShift[rb]
			// a heap 4q (q ≥ 1) or 4q+r (r ≥ 1, q ≥ 0)
			if qa >= 0 && qb >= 0 && (ra > 0 || qa > 0) && (rb > 0 || qb > 0) {
				a, b := 4*uint64(qa)+ra, 4*uint64(qb)+rb
				if a >= b && !add(a, b) {
					return false
				}
			}
			if y == 0 {
				break
			}
		}
	}
	return true
}

// Sequence is the closed form, with its arithmetic period 4 (saltus 4).
func (lasker) Sequence(ctx context.Context, n uint64) (Sequence, error) {
	vs, err := seqBuf(n)
	if err != nil {
		return Sequence{}, err
	}
	for i := range vs {
		vs[i] = laskerValue(uint64(i))
	}
	return Sequence{Values: vs, Period: 4, Preperiod: 1, Arithmetic: 4, Proved: true}, nil
}
