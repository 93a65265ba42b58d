package rules

import (
	"cmp"
	"context"
	"fmt"
	"iter"
	"slices"
	"strings"

	"grundy/internal/cliarg"
)

// 2-D coin turning: a position is the set of heads-up coins x,y, kept as a flattened list of pairs
// sorted by x then y. A move turns over a set of coins whose last coin (largest x, then y) goes from
// heads to tails; each heads coin is an independent game.

// coins2D is shared by acrostic, corners and tartan.
type coins2D struct {
	name   string
	rows   coinRule // the rule of the first coordinate x
	cols   coinRule // the rule of the second coordinate y
	tartan bool     // product moves (corners and tartan); false for acrostic twins
}

// grid2DMax bounds the boards drawn as a grid.
const grid2DMax = 24

func acrosticEntry() entry {
	tw, _ := coinRuleByName("twins")
	return entry{
		info: Info{
			Name:     "acrostic",
			Summary:  "Acrostic Twins: turn over two coins in the same row or the same column; the later one (larger x, or larger y in the same row x) goes from heads to tails",
			Position: "heads-up coins as x,y pairs: 1,2 3,4",
			Example:  "1,2 3,4",
			Theory:   "a coin x,y is two Nim heaps x and y (each move lowers one coordinate), so its value is x XOR y (seed 003)",
			Indexing: "coordinates are numbered from 0",
			Limits:   "closed form for any uint64 coordinates",
			Play:     PlayNormal,
			Board:    BoardGrid,
		},
		build: func(flags) (Ruleset, error) { return coins2D{name: "acrostic", rows: tw, cols: tw}, nil },
	}
}

func cornersEntry() entry {
	tw, _ := coinRuleByName("twins")
	return entry{
		info: Info{
			Name:     "corners",
			Summary:  "Turning Corners: turn over the four corners a,b  a,y  x,b  x,y of a rectangle with a < x and b < y; coin x,y goes from heads to tails",
			Position: "heads-up coins as x,y pairs: 1,2 2,1",
			Example:  "1,2 2,1",
			Theory:   "Twins × Twins: by the Tartan theorem coin x,y has value x ⊗ y, the nim-product (seed 003, HDU 3404 with its 1-based input taken as is)",
			Indexing: "coordinates are numbered from 0 (a coin in row or column 0 can never move)",
			Limits:   fmt.Sprintf("closed form for any uint64 coordinates; winning moves are searched among %d corners (at each coin the shorter side's moves are tried and the longer side's solved), then solved in the subfields of the nim-field; rarely (about 1 position in 400 with random large coordinates) no winning move is found, and a note says so", tartanBudget),
			Play:     PlayNormal,
			Board:    BoardGrid,
		},
		build: func(flags) (Ruleset, error) { return coins2D{name: "corners", rows: tw, cols: tw, tartan: true}, nil },
	}
}

// tartanBudget bounds the candidate moves examined when listing winning moves of a product game.
const tartanBudget = 1 << 14

// tartanMaxCoins bounds the coins a listed winning move of a product game turns over.
const tartanMaxCoins = 1 << 12

func tartanEntry() entry {
	var names []string
	for _, r := range coinRules() {
		names = append(names, r.name)
	}
	list := strings.Join(names, ", ")
	return entry{
		info: Info{
			Name:    "tartan",
			Summary: "the product of two 1-D coin-turning games: if turning over coins A is a move at x in the first and B at y in the second, turning over all a,b (a in A, b in B) is a move at x,y",
			Flags: []FlagInfo{
				{Name: "rows", Arg: "R", Usage: "the 1-D ruleset of the rows, numbered by the first coordinate x: " + list},
				{Name: "cols", Arg: "C", Usage: "the 1-D ruleset of the columns, numbered by the second coordinate y: " + list},
			},
			Position: "heads-up coins as x,y pairs: 1,2 3,3",
			Example:  "--rows ruler --cols mock-turtles 1,2 3,3",
			Theory:   "the Tartan theorem (seed 003): coin x,y has value g_R(x) ⊗ g_C(y), the nim-product of the two 1-D values; corners is tartan --rows twins --cols twins",
			Indexing: "each coordinate is numbered as in its 1-D ruleset (turtles and ruler from 1, mock-turtles and twins from 0)",
			Limits:   fmt.Sprintf("closed form for any coordinates the 1-D rulesets accept; winning moves are searched among %d candidate moves, then solved in the subfields of the nim-field; moves turning over more than %d coins (long ruler runs) are not listed; rarely (about 1 position in 400 with random large coordinates) no winning move is found, and a note says so", tartanBudget, tartanMaxCoins),
			Play:     PlayNormal,
			Board:    BoardGrid,
		},
		build: func(f flags) (Ruleset, error) {
			var rs [2]coinRule
			for i, n := range []string{"rows", "cols"} {
				v, ok := f.m[n]
				if !ok {
					return nil, cliarg.Errorf("tartan needs --rows R and --cols C, each one of: %s", list)
				}
				r, ok := coinRuleByName(v)
				if !ok {
					return nil, cliarg.Errorf("--%s %q: not a 1-D coin-turning ruleset (use one of: %s)", n, v, list)
				}
				rs[i] = r
			}
			return coins2D{name: "tartan", rows: rs[0], cols: rs[1], tartan: true}, nil
		},
	}
}

func (c coins2D) Info() Info {
	return infoOf(c.name)
}

func (c coins2D) Parse(args []string) (Position, error) {
	type pt struct{ x, y uint64 }
	pts := make([]pt, 0, len(args))
	for i, s := range args {
		a, b, ok := strings.Cut(s, ",")
		if !ok {
			return nil, cliarg.Errorf("coin %d: %q is not an x,y pair", i+1, s)
		}
		x, err := cliarg.Uint64(a)
		if err != nil {
			return nil, cliarg.Errorf("coin %d: x: %v", i+1, err)
		}
		y, err := cliarg.Uint64(b)
		if err != nil {
			return nil, cliarg.Errorf("coin %d: y: %v", i+1, err)
		}
		if x < c.rows.first || x > c.rows.last || y < c.cols.first || y > c.cols.last {
			return nil, cliarg.Errorf("coin %s is outside the board: x is %d..%d, y is %d..%d",
				s, c.rows.first, c.rows.last, c.cols.first, c.cols.last)
		}
		pts = append(pts, pt{x, y})
	}
	slices.SortFunc(pts, func(a, b pt) int { return cmp.Or(cmp.Compare(a.x, b.x), cmp.Compare(a.y, b.y)) })
	p := make(Position, 0, 2*len(pts))
	for i, q := range pts {
		if i > 0 && pts[i-1] == q {
			return nil, cliarg.Errorf("coin %d,%d is given twice", q.x, q.y)
		}
		p = append(p, q.x, q.y)
	}
	return p, nil
}

func (c coins2D) Args(p Position) []string {
	out := make([]string, 0, len(p)/2)
	for i := 0; i < len(p); i += 2 {
		out = append(out, fmt.Sprintf("%d,%d", p[i], p[i+1]))
	}
	return out
}

func (c coins2D) Format(p Position) string {
	if len(p) == 0 {
		return "(every coin tails up)"
	}
	var mx, my uint64
	for i := 0; i < len(p); i += 2 {
		mx, my = max(mx, p[i]), max(my, p[i+1])
	}
	if mx >= grid2DMax || my >= grid2DMax {
		return "heads up: " + strings.Join(c.Args(p), " ")
	}
	// x, the first coordinate (the rows ruleset of tartan), numbers the rows; y the columns.
	var b strings.Builder
	b.WriteString("x\\y ")
	for y := c.cols.first; y <= my; y++ {
		fmt.Fprintf(&b, "%3d", y)
	}
	b.WriteByte('\n')
	for x := c.rows.first; x <= mx; x++ {
		fmt.Fprintf(&b, "%3d ", x)
		for y := c.cols.first; y <= my; y++ {
			if c.heads(p, x, y) {
				b.WriteString("  H")
			} else {
				b.WriteString("  .")
			}
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "(H = heads up; x down the rows from %d, y across the columns from %d)", c.rows.first, c.cols.first)
	return b.String()
}

func cmpPair(p Position, i int, x, y uint64) int {
	return cmp.Or(cmp.Compare(p[2*i], x), cmp.Compare(p[2*i+1], y))
}

// find returns the index of the pair x,y in p (or where it goes) and whether it is there.
func find2D(p Position, x, y uint64) (int, bool) {
	lo, hi := 0, len(p)/2
	for lo < hi {
		m := (lo + hi) / 2
		if cmpPair(p, m, x, y) < 0 {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo, lo < len(p)/2 && cmpPair(p, lo, x, y) == 0
}

// GridFirst returns the first coordinates of the board: x (the rows) and y (the columns).
func (c coins2D) GridFirst() (x, y uint64) { return c.rows.first, c.cols.first }

func (c coins2D) heads(p Position, x, y uint64) bool { _, ok := find2D(p, x, y); return ok }

// toggle2D turns over the given coins (pairs) in p: a coin listed twice is turned over twice. It
// merges the sorted lists, in time linear in their lengths (a move of a far tartan coin turns over
// a great many).
func toggle2D(p Position, coins [][2]uint64) Position {
	if !slices.IsSortedFunc(coins, cmpCoin) {
		coins = slices.SortedFunc(slices.Values(coins), cmpCoin)
	}
	q := make(Position, 0, len(p)+2*len(coins))
	i := 0 // the pairs of p before i are placed
	for j := 0; j < len(coins); {
		xy, n := coins[j], 0
		for ; j < len(coins) && coins[j] == xy; j++ {
			n++
		}
		for ; i < len(p)/2 && cmpPair(p, i, xy[0], xy[1]) < 0; i++ {
			q = append(q, p[2*i], p[2*i+1])
		}
		here := i < len(p)/2 && cmpPair(p, i, xy[0], xy[1]) == 0
		if here {
			i++
		}
		if here != (n%2 == 1) {
			q = append(q, xy[0], xy[1])
		}
	}
	return append(q, p[2*i:]...)
}

func cmpCoin(a, b [2]uint64) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) }

func flip2DText(coins [][2]uint64) string {
	var s []string
	for _, xy := range coins {
		s = append(s, fmt.Sprintf("%d,%d", xy[0], xy[1]))
	}
	return "turn over " + strings.Join(s, " ")
}

func product(a, b []uint64) [][2]uint64 {
	var out [][2]uint64
	for _, x := range a {
		for _, y := range b {
			out = append(out, [2]uint64{x, y})
		}
	}
	return out
}

func (c coins2D) Moves(p Position) iter.Seq[Move] {
	return func(yield func(Move) bool) {
		for i := 0; i < len(p); i += 2 {
			x, y := p[i], p[i+1]
			if !c.tartan {
				for x2 := uint64(0); x2 < x; x2++ {
					set := [][2]uint64{{x2, y}, {x, y}}
					if !yield(Move{Text: flip2DText(set), To: toggle2D(p, set)}) {
						return
					}
				}
				for y2 := uint64(0); y2 < y; y2++ {
					set := [][2]uint64{{x, y2}, {x, y}}
					if !yield(Move{Text: flip2DText(set), To: toggle2D(p, set)}) {
						return
					}
				}
				continue
			}
			if !hasSet(c.cols.sets(c.cols.first, y)) {
				continue // the coin cannot move (twins at y = 0): skip its row sets, maybe 2^64 of them
			}
			for a := range c.rows.sets(c.rows.first, x) {
				for b := range c.cols.sets(c.cols.first, y) {
					set := product(a, b)
					if !yield(Move{Text: flip2DText(set), To: toggle2D(p, set)}) {
						return
					}
				}
			}
		}
	}
}

func (c coins2D) coinValue(x, y uint64) uint64 {
	if !c.tartan {
		return x ^ y
	}
	return nimMul(c.rows.g(x), c.cols.g(y))
}

func (c coins2D) Analyze(ctx context.Context, p Position) (Analysis, error) {
	var v uint64
	for i := 0; i < len(p); i += 2 {
		v ^= c.coinValue(p[i], p[i+1])
	}
	a := Analysis{Outcome: outcomeOf(v), Value: v, HasValue: true, Complete: true}
	if c.tartan {
		a.Method = fmt.Sprintf("Tartan theorem: coin x,y has value g_%s(x) ⊗ g_%s(y)", c.rows.name, c.cols.name)
	} else {
		a.Method = "Acrostic Twins: coin x,y has value x XOR y"
	}
	if v == 0 {
		return a, nil
	}
	add := func(set [][2]uint64) bool {
		if len(set) > tartanMaxCoins {
			a.Complete = false
			a.Note = fmt.Sprintf("winning moves turning over more than %d coins are not listed", tartanMaxCoins)
			return true
		}
		if len(a.WinningMoves) >= maxMovesListed {
			a.Complete = false
			return false
		}
		a.WinningMoves = append(a.WinningMoves, Move{Text: flip2DText(set), To: toggle2D(p, set)})
		return true
	}
	if !c.tartan {
		for i := 0; i < len(p); i += 2 {
			x, y := p[i], p[i+1]
			t := v ^ x ^ y // the other coin's value
			if x2 := t ^ y; x2 < x && !add([][2]uint64{{x2, y}, {x, y}}) {
				break
			}
			if y2 := t ^ x; y2 < y && !add([][2]uint64{{x, y2}, {x, y}}) {
				break
			}
		}
		return a, nil
	}
	// Tartan: a move A×B changes the value by (XOR g_R(A)) ⊗ (XOR g_C(B)) and wins when that is v.
	// At each coin the moves of the shorter coordinate are enumerated (few of them) and those of
	// the longer one solved by its 1-D rule: for a move B with value w, the moves A with value
	// v ⊗ w⁻¹. Coins whose value c has c ⊕ v < c come first: by the mex property one of their
	// options has value c ⊕ v, so a winning move is there.
	var sure, other []int
	for i := 0; i < len(p); i += 2 {
		if cv := c.coinValue(p[i], p[i+1]); cv^v < cv {
			sure = append(sure, i)
		} else {
			other = append(other, i)
		}
	}
	budget := tartanBudget
	for pass, coins := range [][]int{sure, other} {
		for n, i := range coins {
			// the coins found to win share the budget, so that one cannot spend it all
			share := budget
			if pass == 0 {
				share = budget / (len(coins) - n)
			}
			before := len(a.WinningMoves)
			spent, done := c.tartanMovesAt(p, p[i], p[i+1], v, share, &a, add)
			budget -= spent
			if !done && pass == 0 && len(a.WinningMoves) == before {
				// the search found none at a coin that has one: solve for it
				left := tartanBudget
				c.tartanSolve(p[i], p[i+1], v, &left, add)
			}
			if !done {
				a.Complete = false
			}
			if len(a.WinningMoves) >= maxMovesListed {
				a.Complete = false
				break
			}
		}
	}
	if a.Outcome == N && len(a.WinningMoves) == 0 {
		n := fmt.Sprintf("no winning move found within %d candidates (one exists)", tartanBudget)
		if a.Note != "" {
			n += "; " + a.Note
		}
		a.Note = n
	}
	return a, nil
}

// hasSet reports whether sets yields anything.
func hasSet(sets iter.Seq[[]uint64]) bool {
	for range sets {
		return true
	}
	return false
}

// tartanMovesAt lists through add the moves at coin x,y that change the value by v, spending at
// most budget candidates; it returns how many it spent and whether it examined every move.
func (c coins2D) tartanMovesAt(p Position, x, y, v uint64, budget int, a *Analysis, add func([][2]uint64) bool) (int, bool) {
	left := budget
	// enumerate the coordinate with fewer moves: the lower index (beyond its rule's first coin)
	enum, solve, ei, si, swap := c.rows, c.cols, x, y, false
	if y-c.cols.first < x-c.rows.first {
		enum, solve, ei, si, swap = c.cols, c.rows, y, x, true
	}
	for set := range enum.sets(enum.first, ei) {
		if left <= 0 {
			return budget, false
		}
		left--
		if len(set) > tartanMaxCoins {
			// a ruler run; the runs come shortest first, and a move turning over more coins
			// than this is not listed
			a.Note = fmt.Sprintf("winning moves turning over more than %d coins are not listed", tartanMaxCoins)
			return budget - left, false
		}
		var u uint64
		for _, s := range set {
			u ^= enum.g(s)
		}
		if u == 0 {
			continue
		}
		complete := true
		ok := solve.withValue(solve, si, nimMul(v, nimInv(u)), &left, func(other []uint64) bool {
			if other == nil || len(set)*len(other) > tartanMaxCoins {
				complete = false
				a.Note = fmt.Sprintf("winning moves turning over more than %d coins are not listed", tartanMaxCoins)
				return true
			}
			if swap {
				return add(product(other, set))
			}
			return add(product(set, other))
		})
		if !ok || !complete {
			return budget - max(left, 0), false
		}
	}
	return budget - left, true
}
