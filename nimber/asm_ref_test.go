package nimber

import "sync"

// This file holds the test-only reference arithmetic of the amd64 fast paths: a nim-product written
// straight from the Fermat 2-power rules (a quadratic tower of fields), independent of both the
// portable package code and the polynomial-basis assembly it checks.

// asmRef8 is the 256×256 nim-multiplication table of the field of 2^8 elements, computed once by the
// tower recursion down to single bits.
var asmRef8 = sync.OnceValue(func() *[256][256]uint8 {
	var t [256][256]uint8
	for a := range 256 {
		for b := range 256 {
			t[a][b] = uint8(asmRefMulN(uint64(a), uint64(b), 8, nil))
		}
	}
	return &t
})

// asmRefMulN multiplies a and b, both < 2^n (n a power of two ≤ 64), in the nim-field of 2^n
// elements. With the field F = 2^(n/2): a = a1·F ⊕ a0 and F⊗F = F ⊕ F/2, so
// a⊗b = (a1b1 ⊕ a1b0 ⊕ a0b1)·F ⊕ (a0b0 ⊕ a1b1⊗F/2), computed with three half-size products
// (Karatsuba) and one product by the constant F/2. The recursion depth is log2(n) ≤ 6. If t8 is
// not nil it is used for n ≤ 8.
func asmRefMulN(a, b uint64, n uint, t8 *[256][256]uint8) uint64 {
	if n == 1 {
		return a & b
	}
	if n <= 8 && t8 != nil {
		return uint64(t8[a][b])
	}
	h := n / 2
	mask := uint64(1)<<h - 1
	a1, a0 := a>>h, a&mask
	b1, b0 := b>>h, b&mask
	m0 := asmRefMulN(a0, b0, h, t8)
	m1 := asmRefMulN(a1, b1, h, t8)
	m2 := asmRefMulN(a0^a1, b0^b1, h, t8)
	hi := m2 ^ m0
	lo := m0 ^ asmRefMulN(m1, uint64(1)<<(h-1), h, t8)
	return hi<<h | lo
}

// asmRefMul is the reference nim-product of two 64-bit nimbers.
func asmRefMul(a, b uint64) uint64 { return asmRefMulN(a, b, 64, asmRef8()) }

// asmRefInv is the reference inverse a^(2^64-2) (0 for 0), by square-and-multiply.
func asmRefInv(a uint64) uint64 {
	r, s := uint64(1), a
	for e := ^uint64(1); e != 0; e >>= 1 {
		if e&1 == 1 {
			r = asmRefMul(r, s)
		}
		s = asmRefMul(s, s)
	}
	return r
}

// asmRefSqrt is the reference square root a^(2^63).
func asmRefSqrt(a uint64) uint64 {
	for range 63 {
		a = asmRefMul(a, a)
	}
	return a
}
