package rules

import (
	"math/bits"
	"sync"
)

// The nim-product, for the 2-D coin rulesets. It is Conway's product on uint64 computed by halving:
// with F = 2^L a Fermat 2-power and a = a1·F ⊕ a0, b = b1·F ⊕ b0 (a0, a1, b0, b1 < F),
// a⊗b = ((a0⊕a1)⊗(b0⊕b1) ⊕ a0⊗b0)·F ⊕ a0⊗b0 ⊕ (a1⊗b1)⊗2^(L-1), since F⊗F = F ⊕ F/2.
// Products of bytes come from a table built once.

var nimTable8 = sync.OnceValue(func() *[256][256]uint8 {
	var t [256][256]uint8
	for a := range 256 {
		for b := range 256 {
			t[a][b] = uint8(nimMulSlow(uint64(a), uint64(b), 8))
		}
	}
	return &t
})

// nimMulSlow multiplies a, b < 2^w (w a power of two ≤ 64) without the table; recursion depth is
// log2(w) ≤ 6.
func nimMulSlow(a, b uint64, w uint) uint64 {
	if w == 1 {
		return a & b
	}
	return nimMulStep(a, b, w, nimMulSlow)
}

func nimMulStep(a, b uint64, w uint, mul func(a, b uint64, w uint) uint64) uint64 {
	l := w / 2
	mask := uint64(1)<<l - 1
	a0, a1, b0, b1 := a&mask, a>>l, b&mask, b>>l
	lo := mul(a0, b0, l)
	mid := mul(a0^a1, b0^b1, l)
	c := mul(a1, b1, l)
	return (mid^lo)<<l | lo ^ mul(c, uint64(1)<<(l-1), l)
}

// nimMulW multiplies a, b < 2^w using the byte table below 16 bits.
func nimMulW(a, b uint64, w uint) uint64 {
	if w <= 8 {
		return uint64(nimTable8()[a][b])
	}
	return nimMulStep(a, b, w, nimMulW)
}

// fieldWidth is the width 8, 16, 32 or 64 of the smallest nim-subfield holding every argument.
func fieldWidth(vs ...uint64) uint {
	var m uint64
	for _, v := range vs {
		m |= v
	}
	w := uint(8)
	for w < 64 && bits.Len64(m) > int(w) {
		w *= 2
	}
	return w
}

// nimMul is the nim-product a⊗b.
func nimMul(a, b uint64) uint64 { return nimMulW(a, b, fieldWidth(a, b)) }

// nimInv is the nim-inverse of a ≠ 0: a^(2^w - 2) in the smallest subfield GF(2^w) holding a.
func nimInv(a uint64) uint64 {
	w := fieldWidth(a)
	r, base := uint64(1), a
	// exponent 2^w - 2 = binary 11…110 (w-1 ones then a zero)
	base = nimMulW(base, base, w)
	for i := uint(1); i < w; i++ {
		r = nimMulW(r, base, w)
		base = nimMulW(base, base, w)
	}
	return r
}
