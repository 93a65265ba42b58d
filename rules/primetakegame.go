package rules

import (
	"fmt"
	"iter"
	"sync"
)

// PrimeTakeLimit is the largest heap [PrimeTake] accepts. Solving a heap of n takes about
// n²/(2 ln n) steps (every prime below every heap), a few seconds at the limit.
const PrimeTakeLimit = 100_000

// primesBelowLimit lists the primes up to PrimeTakeLimit, computed once.
var primesBelowLimit = sync.OnceValue(func() []int {
	composite := make([]bool, PrimeTakeLimit+1)
	var ps []int
	for i := 2; i <= PrimeTakeLimit; i++ {
		if composite[i] {
			continue
		}
		ps = append(ps, i)
		for j := i * i; j <= PrimeTakeLimit; j += i {
			composite[j] = true
		}
	}
	return ps
})

// PrimeTake is the prime-taking game of Luogu P1857: one heap of counters; a move takes away a
// prime number of counters; the player who cannot move (0 or 1 counter left) loses. Every move
// scores one point, so under [game.WinnerHurries] the score of a heap is the number of moves the game
// lasts when the winner hurries and the loser delays — P1857's answer for an N-position.
//
// Positions are heap sizes from 0 to [PrimeTakeLimit]; larger or negative heaps are refused with
// an error (it implements [game.Fallible] and [game.FallibleScored]). It also implements [game.Indexer].
type PrimeTake struct{}

// CheckHeap returns an error naming the limit when n is not a heap PrimeTake accepts.
func (PrimeTake) CheckHeap(n int) error {
	if n < 0 {
		return fmt.Errorf("prime-take: heap %d is negative", n)
	}
	if n > PrimeTakeLimit {
		return fmt.Errorf("prime-take: heap %d is too large: the limit is %d", n, PrimeTakeLimit)
	}
	return nil
}

// Moves yields n-q for every prime q ≤ n, largest heap first. It yields nothing for heaps outside
// 0..PrimeTakeLimit (TryMoves reports them).
func (g PrimeTake) Moves(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		if g.CheckHeap(n) != nil {
			return
		}
		for _, q := range primesBelowLimit() {
			if q > n || !yield(n-q) {
				return
			}
		}
	}
}

// TryMoves is Moves with an error for heaps outside 0..PrimeTakeLimit.
func (g PrimeTake) TryMoves(n int) (iter.Seq[int], error) {
	if err := g.CheckHeap(n); err != nil {
		return nil, err
	}
	return g.Moves(n), nil
}

// Index returns n itself.
func (PrimeTake) Index(n int) (int, bool) { return n, n >= 0 }

// ScoredMoves yields every option of n with one point.
func (g PrimeTake) ScoredMoves(n int) iter.Seq2[int, int64] {
	return func(yield func(int, int64) bool) {
		for o := range g.Moves(n) {
			if !yield(o, 1) {
				return
			}
		}
	}
}

// TryScoredMoves is ScoredMoves with an error for heaps outside 0..PrimeTakeLimit.
func (g PrimeTake) TryScoredMoves(n int) (iter.Seq2[int, int64], error) {
	if err := g.CheckHeap(n); err != nil {
		return nil, err
	}
	return g.ScoredMoves(n), nil
}
