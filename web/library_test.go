package web

import (
	"context"
	"strconv"

	"grundy/query"
	"grundy/report"
	"grundy/rules"
)

// The library's own answers, computed without the server, for the tests to compare with: the
// ruleset built by name, the position parsed and analyzed, the answer written by query's
// constructors.

func librarySolve(ctx context.Context, name string, flags map[string]string, args []string) (query.Report, error) {
	r, err := rules.New(name, flags)
	if err != nil {
		return query.Report{}, err
	}
	p, err := r.Parse(args)
	if err != nil {
		return query.Report{}, err
	}
	a, err := r.Analyze(ctx, p)
	if err != nil {
		return query.Report{}, err
	}
	rep := report.NewRulesetSolve(r, p, a)
	// A sum of a one-heap ruleset's heaps (or coins) lists each one's value, found here by
	// analysing that heap alone.
	if in := r.Info(); a.HasValue && len(args) > 1 && in.OneHeap && (in.Board == rules.BoardHeaps || in.Board == rules.BoardCoins) {
		for _, h := range args {
			q, err := r.Parse([]string{h})
			if err != nil {
				return query.Report{}, err
			}
			b, err := r.Analyze(ctx, q)
			if err != nil {
				return query.Report{}, err
			}
			rep.Components = append(rep.Components, strconv.FormatUint(b.Value, 10))
		}
	}
	return rep, nil
}

func librarySolveLoopy(ctx context.Context, name string, flags map[string]string, args []string) (report.LoopySolve, error) {
	r, err := rules.New(name, flags)
	if err != nil {
		return report.LoopySolve{}, err
	}
	l := r.(rules.Loopy)
	p, err := l.Parse(args)
	if err != nil {
		return report.LoopySolve{}, err
	}
	a, err := l.AnalyzeLoopy(ctx, p)
	if err != nil {
		return report.LoopySolve{}, err
	}
	return report.NewLoopySolve(l, p, a), nil
}

func librarySeq(ctx context.Context, name string, flags map[string]string, to uint64, summary bool) (query.SeqReport, error) {
	r, err := rules.New(name, flags)
	if err != nil {
		return query.SeqReport{}, err
	}
	s, err := rules.SequenceOf(ctx, r, to)
	if err != nil {
		return query.SeqReport{}, err
	}
	return report.NewRulesetSeq(s, to, summary), nil
}
