package octal

import "math/bits"

// Statistics are the figures researchers quote about a Grundy sequence that is not (yet) known
// to be periodic, in the convention of T. Czajka's table of unsolved octal games
// (github.com/tczajka/octal-games, UnsolvedGames.md, columns n, largest idx, largest, rare mask,
// num rare, last rare):
//
//   - the sequence is g(0), …, g(Heaps−1): Czajka's row "n = 2^21" counts heaps 0 … 2^21−1, so it
//     is Compute with To = 2^21−1;
//   - a value v is rare under mask m when popcount(v & m) is even, common when it is odd; RareMask
//     is the mask that makes the fewest of the Heaps values rare (the smallest such mask on a tie),
//     found by a Walsh–Hadamard transform of the value counts;
//   - Rare counts the heaps whose value is rare, heap 0 included (g(0) = 0 is rare under every
//     mask). The sparse engine's own list (Result.Rare) holds rare heaps r ≥ 1 only, the heaps that
//     can be one part of a split, so it is one less under the same mask: 1273 against the table's
//     1274 for Grundy's game to 2^21, 1583 against 1584 for Officers (0.6).
//
// Czajka's program may also flip rare and common on the heaps of one parity for codes whose splits
// all remove an even (or all an odd) number of tokens (a mask shown with "pos"); these statistics
// do not, and no row of his unsolved table uses it.
type Statistics struct {
	Heaps     int    // number of values: heaps 0 … Heaps−1
	Largest   uint32 // the largest value
	LargestAt int    // the first heap with value Largest
	RareMask  uint32 // the mask making the fewest values rare (0: no mask does better than all rare)
	Rare      int    // heaps whose value is rare under RareMask, heap 0 included
	LastRare  int    // the largest rare heap (0 when heap 0 is the only one)
}

// Statistics returns the statistics of g(0), …, g(ComputedTo) (see Statistics); it reads every
// computed value once.
func (r *Result) Statistics() Statistics {
	n := r.ComputedTo + 1
	switch {
	case r.v8 != nil:
		return statistics(n, whole(r.v8[:n]), whole(r.v8[:n]))
	case r.v16 != nil:
		return statistics(n, whole(r.v16[:n]), whole(r.v16[:n]))
	case r.p != nil:
		return statistics(n, func(f func(lo int, v []uint16) bool) { r.p.chunks(0, n, f) },
			func(f func(lo int, v []uint16) bool) { r.p.chunksBack(0, n, f) })
	}
	return statistics(n, whole(r.v32[:n]), whole(r.v32[:n]))
}

// whole returns the pieces of g: g itself.
func whole[T value](g []T) func(f func(lo int, v []T) bool) {
	return func(f func(lo int, v []T) bool) { f(0, g) }
}

// statistics computes the Statistics of the n values (n ≥ 1) that pieces hands out in order;
// back hands them out from the end, the last piece first, and stops when f returns false.
func statistics[T value](n int, pieces, back func(f func(lo int, v []T) bool)) Statistics {
	s := Statistics{Heaps: n}
	largest, at := uint32(0), 0
	pieces(func(lo int, g []T) bool {
		for i, v := range g {
			if uint32(v) > largest {
				largest, at = uint32(v), lo+i
			}
		}
		return true
	})
	s.Largest, s.LargestAt = largest, at
	size := 1 << bits.Len32(s.Largest)
	cnt := make([]int64, size)
	pieces(func(_ int, g []T) bool {
		for _, v := range g {
			cnt[v]++
		}
		return true
	})
	walshHadamard(cnt)
	// cnt[m] = Σ_v count(v)·(−1)^popcount(v&m): the number of rare values under m is (n + cnt[m])/2.
	best := int64(n)
	for m := 0; m < size; m++ {
		if r := (int64(n) + cnt[m]) / 2; r < best {
			s.RareMask, best = uint32(m), r
		}
	}
	s.Rare = int(best)
	mask := s.RareMask
	back(func(lo int, g []T) bool {
		for i := len(g) - 1; i >= 0; i-- {
			if bits.OnesCount32(uint32(g[i])&mask)&1 == 0 {
				s.LastRare = lo + i
				return false
			}
		}
		return true
	})
	return s
}

// walshHadamard transforms cnt (of power-of-two length) in place: afterwards
// cnt[m] = Σ_v before[v]·(−1)^popcount(v&m).
func walshHadamard(cnt []int64) {
	for h := 1; h < len(cnt); h *= 2 {
		for i := 0; i < len(cnt); i += 2 * h {
			for j := i; j < i+h; j++ {
				a, b := cnt[j], cnt[j+h]
				cnt[j], cnt[j+h] = a+b, a-b
			}
		}
	}
}
