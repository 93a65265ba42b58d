package rules

import (
	"context"
	"strings"

	"grundy/internal/cliarg"
)

// misereView plays a normal-play ruleset in misère play: same moves, the last mover loses. It
// answers by the engine's search within SearchLimit positions.
type misereView struct{ Ruleset }

func (m misereView) canon(p Position) Position { return Canonical(m.Ruleset, p) }

func (m misereView) Info() Info {
	info := m.Ruleset.Info()
	info.Play = "misère"
	return info
}

// Analyze answers p in misère play by the engine's search.
func (m misereView) Analyze(ctx context.Context, p Position) (Analysis, error) {
	return searchAnalysis(ctx, m, p)
}

// misereForm is implemented by the rulesets whose misère play is a ruleset of the catalogue with
// a theorem of its own (nim: misere-nim; moore: misere-moore).
type misereForm interface{ misereRuleset() (Ruleset, bool) }

func (nim) misereRuleset() (Ruleset, bool)     { return misereNim{}, true }
func (m moore) misereRuleset() (Ruleset, bool) { return moore{k: m.k, misere: true}, !m.misere }

// Misere returns r in misère play (whoever makes the last move loses): the misère ruleset of the
// catalogue where a theorem gives one (nim, moore), otherwise r's moves answered by the engine's
// search within SearchLimit positions. A ruleset that is not normal play is refused.
func Misere(r Ruleset) (Ruleset, error) {
	if f, ok := r.(misereForm); ok {
		if m, ok := f.misereRuleset(); ok {
			return m, nil
		}
	}
	info := r.Info()
	if info.Play != "normal" {
		return nil, cliarg.Errorf("%s is already %s play: --misere applies to normal-play rulesets", info.Name, info.Play)
	}
	return misereView{r}, nil
}

// SequenceOf returns the Grundy values g(0..n) of r, a one-heap ruleset ([Sequencer]); other
// rulesets are refused, naming those that have a sequence.
func SequenceOf(ctx context.Context, r Ruleset, n uint64) (Sequence, error) {
	name := r.Info().Name
	if IsLoopy(name) {
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
