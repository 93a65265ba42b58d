package rules

import (
	"context"
	"fmt"
	"iter"
	"slices"
	"strings"

	"grundy/internal/cliarg"
)

// splitGame is HNOI 2007 / Luogu P3185: bottles 0..n-1 of beans; a move takes a bean from bottle i
// and puts one into bottle j and one into bottle k, i < j ≤ k (two into j when j = k).
type splitGame struct{}

// splitMaxBeans bounds a bottle, so that moves never overflow.
const splitMaxBeans = 1 << 62

// splitMaxListed bounds the winning moves listed (P3185 asks for all of them and their count)
// on few bottles; each comes with its whole position, so on many bottles the bound is lower,
// splitMaxEntries entries in all, but never under maxMovesListed (nim's).
const splitMaxListed = 4096

// splitMaxEntries bounds the bottles of all the positions a split analysis lists.
const splitMaxEntries = 1 << 20

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
			Play:     PlayNormal,
			Board:    BoardText,
		},
		build: func(flags) (Ruleset, error) { return splitGame{}, nil },
	}
}

func (splitGame) Info() Info { return infoOf("split") }

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
	budget, count := 1<<24, 0
	listed := max(maxMovesListed, min(splitMaxListed, splitMaxEntries/n))
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
			if count++; len(a.WinningMoves) < listed {
				a.WinningMoves = append(a.WinningMoves, beanMove(p, i, j, k))
			}
		}
	}
	if a.Complete { // every pair was looked at: count is every winning move
		CapMoves(&a.Complete, &a.Note, len(a.WinningMoves), count)
	}
	return a, nil
}
