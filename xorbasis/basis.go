package xorbasis

import (
	"math/big"
	"math/bits"
)

// Basis is a linear basis over GF(2) of the 64-bit vectors inserted into it, kept in row-echelon
// form: for every pivot bit p there is at most one row whose highest set bit is p.
//
// Besides the span, a Basis remembers how many vectors were inserted (Len), so that it can answer
// questions about non-empty subsets of the inserted multiset (Min, KthSmallest: the XOR 0 is
// reachable by a non-empty subset exactly when Len > Rank), and how each row was built, so that
// Represent can name the inserted vectors whose XOR is a given value.
//
// The zero value is an empty basis ready to use. A Basis is not safe for concurrent use, not even
// by readers only: KthSmallest fills an internal cache of the reduced rows. Clone gives each
// goroutine its own copy.
type Basis struct {
	row   [64]uint64 // row[p] has highest bit p, or is 0 when p is not a pivot
	orig  [64]int    // index (in insertion order) of the inserted vector that created row[p]
	origV [64]uint64 // that inserted vector's value
	deps  [64]uint64 // pivots of the rows XORed into origV to give row[p]; all created before row[p]
	order [64]uint8  // pivots in the order their rows were created
	rank  int
	n     int
	// kth caches the fully reduced rows, lowest pivot first, for KthSmallest; it is valid when
	// kthFor == rank+1 (the zero value is invalid). The rows change only when the rank grows, so
	// comparing ranks invalidates the cache after any Insert or Merge that changed them.
	kth    [64]uint64
	kthFor int
}

// Insert adds x to the multiset of inserted vectors and reports whether x was independent of the
// vectors inserted before it (false for x = 0 and for every x already in the span). Its index, used
// by Represent, is the value of Len before the call. It costs O(number of pivots at or below x's
// top bit), and O(1) once the rank is 64.
func (b *Basis) Insert(x uint64) bool {
	idx := b.n
	b.n++
	if b.rank == 64 {
		return false // the span is everything: x is dependent, and the rows do not change
	}
	return b.insertAt(x, idx)
}

// insertAt reduces x against the rows and stores it as a new row labelled with index idx if it is
// independent.
func (b *Basis) insertAt(x uint64, idx int) bool {
	v := x
	var used uint64
	for x != 0 {
		p := 63 - bits.LeadingZeros64(x)
		r := b.row[p]
		if r == 0 {
			b.row[p] = x
			b.orig[p] = idx
			b.origV[p] = v
			b.deps[p] = used
			b.order[b.rank] = uint8(p)
			b.rank++
			return true
		}
		x ^= r
		used |= 1 << uint(p)
	}
	return false
}

// Len returns the number of vectors inserted so far (including dependent ones and zeros).
func (b *Basis) Len() int { return b.n }

// Rank returns the dimension of the span of the inserted vectors.
func (b *Basis) Rank() int { return b.rank }

// reduce XORs rows into x from the top pivot down and returns what is left (0 exactly when x is in
// the span) and the pivots of the rows used.
func (b *Basis) reduce(x uint64) (rest, used uint64) {
	for x != 0 {
		p := 63 - bits.LeadingZeros64(x)
		r := b.row[p]
		if r == 0 {
			return x, used
		}
		x ^= r
		used |= 1 << uint(p)
	}
	return 0, used
}

// Contains reports whether x is the XOR of some subset of the inserted vectors; the empty subset
// counts, so Contains(0) is always true.
func (b *Basis) Contains(x uint64) bool {
	rest, _ := b.reduce(x)
	return rest == 0
}

// Represent reports whether x is the XOR of a subset of the inserted vectors and, if so, returns
// such a subset as increasing indices in insertion order (see Insert). The subset uses independent
// vectors only, so it is the unique such subset among them; for x = 0 it is empty.
func (b *Basis) Represent(x uint64) ([]int, bool) {
	rest, used := b.reduce(x)
	if rest != 0 {
		return nil, false
	}
	return b.expand(used), true
}

// expand turns a set of pivots (whose rows XOR to some value) into the set of inserted vectors
// with the same XOR: walk the rows from the newest to the oldest, replacing each selected row by
// its inserted vector and the older rows it was reduced with.
func (b *Basis) expand(used uint64) []int {
	var out []int
	for i := b.rank - 1; i >= 0 && used != 0; i-- {
		p := b.order[i]
		if used>>p&1 == 0 {
			continue
		}
		used ^= 1<<p | b.deps[p]
		out = append(out, b.orig[p])
	}
	sortInts(out)
	return out
}

// sortInts sorts a short slice in increasing order (insertion sort: at most 64 elements here).
func sortInts(s []int) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j-1] > s[j]; j-- {
			s[j-1], s[j] = s[j], s[j-1]
		}
	}
}

// Max returns the largest XOR of a non-empty subset of the inserted vectors; ok is false when
// nothing was inserted.
func (b *Basis) Max() (max uint64, ok bool) {
	if b.n == 0 {
		return 0, false
	}
	var x uint64
	for p := 63; p >= 0; p-- {
		if y := x ^ b.row[p]; y > x {
			x = y
		}
	}
	return x, true
}

// MaxWith returns the largest value of x XOR s over all subsets s of the inserted vectors (the empty
// subset included), the usual "maximise x against the basis" query.
func (b *Basis) MaxWith(x uint64) uint64 {
	for p := 63; p >= 0; p-- {
		if y := x ^ b.row[p]; y > x {
			x = y
		}
	}
	return x
}

// Min returns the smallest XOR of a non-empty subset of the inserted vectors: 0 when the vectors
// are dependent (Len > Rank), otherwise the smallest non-zero element of the span. ok is false
// when nothing was inserted.
func (b *Basis) Min() (min uint64, ok bool) {
	if b.n == 0 {
		return 0, false
	}
	if b.n > b.rank {
		return 0, true
	}
	for p := 0; p < 64; p++ {
		if b.row[p] != 0 {
			// Every non-zero element of the span has a pivot as its top bit; the only one with top
			// bit p is row[p] itself, since all other rows have higher pivots.
			return b.row[p], true
		}
	}
	return 0, true // unreachable: n > 0 and n == rank imply rank > 0
}

// Vectors returns the rows of the basis in row-echelon form, highest pivot first. They span the
// same space as the inserted vectors and are independent.
func (b *Basis) Vectors() []uint64 {
	out := make([]uint64, 0, b.rank)
	for p := 63; p >= 0; p-- {
		if b.row[p] != 0 {
			out = append(out, b.row[p])
		}
	}
	return out
}

// reduced returns the fully reduced rows indexed by pivot: row[p] has highest bit p and no other
// pivot bit set. It is the unique reduced row-echelon basis of the span.
func (b *Basis) reduced() [64]uint64 {
	r := b.row
	for p := 0; p < 64; p++ {
		if r[p] == 0 {
			continue
		}
		for q := p - 1; q >= 0; q-- {
			if r[q] != 0 && r[p]>>uint(q)&1 == 1 {
				r[p] ^= r[q]
			}
		}
	}
	return r
}

// Reduced returns the reduced row-echelon basis of the span, highest pivot first: every pivot bit
// (the top bit of a row) is clear in every other row. It depends only on the span, so two bases
// with the same span give the same Reduced slice.
func (b *Basis) Reduced() []uint64 {
	r := b.reduced()
	out := make([]uint64, 0, b.rank)
	for p := 63; p >= 0; p-- {
		if r[p] != 0 {
			out = append(out, r[p])
		}
	}
	return out
}

// Distinct returns how many distinct values the XORs of non-empty subsets of the inserted vectors
// take: 2^Rank when the vectors are dependent (0 is then among them), 2^Rank − 1 when they are
// independent, 0 when nothing was inserted. The count reaches 2^64, hence the big.Int.
func (b *Basis) Distinct() *big.Int {
	if b.n == 0 {
		return new(big.Int)
	}
	c := new(big.Int).Lsh(big.NewInt(1), uint(b.rank))
	if b.n == b.rank {
		c.Sub(c, big.NewInt(1))
	}
	return c
}

// KthSmallest returns the k-th smallest (k = 1 is the smallest) of the distinct values taken by
// XORs of non-empty subsets of the inserted vectors (the semantics of HDU 3949: 0 is among them
// exactly when the vectors are dependent). ok is false when k = 0 or k exceeds Distinct().
func (b *Basis) KthSmallest(k uint64) (v uint64, ok bool) {
	if k == 0 || b.n == 0 {
		return 0, false
	}
	// m is the 0-based rank of the answer in the whole span (0 first).
	m := k - 1
	if b.n == b.rank {
		m = k // 0 is not reachable by a non-empty subset: skip it
	}
	if b.rank < 64 && m>>uint(b.rank) != 0 {
		return 0, false
	}
	if b.kthFor != b.rank+1 {
		r := b.reduced()
		j := 0
		for p := 0; p < 64; p++ {
			if r[p] != 0 {
				b.kth[j] = r[p]
				j++
			}
		}
		b.kthFor = b.rank + 1
	}
	// With reduced rows b_0 < b_1 < … (by pivot), the span in increasing order is indexed by m:
	// element m is the XOR of the b_j with bit j of m set.
	for m != 0 {
		j := bits.TrailingZeros64(m)
		v ^= b.kth[j]
		m &= m - 1
	}
	return v, true
}

// kthSmallestUncached is KthSmallest without the cache: it reduces the rows on every call. It is
// kept as the baseline of BenchmarkKthSmallest and as a second implementation for the tests.
func (b *Basis) kthSmallestUncached(k uint64) (v uint64, ok bool) {
	if k == 0 || b.n == 0 {
		return 0, false
	}
	m := k - 1
	if b.n == b.rank {
		m = k
	}
	if b.rank < 64 && m>>uint(b.rank) != 0 {
		return 0, false
	}
	r := b.reduced()
	j := 0
	for p := 0; p < 64 && m != 0; p++ {
		if r[p] == 0 {
			continue
		}
		if m>>uint(j)&1 == 1 {
			v ^= r[p]
			m &^= 1 << uint(j)
		}
		j++
	}
	return v, true
}

// Merge adds the vectors inserted into o to b, as if they had been inserted into b after b's own:
// afterwards b.Len() is the sum of both lengths, the span is the sum of both spans, and Represent
// names o's vector i as b's old Len() + i. o is not changed; b.Merge(b) is allowed. It costs
// O(o.Rank() · 64) and does not need o's dependent vectors.
func (b *Basis) Merge(o *Basis) {
	oc := *o // snapshot: o may be b
	off := b.n
	b.n += oc.n
	// o's rows were made from its independent inserted vectors origV, which span o's span; insert
	// those vectors in their creation order under their own indices.
	for i := 0; i < oc.rank; i++ {
		p := oc.order[i]
		b.insertAt(oc.origV[p], off+oc.orig[p])
	}
}

// Clone returns an independent copy of b.
func (b *Basis) Clone() *Basis {
	c := *b
	return &c
}

// Independent reports whether the vectors are linearly independent over GF(2), i.e. no non-empty
// subset of them XORs to 0. A zero vector or a repeated vector makes them dependent.
func Independent(vs []uint64) bool {
	if len(vs) > 64 {
		return false
	}
	var b Basis
	for _, v := range vs {
		if !b.Insert(v) {
			return false
		}
	}
	return true
}

// ZeroSubset reports whether some non-empty subset of vs XORs to 0 (that is, whether vs is
// linearly dependent) and returns one, as increasing indices into vs. This is the test behind
// Hungergame: the first player wins exactly when such a subset exists.
func ZeroSubset(vs []uint64) ([]int, bool) {
	var b Basis
	for i, v := range vs {
		if b.Insert(v) {
			continue
		}
		// v is in the span of the earlier vectors: v XOR (its representation) = 0.
		rep, _ := b.Represent(v)
		return append(rep, i), true
	}
	return nil, false
}
