package rules

import (
	"context"
	"fmt"
	"iter"
	"math/bits"
	"slices"
	"strings"

	"grundy/internal/cliarg"
)

// A 1-D coin-turning game: coins in a row, the position is the set of heads-up coins. A move turns
// over a set of coins allowed by the rule, whose rightmost coin must go from heads to tails. A
// tails coin turned up counts as an extra heads coin cancelling in the sum, so each heads coin is
// an independent game and the value is the XOR of g(coin).

// coinRule is a 1-D coin-turning rule.
type coinRule struct {
	name    string
	first   uint64 // the first coin index (0 or 1)
	last    uint64 // the largest coin index handled
	g       func(i uint64) uint64
	form    string // g in closed form, as Rule.Form writes it
	summary string
	theory  string
	// sets yields every legal set of coins to turn whose rightmost coin is i (i included), in
	// increasing order.
	sets func(first, i uint64) iter.Seq[[]uint64]
	// withValue yields sets at i whose values XOR to v, spending budget; it returns false when it
	// stopped early (budget spent or yield refused).
	withValue func(r coinRule, i, v uint64, budget *int, yield func([]uint64) bool) bool
}

func coinRules() []coinRule {
	return []coinRule{
		{
			name: "turtles", first: 1, last: ^uint64(0),
			form:    "n",
			g:       func(i uint64) uint64 { return i },
			summary: "Turning Turtles: turn over one or two coins, the rightmost from heads to tails",
			theory:  "coin n is a Nim heap of n (seed 003): the value is the XOR of the heads-up coins",
			sets:    upToTwo(false),
			withValue: func(r coinRule, i, v uint64, budget *int, yield func([]uint64) bool) bool {
				// g(i) ^ g(j) = v with j < i, or i alone when v = g(i)
				if v == i {
					return yield([]uint64{i})
				}
				if j := v ^ i; j < i && j >= r.first {
					return yield([]uint64{j, i})
				}
				return true
			},
		},
		{
			name: "mock-turtles", first: 0, last: 1<<63 - 1,
			form:    "2n + [n evil]",
			g:       odious,
			summary: "Mock Turtles: turn over one, two or three coins, the rightmost from heads to tails",
			theory:  "coin n has value 2n or 2n+1, whichever is odious (odd number of binary ones): the odious numbers 1, 2, 4, 7, 8, 11, … (seed 003, OEIS A000069)",
			sets:    upToThree,
			withValue: func(r coinRule, i, v uint64, budget *int, yield func([]uint64) bool) bool {
				t := v ^ odious(i) // the other coins turned must make t
				if t == 0 {
					return yield([]uint64{i})
				}
				if isOdious(t) {
					if j := t >> 1; j < i {
						return yield([]uint64{j, i})
					}
					return true
				}
				// t evil: j < k < i with j ^ k = t >> 1 (the parity bits follow)
				return xorPairsBelow(t>>1, i, budget, func(j, k uint64) bool { return yield([]uint64{j, k, i}) })
			},
		},
		{
			name: "ruler", first: 1, last: ^uint64(0),
			form:    "2^v2(n) (n ≥ 1)",
			g:       func(i uint64) uint64 { return i & -i },
			summary: "Ruler: turn over any number of adjacent coins ending with the rightmost, which goes from heads to tails",
			theory:  "coin n has value the largest power of 2 dividing n; the XOR of the values of coins 1..n is the Gray code n ^ (n>>1), so the winning run ending at coin i starts after the coin s = inverse Gray(Gray(i) ^ x) (seed 003 family, Winning Ways)",
			sets: func(first, i uint64) iter.Seq[[]uint64] {
				return func(yield func([]uint64) bool) {
					for s := i; s >= first; s-- {
						if !yield(coinRun(s, i)) || s == first {
							return
						}
					}
				}
			},
			withValue: func(r coinRule, i, v uint64, budget *int, yield func([]uint64) bool) bool {
				// coins s+1..i have XOR gray(i) ^ gray(s)
				s := invGray(gray(i) ^ v)
				if s >= i {
					return true
				}
				if i-s > rulerMaxRun {
					return yield(nil) // too long to list; the caller describes it as a run
				}
				return yield(coinRun(s+1, i))
			},
		},
		{
			name: "twins", first: 0, last: ^uint64(0),
			form:    "n",
			g:       func(i uint64) uint64 { return i },
			summary: "Twins: turn over exactly two coins, the rightmost from heads to tails",
			theory:  "coin n (numbered from 0) is a Nim heap of n (seed 003: Turning Corners is Twins × Twins)",
			sets:    upToTwo(true),
			withValue: func(r coinRule, i, v uint64, budget *int, yield func([]uint64) bool) bool {
				if j := v ^ i; j < i {
					return yield([]uint64{j, i})
				}
				return true
			},
		},
	}
}

// xorPairsBelow calls yield(j, k) for the pairs j < k < n with j ^ k = w (w > 0), k increasing,
// spending budget; it returns false when it stopped early. k > j exactly when k has the highest
// bit of w, so k runs from that bit up (every such k below n gives a pair): the first k tried
// gives a pair whenever one exists, and no budget is spent on candidates that cannot work.
func xorPairsBelow(w, n uint64, budget *int, yield func(j, k uint64) bool) bool {
	top := uint64(1) << (63 - bits.LeadingZeros64(w))
	for k := top; k < n; k++ {
		if k&top == 0 { // past the numbers with this bit: the next ones start at k|top
			k |= top
			if k >= n {
				break
			}
		}
		if *budget == 0 {
			return false
		}
		*budget--
		if !yield(k^w, k) {
			return false
		}
	}
	return true
}

// coinRun is the run of coins s..i (s ≤ i), written so that i = 2^64-1 ends it (a loop
// "c <= i; c++" would wrap around to 0 and never end).
func coinRun(s, i uint64) []uint64 {
	run := make([]uint64, 0, i-s+1)
	for c := s; ; c++ {
		run = append(run, c)
		if c == i {
			return run
		}
	}
}

func gray(n uint64) uint64 { return n ^ n>>1 }

func invGray(g uint64) uint64 {
	for s := uint(1); s < 64; s *= 2 {
		g ^= g >> s
	}
	return g
}

// upToTwo: the coin alone (unless exactlyTwo) or with one coin to its left.
func upToTwo(exactlyTwo bool) func(first, i uint64) iter.Seq[[]uint64] {
	return func(first, i uint64) iter.Seq[[]uint64] {
		return func(yield func([]uint64) bool) {
			if !exactlyTwo && !yield([]uint64{i}) {
				return
			}
			for j := first; j < i; j++ {
				if !yield([]uint64{j, i}) {
					return
				}
			}
		}
	}
}

func upToThree(first, i uint64) iter.Seq[[]uint64] {
	return func(yield func([]uint64) bool) {
		for s := range upToTwo(false)(first, i) {
			if !yield(s) {
				return
			}
		}
		for j := first; j < i; j++ {
			for k := j + 1; k < i; k++ {
				if !yield([]uint64{j, k, i}) {
					return
				}
			}
		}
	}
}

func coinRuleByName(name string) (coinRule, bool) {
	for _, r := range coinRules() {
		if r.name == name {
			return r, true
		}
	}
	return coinRule{}, false
}

// coins1D is a 1-D coin-turning ruleset; positions are the sorted heads-up coin indices.
type coins1D struct{ r coinRule }

// coinBudget bounds the candidate sets examined when listing winning moves.
const coinBudget = 1 << 20

func coinEntry(name string) entry {
	r, _ := coinRuleByName(name)
	indexing := "coins are numbered from 0"
	if r.first == 1 {
		indexing = "coins are numbered from 1, as in the game's own definition (Winning Ways)"
	}
	limits := "closed form for any uint64 coin index"
	if r.last != ^uint64(0) {
		limits = fmt.Sprintf("closed form for coin indices up to 2^63-1; winning moves turning three coins are searched among %d candidates", coinBudget)
	}
	return entry{
		info: Info{
			Name:       name,
			Summary:    r.summary + "; whoever cannot move loses",
			Position:   "the indices of the heads-up coins: 1 4 7",
			Example:    "1 4 7",
			Theory:     r.theory,
			Indexing:   indexing + "; g(0) of a ruleset numbered from 1 stands for the absent coin 0 in `grundy seq`",
			Limits:     limits,
			OneHeap:    true,
			Play:       PlayNormal,
			Board:      BoardCoins,
			FirstIndex: int(r.first),
		},
		build: func(flags) (Ruleset, error) { return coins1D{r: r}, nil },
	}
}

func turtlesEntry() entry     { return coinEntry("turtles") }
func mockTurtlesEntry() entry { return coinEntry("mock-turtles") }
func rulerEntry() entry       { return coinEntry("ruler") }
func twinsEntry() entry       { return coinEntry("twins") }

func (c coins1D) Info() Info { return infoOf(c.r.name) }

func (c coins1D) Parse(args []string) (Position, error) {
	p, err := parseNumbers(args, "coin")
	if err != nil {
		return nil, err
	}
	slices.Sort(p)
	for i, v := range p {
		if v < c.r.first || v > c.r.last {
			return nil, cliarg.Errorf("coin %d is outside the row: %s coins are numbered %d..%d", v, c.r.name, c.r.first, c.r.last)
		}
		if i > 0 && p[i-1] == v {
			return nil, cliarg.Errorf("coin %d is given twice", v)
		}
	}
	return p, nil
}

func (c coins1D) Args(p Position) []string { return numberArgs(p) }

// coinRowMax bounds the row drawn by Format.
const coinRowMax = 80

func (c coins1D) Format(p Position) string {
	if len(p) == 0 {
		return "(every coin tails up)"
	}
	if p[len(p)-1] >= coinRowMax {
		return "heads up: " + joinNumbers(p)
	}
	row := []byte(strings.Repeat("T", int(p[len(p)-1]+1-c.r.first)))
	for _, v := range p {
		row[v-c.r.first] = 'H'
	}
	return fmt.Sprintf("%s   (coins %d..%d, H = heads)", row, c.r.first, p[len(p)-1])
}

// toggle turns over the coins of set in the sorted set p.
func toggle(p Position, set []uint64) Position {
	q := slices.Clone(p)
	for _, v := range set {
		if i, found := slices.BinarySearch(q, v); found {
			q = slices.Delete(q, i, i+1)
		} else {
			q = slices.Insert(q, i, v)
		}
	}
	return q
}

func flipText(set []uint64) string {
	if len(set) == 1 {
		return fmt.Sprintf("turn over coin %d", set[0])
	}
	return "turn over coins " + strings.ReplaceAll(joinNumbers(set), " ", ", ")
}

func (c coins1D) Moves(p Position) iter.Seq[Move] {
	return func(yield func(Move) bool) {
		for _, i := range p {
			for set := range c.r.sets(c.r.first, i) {
				if !yield(Move{Text: flipText(set), To: toggle(p, set)}) {
					return
				}
			}
		}
	}
}

func (c coins1D) value(p Position) uint64 {
	var x uint64
	for _, i := range p {
		x ^= c.r.g(i)
	}
	return x
}

func (c coins1D) Analyze(ctx context.Context, p Position) (Analysis, error) {
	x := c.value(p)
	a := Analysis{Outcome: outcomeOf(x), Value: x, HasValue: true, Complete: true,
		Method: c.r.name + ": " + c.r.theory}
	if x == 0 {
		return a, nil
	}
	budget := coinBudget
	for _, i := range p {
		done := c.r.withValue(c.r, i, x, &budget, func(set []uint64) bool {
			if len(a.WinningMoves) >= maxMovesListed {
				return false
			}
			if set == nil { // a ruler run too long to write out
				a.Note = fmt.Sprintf("winning runs longer than %d coins are not listed", rulerMaxRun)
				return false
			}
			a.WinningMoves = append(a.WinningMoves, Move{Text: flipText(set), To: toggle(p, set)})
			return true
		})
		if !done {
			a.Complete = false
			break
		}
	}
	return a, nil
}

// Sequence is g(0..n), the value of one heads-up coin at each index.
func (c coins1D) Sequence(ctx context.Context, n uint64) (Sequence, error) {
	if n > c.r.last {
		return Sequence{}, cliarg.Errorf("--to %d is beyond the last coin index %d", n, c.r.last)
	}
	vs, err := seqBuf(n)
	if err != nil {
		return Sequence{}, err
	}
	for i := range vs {
		if uint64(i) >= c.r.first {
			vs[i] = c.r.g(uint64(i))
		}
	}
	return Sequence{Values: vs}, nil
}

// rulerMaxRun bounds the runs of coins a listed ruler move turns over.
const rulerMaxRun = 1 << 16
