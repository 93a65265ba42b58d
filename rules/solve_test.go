package rules

import (
	"context"

	"grundy/game"
)

// Helpers that answer as a request does (package query builds its answers on them): build the
// ruleset by name, parse the position, answer.

// solve analyzes the position args of the named ruleset; an analysis cut short by ctx is refused.
func solve(ctx context.Context, name string, flags map[string]string, args []string) (Analysis, error) {
	r, err := New(name, flags)
	if err != nil {
		return Analysis{}, err
	}
	return analyzeArgs(ctx, r, args)
}

// solveMisere analyzes the position args of the named ruleset in misère play.
func solveMisere(ctx context.Context, name string, flags map[string]string, args []string) (Analysis, error) {
	r, err := New(name, flags)
	if err != nil {
		return Analysis{}, err
	}
	if r, err = Misere(r, ""); err != nil {
		return Analysis{}, err
	}
	return analyzeArgs(ctx, r, args)
}

func analyzeArgs(ctx context.Context, r Ruleset, args []string) (Analysis, error) {
	p, err := r.Parse(args)
	if err != nil {
		return Analysis{}, err
	}
	a, err := r.Analyze(ctx, p)
	if err == nil {
		err = ctx.Err()
	}
	return a, err
}

// seq is the Grundy sequence g(0..to) of the named one-heap ruleset.
func seq(ctx context.Context, name string, flags map[string]string, to uint64) (Sequence, error) {
	r, err := New(name, flags)
	if err != nil {
		return Sequence{}, err
	}
	return SequenceOf(ctx, r, to)
}

// solveLoopy is the loopy analysis of the position args of the named ruleset with cycles.
func solveLoopy(ctx context.Context, name string, flags map[string]string, args []string) (LoopyAnalysis, error) {
	r, err := New(name, flags)
	if err != nil {
		return LoopyAnalysis{}, err
	}
	l := r.(Loopy)
	p, err := l.Parse(args)
	if err != nil {
		return LoopyAnalysis{}, err
	}
	return l.AnalyzeLoopy(ctx, p)
}

// seqLoopy is the loopy values of the heaps 0..to of the named ruleset with cycles.
func seqLoopy(ctx context.Context, name string, flags map[string]string, to uint64) ([]game.LoopyValue, error) {
	r, err := New(name, flags)
	if err != nil {
		return nil, err
	}
	return r.(Loopy).LoopyValues(ctx, to)
}
