package game

import (
	"context"
	"fmt"
)

// The SJ theorem (seed 003; Jia Zhihao, 2009) decides Anti-SG games — sums played in misère
// play, where the player who cannot move wins — from the components' Grundy values alone: the
// player to move wins iff
//
//	(the XOR of the values is not 0 and some value exceeds 1) or
//	(the XOR of the values is 0 and no value exceeds 1).
//
// The theorem needs a condition that the seed's statement leaves out: the whole game must end
// exactly when every component has Grundy value 0. In a sum that holds when, in every component,
// each position with value 0 is terminal (has no move). Without it the rule is wrong: a component
// X whose only move leads to W, where W moves to a terminal position Z or to Y, and Y moves to Z,
// has values g(Z) = 0, g(Y) = 1, g(W) = 2, g(X) = 0, so the rule says the player to move at X
// wins; but that player must move to W, from where the opponent moves to Y and wins
// (TestSJConditionNeeded). SJOutcome therefore checks the condition on every position each
// component can reach before it answers.

// SJError reports that the SJ theorem does not apply to a sum: Position, reachable from the
// component Component, has Grundy value 0 but is not terminal.
type SJError[P comparable] struct {
	Component int
	Position  P
}

// Error names the position where the condition fails.
func (e *SJError[P]) Error() string {
	return fmt.Sprintf("the SJ theorem does not apply: position %v (reachable from component %d) has Grundy value 0 but has moves", e.Position, e.Component+1)
}

// SJOutcome returns the misère outcome of the sum of the games from ps (the player who cannot
// move wins) by the SJ theorem, after checking its condition: every position reachable from each
// component that has Grundy value 0 is terminal. If a component breaks the condition the answer
// is a *[SJError]; the exact search of [Solver.MisereSumOutcome] answers every sum but at a cost
// that grows with the product of the components' sizes, where this one grows with their sum.
// The check visits every position each component can reach (counted against [MaxPositions],
// stopped by [WithContext]).
func (s *Solver[P]) SJOutcome(ps []P) (Outcome, error) {
	vals, err := s.sjValues(ps)
	if err != nil {
		return PrevWins, err
	}
	return sjRule(vals), nil
}

// SJWinningMoves returns the winning moves of the sum of the games from ps in misère play by the
// SJ theorem (after the check of SJOutcome): the moves of one component to one of its options
// after which the sum is a misère P-position, by component, then in the order of [Solver.Options].
func (s *Solver[P]) SJWinningMoves(ps []P) ([]SumMove[P], error) {
	vals, err := s.sjValues(ps)
	if err != nil {
		return nil, err
	}
	var moves []SumMove[P]
	for i, p := range ps {
		opts, err := s.Options(p)
		if err != nil {
			return nil, err
		}
		old := vals[i]
		for _, o := range opts {
			v, err := s.Value(o) // reachable from p: the condition holds there too
			if err != nil {
				return nil, err
			}
			vals[i] = v
			if sjRule(vals) == PrevWins {
				moves = append(moves, SumMove[P]{Component: i, To: o})
			}
		}
		vals[i] = old
	}
	return moves, nil
}

// sjRule is the SJ theorem's rule on the components' values.
func sjRule(vals []uint64) Outcome {
	var x, big uint64
	for _, v := range vals {
		x ^= v
		if v > 1 {
			big++
		}
	}
	if (x != 0 && big > 0) || (x == 0 && big == 0) {
		return NextWins
	}
	return PrevWins
}

// sjValues checks the SJ condition on every component and returns their Grundy values.
func (s *Solver[P]) sjValues(ps []P) ([]uint64, error) {
	vals := make([]uint64, len(ps))
	seen := make(map[P]bool)
	var stack []P
	for i, root := range ps {
		v, err := s.Value(root)
		if err != nil {
			return nil, err
		}
		vals[i] = v
		if seen[root] {
			continue // checked with an earlier component
		}
		seen[root] = true
		stack = append(stack[:0], root)
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if err := s.sjBudget(len(seen)); err != nil {
				return nil, err
			}
			v, err := s.Value(p)
			if err != nil {
				return nil, err
			}
			opts, err := s.Options(p)
			if err != nil {
				return nil, err
			}
			if v == 0 && len(opts) > 0 {
				return nil, &SJError[P]{Component: i, Position: p}
			}
			for _, o := range opts {
				if !seen[o] {
					seen[o] = true
					stack = append(stack, o)
				}
			}
		}
	}
	return vals, nil
}

// sjBudget applies the solver's position limit and context to the condition's check, which has
// visited n positions.
func (s *Solver[P]) sjBudget(n int) error {
	if s.cfg.maxPositions > 0 && n > s.cfg.maxPositions {
		return &LimitError{Max: s.cfg.maxPositions}
	}
	if s.cfg.ctx != nil && n%1024 == 0 {
		if err := s.cfg.ctx.Err(); err != nil {
			return fmt.Errorf("search stopped: %w", context.Cause(s.cfg.ctx))
		}
	}
	return nil
}
