package game

// LoopySumAnalysis is the analysis of a sum of games whose moves may have cycles (a move is a move
// in exactly one component), decided from the components' loopy values by the generalized
// Sprague–Grundy theorem ([LoopyValue.Add]).
type LoopySumAnalysis[P comparable] struct {
	// Values are the components' loopy values, in order.
	Values []LoopyValue
	// Value is the sum's.
	Value LoopyValue
	// Outcome is the sum's: Value.Outcome().
	Outcome Outcome
	// Winning lists the moves to a P-position (the sum is N): a component move to an option of
	// finite value v where every other component is finite and v is the XOR of their values.
	Winning []SumMove[P]
	// Drawing lists, when the sum is a draw, the moves that keep the draw (to a drawn option);
	// every other move loses.
	Drawing []SumMove[P]
}

// AnalyzeLoopySum returns the value and outcome of the sum of the games from ps, with its
// winning moves or, for a drawn sum, the moves that keep the draw. Moves are listed by component,
// then in the order the game yields the options, without repeats.
func (s *Solver[P]) AnalyzeLoopySum(ps []P) (LoopySumAnalysis[P], error) {
	a := LoopySumAnalysis[P]{Values: make([]LoopyValue, len(ps))}
	for i, p := range ps {
		v, err := s.LoopyValue(p)
		if err != nil {
			return LoopySumAnalysis[P]{}, err
		}
		a.Values[i] = v
	}
	a.Value = AddLoopy(a.Values...)
	a.Outcome = a.Value.Outcome()
	if a.Outcome == PrevWins {
		return a, nil
	}
	err := s.eachSumOption(ps, a.Values, func(m SumMove[P], sum LoopyValue, _ gEntry) {
		switch o := sum.Outcome(); {
		case o == PrevWins:
			a.Winning = append(a.Winning, m)
		case o == Draw && a.Outcome == Draw:
			a.Drawing = append(a.Drawing, m)
		}
	})
	if err != nil {
		return LoopySumAnalysis[P]{}, err
	}
	return a, nil
}

// eachSumOption calls f with every move of the sum of ps (component values vals), the value of
// the sum after it, and the memo entry of the component's new position.
func (s *Solver[P]) eachSumOption(ps []P, vals []LoopyValue, f func(SumMove[P], LoopyValue, gEntry)) error {
	// rest[i]: the sum of every component but i, from prefix and suffix sums.
	k := len(ps)
	suffix := make([]LoopyValue, k+1)
	for i := k - 1; i >= 0; i-- {
		suffix[i] = vals[i].Add(suffix[i+1])
	}
	var prefix LoopyValue
	for i, p := range ps {
		rest := prefix.Add(suffix[i+1])
		opts, err := s.Options(p)
		if err != nil {
			return err
		}
		for _, o := range opts {
			e, err := s.gammaEntry(o)
			if err != nil {
				return err
			}
			f(SumMove[P]{Component: i, To: o}, s.gm.value(e).Add(rest), e)
		}
		prefix = prefix.Add(vals[i])
	}
	return nil
}

// LoopyMove returns the engine's move in the sum of the games from ps (one position is a sum of
// one), and false if no component has a move. From an N-position it is a winning move chosen so
// that the engine's wins end: among the moves to a P-position (all components finite), one whose
// components' values have the least total and then the least total of counters (the order in
// which the values were found; a finite value's options of larger or infinite value each have an
// option of the same value found earlier). Each reply of the opponent then allows a move to a
// P-position smaller in that order, so a game the engine wins never repeats a position after its
// moves, and ends. From a draw it is a move that keeps the draw; from a P-position, the first move.
func (s *Solver[P]) LoopyMove(ps []P) (SumMove[P], bool, error) {
	vals := make([]LoopyValue, len(ps))
	ents := make([]gEntry, len(ps))
	for i, p := range ps {
		e, err := s.gammaEntry(p)
		if err != nil {
			return SumMove[P]{}, false, err
		}
		ents[i], vals[i] = e, s.gm.value(e)
	}
	out := AddLoopy(vals...).Outcome()
	// The totals of the values and counters of the components other than i are the totals less
	// component i's (components of infinite value only appear in moves that leave them).
	var totV, totC uint64
	for _, e := range ents {
		if e.val >= 0 {
			totV += uint64(e.val)
			totC += uint64(e.ctr)
		}
	}
	var best SumMove[P]
	var bestV, bestC uint64
	found := false
	err := s.eachSumOption(ps, vals, func(m SumMove[P], sum LoopyValue, e gEntry) {
		o := sum.Outcome()
		switch {
		case out == NextWins && o == PrevWins:
			v, c := totV+uint64(e.val), totC+uint64(e.ctr)
			if old := ents[m.Component]; old.val >= 0 {
				v, c = v-uint64(old.val), c-uint64(old.ctr)
			}
			if !found || v < bestV || v == bestV && c < bestC {
				best, bestV, bestC, found = m, v, c, true
			}
		case out == Draw && o == Draw, out == PrevWins:
			if !found {
				best, found = m, true
			}
		}
	})
	if err != nil {
		return SumMove[P]{}, false, err
	}
	return best, found, nil
}
