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
	witnesses [][]tset
}

// wholeSetNodes returns the steps of a search of a trial of order m that would keep maxSearchBytes
// if every set kept took its whole bitset, as they did before sets were kept compact: the bound on
// the steps that stops the searches of ordinary trials where it always did.
func wholeSetNodes(m int) int { return maxSearchBytes / (8*((m+63)/64) + tsetBytes) }

// maxSearchBytes bounds the memory of the antichains of leastNFailure (their sets' words and
// headers, counted as they are kept and dropped).
const maxSearchBytes = 256 << 20

// leastNFailure searches the sums of q in increasing order for the least N-failure before bound
// (nil: no bound). It gives up with errTooBig after maxNodes steps or when the sets it keeps would
// take more than maxBytes (maxSearchBytes unless a long run asks for more). Each step adds a heap to the sum or, when the new state is
// subsumed, moves up a level, so it ends after at most (number of letters + 1) × (states kept)
// steps.
func (q *Quotient) leastNFailure(ctx context.Context, ls []letter, bound []int32, maxNodes, maxBytes int) (searchResult, error) {
	m := len(q.isP)
	k := len(ls)
	pset := newBitset(m)
	for e, p := range q.isP {
		if p {
			pset.set(int32(e))
		}
	}
	anti := make([][]tset, m)
	elem := make([]int32, k+1)
	sets := make([]bitset, k+1)
	for i := range sets {
		sets[i] = newBitset(m)
	}
	cnt := make([]int32, k)
	word := make([]int32, q.n+1) // counts by heap size of the current sum
	next := newBitset(m)
	used := 0 // bytes of the sets kept in anti
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
		if subsumedFront(anti[ne], next) {
			// Done with this letter at this level: back to the level above.
			word[l.heap] -= cnt[j] + 1
			cnt[j] = 0
			j++
			continue
		}
		if !q.isP[ne] && !next.meets(pset) {
			return searchResult{fail: slices.Clone(word)}, nil
		}
		c := compact(next)
		var freed int
		anti[ne], freed = insertMinimal(anti[ne], c)
		used += tsetBytes + 8*len(c.w) - freed
		if used > maxBytes {
			return searchResult{}, errTooBig
		}
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

// tset is a set of elements kept by the search (an antichain entry or a witness): the words
// lo..lo+len(w)−1 of its bitset, the first and the last of them not zero (w is nil for the
// empty set). Option sets tend to sit in a narrow range of the elements, so this is much smaller
// than the whole bitset, and comparing against it reads only that range.
type tset struct {
	lo  int32
	pop int32 // the number of elements
	w   []uint64
}

// tsetBytes is the memory of a tset besides its words: its header and the list's slot.
const tsetBytes = 32

// compact returns a copy of b as a tset.
func compact(b bitset) tset {
	lo, hi := 0, len(b)
	for lo < hi && b[lo] == 0 {
		lo++
	}
	for hi > lo && b[hi-1] == 0 {
		hi--
	}
	if lo == hi {
		return tset{}
	}
	pop := 0
	for _, x := range b[lo:hi] {
		pop += bits.OnesCount64(x)
	}
	return tset{lo: int32(lo), pop: int32(pop), w: slices.Clone(b[lo:hi])}
}

// within reports whether a is a subset of the bitset s.
func (a tset) within(s bitset) bool {
	s = s[a.lo:]
	for i, x := range a.w {
		if x&^s[i] != 0 {
			return false
		}
	}
	return true
}

// subsetOf reports whether a is a subset of b.
func (a tset) subsetOf(b tset) bool {
	if len(a.w) == 0 {
		return true
	}
	if a.lo < b.lo || int(a.lo)+len(a.w) > int(b.lo)+len(b.w) {
		return false
	}
	bw := b.w[a.lo-b.lo:]
	for i, x := range a.w {
		if x&^bw[i] != 0 {
			return false
		}
	}
	return true
}

// subsumed reports whether some set of list is a subset of s.
func subsumed(list []tset, s bitset) bool {
	return slices.ContainsFunc(list, func(a tset) bool { return a.within(s) })
}

// subsumedFront is subsumed, moving the set found to the front of the list: the sets that
// subsume one state of a search tend to subsume the next ones. A set with more elements than s,
// or with words outside s's first and last non-zero words, is passed over without reading it.
func subsumedFront(list []tset, s bitset) bool {
	if len(list) == 0 {
		return false
	}
	lo, hi := 0, len(s)
	for lo < hi && s[lo] == 0 {
		lo++
	}
	for hi > lo && s[hi-1] == 0 {
		hi--
	}
	pop := 0
	for _, x := range s[lo:hi] {
		pop += bits.OnesCount64(x)
	}
	for i, a := range list {
		if int(a.pop) > pop || (len(a.w) > 0 && (int(a.lo) < lo || int(a.lo)+len(a.w) > hi)) {
			continue
		}
		if a.within(s) {
			copy(list[1:i+1], list[:i])
			list[0] = a
			return true
		}
	}
	return false
}

// insertMinimal adds s to the antichain list, dropping the sets it is a subset of, and returns
// the list and the bytes of the sets dropped.
func insertMinimal(list []tset, s tset) ([]tset, int) {
	out := list[:0]
	freed := 0
	for _, a := range list {
		if s.pop <= a.pop && s.subsetOf(a) {
			freed += tsetBytes + 8*len(a.w)
		} else {
			out = append(out, a)
		}
	}
	clear(list[len(out):])
	return append(out, s), freed
}

// leastFailure returns the least failure of the trial q (counts by heap size) and its true
// outcome, or nil and q's witnesses when q is right.
func (q *Quotient) leastFailure(ctx context.Context, maxNodes int) (fail []int32, wantP bool, witnesses [][]tset, err error) {
	return q.leastFailureBytes(ctx, maxNodes, maxSearchBytes)
}

// leastFailureBytes is leastFailure with the sets of the N-failure search bounded by maxBytes.
func (q *Quotient) leastFailureBytes(ctx context.Context, maxNodes, maxBytes int) (fail []int32, wantP bool, witnesses [][]tset, err error) {
	if q.isP[0] {
		return make([]int32, q.n+1), false, nil, nil
	}
	ls := q.letters(q.transitions())
	pf, err := q.leastPFailure(ctx, ls)
	if err != nil {
		return nil, false, nil, err
	}
	res, err := q.leastNFailure(ctx, ls, pf, maxNodes, maxBytes)
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
