package query

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"grundy/misere"
	"grundy/rules"
)

// misereRules plays a heap ruleset (a take-and-break game, or a one-heap ruleset played on heap
// sizes) in misère play through its misère quotient: the same moves, the player left without a
// move wins (Info's Play is "misère", which rules.Match reads), and Analyze answers from the
// quotient of heaps up to the largest one (at most misereSolveMaxHeap, misereSolveMaxSize
// elements).
type misereRules struct {
	rules.Ruleset
	game  misere.Game
	label string
	q     *misere.Quotient
}

// newMisereRules returns rs in misère play, or a bad-request error when it is not a heap game.
func newMisereRules(name string, flags map[string]string, rs rules.Ruleset) (*misereRules, error) {
	if code, ok := takeAndBreakCode(name, flags); ok {
		return &misereRules{Ruleset: rs, game: misere.Octal(code), label: code.String()}, nil
	}
	if name != "nim" {
		if g, label, err := misereRuleset(name, flags); err == nil {
			return &misereRules{Ruleset: rs, game: g, label: label}, nil
		}
	}
	return nil, Badf(`"misere" play is offered for heap games (take-and-break games such as kayles, one-heap rulesets played on heap sizes) and scripts; %s: play misere-nim or misere-moore, or solve --misere`, name)
}

// Info is the ruleset's, in misère play.
func (m *misereRules) Info() rules.Info {
	in := m.Ruleset.Info()
	in.Play = "misère"
	return in
}

// heaps reads a position's heaps.
func (m *misereRules) heaps(p rules.Position) ([]int, error) {
	var hs []int
	for _, a := range m.Args(p) {
		h, err := strconv.Atoi(a)
		if err != nil || h < 0 {
			return nil, Badf("misère play: %q is not a heap", a)
		}
		if h > misereSolveMaxHeap {
			return nil, Badf("misère play through the misère quotient takes heaps up to %d, not %d", misereSolveMaxHeap, h)
		}
		hs = append(hs, h)
	}
	return hs, nil
}

// element returns the quotient's element of the sum p, computing the quotient as far as needed.
func (m *misereRules) element(ctx context.Context, p rules.Position) (int, error) {
	hs, err := m.heaps(p)
	if err != nil {
		return 0, err
	}
	top := slicesMax(hs)
	if m.q == nil || m.q.MaxHeap() < top {
		q, _, err := misere.Compute(ctx, m.game, misere.Options{MaxHeap: top, MaxSize: misereSolveMaxSize})
		var se *misere.SizeError
		if errors.As(err, &se) {
			return 0, Limitf("max_size", misereSolveMaxSize, "misère play of %s: the quotient of heaps ≤ %d grows past %d elements", m.label, top, misereSolveMaxSize)
		}
		if err != nil {
			return 0, err
		}
		m.q = q
	}
	return m.q.Element(hs)
}

// Analyze answers p in misère play from the quotient: its outcome and every move into the
// P-portion.
func (m *misereRules) Analyze(ctx context.Context, p rules.Position) (rules.Analysis, error) {
	e, err := m.element(ctx, p)
	if err != nil {
		return rules.Analysis{}, err
	}
	a := rules.Analysis{Outcome: rules.N, Complete: true, Note: "no Grundy value in misère play",
		Method: fmt.Sprintf("misère quotient of %s on heaps ≤ %d (|Q| = %d, |P| = %d)", m.label, m.q.MaxHeap(), m.q.Order(), m.q.POrder())}
	if m.q.IsP(e) {
		a.Outcome = rules.P
		return a, nil
	}
	for mv := range m.Moves(p) {
		f, err := m.element(ctx, mv.To)
		if err != nil {
			return rules.Analysis{}, err
		}
		if m.q.IsP(f) {
			a.WinningMoves = append(a.WinningMoves, mv)
		}
	}
	return a, nil
}
