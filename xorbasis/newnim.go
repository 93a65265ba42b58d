package xorbasis

import (
	"math/big"
	"sort"
)

// NewNimResult is the first player's best first round in New Nim (see NewNim).
type NewNimResult struct {
	// Taken is the least total size of the heaps the first player removes in round one.
	Taken *big.Int
	// Removed and Kept are the indices (increasing) of the heaps removed and kept by one optimal
	// first round.
	Removed, Kept []int
}

// NewNim solves New Nim (CQOI2013, Luogu P4301): in the first round each player in turn removes
// any set of whole heaps (possibly none, never all that are left); then ordinary Nim is played with
// the first player to move. It reports whether the first player can force a win and, if so, the
// least total size of the heaps to remove in round one.
//
// The first player wins exactly when the heaps kept are linearly independent over GF(2): if some
// non-empty subset of them XORs to 0, the opponent keeps just that subset and hands back a Nim
// position of nim-sum 0; otherwise every non-empty remainder has a non-zero nim-sum. Independent
// sets of heaps form a matroid (the linear matroid of the vectors), so a heaviest independent set
// is found greedily: insert the heaps into a Basis from the largest down, keeping each heap that is
// independent of those kept. ok is false when no heap is non-zero (every non-empty set of heaps is
// then dependent). Taken is a big.Int because sizes near 2^64 add up past uint64.
//
// The cost is a sort and one Insert per heap: O(n log n + 64·n).
func NewNim(heaps []uint64) (res NewNimResult, ok bool) {
	idx := make([]int, len(heaps))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(i, j int) bool { return heaps[idx[i]] > heaps[idx[j]] })
	var b Basis
	keep := make([]bool, len(heaps))
	for _, i := range idx {
		if b.Rank() == 64 {
			break
		}
		keep[i] = b.Insert(heaps[i])
	}
	if b.Rank() == 0 {
		return NewNimResult{}, false
	}
	res.Taken = new(big.Int)
	res.Removed, res.Kept = []int{}, []int{}
	var h big.Int
	for i, k := range keep {
		if k {
			res.Kept = append(res.Kept, i)
			continue
		}
		res.Removed = append(res.Removed, i)
		res.Taken.Add(res.Taken, h.SetUint64(heaps[i]))
	}
	return res, true
}
