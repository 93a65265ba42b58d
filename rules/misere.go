package rules

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"grundy/internal/cliarg"
	"grundy/misere"
	"grundy/octal"
)

// MisereForm is implemented by the games whose misère play is their own: the rulesets with a
// misère theorem and a ruleset of the catalogue for it (nim: misere-nim; moore: misere-moore), a
// script (package scriptgame: through the misère quotient of its heaps where they are heaps, by
// the engine's search otherwise). ok is false when the game has none after all.
type MisereForm interface {
	MisereForm() (r Ruleset, ok bool)
}

// MisereForm is misere-nim.
func (nim) MisereForm() (Ruleset, bool) { return misereNim{}, true }

// MisereForm is misere-moore with the same k.
func (m moore) MisereForm() (Ruleset, bool) { return moore{k: m.k, misere: true}, !m.misere }

// Misere returns r in misère play (whoever makes the last move loses): the misère ruleset of the
// catalogue where a theorem gives one (nim, moore) or the game's own ([MisereForm]), otherwise a
// [*MisereRuleset] of r's moves,
// answered through the misère quotient of r's heap game where r is one ([HeapGame]) and by the
// engine's search otherwise. The methods of answers name the heap game by its code, or else label
// (the name with its flags, [Title]; "" for the name). A ruleset that is not normal play is
// refused.
func Misere(r Ruleset, label string) (Ruleset, error) {
	if f, ok := r.(MisereForm); ok {
		if m, ok := f.MisereForm(); ok {
			return m, nil
		}
	}
	info := r.Info()
	if info.Play != PlayNormal {
		return nil, cliarg.Errorf("%s is already %s play: --misere applies to normal-play rulesets", info.Name, info.Play)
	}
	if t, ok := r.(TakeAndBreak); ok {
		label = t.Code().String()
	} else if label == "" {
		label = info.Name
	}
	m := &MisereRuleset{Ruleset: r, label: label}
	m.game, _ = HeapGame(r)
	return m, nil
}

// SequenceOf returns the Grundy values g(0..n) of r, a one-heap ruleset ([Sequencer]); other
// rulesets are refused, naming those that have a sequence.
func SequenceOf(ctx context.Context, r Ruleset, n uint64) (Sequence, error) {
	name := r.Info().Name
	if _, ok := r.(Loopy); ok {
		return Sequence{}, cliarg.Errorf("%s has cycles: its heaps have loopy values, not Grundy values (grundy seq %s --to N gives them)", name, name)
	}
	sq, ok := r.(Sequencer)
	if !ok {
		var ones []string
		for _, info := range Catalogue() {
			if info.OneHeap {
				ones = append(ones, info.Name)
			}
		}
		return Sequence{}, cliarg.Errorf("%s has no Grundy sequence of one heap; seq takes: %s", name, strings.Join(ones, ", "))
	}
	return sq.Sequence(ctx, n)
}

// TakeAndBreak is implemented by the take-and-break rulesets (kayles, dawson-kayles, grundy-game,
// octal --code): Code is the game's code.
type TakeAndBreak interface {
	Ruleset
	Code() octal.Code
}

// Code returns the ruleset's take-and-break code.
func (o octalGame) Code() octal.Code { return o.code }

// The misère quotient decides a misère sum of heaps up to MisereQuotientMaxHeap, while the
// quotient has at most MisereQuotientMaxSize elements; past either, solve falls back to the
// engine's search and play refuses. A sum (solve) with heaps up to MisereSumMaxHeap, the largest
// heap of a quotient `grundy misere` computes, is decided through the quotient of its heaps too
// when the whole game's is not proved, so that any quotient shown decides the sums it covers.
const (
	MisereQuotientMaxHeap = 40
	MisereQuotientMaxSize = 2048
	MisereSumMaxHeap      = 255
)

// MisereRuleset is a normal-play ruleset in misère play: the same moves, the player left without a
// move wins. Analyze answers through the misère quotient of the ruleset's heap game where it is
// one and the quotient decides the position (heaps up to MisereQuotientMaxHeap, a quotient of at
// most MisereQuotientMaxSize elements), and by the engine's search within SearchLimit positions
// otherwise; AnalyzeSum also decides sums of larger heaps of a code whose whole-game quotient is
// proved. [Misere] makes one.
type MisereRuleset struct {
	Ruleset
	// QuotientOnly refuses, instead of searching, a position the quotient does not decide: play
	// against the engine, which answers every step at once.
	QuotientOnly bool
	label        string
	game         misere.Game      // the ruleset's heap game; nil when it is not one
	q            *misere.Quotient // the quotient computed so far
	noQuotient   bool             // the quotient was found not to apply: search
}

// ByQuotient reports whether the ruleset is a heap game, answered through its misère quotient.
func (m *MisereRuleset) ByQuotient() bool { return m.game != nil }

// Info is the ruleset's, in misère play.
func (m *MisereRuleset) Info() Info {
	in := m.Ruleset.Info()
	in.Play = PlayMisere
	return in
}

func (m *MisereRuleset) canon(p Position) Position { return Canonical(m.Ruleset, p) }

// quotientMisses is the error of element for a position the quotient does not decide.
type quotientMisses struct{ error }

// heaps reads a position's heaps.
func (m *MisereRuleset) heaps(p Position) ([]int, error) {
	var hs []int
	for _, a := range m.Args(p) {
		h, err := strconv.Atoi(a)
		if err != nil || h < 0 {
			return nil, quotientMisses{cliarg.Errorf("misère play: %q is not a heap", a)}
		}
		if h > MisereQuotientMaxHeap {
			return nil, quotientMisses{cliarg.Errorf("misère play through the misère quotient takes heaps up to %d, not %d", MisereQuotientMaxHeap, h)}
		}
		hs = append(hs, h)
	}
	return hs, nil
}

// element returns the quotient's element of the sum p, computing the quotient as far as needed;
// a quotientMisses error where the quotient does not decide p.
func (m *MisereRuleset) element(ctx context.Context, p Position) (int, error) {
	hs, err := m.heaps(p)
	if err != nil {
		return 0, err
	}
	top := 0
	for _, h := range hs {
		top = max(top, h)
	}
	if m.q == nil || m.q.MaxHeap() < top {
		q, _, err := misere.Compute(ctx, m.game, misere.Options{MaxHeap: top, MaxSize: MisereQuotientMaxSize})
		var se *misere.SizeError
		if errors.As(err, &se) {
			return 0, quotientMisses{limitf(m.Info().Name, "max_size", MisereQuotientMaxSize, "misère play of %s: the quotient of heaps ≤ %d grows past %d elements", m.label, top, MisereQuotientMaxSize)}
		}
		if rh, ok := m.game.(*rulesetHeaps); ok && err != nil && rh.notHeap && ctx.Err() == nil {
			return 0, quotientMisses{err}
		}
		if err != nil {
			return 0, err
		}
		m.q = q
	}
	return m.q.Element(hs)
}

// Analyze answers p in misère play: from the quotient, its outcome and every move into the
// P-portion; by the engine's search where the quotient does not decide p (refused with
// QuotientOnly).
func (m *MisereRuleset) Analyze(ctx context.Context, p Position) (Analysis, error) {
	if m.game == nil || m.noQuotient {
		return m.AnalyzeBySearch(ctx, p)
	}
	a, err := m.analyzeByQuotient(ctx, p)
	var miss quotientMisses
	if errors.As(err, &miss) && !m.QuotientOnly {
		return m.AnalyzeBySearch(ctx, p)
	}
	if errors.As(err, &miss) {
		return Analysis{}, miss.error
	}
	return a, err
}

// AnalyzeBySearch answers p in misère play by the engine's search, whatever the quotient offers.
func (m *MisereRuleset) AnalyzeBySearch(ctx context.Context, p Position) (Analysis, error) {
	return searchAnalysis(ctx, m, p)
}

// analyzeByQuotient answers p from the quotient.
func (m *MisereRuleset) analyzeByQuotient(ctx context.Context, p Position) (Analysis, error) {
	e, err := m.element(ctx, p)
	if err != nil {
		return Analysis{}, err
	}
	a := Analysis{Outcome: N, Complete: true, Note: "no Grundy value in misère play",
		Method: fmt.Sprintf("misère quotient of %s on heaps ≤ %d (|Q| = %d, |P| = %d)", m.label, m.q.MaxHeap(), m.q.Order(), m.q.POrder())}
	if m.q.IsP(e) {
		a.Outcome = P
		return a, nil
	}
	for mv := range m.Moves(p) {
		f, err := m.element(ctx, mv.To)
		if err != nil {
			return Analysis{}, err
		}
		if m.q.IsP(f) {
			a.WinningMoves = append(a.WinningMoves, mv)
		}
	}
	return a, nil
}

// SumAnalysis is a misère sum of heaps decided through the misère quotient: the outcome, the
// method (with the element of the sum), and every winning move, each with the heaps after it.
type SumAnalysis struct {
	Outcome Outcome
	Method  string
	// Moves are the winning moves, at most maxMovesListed (64) of them; Total counts them all.
	Moves []HeapMove
	Total int
	// Quotient is the quotient that decided the sum, Heaps the sum's heaps and Reduced each heap
	// as the heap ≤ Quotient.MaxHeap() it acts as (itself, or through the whole game's period):
	// the why of the answer (report.NewQuotientSum).
	Quotient *misere.Quotient
	Heaps    []uint64
	Reduced  []int
}

// HeapMove is a move of a sum of heaps: its text and the heaps after it.
type HeapMove struct {
	Text  string
	After []int
}

// AnalyzeSum decides the misère sum of the heaps args (argument strings) through the quotient
// of the heaps up to the largest; ok is false when the quotient does not apply (not a heap game,
// a heap past MisereQuotientMaxHeap unless the whole game's quotient is proved, a quotient past
// MisereQuotientMaxSize elements, a move that does not leave smaller heaps), and Analyze then
// searches. An argument that is not a number is bad input.
func (m *MisereRuleset) AnalyzeSum(ctx context.Context, args []string) (a SumAnalysis, ok bool, err error) {
	if len(args) == 0 || m.game == nil {
		return SumAnalysis{}, false, nil
	}
	a, ok, err = m.analyzeSum(ctx, args)
	if !ok && err == nil {
		m.noQuotient = true // Analyze searches at once
	}
	return a, ok, err
}

func (m *MisereRuleset) analyzeSum(ctx context.Context, args []string) (a SumAnalysis, ok bool, err error) {
	heaps := make([]int, len(args))
	big := make([]uint64, len(args))
	top, past, beyond := 0, false, false
	for i, s := range args {
		v, err := cliarg.Uint64(s)
		if err != nil {
			return SumAnalysis{}, false, cliarg.Errorf("heap %d: %v", i+1, err)
		}
		big[i] = v
		past = past || v > MisereQuotientMaxHeap
		if v > MisereSumMaxHeap {
			beyond = true
			continue
		}
		heaps[i] = int(v)
		top = max(top, int(v))
	}
	if past {
		a, ok, err := m.analyzeWhole(ctx, big)
		if ok || err != nil || beyond {
			return a, ok, err
		}
		// No whole-game quotient: the quotient of the heaps up to the largest, as `grundy misere
		// --max-heap` computes it.
	}
	q, _, err := misere.Compute(ctx, m.game, misere.Options{MaxHeap: top, MaxSize: MisereQuotientMaxSize})
	if err != nil {
		var se *misere.SizeError
		rh, isRuleset := m.game.(*rulesetHeaps)
		if (errors.As(err, &se) || isRuleset && rh.notHeap) && ctx.Err() == nil {
			return SumAnalysis{}, false, nil // past the size limit, or not a heap game after all: search
		}
		return SumAnalysis{}, true, err
	}
	counts := make([]uint64, top+1)
	for _, h := range heaps {
		counts[h]++
	}
	e, err := q.ElementCounts(counts)
	if err != nil {
		return SumAnalysis{}, true, err
	}
	a.Outcome = N
	pin := "not in the P-portion; winning moves lead into it"
	if q.IsP(e) {
		a.Outcome, pin = P, "in the P-portion: every move leads out of it"
	}
	a.Method = fmt.Sprintf("misère quotient of %s on heaps ≤ %d (|Q| = %d, |P| = %d): the product of the heaps' elements, %s, is %s",
		m.label, top, q.Order(), q.POrder(), q.Name(e), pin)
	a.Quotient, a.Heaps, a.Reduced = q, big, heaps
	listed, total := misere.OnEveryHeap(misere.WinningMoves(q, heaps), heaps, maxMovesListed)
	a.Total = total
	for _, mv := range listed {
		var leaves []string
		taken := mv.Heap
		for _, x := range mv.Leaves {
			if x > 0 {
				leaves = append(leaves, strconv.Itoa(x))
				taken -= x
			}
		}
		text := fmt.Sprintf("heap %d: %d -> ", mv.Index+1, mv.Heap)
		if len(leaves) == 0 {
			text += "nothing"
		} else {
			text += strings.Join(leaves, " + ")
		}
		if taken > 0 {
			text += fmt.Sprintf(" (take %d)", taken)
		}
		a.Moves = append(a.Moves, HeapMove{Text: text, After: mv.After})
	}
	return a, true, nil
}

// MisereWholeMaxHeap bounds the heaps computed while looking for the periodicity theorem's proof
// that a code's quotient is the whole game's (see analyzeWhole).
const MisereWholeMaxHeap = 255

// analyzeWhole decides a misère sum with a heap past MisereQuotientMaxHeap through the quotient of
// the whole game, when the game is a code whose quotient the periodicity theorem proves by heap
// MisereWholeMaxHeap within MisereQuotientMaxSize elements (misere.Whole: a heap past the proof
// acts as a heap below it, by the period); ok is false otherwise (the caller searches instead).
// Heaps above the largest int are not taken.
func (m *MisereRuleset) analyzeWhole(ctx context.Context, heaps []uint64) (a SumAnalysis, ok bool, err error) {
	if !misere.Provable(m.game) {
		return SumAnalysis{}, false, nil
	}
	for _, h := range heaps {
		if h > math.MaxInt {
			return SumAnalysis{}, false, nil
		}
	}
	q, _, err := misere.Compute(ctx, m.game, misere.Options{MaxHeap: MisereWholeMaxHeap, MaxSize: MisereQuotientMaxSize, Prove: true})
	if err != nil {
		var se *misere.SizeError
		if errors.As(err, &se) && ctx.Err() == nil {
			return SumAnalysis{}, false, nil
		}
		return SumAnalysis{}, true, err
	}
	w, err := misere.ProveWhole(q)
	if w == nil || err != nil {
		return SumAnalysis{}, err != nil, err
	}
	e := w.Element(heaps)
	a.Outcome = N
	pin := "not in the P-portion; winning moves lead into it"
	if q.IsP(e) {
		a.Outcome, pin = P, "in the P-portion: every move leads out of it"
	}
	pr := w.Proof()
	a.Quotient, a.Heaps = q, heaps
	for _, h := range heaps {
		a.Reduced = append(a.Reduced, w.Reduce(h))
	}
	a.Method = fmt.Sprintf("misère quotient of the whole game %s, proved by the periodicity theorem at heap %d (|Q| = %d, |P| = %d; heap n ≥ %d acts as heap %d + (n − %d) mod %d): the product of the heaps' elements, %s, is %s",
		m.label, pr.Heap, q.Order(), q.POrder(), pr.Preperiod, pr.Preperiod, pr.Preperiod, pr.Period, q.Name(e), pin)
	for _, mv := range w.WinningMoves(heaps) {
		// Repeat the move on every heap of its size, as the quotient of small heaps lists them.
		for i, h := range heaps {
			if h != mv.Heap {
				continue
			}
			a.Total++
			if len(a.Moves) >= maxMovesListed {
				continue
			}
			var leaves []string
			after := make([]int, 0, len(heaps)-1+len(mv.Leaves))
			for _, x := range heaps[:i] {
				after = append(after, int(x))
			}
			left := uint64(0)
			for _, x := range mv.Leaves {
				leaves = append(leaves, strconv.FormatUint(x, 10))
				after = append(after, int(x))
				left += x
			}
			for _, x := range heaps[i+1:] {
				after = append(after, int(x))
			}
			text := fmt.Sprintf("heap %d: %d -> ", i+1, h)
			if len(leaves) == 0 {
				text += "nothing"
			} else {
				text += strings.Join(leaves, " + ")
			}
			if taken := h - left; taken > 0 {
				text += fmt.Sprintf(" (take %d)", taken)
			}
			a.Moves = append(a.Moves, HeapMove{Text: text, After: after})
		}
	}
	return a, true, nil
}
