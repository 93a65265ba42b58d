package rules

import (
	"context"
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"
)

// heapsBase is what every ruleset played on a list of heaps shares: parsing, printing and the
// "take from one heap" moves.
type heapsBase struct{}

// Parse reads heap sizes.
func (heapsBase) Parse(args []string) (Position, error) { return parseNumbers(args, "heap") }

// Args writes heap sizes.
func (heapsBase) Args(p Position) []string { return numberArgs(p) }

// Format draws the heaps.
func (heapsBase) Format(p Position) string {
	if len(p) == 0 {
		return "(no heaps)"
	}
	var b strings.Builder
	for i, h := range p {
		if i > 0 {
			b.WriteString("  ")
		}
		fmt.Fprintf(&b, "heap %d: %d", i+1, h)
	}
	return b.String()
}

// takeMoves yields "take k from heap i" for every k in 1..p[i] accepted by ok (all when ok is nil).
func takeMoves(p Position, ok func(h, k uint64) bool) iter.Seq[Move] {
	return func(yield func(Move) bool) {
		for i, h := range p {
			for k := uint64(1); k <= h; k++ {
				if ok != nil && !ok(h, k) {
					continue
				}
				if !yield(Move{Text: takeText(i, k), To: with(p, i, h-k)}) {
					return
				}
			}
		}
	}
}

func takeText(i int, k uint64) string {
	return "take " + strconv.FormatUint(k, 10) + " from heap " + strconv.Itoa(i+1)
}

const heapIndexing = "heaps are numbered from 1 in move descriptions"

// ---- nim ----

type nim struct{ heapsBase }

func nimEntry() entry {
	return entry{
		info: Info{
			Name:       "nim",
			Summary:    "take any positive number of stones from one heap; whoever cannot move loses",
			Position:   "heap sizes: 3 4 5",
			Example:    "3 4 5",
			Theory:     "Bouton: the Grundy value is the XOR of the heaps; a winning move brings a heap h to h XOR x where x is the nim-sum (seeds 002, 003, 004)",
			Indexing:   heapIndexing,
			Limits:     "none: closed form, any uint64 heaps; at most " + strconv.Itoa(maxMovesListed) + " winning moves are listed (all are counted)",
			OneHeap:    true,
			Play:       PlayNormal,
			Board:      BoardHeaps,
			FirstIndex: 1,
		},
		build: func(flags) (Ruleset, error) { return nim{}, nil },
	}
}

func (nim) Info() Info                      { return infoOf("nim") }
func (nim) Moves(p Position) iter.Seq[Move] { return takeMoves(p, nil) }
func (n nim) Analyze(ctx context.Context, p Position) (Analysis, error) {
	x := xorAll(p)
	a := Analysis{Value: x, HasValue: true, Complete: true, Method: "Bouton's theorem: XOR of the heaps"}
	a.Outcome = outcomeOf(x)
	if x != 0 {
		// Heap i has a winning move (to h XOR x) iff h XOR x < h: count them all, list at most
		// maxMovesListed (each listed move copies the position).
		count := 0
		for i, h := range p {
			if t := h ^ x; t < h {
				count++
				if len(a.WinningMoves) < maxMovesListed {
					a.WinningMoves = append(a.WinningMoves, Move{Text: takeText(i, h-t), To: with(p, i, t)})
				}
			}
		}
		CapMoves(&a.Complete, &a.Note, len(a.WinningMoves), count)
	}
	return a, nil
}

// CapMoves records in an answer (its complete flag and note) that total winning moves exist, of
// which it lists the first listed: when some are left out, complete is set false and the note
// gains the count. Every answer that caps its list of winning moves (rules, scriptgame, report)
// words the cap through it.
func CapMoves(complete *bool, note *string, listed, total int) {
	if total > listed {
		*complete = false
		n := fmt.Sprintf("%d winning moves in all; the first %d are listed", total, listed)
		if *note != "" {
			n = *note + "; " + n
		}
		*note = n
	}
}

// Sequence is g(n) = n.
func (nim) Sequence(ctx context.Context, n uint64) (Sequence, error) {
	vs, err := seqBuf(n)
	if err != nil {
		return Sequence{}, err
	}
	for i := range vs {
		vs[i] = uint64(i)
	}
	return Sequence{Values: vs}, nil
}

func outcomeOf(value uint64) Outcome {
	if value == 0 {
		return P
	}
	return N
}

// ---- misère nim ----

type misereNim struct{ heapsBase }

func misereNimEntry() entry {
	return entry{
		info: Info{
			Name:       "misere-nim",
			Summary:    "Nim where whoever takes the last stone loses (whoever cannot move wins)",
			Position:   "heap sizes: 3 5 1",
			Example:    "3 5 1",
			Theory:     "Anti-SG / SJ theorem: the first player wins iff (XOR ≠ 0 and some heap > 1) or (XOR = 0 and every heap ≤ 1) (seed 003, P4279)",
			Indexing:   heapIndexing,
			Limits:     "none: closed form, any uint64 heaps; at most " + strconv.Itoa(maxMovesListed) + " winning moves are listed (all are counted)",
			Play:       PlayMisere,
			Board:      BoardHeaps,
			FirstIndex: 1,
		},
		build: func(flags) (Ruleset, error) { return misereNim{}, nil },
	}
}

func (misereNim) Info() Info                      { return infoOf("misere-nim") }
func (misereNim) Moves(p Position) iter.Seq[Move] { return takeMoves(p, nil) }

// misereNimWins is the SJ theorem for heaps (Grundy value of a heap = its size).
func misereNimWins(p Position) bool {
	x, big := uint64(0), false
	for _, h := range p {
		x ^= h
		big = big || h > 1
	}
	return (x != 0) == big
}

func (misereNim) Analyze(ctx context.Context, p Position) (Analysis, error) {
	a := Analysis{Outcome: P, Complete: true, Method: "SJ theorem (Anti-SG) for misère Nim",
		Note: "no Grundy value in misère play"}
	if !misereNimWins(p) {
		return a, nil
	}
	a.Outcome = N
	x := xorAll(p)
	bigHeaps := 0 // heaps > 1
	for _, h := range p {
		if h > 1 {
			bigHeaps++
		}
	}
	// A winning move ends in a P-position: either every heap ≤ 1 (so the changed heap becomes 0 or
	// 1) or the nim-sum becomes 0 (so heap h becomes h^x). These candidates cover every winning move.
	// Whether heap i → t wins is the SJ theorem on the new nim-sum and the new count of big heaps,
	// O(1) per candidate; all are counted, at most maxMovesListed are listed.
	count := 0
	for i, h := range p {
		cands := [3]uint64{0, 1, h ^ x}
		for j, t := range cands {
			if t >= h || j == 2 && t <= 1 { // h^x ∈ {0, 1} is already a candidate
				continue
			}
			big := bigHeaps
			if h > 1 {
				big--
			}
			if t > 1 {
				big++
			}
			if (x^h^t != 0) == (big > 0) {
				continue // the opponent wins from there
			}
			count++
			if len(a.WinningMoves) < maxMovesListed {
				a.WinningMoves = append(a.WinningMoves, Move{Text: takeText(i, h-t), To: with(p, i, t)})
			}
		}
	}
	CapMoves(&a.Complete, &a.Note, len(a.WinningMoves), count)
	return a, nil
}

// canon sorts the heaps and drops the empty ones: heap order and empty heaps do not change the
// game. The tests give it to the engine to keep the search small.
func (heapsBase) canon(p Position) Position {
	q := slices.DeleteFunc(slices.Clone(p), func(h uint64) bool { return h == 0 })
	slices.Sort(q)
	return q
}
