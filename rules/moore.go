package rules

import (
	"context"
	"fmt"
	"iter"
	"math/bits"
	"slices"
	"strings"
)

// MaxSequence is the largest N accepted by Sequence: g(0..N) is held in memory.
const MaxSequence = 10_000_000

func seqBuf(n uint64) ([]uint64, error) {
	if n > MaxSequence {
		return nil, limitf("", "max_sequence", MaxSequence, "--to %d is too large: the limit is %d", n, MaxSequence)
	}
	return make([]uint64, n+1), nil
}

// ---- Moore's Nim_k ----

type moore struct {
	heapsBase
	k      uint64
	misere bool
}

const mooreMaxK = 1 << 20

func mooreEntry() entry {
	return entry{
		info: Info{
			Name:       "moore",
			Summary:    "Moore's Nim_k: a move takes stones from 1 to k heaps at once (any positive amount from each); whoever cannot move loses",
			Flags:      []FlagInfo{{Name: "k", Arg: "K", Usage: "how many heaps one move may change (1 ≤ K ≤ 2^20; K = 1 is Nim)"}},
			Position:   "heap sizes: 1 2 3",
			Example:    "--k 2 1 2 3",
			Theory:     "Moore's theorem: write the heaps in binary and add each digit column mod k+1; the position is P iff every column sum is 0. The winning move is the constructive one of the proof (seed 003, P2490)",
			Indexing:   heapIndexing,
			Limits:     fmt.Sprintf("outcome and one winning move for any uint64 heaps; the Grundy value (which the theorem does not give) by the engine's search when the product of (heap+1) is at most %d and the search stays within its move budget", mooreValueStates),
			Play:       PlayNormal,
			Board:      BoardHeaps,
			FirstIndex: 1,
		},
		build: func(f flags) (Ruleset, error) {
			k, err := f.uint("k", 1, mooreMaxK)
			if err != nil {
				return nil, err
			}
			return moore{k: k}, nil
		},
	}
}

func misereMooreEntry() entry {
	return entry{
		info: Info{
			Name:       "misere-moore",
			Summary:    "Moore's Nim_k where whoever takes the last stone loses (whoever cannot move wins)",
			Flags:      []FlagInfo{{Name: "k", Arg: "K", Usage: "how many heaps one move may change (1 ≤ K ≤ 2^20)"}},
			Position:   "heap sizes: 1 1 4",
			Example:    "--k 2 1 1 4",
			Theory:     "misère Nim_k: the first player wins iff (every heap ≤ 1 and the number of non-empty heaps mod k+1 ≠ 1) or (some heap > 1 and some binary column sum mod k+1 ≠ 0) (seed 003)",
			Indexing:   heapIndexing,
			Limits:     "outcome and one winning move for any uint64 heaps; no Grundy value in misère play",
			Play:       PlayMisere,
			Board:      BoardHeaps,
			FirstIndex: 1,
		},
		build: func(f flags) (Ruleset, error) {
			k, err := f.uint("k", 1, mooreMaxK)
			if err != nil {
				return nil, err
			}
			return moore{k: k, misere: true}, nil
		},
	}
}

func (m moore) Info() Info {
	if m.misere {
		return infoOf("misere-moore")
	}
	return infoOf("moore")
}

// Moves yields every way to lower between 1 and k heaps. The number of moves grows quickly; this
// is meant for small positions (the engine, tests and play).
func (m moore) Moves(p Position) iter.Seq[Move] {
	return func(yield func(Move) bool) {
		// Odometer over target sizes t[i] ≤ p[i]; a move changes 1..k heaps.
		t := make(Position, len(p))
		copy(t, p)
		for {
			// advance: decrement the odometer (each digit runs p[i], p[i]-1, …, 0)
			i := 0
			for i < len(t) && t[i] == 0 {
				t[i] = p[i]
				i++
			}
			if i == len(t) {
				return
			}
			t[i]--
			changed := 0
			for j := range t {
				if t[j] != p[j] {
					changed++
				}
			}
			if changed == 0 || uint64(changed) > m.k {
				continue
			}
			q := make(Position, len(t))
			copy(q, t)
			if !yield(Move{Text: multiTakeText(p, q), To: q}) {
				return
			}
		}
	}
}

// multiTakeText describes a move that lowers several heaps: "take 2 from heap 1, 1 from heap 3".
func multiTakeText(from, to Position) string {
	var parts []string
	for i := range from {
		if to[i] != from[i] {
			if len(parts) == 0 {
				parts = append(parts, takeText(i, from[i]-to[i]))
			} else {
				parts = append(parts, fmt.Sprintf("%d from heap %d", from[i]-to[i], i+1))
			}
		}
	}
	return strings.Join(parts, ", ")
}

// mooreZero reports whether every binary column of p sums to 0 mod k+1.
func mooreZero(p Position, k uint64) bool {
	for b := 0; b < 64; b++ {
		var c uint64
		for _, h := range p {
			c += h >> b & 1
		}
		if c%(k+1) != 0 {
			return false
		}
	}
	return true
}

// mooreMove is the constructive winning move of Moore's proof, for a position whose column sums
// are not all 0 mod k+1. Going down from the top bit, it keeps a set of chosen heaps; a chosen heap
// has already been lowered at a higher bit, so its lower bits are free. At each bit with c ones
// among the unchosen heaps, r = c mod (k+1): if r = 0 nothing is needed; if at least k+1-r heaps
// are chosen, k+1-r of them get a 1; otherwise r more heaps with a 1 are chosen and cleared, which
// keeps the chosen set within k heaps (s + r < k + 1).
func mooreMove(p Position, k uint64) Position {
	q := make(Position, len(p))
	copy(q, p)
	chosen := make([]bool, len(p))
	var s uint64
	for b := 63; b >= 0; b-- {
		bit := uint64(1) << b
		var c uint64
		for i, h := range p {
			if !chosen[i] && h&bit != 0 {
				c++
			}
		}
		r := c % (k + 1)
		// chosen heaps get 0 at this bit unless set below
		for i := range q {
			if chosen[i] {
				q[i] &^= bit
			}
		}
		if r == 0 {
			continue
		}
		if s >= k+1-r {
			need := k + 1 - r
			for i := range q {
				if need > 0 && chosen[i] {
					q[i] |= bit
					need--
				}
			}
			continue
		}
		need := r
		for i, h := range p {
			if need > 0 && !chosen[i] && h&bit != 0 {
				chosen[i] = true
				q[i] = h &^ (bit<<1 - 1) // keep the higher bits, clear this one and below
				need--
				s++
			}
		}
	}
	return q
}

// mooreListMoves bounds the moves of a position whose winning moves are all listed (by testing
// every move with the theorem); beyond it the proof's single constructive move is given.
const mooreListMoves = 1 << 16

// allWinning lists every move of p to a position where isP holds, when p has at most
// mooreListMoves moves; it reports whether it did.
func (m moore) allWinning(p Position, a *Analysis, isP func(Position) bool) bool {
	states := uint64(1)
	for _, h := range p {
		if h >= mooreListMoves || states*(h+1) > mooreListMoves {
			return false
		}
		states *= h + 1
	}
	a.WinningMoves = nil
	for mv := range m.Moves(p) {
		if isP(mv.To) {
			a.WinningMoves = append(a.WinningMoves, mv)
		}
	}
	a.Complete = true
	a.Note = strings.Replace(a.Note, "one winning move is listed (the proof's construction)", "every winning move is listed", 1)
	a.Note = strings.Replace(a.Note, "one winning move is listed", "every winning move is listed", 1)
	return true
}

// mooreValueStates bounds the positions below p (the product of heap+1) for which the Grundy
// value, which Moore's theorem does not give, is searched by the engine.
const mooreValueStates = 1 << 14

// searchValue fills in the Grundy value of a small position by the engine's search, or notes why
// it is missing; it fails only when ctx ends.
func (m moore) searchValue(ctx context.Context, p Position, a *Analysis) error {
	states := uint64(1)
	for _, h := range p {
		if h >= mooreValueStates || states*(h+1) > mooreValueStates {
			a.Note = fmt.Sprintf("Moore's theorem gives the outcome, not the Grundy value; the value is searched only when the product of (heap+1) is at most %d; ", mooreValueStates) + a.Note
			return nil
		}
		states *= h + 1
	}
	v, err := searchValue(ctx, m, p)
	if err != nil {
		if ctx.Err() != nil {
			return err
		}
		a.Note = "the Grundy value search failed: " + err.Error() + "; " + a.Note
		return nil
	}
	a.Value, a.HasValue = v, true
	a.Method += "; Grundy value by the engine's search"
	return nil
}

// misereMooreWins is the misère Nim_k rule of seed 003.
func misereMooreWins(p Position, k uint64) bool {
	big := false
	var nonEmpty uint64
	for _, h := range p {
		big = big || h > 1
		if h > 0 {
			nonEmpty++
		}
	}
	if !big {
		return nonEmpty%(k+1) != 1
	}
	return !mooreZero(p, k)
}

func (m moore) Analyze(ctx context.Context, p Position) (Analysis, error) {
	if !m.misere {
		a := Analysis{Outcome: P, Method: fmt.Sprintf("Moore's theorem: binary column sums mod %d", m.k+1),
			Note: "one winning move is listed (the proof's construction)"}
		if err := m.searchValue(ctx, p, &a); err != nil {
			return Analysis{}, err
		}
		if mooreZero(p, m.k) {
			a.Complete = true
			return a, nil
		}
		a.Outcome = N
		if m.allWinning(p, &a, func(q Position) bool { return mooreZero(q, m.k) }) {
			return a, nil
		}
		q := mooreMove(p, m.k)
		a.WinningMoves = []Move{{Text: multiTakeText(p, q), To: q}}
		return a, nil
	}
	a := Analysis{Outcome: P, Method: fmt.Sprintf("misère Nim_k rule with k = %d", m.k),
		Note: "no Grundy value in misère play; one winning move is listed"}
	if !misereMooreWins(p, m.k) {
		a.Complete = true
		return a, nil
	}
	a.Outcome = N
	if m.allWinning(p, &a, func(q Position) bool { return !misereMooreWins(q, m.k) }) {
		return a, nil
	}
	if slices.Max(append(Position{0}, p...)) == 0 {
		a.Complete, a.Note = true, "every heap is empty: the opponent took the last stone and lost"
		return a, nil
	}
	q, ok := misereMooreMove(p, m.k)
	if !ok {
		return Analysis{}, fmt.Errorf("misere-moore: no winning move found for %v (internal error)", p)
	}
	a.WinningMoves = []Move{{Text: multiTakeText(p, q), To: q}}
	return a, nil
}

// misereMooreMove finds a move to a misère P-position. With at most one heap... the cases:
//   - every heap ≤ 1: empty j ones so that the count of ones becomes 1 mod k+1 (1 ≤ j ≤ k);
//   - otherwise try the normal-play construction (it is a winning move unless it leaves every heap
//     ≤ 1), then moves that bring every big heap down to 0 or 1, choosing how many ones remain.
func misereMooreMove(p Position, k uint64) (Position, bool) {
	var ones, bigs []int
	for i, h := range p {
		switch {
		case h == 1:
			ones = append(ones, i)
		case h > 1:
			bigs = append(bigs, i)
		}
	}
	try := func(q Position) bool { return !misereMooreWins(q, k) }
	if len(bigs) == 0 {
		n := uint64(len(ones))
		// want n - j ≡ 1 (mod k+1), 1 ≤ j ≤ min(k, n)
		for j := uint64(1); j <= k && j <= n; j++ {
			if (n-j)%(k+1) == 1 {
				q := make(Position, len(p))
				copy(q, p)
				for _, i := range ones[:j] {
					q[i] = 0
				}
				return q, true
			}
		}
		return nil, false
	}
	if q := mooreMove(p, k); !mooreZero(p, k) && try(q) {
		return q, true
	}
	// Bring every big heap to 0 or 1 (possible only if there are at most k of them), and also
	// possibly empty some ones, so that the number of non-empty heaps is 1 mod k+1.
	if uint64(len(bigs)) <= k {
		spare := k - uint64(len(bigs))
		for toOne := 0; toOne <= len(bigs); toOne++ {
			for j := uint64(0); j <= spare && j <= uint64(len(ones)); j++ {
				q := make(Position, len(p))
				copy(q, p)
				for x, i := range bigs {
					q[i] = 0
					if x < toOne {
						q[i] = 1
					}
				}
				for _, i := range ones[:j] {
					q[i] = 0
				}
				if try(q) {
					return q, true
				}
			}
		}
	}
	return nil, false
}

// popcount is used by the coin rulesets; kept here with the bit helpers.
func popcount(x uint64) int { return bits.OnesCount64(x) }
