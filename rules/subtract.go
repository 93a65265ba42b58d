package rules

import (
	"context"
	"fmt"
	"iter"
	"slices"
	"strings"

	"grundy/internal/cliarg"
)

// subtract is the subtraction game on heaps: a move takes from one heap an amount allowed by the
// rule — a finite set (--set), a range p..q (--range), or 1..k (--max). With --last-loses (and
// --range) it is HDU 2897: a single heap, whoever takes the last coin loses, and when fewer than p
// coins remain they must all be taken.
type subtract struct {
	heapsBase
	kind      byte // 's' set, 'r' range, 'm' max
	set       []uint64
	p, q      uint64 // range p..q; --max k is the range 1..k
	lastLoses bool
	table     *setTable
}

// Limits of --set.
const (
	setMaxSize    = 1000    // elements in S
	setMaxElement = 1 << 20 // largest element of S
	setWork       = 1 << 28 // table length × |S| spent looking for the period
	setMaxTable   = 1 << 20 // longest table kept
)

func subtractEntry() entry {
	return entry{
		info: Info{
			Name:    "subtract",
			Summary: "take from one heap an amount allowed by the rule: one of a set S, anything from p to q, or 1..k; whoever cannot move loses",
			Flags: []FlagInfo{
				{Name: "set", Arg: "S", Usage: "the allowed amounts, comma separated: 2,5 (at most 1000 amounts, each ≤ 2^20)", OneOf: "rule"},
				{Name: "range", Arg: "P:Q", Usage: "take anything from P to Q (1 ≤ P ≤ Q)", OneOf: "rule"},
				{Name: "max", Arg: "K", Usage: "take 1..K (the same as --range 1:K)", OneOf: "rule"},
				{Name: "last-loses", Usage: "with --range, on one heap: the HDU 2897 rules — whoever takes the last coin loses, and fewer than P coins must all be taken"},
			},
			Position: "heap sizes: 7 12",
			Example:  "--range 2:4 7 12",
			Theory: "Sprague–Grundy: the value is the XOR of the heaps' values. Take 1..k: g(n) = n mod (k+1). " +
				"Range p..q: g(n) = floor((n mod (p+q)) / p), so n is P iff n mod (p+q) < p (the seed's \"n mod (p+q) ∈ [1,p] wins\" is wrong). " +
				"HDU 2897 (--last-loses): the first player loses iff n mod (p+q) ∈ [1, p]. " +
				"A set S: values by the mex recurrence until a window of max(S) values repeats, which proves the period (seed 004, HDU 1536, HDU 1848)",
			Indexing:   heapIndexing,
			Limits:     "--max, --range: closed forms, any uint64 heaps. --set: any heap once the period is found (the search stops after a table of 2^20 values or 2^28 steps; heaps beyond the table are refused if no period was found). --last-loses: one heap",
			OneHeap:    true,
			Play:       PlayNormal,
			Board:      BoardHeaps,
			FirstIndex: 1,
		},
		build: buildSubtract,
	}
}

func buildSubtract(f flags) (Ruleset, error) {
	n := 0
	for _, name := range []string{"set", "range", "max"} {
		if f.has(name) {
			n++
		}
	}
	if n != 1 {
		if n == 0 {
			return nil, cliarg.Errorf("subtract needs one of --set S, --range P:Q or --max K")
		}
		return nil, cliarg.Errorf("subtract takes only one of --set, --range and --max")
	}
	last, err := f.bool("last-loses")
	if err != nil {
		return nil, err
	}
	s := subtract{lastLoses: last}
	switch {
	case f.has("max"):
		k, err := f.uint("max", 1, ^uint64(0)-1)
		if err != nil {
			return nil, err
		}
		s.kind, s.p, s.q = 'm', 1, k
	case f.has("range"):
		v := f.m["range"]
		a, b, ok := strings.Cut(v, ":")
		if !ok {
			return nil, cliarg.Errorf("--range %q: want P:Q, for example 2:5", v)
		}
		if s.p, err = cliarg.Uint64(a); err != nil {
			return nil, cliarg.Errorf("--range: %v", err)
		}
		if s.q, err = cliarg.Uint64(b); err != nil {
			return nil, cliarg.Errorf("--range: %v", err)
		}
		if s.p == 0 || s.p > s.q {
			return nil, cliarg.Errorf("--range %s: need 1 ≤ P ≤ Q", v)
		}
		if s.p > ^uint64(0)-s.q {
			return nil, cliarg.Errorf("--range %s: P+Q must be below 2^64", v)
		}
		s.kind = 'r'
	default:
		parts := cliarg.Fields(f.m["set"])
		if len(parts) == 0 {
			return nil, cliarg.Errorf("--set is empty: give the allowed amounts, for example 2,5")
		}
		for _, x := range parts {
			v, err := cliarg.Uint64(x)
			if err != nil {
				return nil, cliarg.Errorf("--set: %v", err)
			}
			if v == 0 || v > setMaxElement {
				if v > setMaxElement {
					return nil, limitf("subtract", "set_max_amount", setMaxElement, "--set: amount %s is over the limit: amounts are 1..%d", x, setMaxElement)
				}
				return nil, cliarg.Errorf("--set: amount %s is out of range: amounts are 1..%d", x, setMaxElement)
			}
			s.set = append(s.set, v)
		}
		slices.Sort(s.set)
		s.set = slices.Compact(s.set)
		if len(s.set) > setMaxSize {
			return nil, limitf("subtract", "set_amounts", setMaxSize, "--set has %d amounts: the limit is %d", len(s.set), setMaxSize)
		}
		s.kind = 's'
		s.table = buildSetTable(s.set)
	}
	if last && s.kind != 'r' {
		return nil, cliarg.Errorf("--last-loses goes with --range (it is the HDU 2897 rule)")
	}
	return s, nil
}

func (s subtract) Info() Info {
	info := infoOf("subtract")
	if s.lastLoses {
		info.Play = "misère"
	}
	return info
}

func (s subtract) Parse(args []string) (Position, error) {
	p, err := parseNumbers(args, "heap")
	if err != nil {
		return nil, err
	}
	if s.lastLoses && len(p) != 1 {
		return nil, cliarg.Errorf("--last-loses is played on one heap (HDU 2897), got %d heaps", len(p))
	}
	if s.kind == 's' {
		for i, h := range p {
			if _, ok := s.table.value(h); !ok {
				return nil, limitf("subtract", "set_table", len(s.table.g)-1, "heap %d: %d is too large for --set %s: no period was found within %d values, so heaps are limited to %d",
					i+1, h, joinNumbersComma(s.set), len(s.table.g), len(s.table.g)-1)
			}
		}
	}
	return p, nil
}

func joinNumbersComma(v []uint64) string { return strings.ReplaceAll(joinNumbers(v), " ", ",") }

// allowed reports whether k stones may be taken from a heap of h.
func (s subtract) allowed(h, k uint64) bool {
	switch s.kind {
	case 's':
		_, found := slices.BinarySearch(s.set, k)
		return found
	default:
		if s.lastLoses && h < s.p {
			return k == h
		}
		return k >= s.p && k <= s.q
	}
}

func (s subtract) Moves(p Position) iter.Seq[Move] {
	if s.kind == 's' {
		return func(yield func(Move) bool) {
			for i, h := range p {
				for _, k := range s.set {
					if k > h {
						break
					}
					if !yield(Move{Text: takeText(i, k), To: with(p, i, h-k)}) {
						return
					}
				}
			}
		}
	}
	return func(yield func(Move) bool) {
		for i, h := range p {
			lo, hi := s.p, min(s.q, h)
			if s.lastLoses && h > 0 && h < s.p {
				lo, hi = h, h
			}
			for k := lo; k <= hi && k >= lo; k++ {
				if !yield(Move{Text: takeText(i, k), To: with(p, i, h-k)}) {
					return
				}
				if k == hi {
					break
				}
			}
		}
	}
}

// grundy is the value of one heap (normal play).
func (s subtract) grundy(h uint64) uint64 {
	if s.kind == 's' {
		v, _ := s.table.value(h)
		return v
	}
	return h % (s.p + s.q) / s.p
}

func (s subtract) Analyze(ctx context.Context, p Position) (Analysis, error) {
	if s.lastLoses {
		return s.analyzeHDU2897(p[0]), nil
	}
	var x uint64
	for _, h := range p {
		x ^= s.grundy(h)
	}
	a := Analysis{Outcome: outcomeOf(x), Value: x, HasValue: true, Complete: true}
	switch s.kind {
	case 's':
		a.Method = fmt.Sprintf("Sprague–Grundy with the mex table of S = {%s}", joinNumbersComma(s.set))
		if s.table.period > 0 {
			a.Method += fmt.Sprintf(" (period %d from %d, proved)", s.table.period, s.table.pre)
		}
	case 'm':
		a.Method = fmt.Sprintf("Sprague–Grundy: g(n) = n mod %d", s.q+1)
	default:
		a.Method = fmt.Sprintf("Sprague–Grundy: g(n) = floor((n mod %d) / %d)", s.p+s.q, s.p)
	}
	if x == 0 {
		return a, nil
	}
	for i, h := range p {
		want := s.grundy(h) ^ x // options may have larger values than h: search them all
		if s.kind == 's' {
			for _, k := range s.set {
				if k > h {
					break
				}
				if s.grundy(h-k) == want {
					a.WinningMoves = append(a.WinningMoves, Move{Text: takeText(i, k), To: with(p, i, h-k)})
				}
			}
			continue
		}
		// residues r of m = h-k with floor(r/p) = want
		if want > (s.p+s.q-1)/s.p {
			continue
		}
		rlo := want * s.p
		rhi := min(rlo+s.p-1, s.p+s.q-1)
		if !s.rangeMoves(&a, p, i, rlo, rhi) {
			break
		}
	}
	if len(a.WinningMoves) > maxMovesListed {
		a.WinningMoves, a.Complete = a.WinningMoves[:maxMovesListed], false
	}
	return a, nil
}

// rangeMoves appends the moves on heap i taking k ∈ [p, min(q, h)] stones so that the remainder m
// has m mod (p+q) in [rlo, rhi], in increasing k. It returns false once the list is full.
func (s subtract) rangeMoves(a *Analysis, pos Position, i int, rlo, rhi uint64) bool {
	h := pos[i]
	if h < s.p {
		return true
	}
	lo, hi := h-min(s.q, h), h-s.p // remainders m in [lo, hi]
	per := s.p + s.q
	// blocks [base+rlo, base+rhi]; go downwards from the block containing hi (k increasing)
	base := hi - hi%per
	for {
		blo, bhi := base+rlo, base+rhi
		if blo >= base { // no overflow
			for m := min(bhi, hi); m >= max(blo, lo) && m <= hi; m-- {
				if len(a.WinningMoves) > maxMovesListed {
					return false
				}
				a.WinningMoves = append(a.WinningMoves, Move{Text: takeText(i, h-m), To: with(pos, i, m)})
				if m == 0 {
					break
				}
			}
		}
		if base < per || base-per+rhi < lo {
			return true
		}
		base -= per
	}
}

// analyzeHDU2897 is the one-heap misère game of HDU 2897.
func (s subtract) analyzeHDU2897(h uint64) Analysis {
	per := s.p + s.q
	loses := func(n uint64) bool { r := n % per; return r >= 1 && r <= s.p }
	a := Analysis{Outcome: N, Complete: true, Method: fmt.Sprintf("HDU 2897: the first player loses iff n mod %d ∈ [1, %d]", per, s.p),
		Note: "no Grundy value in misère play"}
	if loses(h) {
		a.Outcome = P
		return a
	}
	if h == 0 {
		a.Note = "the heap is empty: the opponent took the last coin and lost"
		return a
	}
	s.rangeMoves(&a, Position{h}, 0, 1, s.p)
	if len(a.WinningMoves) > maxMovesListed {
		a.WinningMoves, a.Complete = a.WinningMoves[:maxMovesListed], false
	}
	return a
}

// Sequence gives g(0..n) in normal play.
func (s subtract) Sequence(ctx context.Context, n uint64) (Sequence, error) {
	if s.lastLoses {
		return Sequence{}, cliarg.Errorf("--last-loses is misère play: there are no Grundy values to list")
	}
	if s.kind == 's' {
		if _, ok := s.table.value(n); !ok {
			return Sequence{}, limitf("subtract", "set_table", len(s.table.g)-1, "--to %d is too large for --set %s: no period was found within %d values", n, joinNumbersComma(s.set), len(s.table.g))
		}
	}
	vs, err := seqBuf(n)
	if err != nil {
		return Sequence{}, err
	}
	for i := range vs {
		vs[i] = s.grundy(uint64(i))
	}
	seq := Sequence{Values: vs, Proved: true}
	if s.kind == 's' {
		seq.Period, seq.Preperiod, seq.Proved = s.table.period, s.table.pre, s.table.period > 0
	} else {
		seq.Period = s.p + s.q
	}
	return seq, nil
}

// setTable holds the Grundy values of a subtraction set until the first repeated window of max(S)
// values, which proves the period: g(n) depends only on the max(S) values before it.
type setTable struct {
	g           []uint64
	period, pre uint64 // period 0: none found, g is all that is known
}

func buildSetTable(set []uint64) *setTable {
	w := int(set[len(set)-1])
	limit := min(setMaxTable, setWork/len(set))
	t := &setTable{}
	seen := map[uint64]int{} // rolling hash of a window → its first start
	mark := make([]uint32, len(set)+2)
	const base = 1099511628211
	var pow uint64 = 1 // base^w
	for range w {
		pow *= base
	}
	var h uint64 // hash of the last w values (or fewer at the start)
	for n := 0; n < limit; n++ {
		var v uint64
		stamp := uint32(n + 1)
		for _, k := range set {
			if uint64(n) < k {
				break
			}
			mark[t.g[n-int(k)]] = stamp
		}
		for mark[v] == stamp {
			v++
		}
		t.g = append(t.g, v)
		h = h*base + v + 1
		if n >= w {
			h -= pow * (t.g[n-w] + 1)
		}
		start := n - w + 1 // the window ending here
		if start < 0 {
			continue
		}
		if s0, ok := seen[h]; ok {
			if slices.Equal(t.g[s0:s0+w], t.g[start:]) {
				t.pre, t.period = uint64(s0), uint64(start-s0)
				t.g = t.g[:start]
				return t
			}
			continue // a hash collision: keep the first window
		}
		seen[h] = start
	}
	return t
}

// value is g(n); ok is false when n is beyond the table and no period is known.
func (t *setTable) value(n uint64) (uint64, bool) {
	if n < uint64(len(t.g)) {
		return t.g[n], true
	}
	if t.period == 0 {
		return 0, false
	}
	return t.g[t.pre+(n-t.pre)%t.period], true
}
