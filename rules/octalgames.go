package rules

import (
	"context"
	"fmt"
	"iter"
	"strconv"
	"strings"
	"sync"

	"grundy/internal/cliarg"
	"grundy/octal"
)

// The take-and-break games of package octal as rulesets: Kayles (0.77), Dawson's Kayles (0.07),
// Grundy's game and any code given with --code. A position is a list of heaps; a move takes
// tokens from one heap and may leave it empty, as one heap, or split into two (or, in hexadecimal
// codes, three) heaps, as the code's digit for the number taken allows. The values come from the
// octal engine: its table, and beyond the table the period the octal periodicity theorem proves.

// Limits of the octal rulesets.
const (
	// OctalMaxTable is the largest heap the rulesets table for a code whose period is not proved
	// (Grundy's game, or a code whose proof lies further): heaps beyond are refused. It is at
	// least the sequences a server computes (query.Web's MaxSeq), so that a position of heaps a
	// sequence has reached can be solved (`grundy seq grundy-game --to 131072 --summary`: 0.4 s and
	// 20 MiB on a 2-core AMD EPYC, 2026-11-27).
	OctalMaxTable = 1 << 17
	// octalMaxTable3 is OctalMaxTable for codes that split a heap in three (hexadecimal codes
	// with an 8 bit), whose table costs about n³ steps (8192 heaps: about 2 s).
	octalMaxTable3 = 1 << 13
	// octalProofTable is how far the table is first taken, looking for a proof of the period.
	octalProofTable = 1 << 12
	// octalMaxBytes is the engine's memory budget (the table and the method's work space).
	octalMaxBytes = 64 << 20
	// octalBudget bounds the splits examined for the winning moves of one position.
	octalBudget = 1 << 22
	// octalMaxHeap is the largest heap of a code with a proved period (the engine counts heaps
	// with int).
	octalMaxHeap = 1<<63 - 1
)

// octalGame is a take-and-break ruleset.
type octalGame struct {
	heapsBase
	name string
	code octal.Code
	// tab caches the engine's table; a ruleset value is built for one request, so the cache is
	// not global.
	tab *octalTable
	// theory is the description's Theory when the code is the user's (octal --code): the
	// catalogue's, prefixed by the code.
	theory string
}

type octalTable struct {
	mu  sync.Mutex
	res *octal.Result
}

func octalInfo(name string, code octal.Code, summary string) Info {
	limits := fmt.Sprintf("any heap up to 2^63-1 once the octal periodicity theorem proves the period (the table is taken up to %d heaps looking for the proof, %d for codes that split a heap in three); otherwise heaps up to the table's end (over it: the limit octal_heap). Winning moves: every one for heaps within the table or its proved period (one split per class of values beyond the table; three-heap splits within the table only); %d splits are examined at most", OctalMaxTable, octalMaxTable3, octalBudget)
	if code.IsGrundysGame() {
		limits = fmt.Sprintf("heaps up to %d (no periodicity theorem applies to Grundy's game, so only the table answers; over it: the limit octal_heap). Winning moves: every one, %d splits examined at most", OctalMaxTable, octalBudget)
	}
	info := Info{
		Name:       name,
		Summary:    summary + "; whoever cannot move loses",
		Position:   "heap sizes: 3 5 7",
		Example:    "3 5 7",
		Theory:     fmt.Sprintf("take-and-break code %s: the Grundy value of a heap comes from the octal engine (table, then the period proved by the octal periodicity theorem); the value is the XOR of the heaps", code),
		Indexing:   heapIndexing + "; a split heap becomes its parts in its place; taking a whole heap leaves 0",
		Limits:     limits,
		OneHeap:    true,
		Play:       PlayNormal,
		Board:      BoardHeaps,
		FirstIndex: 1,
	}
	return info
}

func kaylesEntry() entry {
	return octalEntry("kayles", octal.MustParse("0.77"), "Kayles (0.77): knock down one pin or two adjacent pins from a row; a heap is a row of pins, which a move may split in two")
}

func dawsonEntry() entry {
	return octalEntry("dawson-kayles", octal.MustParse("0.07"), "Dawson's Kayles (0.07): knock down two adjacent pins from a row; a heap is a row of pins, which a move may split in two")
}

func grundyGameEntry() entry {
	return octalEntry("grundy-game", octal.GrundysGame(), "Grundy's game: split one heap into two non-empty heaps of different sizes")
}

func octalEntry(name string, code octal.Code, summary string) entry {
	return entry{
		info: octalInfo(name, code, summary),
		build: func(flags) (Ruleset, error) {
			return octalGame{name: name, code: code, tab: &octalTable{}}, nil
		},
	}
}

func octalCodeEntry() entry {
	info := octalInfo("octal", octal.MustParse("0.07"), "the take-and-break game of a code (--code): digit d_i says what taking i tokens from a heap may leave (1: nothing, 2: one heap, 4: two heaps, 8: three heaps)")
	info.Flags = []FlagInfo{{Name: "code", Arg: "CODE", Usage: "the take-and-break code: octal 0.07, .77, 4.7, long codes 0.0000007, hexadecimal x0.8f, or grundy"}}
	info.Theory = "the Grundy value of a heap comes from the octal engine (table, then the period proved by the octal periodicity theorem); the value is the XOR of the heaps"
	info.Example = "--code 0.137 3 5 7"
	return entry{
		info: info,
		build: func(f flags) (Ruleset, error) {
			s, ok := f.m["code"]
			if !ok {
				return nil, cliarg.Errorf("octal needs --code CODE, for example --code 0.07")
			}
			code, err := octal.Parse(s)
			if err != nil {
				return nil, cliarg.Errorf("--code: %v", err)
			}
			theory := fmt.Sprintf("take-and-break code %s: ", code) + info.Theory
			return octalGame{name: "octal", code: code, tab: &octalTable{}, theory: theory}, nil
		},
	}
}

func (o octalGame) Info() Info {
	info := infoOf(o.name)
	if o.theory != "" {
		info.Theory = o.theory
	}
	return info
}

// Parse reads heap sizes within the engine's range.
func (o octalGame) Parse(args []string) (Position, error) {
	p, err := parseNumbers(args, "heap")
	if err != nil {
		return nil, err
	}
	for i, h := range p {
		if h > octalMaxHeap {
			return nil, cliarg.Errorf("heap %d: %d is too large: heaps of take-and-break games are limited to 2^63-1", i+1, h)
		}
	}
	return p, nil
}

// table returns the engine's result covering heaps up to n (or a proved period), computing it
// if needed; a heap beyond what the limits allow is refused with a *LimitError.
func (o octalGame) table(ctx context.Context, n uint64) (*octal.Result, error) {
	o.tab.mu.Lock()
	defer o.tab.mu.Unlock()
	covered := func(r *octal.Result) bool {
		return r != nil && (n <= uint64(r.ComputedTo) || r.Proved && r.Period > 0)
	}
	if covered(o.tab.res) {
		return o.tab.res, nil
	}
	limit := uint64(OctalMaxTable)
	if o.code.MaxHeaps() == 3 {
		limit = octalMaxTable3
	}
	to := max(octalProofTable, int(min(n, limit)))
	if o.tab.res != nil {
		to = int(limit) // the first table did not cover n: go to the limit at once
	}
	res, err := octal.Compute(ctx, o.code, octal.Options{To: to, MaxBytes: octalMaxBytes})
	if err != nil {
		return nil, err
	}
	o.tab.res = res
	if !covered(res) {
		return nil, limitf(o.name, "octal_heap", res.ComputedTo,
			"%s: heap %d is beyond the table of %s (to %d), and no period is proved: the limit is %d", o.name, n, o.code, res.ComputedTo, res.ComputedTo)
	}
	return res, nil
}

// values returns a function giving g(h) for the heaps up to the largest of p.
func (o octalGame) values(ctx context.Context, p Position) (func(uint64) uint64, *octal.Result, error) {
	var top uint64
	for _, h := range p {
		top = max(top, h)
	}
	res, err := o.table(ctx, top)
	if err != nil {
		return nil, nil, err
	}
	return func(h uint64) uint64 {
		v, _ := res.Value(int(h))
		return uint64(v)
	}, res, nil
}

// parts yields the ways a heap of n may be left as k non-empty heaps (a ≥ b ≥ c), k = 2 or 3.
func (o octalGame) parts(n uint64, k int) iter.Seq[[]uint64] {
	return func(yield func([]uint64) bool) {
		if k == 2 {
			for b := uint64(1); b <= n/2; b++ {
				if o.code.IsGrundysGame() && 2*b == n {
					continue
				}
				if !yield([]uint64{n - b, b}) {
					return
				}
			}
			return
		}
		for c := uint64(1); 3*c <= n; c++ {
			for b := c; b <= (n-c)/2; b++ {
				if !yield([]uint64{n - b - c, b, c}) {
					return
				}
			}
		}
	}
}

// replace returns p with heap i replaced by the heaps left (a single 0 when none is left).
func replace(p Position, i int, left []uint64) Position {
	if len(left) == 0 {
		left = []uint64{0}
	}
	q := make(Position, 0, len(p)+len(left)-1)
	q = append(q, p[:i]...)
	q = append(q, left...)
	return append(q, p[i+1:]...)
}

func octalText(i int, h, took uint64, left []uint64) string {
	var b strings.Builder
	if took == 0 {
		b.WriteString("split heap " + strconv.Itoa(i+1))
	} else {
		b.WriteString(takeText(i, took))
	}
	switch len(left) {
	case 0:
		b.WriteString(" (all of it)")
	case 1:
		b.WriteString(", leaving " + strconv.FormatUint(left[0], 10))
	default:
		b.WriteString(", leaving " + strings.Join(numberArgs(left[:len(left)-1]), ", ") + " and " + strconv.FormatUint(left[len(left)-1], 10))
	}
	if took == 0 {
		return strings.Replace(b.String(), ", leaving", " into", 1)
	}
	return b.String()
}

// heapMoves yields the moves on heap i of p: for each number taken t (0 ≤ t ≤ h) whose digit
// allows it, what may be left.
func (o octalGame) heapMoves(p Position, i int) iter.Seq[Move] {
	return func(yield func(Move) bool) {
		h := p[i]
		for t := 0; t < o.code.Len() && uint64(t) <= h; t++ {
			d, rest := o.code.Digit(t), h-uint64(t)
			if d&octal.LeaveNone != 0 && rest == 0 {
				if !yield(Move{Text: octalText(i, h, uint64(t), nil), To: replace(p, i, nil)}) {
					return
				}
			}
			if d&octal.LeaveOne != 0 && rest > 0 && t > 0 {
				if !yield(Move{Text: octalText(i, h, uint64(t), []uint64{rest}), To: replace(p, i, []uint64{rest})}) {
					return
				}
			}
			for _, kb := range [][2]int{{2, octal.LeaveTwo}, {3, octal.LeaveThree}} {
				if d&kb[1] == 0 {
					continue
				}
				for left := range o.parts(rest, kb[0]) {
					if !yield(Move{Text: octalText(i, h, uint64(t), left), To: replace(p, i, left)}) {
						return
					}
				}
			}
		}
	}
}

// Moves yields every move of every heap.
func (o octalGame) Moves(p Position) iter.Seq[Move] {
	return func(yield func(Move) bool) {
		for i := range p {
			for m := range o.heapMoves(p, i) {
				if !yield(m) {
					return
				}
			}
		}
	}
}

func (o octalGame) Analyze(ctx context.Context, p Position) (Analysis, error) {
	g, res, err := o.values(ctx, p)
	if err != nil {
		return Analysis{}, err
	}
	var x uint64
	for _, h := range p {
		x ^= g(h)
	}
	a := Analysis{Outcome: outcomeOf(x), Value: x, HasValue: true, Complete: true,
		Method: fmt.Sprintf("octal engine for %s: table to heap %d", o.code, res.ComputedTo)}
	if res.Proved && res.Period > 0 {
		a.Method += fmt.Sprintf(", period %d from heap %d proved by the octal periodicity theorem", res.Period, res.Preperiod)
	}
	a.Method += "; the value is the XOR of the heaps"
	if x == 0 {
		return a, nil
	}
	budget := octalBudget
	for i, h := range p {
		want := g(h) ^ x
		more := o.winningAt(p, i, want, g, res, &budget, &a.Complete, func(m Move) bool {
			if len(a.WinningMoves) >= maxMovesListed {
				a.Complete = false
				return false
			}
			a.WinningMoves = append(a.WinningMoves, m)
			return true
		})
		if !more {
			a.Complete = false
			break
		}
	}
	if len(a.WinningMoves) == 0 && a.Outcome == N {
		a.Note = fmt.Sprintf("no winning move found within %d splits (one exists)", octalBudget)
	}
	return a, nil
}

// winningAt lists the moves on heap i to a value of want, spending budget on the splits it
// examines; it returns false when the search must stop (the list is full or the budget spent), and
// clears *complete when it leaves moves of this heap out. Within a proved period a split's value
// depends only on the residues of its parts, so a heap beyond the table needs the splits with a
// part in the preperiod and one split per residue of the period, not every split.
func (o octalGame) winningAt(p Position, i int, want uint64, g func(uint64) uint64, res *octal.Result, budget *int, complete *bool, add func(Move) bool) bool {
	h := p[i]
	period, pre := uint64(res.Period), uint64(res.Preperiod)
	periodic := res.Proved && period > 0
	for t := 0; t < o.code.Len() && uint64(t) <= h; t++ {
		d, rest := o.code.Digit(t), h-uint64(t)
		if d&octal.LeaveNone != 0 && rest == 0 && want == 0 {
			if !add(Move{Text: octalText(i, h, uint64(t), nil), To: replace(p, i, nil)}) {
				return false
			}
		}
		if d&octal.LeaveOne != 0 && rest > 0 && t > 0 && g(rest) == want {
			if !add(Move{Text: octalText(i, h, uint64(t), []uint64{rest}), To: replace(p, i, []uint64{rest})}) {
				return false
			}
		}
		if d&octal.LeaveTwo != 0 {
			// splits rest = a + b, a ≥ b ≥ 1; with a proved period only b < pre + period and
			// b > rest - pre - period are needed (the parts in between repeat the residues seen)
			try := func(b uint64) bool {
				if o.code.IsGrundysGame() && 2*b == rest {
					return true
				}
				if *budget == 0 {
					return false
				}
				*budget--
				if g(rest-b)^g(b) == want {
					return add(Move{Text: octalText(i, h, uint64(t), []uint64{rest - b, b}), To: replace(p, i, []uint64{rest - b, b})})
				}
				return true
			}
			half := rest / 2
			lowEnd := half
			if periodic && rest > 2*(pre+2*period) {
				lowEnd = pre + 2*period // b beyond this (and a beyond it) repeat the residues
			}
			for b := uint64(1); b <= lowEnd; b++ {
				if !try(b) {
					return false
				}
			}
			if lowEnd < half {
				// the splits left out repeat the values of those tried: the winning ones among
				// them are not listed
				*complete = false
			}
		}
		if d&octal.LeaveThree != 0 {
			if rest > uint64(res.ComputedTo) {
				*complete = false // three-part splits of heaps beyond the table are not searched
				continue
			}
			for left := range o.parts(rest, 3) {
				if *budget == 0 {
					return false
				}
				*budget--
				if g(left[0])^g(left[1])^g(left[2]) == want {
					if !add(Move{Text: octalText(i, h, uint64(t), left), To: replace(p, i, left)}) {
						return false
					}
				}
			}
		}
	}
	return true
}

// Sequence is g(0..n) from the engine, with the period it proves.
func (o octalGame) Sequence(ctx context.Context, n uint64) (Sequence, error) {
	if n > MaxSequence {
		return Sequence{}, limitf("", "max_sequence", MaxSequence, "--to %d is too large: the limit is %d", n, MaxSequence)
	}
	// octal.Options.To 0 means "until proved": heap 0 alone is asked for as heaps 0..1.
	res, err := octal.Compute(ctx, o.code, octal.Options{To: max(int(n), 1), KeepGoing: true, MaxBytes: octalMaxBytes})
	if err != nil {
		return Sequence{}, err
	}
	vs := make([]uint64, n+1)
	for i := range vs {
		v, _ := res.Value(i)
		vs[i] = uint64(v)
	}
	s := Sequence{Values: vs, Proved: res.Proved}
	if res.Period > 0 {
		s.Period, s.Preperiod = uint64(res.Period), uint64(res.Preperiod)
	}
	return s, nil
}
