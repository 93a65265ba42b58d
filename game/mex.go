package game

import "math/bits"

// Mex returns the minimum excludant of values: the least non-negative integer not among them.
// The order of values and repetitions do not matter; Mex(nil) is 0. It takes time linear in
// len(values) and, for more than 64 values, one temporary bitset of len(values)+1 bits.
func Mex(values []uint64) uint64 {
	var m mexer
	return mexOf(&m, values)
}

// mexer computes mexes with a reusable bitset.
type mexer struct {
	bits []uint64
}

// mexOf is the mex of values, with the mexer's scratch space for long lists.
func mexOf[T uint32 | uint64](m *mexer, values []T) T {
	n := T(len(values)) // the mex is at most n
	if n < 64 {
		var seen uint64
		for _, v := range values {
			if v < 64 {
				seen |= 1 << v
			}
		}
		return T(bits.TrailingZeros64(^seen))
	}
	b := m.clear(int(n/64 + 1))
	for _, v := range values {
		if v <= n {
			b[v/64] |= 1 << (v % 64)
		}
	}
	return T(firstZero(b))
}

// mex32 is the mex of 32-bit values (see mexOf).
func (m *mexer) mex32(values []uint32) uint32 { return mexOf(m, values) }

// clear returns the scratch bitset resized to n words, all zero.
func (m *mexer) clear(n int) []uint64 {
	if cap(m.bits) < n {
		m.bits = make([]uint64, n)
	}
	b := m.bits[:n]
	clear(b)
	return b
}

// firstZero returns the index of the first zero bit of b, which must have one.
func firstZero(b []uint64) uint64 {
	for i, w := range b {
		if w != ^uint64(0) {
			return uint64(i)*64 + uint64(bits.TrailingZeros64(^w))
		}
	}
	return uint64(len(b)) * 64
}
