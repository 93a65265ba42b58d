package guess

import (
	"context"
	"fmt"
	"hash/maphash"
	"slices"
	"strings"
	"sync"

	"grundy/octal"
	"grundy/rules"
)

// The library indexes each known sequence by windows of winLen values starting at winStart+s,
// for every shift s in [−maxShift, maxShift]; a sequence is looked up by its window at winStart.
const (
	winStart  = 8
	winLen    = 40
	maxShift  = 4
	prefixLen = winStart + maxShift + winLen // values kept of each known sequence
	// minLibrary is the fewest values a sequence needs to be looked up.
	minLibrary = winStart + winLen
	// maxCandidates bounds the known sequences verified against one sequence.
	maxCandidates = 64
	// maxIdentities bounds the identity findings of one sequence (shifts or doublings apart).
	maxIdentities = 3
	// maxAlso bounds the other known games with the same values an identity lists.
	maxAlso = 8
	// maxThree is the most heaps on which a code that may leave three heaps is compared with a
	// sequence: computing such a code costs about n³ (a second to heap 1024 or so, minutes to 4096).
	maxThree = 512
	// maxVerify bounds the heaps on which a known game is compared with the sequence (and to
	// which its facts are computed): the comparison computes every candidate that far.
	maxVerify = 1 << 17
)

// entry is one known one-heap game of the library.
type entry struct {
	name  string
	order int // simplicity: catalogue rulesets, then subtraction sets, then codes (shorter first)
	// One of: a code, a subtraction set, a catalogue ruleset's name.
	code    *octal.Code
	sub     []int
	ruleset string
	prefix  []uint64
}

// Library is the library of known one-heap sequences: the catalogue's one-heap rulesets that take
// no flags (those whose values its engine computes without cycles: nim, lasker, split-nim, the
// coin games; kayles, dawson-kayles and grundy-game by their codes), every take-and-break code
// 0.d1d2d3 in hexadecimal (which includes the octal ones), every octal code 4.d1d2d3, and the
// subtraction games of every set inside {1..10}. Codes whose digits are all 0 or 3 are the
// subtraction games of the sets they spell, and are listed under those.
// Build one with NewLibrary or share the process's with Default; a Library is read-only once
// built and safe for concurrent use.
type Library struct {
	entries []entry
	seed    maphash.Seed
	index   map[uint64][]ref
}

// ref is an entry seen at a shift.
type ref struct {
	e     int32
	shift int8
}

// Default returns the process's library, built on first use (0.2 to 0.5 s on a loaded machine;
// see BENCHMARKS.md) and shared afterwards.
var Default = sync.OnceValues(func() (*Library, error) { return NewLibrary(context.Background()) })

// NewLibrary builds the library: the first values of every known sequence, and their index.
func NewLibrary(ctx context.Context) (*Library, error) {
	l := &Library{seed: maphash.MakeSeed(), index: map[uint64][]ref{}}
	seen := map[string]bool{}
	for _, info := range rules.Catalogue() {
		if !info.OneHeap {
			continue
		}
		rs, err := rules.New(info.Name, nil)
		if err != nil { // a ruleset that needs flags: its instances are not one game
			continue
		}
		_, seq := rs.(rules.Sequencer)
		_, loopy := rs.(rules.Loopy)
		if !seq || loopy {
			continue
		}
		if t, ok := rs.(rules.TakeAndBreak); ok {
			code := t.Code()
			name := info.Name
			if !code.IsGrundysGame() {
				name = fmt.Sprintf("%s (%s)", code, info.Name)
			}
			seen[code.String()] = true
			l.entries = append(l.entries, entry{name: name, code: &code, order: 1})
			continue
		}
		l.entries = append(l.entries, entry{name: info.Name, ruleset: info.Name, order: 0})
	}
	// Codes with a name of their own in the literature that the catalogue has no ruleset for.
	for _, c := range []struct{ code, name string }{{"0.137", "Dawson's chess"}} {
		if code := octal.MustParse(c.code); !seen[c.code] {
			seen[c.code] = true
			l.entries = append(l.entries, entry{name: fmt.Sprintf("%s (%s)", c.code, c.name), code: &code, order: 1})
		}
	}
	for m := 1; m < 1<<10; m++ {
		var s []int
		for i := 0; i < 10; i++ {
			if m>>i&1 == 1 {
				s = append(s, i+1)
			}
		}
		l.entries = append(l.entries, entry{name: "subtract --set " + joinInts(s), sub: s, order: 2 + len(s)})
	}
	for _, pat := range []string{"x0.???", "4.???"} {
		codes, err := octal.Expand(pat, 1<<13)
		if err != nil {
			return nil, err
		}
		for _, c := range codes {
			if c.IsHex() && c.MaxHeaps() < 3 { // an octal code written in hexadecimal
				c = octal.MustParse(strings.TrimPrefix(c.String(), "x"))
			}
			s := c.String()
			if seen[s] || subtractionCode(c) || c.Len() == 0 {
				continue
			}
			seen[s] = true
			l.entries = append(l.entries, entry{name: s, code: &c, order: 20 + len(s)})
		}
	}
	slices.SortStableFunc(l.entries, func(a, b entry) int { return a.order - b.order })
	for i := range l.entries {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		e := &l.entries[i]
		v, err := e.values(ctx, prefixLen-1, true)
		if err != nil {
			return nil, fmt.Errorf("guess: library entry %s: %w", e.name, err)
		}
		e.prefix = v
		for s := -maxShift; s <= maxShift; s++ {
			k := l.hash(v[winStart+s : winStart+s+winLen])
			l.index[k] = append(l.index[k], ref{int32(i), int8(s)})
		}
	}
	return l, nil
}

// Len returns the number of known sequences.
func (l *Library) Len() int { return len(l.entries) }

func joinInts(s []int) string {
	parts := make([]string, len(s))
	for i, x := range s {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ",")
}

// subtractionCode reports whether c is a subtraction game: d0 = 0 and every digit 0 or 3.
func subtractionCode(c octal.Code) bool {
	if c.IsGrundysGame() || c.Digit(0) != 0 {
		return false
	}
	for i := 1; i <= c.Len(); i++ {
		if d := c.Digit(i); d != 0 && d != 3 {
			return false
		}
	}
	return true
}

func (l *Library) hash(v []uint64) uint64 {
	var h maphash.Hash
	h.SetSeed(l.seed)
	var b [8]byte
	for _, x := range v {
		for i := range b {
			b[i] = byte(x >> (8 * i))
		}
		h.Write(b[:])
	}
	return h.Sum64()
}

// values returns g(0..n) of the entry. Codes are computed by octal.Reference, whose cost is
// less than octal.Compute's set-up, up to heap 512 (128 for codes that leave three heaps) or when
// short; by octal.Compute beyond.
func (e *entry) values(ctx context.Context, n int, short bool) ([]uint64, error) {
	if e.code != nil && (n <= 128 || n <= 512 && e.code.MaxHeaps() < 3) {
		short = true
	}
	switch {
	case e.code != nil && short:
		v, err := octal.Reference(ctx, *e.code, n)
		if err != nil {
			return nil, err
		}
		g := make([]uint64, len(v))
		for i, x := range v {
			g[i] = uint64(x)
		}
		return g, nil
	case e.code != nil:
		res, err := octal.Compute(ctx, *e.code, octal.Options{To: n, MaxBytes: 1 << 28, Workers: 1})
		if err != nil {
			return nil, err
		}
		g := make([]uint64, n+1)
		for i := range g {
			v, ok := res.Value(i)
			if !ok {
				return nil, fmt.Errorf("no value at %d", i)
			}
			g[i] = uint64(v)
		}
		return g, nil
	case e.sub != nil:
		return subtractionValues(e.sub, n), nil
	}
	r, err := rules.New(e.ruleset, nil)
	if err != nil {
		return nil, err
	}
	s, err := r.(rules.Sequencer).Sequence(ctx, uint64(n))
	if err != nil {
		return nil, err
	}
	return s.Values, nil
}

// subtractionValues returns g(0..n) of the subtraction set s by the mex recurrence.
func subtractionValues(s []int, n int) []uint64 {
	g := make([]uint64, n+1)
	seen := make([]bool, len(s)+2)
	for i := range g {
		clear(seen)
		for _, x := range s {
			if x <= i && g[i-x] < uint64(len(seen)) {
				seen[g[i-x]] = true
			}
		}
		for seen[g[i]] {
			g[i]++
		}
	}
	return g
}

// facts returns what is known of the entry's sequence: for codes, what octal.Compute proves to
// heap max(last, opt's MaxCodeHeap); for subtraction sets, what the subtraction-game theorem proves from 4096 values;
// for rulesets, the period their Sequence reports to maxHeap (proved when the ruleset's theory
// proves it).
func (e *entry) facts(ctx context.Context, last int, opt Options) (*Facts, error) {
	switch {
	case e.code != nil:
		f, _, err := codeFacts(ctx, *e.code, min(max(last, opt.maxCodeHeap(*e.code)), maxVerify))
		return f, err
	case e.sub != nil:
		g := subtractionValues(e.sub, 4095)
		p, t, ok, err := SubtractionPeriod(e.sub, g)
		if err != nil {
			return nil, err
		}
		f := &Facts{ComputedTo: len(g) - 1}
		if ok {
			f.Period, f.Preperiod, f.Proved, f.Theorem = p, t, true, "subtraction-game theorem"
		}
		return f, nil
	}
	r, err := rules.New(e.ruleset, nil)
	if err != nil {
		return nil, err
	}
	s, err := r.(rules.Sequencer).Sequence(ctx, uint64(max(last, 4096)))
	if err != nil {
		return nil, err
	}
	f := &Facts{Period: int(s.Period), Preperiod: int(s.Preperiod), Saltus: int(s.Arithmetic), Proved: s.Proved && s.Period > 0, ComputedTo: len(s.Values) - 1}
	if f.Proved {
		f.Theorem = "the ruleset's theory (grundy rules " + e.ruleset + ")"
	}
	return f, nil
}

// candidate is an entry that matched a window, verified against the whole sequence.
type candidate struct {
	e       *entry
	shift   int
	doubled bool
	at      int // first n where it differs, or len(g)
	got     uint64
	want    uint64
}

// match adds to r the known games whose sequence g equals (shifted, or doubled), and the near
// misses: known games that matched the window and then differ.
//
// Candidates are verified simplest first, each in stages (verifyStages, then all of g), so that
// one that differs early costs little; a candidate is not verified once its group (shift,
// doubling) has its finding and a full Also, or once maxIdentities groups have findings. Codes
// that may leave three heaps cost about n³ to compute: they are compared only when g has at most
// maxThree+1 values.
func (l *Library) match(ctx context.Context, g []uint64, r *Report, opt Options) error {
	if len(g) < minLibrary {
		r.Note = strings.TrimPrefix(r.Note+fmt.Sprintf("; known games are looked up from %d values", minLibrary), "; ")
		return nil
	}
	var cands []candidate
	look := func(seq []uint64, doubled bool) {
		for _, rf := range l.index[l.hash(seq[winStart:winStart+winLen])] {
			cands = append(cands, candidate{e: &l.entries[rf.e], shift: int(rf.shift), doubled: doubled})
		}
	}
	look(g, false)
	odious, evil := parityClass(g)
	if (odious || evil) && slices.Max(g) > 1 {
		look(halves(g), true)
	}
	// Simplest first: unshifted, then by the entry's order.
	slices.SortStableFunc(cands, func(a, b candidate) int {
		if a.doubled != b.doubled {
			return map[bool]int{false: -1, true: 1}[a.doubled]
		}
		if d := abs(a.shift) - abs(b.shift); d != 0 {
			return d
		}
		return a.e.order - b.e.order
	})
	if len(cands) > maxCandidates {
		cands = cands[:maxCandidates]
	}
	if len(g) > maxVerify+1 {
		g = g[:maxVerify+1]
		r.Note = strings.TrimPrefix(r.Note+fmt.Sprintf("; known games are compared on 0..%d", maxVerify), "; ")
	}
	last := len(g) - 1
	type group struct {
		shift   int
		doubled bool
	}
	done := map[group]int{}      // the finding of each group with one
	matched := map[*entry]bool{} // an entry seen at one shift is not reported at another
	var near []candidate
	skippedThree := 0
	for _, c := range cands {
		k := group{c.shift, c.doubled}
		i, ok := done[k]
		switch {
		case matched[c.e]:
			continue
		case c.e.is(opt):
			matched[c.e] = true // the game itself: its own findings say more than an identity
			continue
		case ok && len(r.Findings[i].Known.Also) >= maxAlso:
			// Nothing more to say of this group; the entry is not reported at a less simple
			// shift either (it matched the window here, and is not verified further).
			matched[c.e] = true
			continue
		case !ok && len(done) == maxIdentities:
			continue
		case c.e.code != nil && c.e.code.MaxHeaps() == 3 && last > maxThree:
			skippedThree++
			continue
		}
		if err := c.verify(ctx, g, odious); err != nil {
			return err
		}
		if c.at < len(g) {
			near = append(near, c)
			continue
		}
		matched[c.e] = true
		if ok {
			r.Findings[i].Known.Also = append(r.Findings[i].Known.Also, c.e.name)
			continue
		}
		f, err := identity(ctx, c, last, odious, opt)
		if err != nil {
			return err
		}
		done[k] = len(r.Findings)
		r.Findings = append(r.Findings, f)
	}
	if skippedThree > 0 {
		r.Note = strings.TrimPrefix(r.Note+fmt.Sprintf("; %d known codes that may leave three heaps matched the first values and were not compared (they are compared up to N = %d)", skippedThree, maxThree), "; ")
	}
	if len(done) > 0 {
		return nil
	}
	slices.SortStableFunc(near, func(a, b candidate) int { return b.at - a.at })
	for i, c := range near {
		if i == 2 {
			break
		}
		r.NearMiss = append(r.NearMiss, NearMiss{Rule: "equal to " + describe(c), HeldFrom: max(0, -c.shift), HeldTo: c.at - 1,
			At: fmt.Sprint(c.at), Got: fmt.Sprint(c.got), Want: fmt.Sprint(c.want)})
	}
	return nil
}

// is reports whether the entry is the game opt.Known says this is: the same ruleset, the same
// code or the same subtraction set.
func (e *entry) is(opt Options) bool {
	k := opt.Known
	switch {
	case e.ruleset != "" && k.Ruleset != "":
		return e.ruleset == k.Ruleset
	case e.code != nil && k.Code != "":
		c, err := octal.Parse(k.Code)
		return err == nil && c == *e.code
	case e.sub != nil && len(k.Subtraction) > 0:
		s := slices.Clone(k.Subtraction)
		slices.Sort(s)
		return slices.Equal(slices.Compact(s), e.sub)
	}
	return false
}

// verifyStages are the lengths a candidate is compared on before all of g.
var verifyStages = []int{128, 1024}

// verify compares the candidate's values with g, in stages, and sets c.at to the first n where
// they differ (with got and want), or len(g).
func (c *candidate) verify(ctx context.Context, g []uint64, odious bool) error {
	from := 0
	for _, stage := range append(slices.Clone(verifyStages), len(g)) {
		end := min(stage, len(g)) // compare n in [from, end)
		if end <= from {
			continue
		}
		kv, err := c.e.values(ctx, end-1+max(c.shift, 0), false)
		if err != nil {
			return err
		}
		for n := max(from, -c.shift); n < end; n++ {
			w := kv[n+c.shift]
			if c.doubled { // the parity bit that makes 2w+b odious (or evil)
				b := uint64(parity(w))
				if odious {
					b ^= 1
				}
				w = 2*w + b
			}
			if g[n] != w {
				c.at, c.got, c.want = n, g[n], w
				return nil
			}
		}
		from = end
	}
	c.at = len(g)
	return nil
}

// identity is the finding of a verified candidate, with the known game's facts.
func identity(ctx context.Context, c candidate, last int, odious bool, opt Options) (Finding, error) {
	facts, err := c.e.facts(ctx, last, opt)
	if err != nil {
		return Finding{}, err
	}
	from := max(0, -c.shift)
	f := Finding{Kind: "identity", Key: c.e.name, Status: Conjecture, CheckedFrom: from, CheckedTo: last,
		Known: &KnownGame{Name: c.e.name, Shift: c.shift, Doubled: c.doubled, Facts: facts}, rank: rankIdentity}
	arg := "n"
	switch {
	case c.shift > 0:
		arg = fmt.Sprintf("n+%d", c.shift)
	case c.shift < 0:
		arg = fmt.Sprintf("n−%d", -c.shift)
	}
	f.Key = describe(c)
	f.Rule = fmt.Sprintf("equal to %s: g(n) = G(%s) for %d ≤ n ≤ %d, G the values of %s", f.Key, arg, from, last, c.e.name)
	if c.shift != 0 {
		f.rank = rankShifted
	}
	if c.doubled {
		word := map[bool]string{true: "odious", false: "evil"}[odious]
		f.Rule = fmt.Sprintf("%s doubled with a parity bit: g(n) = 2·G(%s) + [the bit that makes g(n) %s] for %d ≤ n ≤ %d, G the values of %s",
			c.e.name, arg, word, from, last, c.e.name)
		f.rank = rankDoubled
	}
	return f, nil
}

func describe(c candidate) string {
	s := c.e.name
	if c.shift != 0 {
		s += strings.Replace(fmt.Sprintf(" shifted by %d", c.shift), "-", "−", 1)
	}
	if c.doubled {
		s = "2·(" + s + ") + parity bit"
	}
	return s
}

func parity(v uint64) int {
	p := 0
	for ; v != 0; v &= v - 1 {
		p ^= 1
	}
	return p
}

// parityClass reports whether every value is odious, and whether every value is evil.
func parityClass(g []uint64) (odious, evil bool) {
	odious, evil = true, true
	for _, v := range g {
		if parity(v) == 1 {
			evil = false
		} else {
			odious = false
		}
	}
	return odious, evil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
