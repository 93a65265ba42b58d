package guess

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"grundy/game"
	"grundy/octal"
)

// Known says what a game is known to be, so that a theorem can turn a finite check into a proof.
// The zero Known knows nothing (a user's script): nothing is proved.
type Known struct {
	// Subtraction: the game is the subtraction game of this finite set (the subtraction-game
	// theorem, SubtractionPeriod). The values are checked against the mex recurrence.
	Subtraction []int
	// Code: the game is the take-and-break game of this code (the octal periodicity theorem,
	// through octal.Compute; no proof for Grundy's game). The values are checked against the
	// code's.
	Code string
	// Facts: a period (arithmetic when Saltus ≠ 0) that the game's own theory proves; Theorem
	// must name the theorem. The values are checked against it.
	Facts *Facts
	// Ruleset: the game is the catalogue ruleset of this name, built without flags (an identity
	// with the library's entry of it is not reported).
	Ruleset string
	// ClosedForm is the key of a closed form (as Finding.Key writes it, from heap 0) that the
	// game's theory proves, and ClosedTheorem names the theorem.
	ClosedForm, ClosedTheorem string
}

// Options of a guess.
type Options struct {
	// Name names the game in the report.
	Name string
	// Known is what the game is known to be.
	Known Known
	// Library, when not nil, is searched for known games with the same values.
	Library *Library
	// MaxCodeHeap bounds how far a known code is computed to prove or find its period (0: 4096,
	// and 1024 for codes that may leave three heaps; at least the values given).
	MaxCodeHeap int
}

// Ranks of findings of one kind, lower first (proved findings come before all conjectures).
const (
	rankClosed = 10 + iota
	rankIdentity
	rankPeriod
	rankArith
	rankDoubled
	rankShifted
)

// minClosed is the fewest values a closed form must be checked on to be reported.
const minClosed = 16

// Sequence looks at the Grundy values g = g(0..N) of a one-heap game and reports what it
// recognises. It returns an error when what opt.Known says contradicts the values (they are not
// that game's), or when ctx is done.
func Sequence(ctx context.Context, g []uint64, opt Options) (*Report, error) {
	if len(g) == 0 {
		return nil, fmt.Errorf("guess: no values")
	}
	r := &Report{Game: opt.Name, Shape: "one-heap", CheckedTo: len(g) - 1, Findings: []Finding{}, NearMiss: []NearMiss{}}
	proof, err := provePeriod(ctx, g, opt)
	if err != nil {
		return nil, err
	}
	r.addPeriods(g, proof)
	if len(g) >= minClosed {
		r.addClosedForms(g, opt.Known, proof)
		r.addDoubled(g, opt.Known)
	} else {
		r.Note = fmt.Sprintf("closed forms and known games need at least %d values", minClosed)
	}
	if opt.Library != nil && len(g) >= minClosed {
		if err := opt.Library.match(ctx, g, r, opt); err != nil {
			return nil, err
		}
	}
	r.sort()
	r.defaultChecked()
	return r, nil
}

// sort ranks the findings: proved first, then by kind.
func (r *Report) sort() {
	slices.SortStableFunc(r.Findings, func(a, b Finding) int {
		ka, kb := a.rank, b.rank
		if a.Status == Proved {
			ka -= 100
		}
		if b.Status == Proved {
			kb -= 100
		}
		return ka - kb
	})
}

// defaultChecked marks the findings that say nothing else as checked against the values given.
func (r *Report) defaultChecked() {
	for i := range r.Findings {
		if r.Findings[i].CheckedBy == "" {
			r.Findings[i].CheckedBy = CheckedValues
		}
	}
}

// provePeriod returns the period a theorem proves for the game opt.Known says this is, or nil.
func provePeriod(ctx context.Context, g []uint64, opt Options) (*Facts, error) {
	k := opt.Known
	switch {
	case len(k.Subtraction) > 0:
		p, t, ok, err := SubtractionPeriod(k.Subtraction, g)
		if err != nil || !ok {
			return nil, err
		}
		return &Facts{Period: p, Preperiod: t, Proved: true, ComputedTo: len(g) - 1,
			Theorem: fmt.Sprintf("subtraction-game theorem: g(n+%d) = g(n) on the window %d ≤ n < %d of max(S) = %d values", p, t, t+slices.Max(k.Subtraction), slices.Max(k.Subtraction))}, nil
	case k.Code != "":
		c, err := octal.Parse(k.Code)
		if err != nil {
			return nil, err
		}
		f, vals, err := codeFacts(ctx, c, max(len(g)-1, opt.maxCodeHeap(c)))
		if err != nil {
			return nil, err
		}
		for n, v := range g {
			if w, ok := vals(n); ok && w != v {
				return nil, fmt.Errorf("guess: the values are not those of %s: g(%d) = %d, the code gives %d", c, n, v, w)
			}
		}
		if !f.Proved {
			return nil, nil
		}
		return f, nil
	case k.Facts != nil:
		f := k.Facts
		if !f.Proved || f.Theorem == "" || f.Period <= 0 {
			return nil, fmt.Errorf("guess: known facts must be a proved period with its theorem")
		}
		for n := f.Preperiod; n+f.Period < len(g); n++ {
			if g[n+f.Period] != g[n]+uint64(f.Saltus) {
				return nil, fmt.Errorf("guess: the values contradict the known period %d (saltus %d) from %d at heap %d", f.Period, f.Saltus, f.Preperiod, n)
			}
		}
		c := *f
		c.ComputedTo = len(g) - 1
		return &c, nil
	}
	return nil, nil
}

func (o Options) maxCodeHeap(c octal.Code) int {
	switch {
	case o.MaxCodeHeap > 0:
		return o.MaxCodeHeap
	case c.MaxHeaps() == 3:
		return 1024
	}
	return 4096
}

// codeFacts computes c to heap to at most (stopping when the periodicity theorem proves a
// period) and returns its facts and its values (beyond what was computed, through the proved
// period).
func codeFacts(ctx context.Context, c octal.Code, to int) (*Facts, func(n int) (uint64, bool), error) {
	res, err := octal.Compute(ctx, c, octal.Options{To: to, MaxBytes: 1 << 28, Workers: 1})
	if err != nil {
		return nil, nil, err
	}
	f := &Facts{Period: res.Period, Preperiod: res.Preperiod, Proved: res.Proved, ComputedTo: res.ComputedTo, engine: true}
	if f.Proved {
		f.Theorem = "octal periodicity theorem"
	}
	return f, func(n int) (uint64, bool) { v, ok := res.Value(n); return uint64(v), ok }, nil
}

// addPeriods adds the period that proof proves, or else the period the values show.
func (r *Report) addPeriods(g []uint64, proof *Facts) {
	last := len(g) - 1
	if proof != nil {
		f := Finding{Kind: "period", Status: Proved, Proof: proof.Theorem, Period: intp(proof.Period), Preperiod: intp(proof.Preperiod), rank: rankPeriod}
		f.CheckedBy, f.CheckedFrom, f.CheckedTo = provedRange(proof, last)
		if proof.Saltus != 0 {
			f.Kind, f.Saltus, f.rank = "arithmetic-period", intp(proof.Saltus), rankArith
			f.Rule = fmt.Sprintf("arithmetic period %d, saltus %d: g(n+%d) = g(n) + %d for n ≥ %d", proof.Period, proof.Saltus, proof.Period, proof.Saltus, proof.Preperiod)
		} else {
			f.Rule = fmt.Sprintf("period %d: g(n+%d) = g(n) for n ≥ %d", proof.Period, proof.Period, proof.Preperiod)
		}
		f.Key = periodKey(proof.Period, proof.Preperiod, proof.Saltus)
		r.Findings = append(r.Findings, f)
		return
	}
	if p, t, ok := game.ApparentPeriod(g); ok {
		r.Findings = append(r.Findings, Finding{Kind: "period", Status: Conjecture, Key: periodKey(p, t, 0),
			Rule:        fmt.Sprintf("period %d: g(n+%d) = g(n) for n ≥ %d (%d whole periods seen)", p, p, t, (len(g)-t)/p),
			CheckedFrom: t, CheckedTo: last, Period: intp(p), Preperiod: intp(t), rank: rankPeriod})
		return
	}
	if p, t, s, ok := arithmeticPeriod(g); ok {
		r.Findings = append(r.Findings, Finding{Kind: "arithmetic-period", Status: Conjecture, Key: periodKey(p, t, int(s)),
			Rule:        fmt.Sprintf("arithmetic period %d, saltus %d: g(n+%d) = g(n) + %d for n ≥ %d (%d whole periods seen)", p, s, p, s, t, (len(g)-t)/p),
			CheckedFrom: t, CheckedTo: last, Period: intp(p), Preperiod: intp(t), Saltus: intp(int(s)), rank: rankArith})
	}
}

// provedRange says what a proved period was checked on: the values given 0..last (compared
// with the rule by provePeriod), or for a code the engine's values to proof.ComputedTo when they
// reach further; nothing (the theory alone) when no pair n, n+Period of the range lies in it.
func provedRange(proof *Facts, last int) (by string, from, to int) {
	by, to = CheckedValues, last
	if proof.engine && proof.ComputedTo > last {
		by, to = CheckedEngine, proof.ComputedTo
	}
	if proof.Preperiod+proof.Period > to {
		return CheckedTheory, 0, 0
	}
	return by, proof.Preperiod, to
}

func periodKey(p, t, s int) string {
	if s != 0 {
		return fmt.Sprintf("arithmetic period %d saltus %d from %d", p, s, t)
	}
	return fmt.Sprintf("period %d from %d", p, t)
}

// addClosedForms adds the smallest closed form that matches every value from its start, or else
// the near misses that held longest.
func (r *Report) addClosedForms(g []uint64, k Known, proof *Facts) {
	last := len(g) - 1
	type miss struct {
		c  closedForm
		at int
	}
	var misses []miss
	for _, c := range closedForms() {
		at := c.firstMismatch(g)
		if at < len(g) {
			if at-c.from >= 8 {
				misses = append(misses, miss{c, at})
			}
			continue
		}
		f := Finding{Kind: "closed-form", Key: c.key(), Status: Conjecture, CheckedFrom: c.from, CheckedTo: last, rank: rankClosed}
		f.Rule = "g(n) = " + c.key()
		if c.from > 0 {
			f.Key = fmt.Sprintf("%s (n ≥ %d)", f.Key, c.from)
			f.Rule += fmt.Sprintf(" for n ≥ %d (%s)", c.from, exceptions(g[:c.from]))
		}
		switch {
		case k.ClosedForm != "" && k.ClosedForm == f.Key:
			f.Status, f.Proof = Proved, k.ClosedTheorem
		case proof != nil && proof.Saltus == 0 && c.t.period > 0 && proof.Period%c.t.period == 0 &&
			last+1-max(proof.Preperiod, c.from) >= proof.Period:
			f.Status = Proved
			f.Proof = fmt.Sprintf("the form has period %d, which divides the proved period %d, and matches g on a whole period from heap %d (%s)",
				c.t.period, proof.Period, max(proof.Preperiod, c.from), proof.Theorem)
		}
		r.Findings = append(r.Findings, f)
		return
	}
	slices.SortStableFunc(misses, func(a, b miss) int { return (b.at - b.c.from) - (a.at - a.c.from) })
	for i, m := range misses {
		if i == 2 {
			break
		}
		want, _ := m.c.at(uint64(m.at))
		r.NearMiss = append(r.NearMiss, NearMiss{Rule: "g(n) = " + m.c.key(), HeldFrom: m.c.from, HeldTo: m.at - 1,
			At: fmt.Sprint(m.at), Got: fmt.Sprint(g[m.at]), Want: fmt.Sprint(want)})
	}
}

// exceptions writes the values before a form's start: "g(0) = 1, g(1) = 0".
func exceptions(g []uint64) string {
	var parts []string
	for n, v := range g {
		parts = append(parts, fmt.Sprintf("g(%d) = %d", n, v))
	}
	return strings.Join(parts, ", ")
}

// addDoubled recognises g(n) = 2·h(n) + [h(n) evil] (every value odious) or 2·h(n) + [h(n)
// odious] (every value evil), and a closed form for h: Mock Turtles is Nim doubled, 2n + [n evil].
func (r *Report) addDoubled(g []uint64, k Known) {
	odious, evil := true, true
	nonzero := false
	for _, v := range g {
		if bits.OnesCount64(v)&1 == 1 {
			evil = false
		} else {
			odious = false
		}
		nonzero = nonzero || v > 1
	}
	if !odious && !evil || !nonzero {
		return
	}
	h := halves(g)
	word, kind := "evil", "odious"
	if evil {
		word, kind = "odious", "evil"
	}
	for _, c := range closedForms() {
		if c.from > 0 || c.firstMismatch(h) < len(h) {
			continue
		}
		key := strings.ReplaceAll(fmt.Sprintf("2·%s + [%s %s]", paren(c.key()), paren(c.key()), word), "2·n ", "2n ")
		f := Finding{Kind: "closed-form", Key: key, Status: Conjecture, Rule: fmt.Sprintf("g(n) = %s (every value %s)", key, kind),
			CheckedFrom: 0, CheckedTo: len(g) - 1, rank: rankClosed}
		if k.ClosedForm != "" && k.ClosedForm == key {
			f.Status, f.Proof = Proved, k.ClosedTheorem
		}
		r.Findings = append(r.Findings, f)
		return
	}
}

// halves returns ⌊g(n)/2⌋.
func halves(g []uint64) []uint64 {
	h := make([]uint64, len(g))
	for i, v := range g {
		h[i] = v >> 1
	}
	return h
}

func paren(s string) string {
	if strings.Contains(s, " ") {
		return "(" + s + ")"
	}
	return s
}
