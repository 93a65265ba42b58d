package rules

import (
	"context"
	"fmt"
	"iter"
	"slices"
	"strings"

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

// ---- lasker ----

type lasker struct{ heapsBase }

const laskerMaxHeap = ^uint64(0) - 1

func laskerEntry() entry {
	return entry{
		info: Info{
			Name:     "lasker",
			Summary:  "Lasker's Nim: either take any positive number from one heap, or split a heap into two non-empty heaps",
			Position: "heap sizes: 2 7",
			Example:  "2 7",
			Theory:   "g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3 (seed 003); the value is the XOR of the heaps",
			Indexing: heapIndexing + "; a split heap becomes two heaps in its place",
			Limits:   fmt.Sprintf("closed form: heaps up to 2^64-2 (g(2^64-1) = 2^64 does not fit); the winning splits are solved from the closed form (at most %d moves are listed)", maxMovesListed),
			OneHeap:  true,
			Play:     "normal",
		},
		build: func(flags) (Ruleset, error) { return lasker{}, nil },
	}
}

func (lasker) Info() Info { return laskerEntry().info }

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

// ---- split-nim ----

type splitNim struct{ heapsBase }

func splitNimEntry() entry {
	return entry{
		info: Info{
			Name:     "split-nim",
			Summary:  "replace one heap by two strictly smaller heaps (either may be 0; together they may exceed the old heap); whoever cannot move loses",
			Position: "heap sizes: 2 3",
			Example:  "2 3",
			Theory:   "the options of heap n, {g(a) XOR g(b) : a, b < n}, are those of Mock Turtles' coin n-1, so g(0) = 0 and g(n) is the (n-1)-th odious number (1, 2, 4, 7, 8, 11, …); the value is the XOR of the heaps (seed 004)",
			Indexing: heapIndexing + "; a split heap becomes two heaps in its place",
			Limits:   "closed form: heaps up to 2^63; when two non-empty heaps are needed, 2^20 pairs are searched",
			OneHeap:  true,
			Play:     "normal",
		},
		build: func(flags) (Ruleset, error) { return splitNim{}, nil },
	}
}

func (splitNim) Info() Info { return splitNimEntry().info }

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

// ---- split (P3185) ----

// splitGame is HNOI 2007 / Luogu P3185: bottles 0..n-1 of beans; a move takes a bean from bottle i
// and puts one into bottle j and one into bottle k, i < j ≤ k (two into j when j = k).
type splitGame struct{}

// splitMaxBeans bounds a bottle, so that moves never overflow.
const splitMaxBeans = 1 << 62

// splitMaxListed bounds the winning moves listed (P3185 asks for all of them and their count).
const splitMaxListed = 4096

func splitEntry() entry {
	return entry{
		info: Info{
			Name:     "split",
			Summary:  "bottles 0..n-1 hold beans; a move takes one bean from a bottle i and puts one bean into each of bottles j and k with i < j ≤ k (two beans into j when j = k)",
			Position: "beans per bottle, bottle 0 first: 1 0 1 5000",
			Example:  "1 0 1 5000",
			Theory:   "each bean is its own game (seed 003, P3185): a bean in bottle i is a split-nim heap of n-1-i, whose value is the (n-2-i)-th odious number (0 in the last bottle); the value is the XOR over bottles with an odd count",
			Indexing: "bottles are numbered from 0, as in P3185; winning moves are listed in lexicographic order of (i, j, k)",
			Limits:   "closed form; bottles hold at most 2^62 beans; winning moves are listed up to 4096 and searched among 2^24 pairs",
			Play:     "normal",
		},
		build: func(flags) (Ruleset, error) { return splitGame{}, nil },
	}
}

func (splitGame) Info() Info { return splitEntry().info }

func (splitGame) Parse(args []string) (Position, error) {
	p, err := parseNumbers(args, "bottle")
	if err != nil {
		return nil, err
	}
	for i, v := range p {
		if v > splitMaxBeans {
			return nil, cliarg.Errorf("bottle %d: %d beans is too many: the limit is 2^62", i, v)
		}
	}
	return p, nil
}

func (splitGame) Args(p Position) []string { return numberArgs(p) }

func (splitGame) Format(p Position) string {
	var b strings.Builder
	for i, v := range p {
		if i > 0 {
			b.WriteString("  ")
		}
		fmt.Fprintf(&b, "[%d]: %d", i, v)
	}
	if b.Len() == 0 {
		return "(no bottles)"
	}
	return b.String()
}

func beanText(i, j, k int) string {
	if j == k {
		return fmt.Sprintf("take a bean from bottle %d, put two into bottle %d", i, j)
	}
	return fmt.Sprintf("take a bean from bottle %d, put one into bottle %d and one into bottle %d", i, j, k)
}

func beanMove(p Position, i, j, k int) Move {
	q := slices.Clone(p)
	q[i]--
	q[j]++
	q[k]++
	return Move{Text: beanText(i, j, k), To: q}
}

func (splitGame) Moves(p Position) iter.Seq[Move] {
	return func(yield func(Move) bool) {
		for i := range p {
			if p[i] == 0 {
				continue
			}
			for j := i + 1; j < len(p); j++ {
				for k := j; k < len(p); k++ {
					if !yield(beanMove(p, i, j, k)) {
						return
					}
				}
			}
		}
	}
}

func (s splitGame) Analyze(ctx context.Context, p Position) (Analysis, error) {
	n := len(p)
	sg := func(i int) uint64 { return splitValue(uint64(n - 1 - i)) }
	var x uint64
	for i, v := range p {
		if v%2 == 1 {
			x ^= sg(i)
		}
	}
	a := Analysis{Outcome: outcomeOf(x), Value: x, HasValue: true, Complete: true,
		Method: "each bean is a split-nim heap of n-1-i (P3185)"}
	if x == 0 {
		return a, nil
	}
	budget := 1 << 24
	for i := 0; i < n && a.Complete; i++ {
		if p[i] == 0 {
			continue
		}
		for j := i + 1; j < n; j++ {
			if budget == 0 {
				a.Complete = false
				break
			}
			budget--
			d, ok := splitHeapOf(x ^ sg(i) ^ sg(j))
			if !ok || d > uint64(n-1-j) {
				continue
			}
			k := n - 1 - int(d)
			if len(a.WinningMoves) >= splitMaxListed {
				a.Complete = false
				break
			}
			a.WinningMoves = append(a.WinningMoves, beanMove(p, i, j, k))
		}
	}
	return a, nil
}
