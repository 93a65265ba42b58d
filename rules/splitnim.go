package rules

import (
	"context"
	"iter"

	"grundy/internal/cliarg"
)

// odious returns the k-th odious number (k from 0): 2k or 2k+1, whichever has an odd number of
// ones in binary. It is the Grundy value of Mock Turtles' coin k. k must be below 2^63.
func odious(k uint64) uint64 {
	if popcount(k)%2 == 1 {
		return 2 * k
	}
	return 2*k + 1
}

// isOdious reports whether v has an odd number of binary ones.
func isOdious(v uint64) bool { return popcount(v)%2 == 1 }

// splitValue is the Grundy value of a heap of n in split-nim (replace a heap by two strictly smaller
// heaps): 0 for n = 0 and odious(n-1) after, because the options of heap n, {g(a) ⊕ g(b) : a, b < n},
// are those of Mock Turtles' coin n-1 (flip nothing, one or two of the coins below). n ≤ 2^63.
func splitValue(n uint64) uint64 {
	if n == 0 {
		return 0
	}
	return odious(n - 1)
}

// splitHeapOf inverts splitValue: the heap whose value is v, if any.
func splitHeapOf(v uint64) (uint64, bool) {
	if v == 0 {
		return 0, true
	}
	if !isOdious(v) {
		return 0, false
	}
	return v>>1 + 1, true
}

const splitMaxHeap = 1 << 63

// splitBudget bounds the candidate pairs examined when listing winning moves of one position.
const splitBudget = 1 << 20

// splitNim is split-nim: replace one heap by two strictly smaller heaps. Its values are the odious
// numbers above (split's beans use them too).
type splitNim struct{ heapsBase }

func splitNimEntry() entry {
	return entry{
		info: Info{
			Name:       "split-nim",
			Summary:    "replace one heap by two strictly smaller heaps (either may be 0; together they may exceed the old heap); whoever cannot move loses",
			Position:   "heap sizes: 2 3",
			Example:    "2 3",
			Theory:     "the options of heap n, {g(a) XOR g(b) : a, b < n}, are those of Mock Turtles' coin n-1, so g(0) = 0 and g(n) is the (n-1)-th odious number (1, 2, 4, 7, 8, 11, …); the value is the XOR of the heaps (seed 004)",
			Indexing:   heapIndexing + "; a split heap becomes two heaps in its place",
			Limits:     "closed form: heaps up to 2^63; when two non-empty heaps are needed, 2^20 pairs are searched",
			OneHeap:    true,
			Play:       PlayNormal,
			Board:      BoardHeaps,
			FirstIndex: 1,
		},
		build: func(flags) (Ruleset, error) { return splitNim{}, nil },
	}
}

func (splitNim) Info() Info { return infoOf("split-nim") }

func (splitNim) Parse(args []string) (Position, error) {
	p, err := parseNumbers(args, "heap")
	if err != nil {
		return nil, err
	}
	for i, h := range p {
		if h > splitMaxHeap {
			return nil, cliarg.Errorf("heap %d: %d is too large: split-nim heaps are limited to 2^63", i+1, h)
		}
	}
	return p, nil
}

func (splitNim) Moves(p Position) iter.Seq[Move] {
	return func(yield func(Move) bool) {
		for i, h := range p {
			for a := uint64(0); a < h; a++ {
				for b := uint64(0); b <= a; b++ {
					if !yield(Move{Text: splitText(i, h, a, b), To: splitAt(p, i, a, b)}) {
						return
					}
				}
			}
		}
	}
}

// splitPairs lists pairs (a, b), b ≤ a < h, with splitValue(a) ^ splitValue(b) = want, calling
// add for each until add returns false or the budget runs out; it returns whether it finished.
func splitPairs(h, want uint64, budget *int, add func(a, b uint64) bool) bool {
	if h == 0 {
		return true
	}
	if want == 0 {
		for a := uint64(0); a < h; a++ {
			if *budget == 0 {
				return false
			}
			*budget--
			if !add(a, a) {
				return false
			}
		}
		return true
	}
	if m, ok := splitHeapOf(want); ok {
		// an odious value: one heap of value want and an empty one (odious ^ odious is evil)
		if m < h {
			return add(m, 0)
		}
		return true
	}
	// an evil value: two non-empty heaps a-1 ^ b-1 = want>>1 (the low bits follow by parity),
	// b-1 < a-1 < h-1
	return xorPairsBelow(want>>1, h-1, budget, func(v, u uint64) bool { return add(u+1, v+1) })
}

func (s splitNim) Analyze(ctx context.Context, p Position) (Analysis, error) {
	var x uint64
	for _, h := range p {
		x ^= splitValue(h)
	}
	a := Analysis{Outcome: outcomeOf(x), Value: x, HasValue: true, Complete: true,
		Method: "split-nim closed form: g(n) = the (n-1)-th odious number"}
	if x == 0 {
		return a, nil
	}
	budget := splitBudget
	for i, h := range p {
		done := splitPairs(h, splitValue(h)^x, &budget, func(m, n uint64) bool {
			if len(a.WinningMoves) >= maxMovesListed {
				return false
			}
			a.WinningMoves = append(a.WinningMoves, Move{Text: splitText(i, h, m, n), To: splitAt(p, i, m, n)})
			return true
		})
		if !done {
			a.Complete = false
			break
		}
	}
	return a, nil
}

// Sequence is the closed form (no period: the values grow).
func (splitNim) Sequence(ctx context.Context, n uint64) (Sequence, error) {
	vs, err := seqBuf(n)
	if err != nil {
		return Sequence{}, err
	}
	for i := range vs {
		vs[i] = splitValue(uint64(i))
	}
	return Sequence{Values: vs}, nil
}
