package xorbasis

import (
	"fmt"
	"math/big"
)

// WideBasis is the counterpart of Basis for vectors of any fixed width (Bits): a linear basis over
// GF(2) in row-echelon form that also remembers how many vectors were inserted and how each row
// was made, for Represent. Elimination works a 64-bit word at a time, and XORing a row into a
// vector touches only the words at or below the row's pivot.
//
// Memory: up to width rows of width bits, plus the same again for the inserted vectors behind the
// rows and again for their bookkeeping: about 3·width²/8 bytes at full rank (6 MiB for width 4096).
//
// Vectors passed to a WideBasis must have its width; a different width panics (a programming
// error, like an index out of range). Create one with NewWide; the zero value has width 0.
//
// A WideBasis is not safe for concurrent use, not even by readers only: KthSmallest fills an
// internal cache of reduced rows.
type WideBasis struct {
	width int
	row   []Bits // row[p] has highest bit p; row[p].w == nil when p is not a pivot
	orig  []int  // index of the inserted vector behind row[p]
	origV []Bits // its value
	deps  []Bits // pivots (width bits) of the rows XORed into origV[p] to give row[p]
	order []int  // pivots in the order their rows were created
	n     int
	// kth caches reducedLow(64) for KthSmallest; it is valid when kthFor == Rank()+1 (the zero
	// value is invalid). The rows change only when the rank grows, so comparing ranks invalidates
	// it after any Insert or Merge that changed them. The cached rows are never modified in place.
	kth    []Bits
	kthFor int
}

// NewWide returns an empty basis for vectors of the given width. It panics if width is negative.
func NewWide(width int) *WideBasis {
	if width < 0 {
		panic(fmt.Sprintf("xorbasis: negative width %d", width))
	}
	return &WideBasis{
		width: width,
		row:   make([]Bits, width),
		orig:  make([]int, width),
		origV: make([]Bits, width),
		deps:  make([]Bits, width),
	}
}

// Width returns the width of the vectors of b.
func (b *WideBasis) Width() int { return b.width }

// Len returns the number of vectors inserted so far.
func (b *WideBasis) Len() int { return b.n }

// Rank returns the dimension of the span of the inserted vectors.
func (b *WideBasis) Rank() int { return len(b.order) }

func (b *WideBasis) checkWidth(v Bits) {
	if v.width != b.width {
		panic(fmt.Sprintf("xorbasis: vector of width %d given to a basis of width %d", v.width, b.width))
	}
}

// Insert adds v to the multiset of inserted vectors and reports whether it was independent of the
// earlier ones. Its index, for Represent, is Len() before the call. v is not retained.
func (b *WideBasis) Insert(v Bits) bool {
	b.checkWidth(v)
	idx := b.n
	b.n++
	return b.insertAt(v, idx)
}

func (b *WideBasis) insertAt(v Bits, idx int) bool {
	x := v.Clone()
	var used Bits // allocated on first use
	p := x.Top()
	for p >= 0 {
		r := b.row[p]
		if r.w == nil {
			if used.w == nil {
				used = NewBits(b.width)
			}
			b.row[p] = x
			b.orig[p] = idx
			b.origV[p] = v.Clone()
			b.deps[p] = used
			b.order = append(b.order, p)
			return true
		}
		end := p>>6 + 1
		xorWords(x.w[:end], r.w[:end])
		if used.w == nil {
			used = NewBits(b.width)
		}
		used.w[p>>6] |= 1 << uint(p&63)
		p = topBelow(x.w, end)
	}
	return false
}

// reduce returns v reduced against the rows (zero exactly when v is in the span) and the pivots of
// the rows used.
func (b *WideBasis) reduce(v Bits) (rest, used Bits) {
	b.checkWidth(v)
	x := v.Clone()
	used = NewBits(b.width)
	p := x.Top()
	for p >= 0 {
		r := b.row[p]
		if r.w == nil {
			return x, used
		}
		end := p>>6 + 1
		xorWords(x.w[:end], r.w[:end])
		used.w[p>>6] |= 1 << uint(p&63)
		p = topBelow(x.w, end)
	}
	return x, used
}

// Contains reports whether v is the XOR of a subset (possibly empty) of the inserted vectors.
func (b *WideBasis) Contains(v Bits) bool {
	rest, _ := b.reduce(v)
	return rest.IsZero()
}

// Represent reports whether v is the XOR of a subset of the inserted vectors and, if so, returns
// one as increasing indices in insertion order (empty for the zero vector).
func (b *WideBasis) Represent(v Bits) ([]int, bool) {
	rest, used := b.reduce(v)
	if !rest.IsZero() {
		return nil, false
	}
	var out []int
	for i := len(b.order) - 1; i >= 0; i-- {
		p := b.order[i]
		if used.w[p>>6]>>uint(p&63)&1 == 0 {
			continue
		}
		used.w[p>>6] &^= 1 << uint(p&63)
		used.Xor(b.deps[p])
		out = append(out, b.orig[p])
	}
	sortIntsLarge(out)
	return out, true
}

// sortIntsLarge sorts s in increasing order (heap sort: no recursion, no allocation).
func sortIntsLarge(s []int) {
	n := len(s)
	sift := func(i, n int) {
		for {
			c := 2*i + 1
			if c >= n {
				return
			}
			if c+1 < n && s[c+1] > s[c] {
				c++
			}
			if s[i] >= s[c] {
				return
			}
			s[i], s[c] = s[c], s[i]
			i = c
		}
	}
	for i := n/2 - 1; i >= 0; i-- {
		sift(i, n)
	}
	for end := n - 1; end > 0; end-- {
		s[0], s[end] = s[end], s[0]
		sift(0, end)
	}
}

// MaxWith returns the largest x XOR s over the subsets s of the inserted vectors (empty included).
func (b *WideBasis) MaxWith(x Bits) Bits {
	b.checkWidth(x)
	x = x.Clone()
	for p := b.width - 1; p >= 0; p-- {
		if r := b.row[p]; r.w != nil && x.w[p>>6]>>uint(p&63)&1 == 0 {
			xorWords(x.w[:p>>6+1], r.w[:p>>6+1])
		}
	}
	return x
}

// Max returns the largest XOR of a non-empty subset of the inserted vectors; ok is false when
// nothing was inserted.
func (b *WideBasis) Max() (Bits, bool) {
	if b.n == 0 {
		return Bits{}, false
	}
	return b.MaxWith(NewBits(b.width)), true
}

// Min returns the smallest XOR of a non-empty subset of the inserted vectors: zero when they are
// dependent, otherwise the row with the lowest pivot. ok is false when nothing was inserted.
func (b *WideBasis) Min() (Bits, bool) {
	if b.n == 0 {
		return Bits{}, false
	}
	if b.n > len(b.order) {
		return NewBits(b.width), true
	}
	for p := 0; p < b.width; p++ {
		if b.row[p].w != nil {
			return b.row[p].Clone(), true
		}
	}
	return NewBits(b.width), true // unreachable: n > 0 and n == rank imply rank > 0
}

// Vectors returns copies of the rows in row-echelon form, highest pivot first.
func (b *WideBasis) Vectors() []Bits {
	out := make([]Bits, 0, len(b.order))
	for p := b.width - 1; p >= 0; p-- {
		if b.row[p].w != nil {
			out = append(out, b.row[p].Clone())
		}
	}
	return out
}

// reducedLow returns, lowest pivot first, the fully reduced rows of the lowest `limit` pivots
// (each has no other pivot bit set).
func (b *WideBasis) reducedLow(limit int) []Bits {
	var pivots []int
	var rows []Bits
	for p := 0; p < b.width && len(pivots) < limit; p++ {
		if b.row[p].w == nil {
			continue
		}
		r := b.row[p].Clone()
		// Reduce against the lower pivots, highest first: XORing the row of pivot q changes only
		// bits at or below q.
		for i := len(pivots) - 1; i >= 0; i-- {
			q := pivots[i]
			if r.w[q>>6]>>uint(q&63)&1 == 1 {
				xorWords(r.w[:q>>6+1], rows[i].w[:q>>6+1])
			}
		}
		pivots = append(pivots, p)
		rows = append(rows, r)
	}
	return rows
}

// Reduced returns the reduced row-echelon basis of the span, highest pivot first. It depends only
// on the span. It costs O(Rank² · Width/64).
func (b *WideBasis) Reduced() []Bits {
	low := b.reducedLow(b.width)
	out := make([]Bits, len(low))
	for i, r := range low {
		out[len(low)-1-i] = r
	}
	return out
}

// Distinct returns how many distinct values the XORs of non-empty subsets of the inserted vectors
// take: 2^Rank if they are dependent, 2^Rank − 1 if independent, 0 if nothing was inserted.
func (b *WideBasis) Distinct() *big.Int {
	if b.n == 0 {
		return new(big.Int)
	}
	c := new(big.Int).Lsh(big.NewInt(1), uint(len(b.order)))
	if b.n == len(b.order) {
		c.Sub(c, big.NewInt(1))
	}
	return c
}

// KthSmallest returns the k-th smallest (k = 1 first) distinct XOR of a non-empty subset of the
// inserted vectors, with the semantics of Basis.KthSmallest; ok is false when k = 0 or k exceeds
// Distinct(). Since k < 2^64, only the 64 lowest pivots take part.
func (b *WideBasis) KthSmallest(k uint64) (Bits, bool) {
	rank := len(b.order)
	if k == 0 || b.n == 0 {
		return Bits{}, false
	}
	m := k - 1
	if b.n == rank {
		m = k
	}
	if rank < 64 && m>>uint(rank) != 0 {
		return Bits{}, false
	}
	if b.kthFor != rank+1 {
		b.kth = b.reducedLow(64)
		b.kthFor = rank + 1
	}
	low := b.kth
	v := NewBits(b.width)
	for j := 0; m != 0; j++ {
		if m&1 == 1 {
			v.Xor(low[j])
		}
		m >>= 1
	}
	return v, true
}

// Merge adds the vectors inserted into o to b, as if inserted after b's own (Represent names o's
// vector i as b's old Len() + i). The widths must be equal; o is not changed; b.Merge(b) is allowed.
func (b *WideBasis) Merge(o *WideBasis) {
	if o.width != b.width {
		panic(fmt.Sprintf("xorbasis: merging a basis of width %d into one of width %d", o.width, b.width))
	}
	order := append([]int(nil), o.order...)
	off := b.n
	b.n += o.n
	for _, p := range order {
		b.insertAt(o.origV[p], off+o.orig[p])
	}
}

// Rank returns the rank over GF(2) of the matrix whose rows are rows (all of one width; it panics
// otherwise). It eliminates a word at a time on a copy and keeps no bookkeeping for witnesses, so
// it is the fastest way to a rank: O(n · r · width/64) word operations for n rows of rank r.
func Rank(rows []Bits) int {
	if len(rows) == 0 {
		return 0
	}
	width := rows[0].width
	piv := make([][]uint64, width)
	x := make([]uint64, len(rows[0].w))
	rank := 0
	for _, v := range rows {
		if v.width != width {
			panic(fmt.Sprintf("xorbasis: rows of widths %d and %d", width, v.width))
		}
		copy(x, v.w)
		p := topBelow(x, len(x))
		for p >= 0 {
			r := piv[p]
			if r == nil {
				piv[p] = append([]uint64(nil), x[:p>>6+1]...)
				rank++
				break
			}
			end := p>>6 + 1
			xorWords(x[:end], r)
			p = topBelow(x, end)
		}
		if rank == width {
			break
		}
	}
	return rank
}
