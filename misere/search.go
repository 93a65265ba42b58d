package misere

import (
	"context"
	"math/bits"
	"slices"
)

// Deciding whether a trial is right. A trial T (a monoid with a map Φ of the heaps into it and a
// P-portion P) is right when every sum X of heaps 0..n is a misère P-position exactly when
// Φ(X) ∈ P. By induction on sums (a move turns a heap into smaller ones, so every option of X
// comes before X in the multiset order that counts the largest heaps first), it is enough that
// every sum X agrees with the definition given the labels of its options: Φ(∅) ∉ P, and for X ≠ ∅
// with T(X) the set of elements of its options, Φ(X) ∈ P iff T(X) is not empty and misses P. A
// sum that does not is a failure; the least failure in the multiset order has its options right,
// so its true outcome is the opposite of its label.
//
// P-failures (Φ(X) ∈ P but some option in P) depend only on the rest of the heap moved in and that
// heap: X = Y + h fails iff Φ(Y)·Φ(h) ∈ P and Φ(Y)·t ∈ P for some option element t of h, so the
// least P-failure is the smallest sum of some element y plus h.
//
// N-failures (Φ(X) ∉ P, T(X) ≠ ∅ and T(X) ∩ P = ∅) are searched over the sums in increasing order
// with the state (Φ(X), T(X)), which adding a heap h updates: T(X+h) = T(X)·Φ(h) ∪ Φ(X)·T(h).
// That update is monotone in T: when a new sum B reaches (x, T_B) and an earlier sum A reached
// (x, T_A) with T_A ⊆ T_B, then for every sum Z, B+Z being an N-failure makes A+Z one too, and A+Z
// comes before B+Z (the order is kept by adding Z). So B and the sums the search would build on it
// are skipped, and the first N-failure met is still the least. Each state is kept once per element as a set of
// minimal T's (an antichain), so the search ends after at most as many sums as distinct states.
// (This is the test of Siegel's MisereSolver, lexLeastNFailure; the code here is ours.)

// bitset is a set of elements of a trial.
type bitset []uint64

func newBitset(m int) bitset { return make(bitset, (m+63)/64) }

func (b bitset) set(i int32) { b[i>>6] |= 1 << (i & 63) }
func (b bitset) subsetOf(c bitset) bool {
	for i, w := range b {
		if w&^c[i] != 0 {
			return false
		}
	}
	return true
}
func (b bitset) meets(c bitset) bool {
	for i, w := range b {
		if w&c[i] != 0 {
			return true
		}
	}
	return false
}

// letter is a heap size the search adds: the smallest heap of its kind (heaps with the same
// element and the same option elements change a state alike, and the smaller one gives the
// smaller sum).
type letter struct {
	heap int32
	tr   []int32
}

func (q *Quotient) letters(tr [][]int32) []letter {
	var ls []letter
	seen := map[string]bool{}
	for h := 1; h <= q.n; h++ {
		if len(tr[h]) == 0 {
			continue
		}
		t := slices.Clone(tr[h])
		slices.Sort(t)
		key := make([]byte, 0, 4*(len(t)+1))
		for _, v := range append([]int32{q.phi[h]}, t...) {
			key = append(key, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
		}
		if !seen[string(key)] {
			seen[string(key)] = true
			ls = append(ls, letter{heap: int32(h), tr: t})
		}
	}
	return ls
}

// wordLess reports whether the sum with counts a comes before the one with counts b (counts
// indexed by heap size) in the multiset order: fewer copies of the largest heap where they differ.
func wordLess(a, b []int32) bool {
	for h := len(a) - 1; h >= 0; h-- {
		if a[h] != b[h] {
			return a[h] < b[h]
		}
	}
	return false
}

// counts returns the counts by heap size of a sum given as heap sizes.
func (q *Quotient) counts(heaps []int32) []int32 {
	c := make([]int32, q.n+1)
	for _, h := range heaps {
		c[h]++
	}
	return c
}

// heapsOf returns the sum with the given counts as heap sizes, largest first.
func heapsOf(c []int32) []int32 {
	var w []int32
	for h := len(c) - 1; h > 0; h-- {
		for range c[h] {
			w = append(w, int32(h))
		}
	}
	return w
}

// leastPFailure returns the least P-failure of q (counts by heap size), or nil.
func (q *Quotient) leastPFailure(ctx context.Context, ls []letter) ([]int32, error) {
	var best []int32
	for y := range q.isP {
		if y&1023 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		for _, l := range ls {
			if !q.isP[q.act[l.heap][y]] {
				continue
			}
			for _, t := range l.tr {
				if q.isP[q.fold(int32(y), q.words[t])] {
					c := q.counts(q.words[y])
					c[l.heap]++
					if best == nil || wordLess(c, best) {
						best = c
					}
					break
				}
			}
		}
	}
	return best, nil
}

// searchResult is what leastNFailure found: the least N-failure before the bound (counts by
// heap size), or none; and when the search was complete (no bound), the minimal option sets met
// for each element (witnesses: for each set, some sum of that element has exactly those option
// elements).
type searchResult struct {
	fail      []int32
	witnesses [][]bitset
}

// maxSearchBytes bounds the memory of the antichains of leastNFailure.
const maxSearchBytes = 256 << 20

// leastNFailure searches the sums of q in increasing order for the least N-failure before bound
// (nil: no bound). It gives up with errTooBig after maxNodes states (fewer when their sets would
// take more than maxSearchBytes). Each step adds a heap to the sum or, when the new state is
// subsumed, moves up a level, so it ends after at most (number of letters + 1) × (states kept)
// steps.
func (q *Quotient) leastNFailure(ctx context.Context, ls []letter, bound []int32, maxNodes int) (searchResult, error) {
	m := len(q.isP)
	k := len(ls)
	pset := newBitset(m)
	for e, p := range q.isP {
		if p {
			pset.set(int32(e))
		}
	}
	anti := make([][]bitset, m)
	elem := make([]int32, k+1)
	sets := make([]bitset, k+1)
	for i := range sets {
		sets[i] = newBitset(m)
	}
	cnt := make([]int32, k)
	word := make([]int32, q.n+1) // counts by heap size of the current sum
	next := newBitset(m)
	// A kept state costs its set and a slice header: stay within maxSearchBytes.
	maxNodes = min(maxNodes, maxSearchBytes/(8*len(pset)+32))
	nodes := 0
	j := 0
	for j < k {
		nodes++
		if nodes&1023 == 0 && ctx.Err() != nil {
			return searchResult{}, ctx.Err()
		}
		if nodes > maxNodes {
			return searchResult{}, errTooBig
		}
		// Add one heap of letter j to the sum at level j.
		l := ls[j]
		x := elem[j]
		ne := q.act[l.heap][x]
		clear(next)
		for wi, w := range sets[j] {
			for w != 0 {
				b := int32(wi<<6 + bits.TrailingZeros64(w))
				w &= w - 1
				next.set(q.act[l.heap][b])
			}
		}
		for _, t := range l.tr {
			next.set(q.fold(x, q.words[t]))
		}
		word[l.heap]++
		if bound != nil && !wordLess(word, bound) {
			// Every later sum is larger still.
			return searchResult{}, nil
		}
		if subsumed(anti[ne], next) {
			// Done with this letter at this level: back to the level above.
			word[l.heap] -= cnt[j] + 1
			cnt[j] = 0
			j++
			continue
		}
		if !q.isP[ne] && !next.meets(pset) {
			return searchResult{fail: slices.Clone(word)}, nil
		}
		anti[ne] = insertMinimal(anti[ne], next)
		cnt[j]++
		elem[j] = ne
		copy(sets[j], next)
		for i := 0; i < j; i++ {
			elem[i] = ne
			copy(sets[i], next)
		}
		j = 0
	}
	if bound != nil {
		return searchResult{}, nil
	}
	return searchResult{witnesses: anti}, nil
}

// subsumed reports whether some set of list is a subset of s.
func subsumed(list []bitset, s bitset) bool {
	for _, a := range list {
		if a.subsetOf(s) {
			return true
		}
	}
	return false
}

// insertMinimal adds a copy of s to the antichain list, dropping the sets it is a subset of.
func insertMinimal(list []bitset, s bitset) []bitset {
	out := list[:0]
	for _, a := range list {
		if !s.subsetOf(a) {
			out = append(out, a)
		}
	}
	return append(out, slices.Clone(s))
}

// leastFailure returns the least failure of the trial q (counts by heap size) and its true
// outcome, or nil and q's witnesses when q is right.
func (q *Quotient) leastFailure(ctx context.Context, maxNodes int) (fail []int32, wantP bool, witnesses [][]bitset, err error) {
	if q.isP[0] {
		return make([]int32, q.n+1), false, nil, nil
	}
	ls := q.letters(q.transitions())
	pf, err := q.leastPFailure(ctx, ls)
	if err != nil {
		return nil, false, nil, err
	}
	res, err := q.leastNFailure(ctx, ls, pf, maxNodes)
	if err != nil {
		return nil, false, nil, err
	}
	if res.fail != nil {
		return res.fail, true, nil, nil
	}
	if pf != nil {
		return pf, false, nil, nil
	}
	return nil, false, res.witnesses, nil
}
