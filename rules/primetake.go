package rules

import (
	"context"
	"fmt"
	"iter"

	"grundy/game"
	"grundy/internal/cliarg"
)

// primeTakeRules is Luogu P1857: one heap; a move takes a prime number of stones; whoever cannot move
// loses. It is scored: the winner wants to win in as few moves as possible, the loser to last as
// long as possible, and the score is the number of moves (both players') until the loser is stuck.
type primeTakeRules struct{}

// primeTakeMax bounds the heap (the table costs about n²/ln n steps).
const primeTakeMax = PrimeTakeLimit

func primeTakeEntry() entry {
	return entry{
		info: Info{
			Name:     "prime-take",
			Summary:  "one heap; a move takes a prime number of stones; whoever cannot move loses. Scored: the winner wins as fast as possible, the loser holds out as long as possible",
			Position: "one heap size: 16",
			Example:  "16",
			Theory:   "weighted game (seed 003, P1857): f(n) = N iff some prime move reaches a P-position; the length is 1 + the least length over winning moves for the winner, 1 + the greatest over all moves for the loser, 0 when stuck",
			Indexing: "one heap",
			Limits:   fmt.Sprintf("heaps up to %d (the table takes about n²/ln n steps)", primeTakeMax),
			Play:     PlayScored,
			Board:    BoardHeaps,
		},
		build: func(flags) (Ruleset, error) { return primeTakeRules{}, nil },
	}
}

func (primeTakeRules) Info() Info { return infoOf("prime-take") }

func (primeTakeRules) Parse(args []string) (Position, error) {
	if len(args) != 1 {
		return nil, cliarg.Errorf("prime-take is played on one heap, got %d", len(args))
	}
	p, err := parseNumbers(args, "heap")
	if err != nil {
		return nil, err
	}
	if p[0] > primeTakeMax {
		return nil, limitf("prime-take", "prime_take_heap", primeTakeMax, "heap %d is too large: prime-take heaps are limited to %d", p[0], primeTakeMax)
	}
	return p, nil
}

func (primeTakeRules) Args(p Position) []string { return numberArgs(p) }

func (primeTakeRules) Format(p Position) string { return fmt.Sprintf("heap: %d", p[0]) }

// primesUpTo lists the primes ≤ n.
func primesUpTo(n uint64) []uint64 {
	if n < 2 {
		return nil
	}
	composite := make([]bool, n+1)
	var ps []uint64
	for i := uint64(2); i <= n; i++ {
		if composite[i] {
			continue
		}
		ps = append(ps, i)
		for j := i * i; j <= n; j += i {
			composite[j] = true
		}
	}
	return ps
}

func (primeTakeRules) Moves(p Position) iter.Seq[Move] {
	return func(yield func(Move) bool) {
		for _, q := range primesUpTo(p[0]) {
			if !yield(Move{Text: fmt.Sprintf("take %d", q), To: Position{p[0] - q}}) {
				return
			}
		}
	}
}

func (t primeTakeRules) Analyze(ctx context.Context, p Position) (Analysis, error) {
	n := int(p[0])
	s := game.NewScoredSolver[int](PrimeTake{}, game.WinnerHurries)
	res, err := s.Solve(n)
	if err != nil {
		return Analysis{}, cliarg.Errorf("%v", err)
	}
	a := Analysis{Outcome: fromGame(res.Outcome), Score: uint64(res.Score), HasScore: true, Complete: true,
		Method: "the engine's scored solver: win first, then the winner hurries and the loser delays (P1857)",
		Note:   "scored play: the score is the number of moves until the loser is stuck; the listed moves are the winning moves that keep it least"}
	if a.Outcome == P {
		return a, nil
	}
	best, err := s.BestMoves(n)
	if err != nil {
		return Analysis{}, err
	}
	a.Complete = false // only the fastest winning moves
	for _, m := range best {
		a.WinningMoves = append(a.WinningMoves, Move{Text: fmt.Sprintf("take %d", n-m.To), To: Position{uint64(m.To)}})
	}
	return a, nil
}
