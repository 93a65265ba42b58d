package rules

import (
	"context"
	"fmt"
	"iter"
	"slices"
	"strings"

	"grundy/internal/cliarg"
)

// hunger is Hungergame (seed 003): boxes of stones, closed or open. A move either opens any
// non-empty set of closed boxes, or takes stones from one open box as in Nim. Whoever cannot move
// loses. A position holds two numbers per box: its stones and 1 if it is open.
type hunger struct{}

// hungerMaxBoxes bounds the boxes of a position (a move may open any subset of the closed ones).
const hungerMaxBoxes = 64

// hungerMaxSearchClosed bounds the closed boxes of a position whose value is computed (over all
// 3^n pairs of nested subsets).
const hungerMaxSearchClosed = 12

func hungerEntry() entry {
	return entry{
		info: Info{
			Name:       "hungergame",
			Summary:    "boxes of stones, all closed at first; a move either opens any non-empty set of closed boxes or takes stones from one open box; whoever cannot move loses",
			Position:   "stones per box; a closed box is written 5, an open one 5o: 1 2 3",
			Example:    "1 2 3",
			Theory:     "with every box closed, the first player wins iff some non-empty set of boxes has XOR 0 (seed 003, GF(2) linear basis): he opens all boxes outside an independent set R with XOR(R) = XOR(all), leaving an empty nim-sum and independent closed boxes, a P-position. In general the game is a sum: the open boxes are Nim heaps (XOR x) and the closed boxes C a game K whose move opening T leads to Nim(T) + K(C minus T); g(K(C)) = mex{XOR(T) ^ g(K(C minus T))} is 0 for independent C, so the value is x ^ g(K(C))",
			Indexing:   "boxes are numbered from 1 in move descriptions",
			Limits:     "any uint64 boxes, at most 64; the value and every winning move with at most 12 closed boxes (3^12 subset pairs); beyond, the closed forms: independent closed boxes (value = XOR of the open boxes), or dependent ones whose span holds the open boxes' XOR (N, one winning move); other positions are refused",
			Play:       PlayNormal,
			Board:      BoardText,
			FirstIndex: 1,
		},
		build: func(flags) (Ruleset, error) { return hunger{}, nil },
	}
}

func (hunger) Info() Info { return infoOf("hungergame") }

func (hunger) Parse(args []string) (Position, error) {
	if len(args) > hungerMaxBoxes {
		return nil, limitf("hungergame", "hunger_boxes", hungerMaxBoxes, "%d boxes is too many: the limit is %d", len(args), hungerMaxBoxes)
	}
	p := make(Position, 0, 2*len(args))
	for i, s := range args {
		open := uint64(0)
		if t, ok := strings.CutSuffix(s, "o"); ok {
			s, open = t, 1
		}
		v, err := cliarg.Uint64(s)
		if err != nil {
			return nil, cliarg.Errorf("box %d: %v (a closed box is written 5, an open one 5o)", i+1, err)
		}
		p = append(p, v, open)
	}
	return p, nil
}

func (hunger) Args(p Position) []string {
	out := make([]string, 0, len(p)/2)
	for i := 0; i < len(p); i += 2 {
		s := fmt.Sprint(p[i])
		if p[i+1] == 1 {
			s += "o"
		}
		out = append(out, s)
	}
	return out
}

func (hunger) Format(p Position) string {
	var b strings.Builder
	for i := 0; i < len(p); i += 2 {
		if i > 0 {
			b.WriteString("  ")
		}
		if p[i+1] == 1 {
			fmt.Fprintf(&b, "box %d: open, %d", i/2+1, p[i])
		} else {
			fmt.Fprintf(&b, "box %d: closed, %d", i/2+1, p[i])
		}
	}
	if b.Len() == 0 {
		return "(no boxes)"
	}
	return b.String()
}

func openText(boxes []int) string {
	var s []string
	for _, i := range boxes {
		s = append(s, fmt.Sprint(i+1))
	}
	if len(s) == 1 {
		return "open box " + s[0]
	}
	return "open boxes " + strings.Join(s, ", ")
}

func hungerOpen(p Position, boxes []int) Move {
	q := slices.Clone(p)
	for _, i := range boxes {
		q[2*i+1] = 1
	}
	return Move{Text: openText(boxes), To: q}
}

func (hunger) Moves(p Position) iter.Seq[Move] {
	return func(yield func(Move) bool) {
		var closed []int
		for i := 0; i < len(p); i += 2 {
			if p[i+1] == 0 {
				closed = append(closed, i/2)
			}
		}
		for mask := uint64(1); mask < 1<<len(closed); mask++ {
			var boxes []int
			for b, i := range closed {
				if mask>>b&1 == 1 {
					boxes = append(boxes, i)
				}
			}
			if !yield(hungerOpen(p, boxes)) {
				return
			}
		}
		for i := 0; i < len(p); i += 2 {
			if p[i+1] == 0 {
				continue
			}
			for k := uint64(1); k <= p[i]; k++ {
				if !yield(Move{Text: fmt.Sprintf("take %d from box %d", k, i/2+1), To: with(p, i, p[i]-k)}) {
					return
				}
			}
		}
	}
}

// basis is a GF(2) linear basis of 64-bit words, remembering which inputs make each vector.
type basis struct {
	vec  [64]uint64
	used [64]uint64 // bit set of the inputs whose XOR is vec[b]
}

// insert adds v (input number idx); it returns false when v depends on the vectors already in.
func (bs *basis) insert(v uint64, idx int) bool {
	var used uint64 = 1 << idx
	for b := 63; b >= 0; b-- {
		if v>>b&1 == 0 {
			continue
		}
		if bs.vec[b] == 0 {
			bs.vec[b], bs.used[b] = v, used
			return true
		}
		v ^= bs.vec[b]
		used ^= bs.used[b]
	}
	return false
}

// express writes v as the XOR of inputs (a bit set), if v is in the span.
func (bs *basis) express(v uint64) (uint64, bool) {
	var used uint64
	for b := 63; b >= 0; b-- {
		if v>>b&1 == 0 {
			continue
		}
		if bs.vec[b] == 0 {
			return 0, false
		}
		v ^= bs.vec[b]
		used ^= bs.used[b]
	}
	return used, true
}

// theory answers by the closed forms; ok is false for positions outside them.
func (h hunger) theory(p Position) (Analysis, bool) {
	var x uint64
	var closed []int // box numbers
	var bs basis
	independent := true
	for i := 0; i < len(p); i += 2 {
		if p[i+1] == 1 {
			x ^= p[i]
			continue
		}
		if !bs.insert(p[i], len(closed)) {
			independent = false
		}
		closed = append(closed, i/2)
	}
	a := Analysis{Outcome: outcomeOf(x), Complete: true}
	if independent {
		a.Value, a.HasValue = x, true
		a.Method = "independent closed boxes are worth 0: the value is the XOR of the open boxes"
		if x == 0 {
			return a, true
		}
		for i := 0; i < len(p); i += 2 {
			if p[i+1] == 1 {
				if t := p[i] ^ x; t < p[i] {
					a.WinningMoves = append(a.WinningMoves, Move{Text: fmt.Sprintf("take %d from box %d", p[i]-t, i/2+1), To: with(p, i, t)})
				}
			}
		}
		if used, ok := bs.express(x); ok && used != 0 {
			a.WinningMoves = append(a.WinningMoves, hungerOpen(p, pick(closed, used)))
		}
		return a, true
	}
	// dependent closed boxes: x in their span → N by opening all but an independent R with
	// XOR(R) = XOR(closed) ^ x (R taken from the basis, so it misses at least one closed box).
	var all uint64
	for _, i := range closed {
		all ^= p[2*i]
	}
	used, ok := bs.express(all ^ x)
	if !ok {
		return Analysis{}, false
	}
	var rest uint64
	for b := range closed {
		if used>>b&1 == 0 {
			rest |= 1 << b
		}
	}
	a.Outcome, a.Complete = N, false
	a.Note = "the value is computed only with at most 12 closed boxes"
	a.Method = "dependent closed boxes whose span holds the open boxes' XOR: open all but an independent set"
	a.WinningMoves = []Move{hungerOpen(p, pick(closed, rest))}
	return a, true
}

func pick(boxes []int, set uint64) []int {
	var out []int
	for b, i := range boxes {
		if set>>b&1 == 1 {
			out = append(out, i)
		}
	}
	return out
}

// closedValues returns, for every subset (bit mask) of the closed boxes sizes, the Grundy value of
// the game K of those closed boxes alone: opening a set T turns K(S) into Nim(T) + K(S\T), so
// g(S) = mex{XOR(T) ^ g(S\T) : T a non-empty subset of S}. (Hungergame is the sum of the open
// boxes, Nim heaps, and K of the closed boxes; g(S) = 0 for an independent S.)
func closedValues(sizes []uint64) []uint64 {
	n := len(sizes)
	xor := make([]uint64, 1<<n)
	for m := 1; m < 1<<n; m++ {
		low := m & -m
		xor[m] = xor[m^low] ^ sizes[trailingZeros(low)]
	}
	g := make([]uint64, 1<<n)
	var opts []uint64
	for m := 1; m < 1<<n; m++ {
		opts = opts[:0]
		for t := m; t > 0; t = (t - 1) & m {
			opts = append(opts, xor[t]^g[m^t])
		}
		g[m] = mexOf(opts)
	}
	return g
}

func trailingZeros(x int) int {
	n := 0
	for x&1 == 0 {
		x >>= 1
		n++
	}
	return n
}

// mexOf is the least non-negative integer not in vs (vs is reordered).
func mexOf(vs []uint64) uint64 {
	slices.Sort(vs)
	var m uint64
	for _, v := range vs {
		if v == m {
			m++
		} else if v > m {
			break
		}
	}
	return m
}

func (h hunger) Analyze(ctx context.Context, p Position) (Analysis, error) {
	var sizes []uint64
	var boxes []int
	var x uint64
	for i := 0; i < len(p); i += 2 {
		if p[i+1] == 1 {
			x ^= p[i]
		} else {
			sizes = append(sizes, p[i])
			boxes = append(boxes, i/2)
		}
	}
	if len(sizes) > hungerMaxSearchClosed {
		if a, ok := h.theory(p); ok {
			return a, nil
		}
		return Analysis{}, limitf("hungergame", "hunger_closed_boxes", hungerMaxSearchClosed, "hungergame: this position is outside the closed forms (dependent closed boxes whose span misses the open boxes' XOR) and has %d closed boxes: the value is computed for at most %d", len(sizes), hungerMaxSearchClosed)
	}
	g := closedValues(sizes)
	full := len(g) - 1
	v := x ^ g[full]
	a := Analysis{Outcome: outcomeOf(v), Value: v, HasValue: true, Complete: true,
		Method: "Hungergame is the sum of the open boxes (Nim heaps) and the game of the closed boxes, whose value is the mex over the sets T it may open of XOR(T) ^ g(rest)"}
	if v == 0 {
		return a, nil
	}
	for i := 0; i < len(p); i += 2 {
		if p[i+1] == 1 {
			if t := p[i] ^ v; t < p[i] {
				a.WinningMoves = append(a.WinningMoves, Move{Text: fmt.Sprintf("take %d from box %d", p[i]-t, i/2+1), To: with(p, i, t)})
			}
		}
	}
	xorOf := func(t int) uint64 {
		var s uint64
		for b := range sizes {
			if t>>b&1 == 1 {
				s ^= sizes[b]
			}
		}
		return s
	}
	for t := 1; t <= full; t++ {
		if x^xorOf(t)^g[full^t] == 0 {
			if len(a.WinningMoves) >= maxMovesListed {
				a.Complete = false
				break
			}
			a.WinningMoves = append(a.WinningMoves, hungerOpen(p, pick(boxes, uint64(t))))
		}
	}
	return a, nil
}
