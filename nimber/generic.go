package nimber

// The portable implementation: 16-bit logarithm tables for GF(2^16) and a Karatsuba tower above it.
// Writing a = a1·T ⊕ a0 with T = 2^16 (or 2^32) a Fermat 2-power, a0, a1 < T, and using
// T⊗T = T ⊕ T/2,
//
//	a⊗b = ((a0⊕a1)⊗(b0⊕b1) ⊕ a0⊗b0)·T ⊕ a0⊗b0 ⊕ (a1⊗b1)⊗(T/2),
//
// three half-width products and one multiplication by the constant T/2, a linear map done by byte
// tables. A 64-bit product is nine 16-bit products.

// mul16 is the product in GF(2^16); a zero factor is handled by the logZero sentinel.
func mul16(a, b uint16) uint16 {
	return expTab[(logTab[a]+logTab[b])&(expSize-1)]
}

// mul32 is the product in GF(2^32).
func mul32(a, b uint32) uint32 {
	a0, a1, b0, b1 := uint16(a), uint16(a>>16), uint16(b), uint16(b>>16)
	p0 := mul16(a0, b0)
	p1 := mul16(a0^a1, b0^b1)
	p2 := mul16(a1, b1)
	return uint32(p1^p0)<<16 | uint32(p0^mulHalf16[0][uint8(p2)]^mulHalf16[1][p2>>8])
}

// mulGeneric is the portable 64-bit nim-product: the two Karatsuba levels of mul32 and of the 64-bit
// split written out, so that the nine 16-bit products are independent loads the processor overlaps.
func mulGeneric(a, b uint64) uint64 {
	// Digits of the operands and their Karatsuba sums.
	a0, a1, a2, a3 := uint16(a), uint16(a>>16), uint16(a>>32), uint16(a>>48)
	b0, b1, b2, b3 := uint16(b), uint16(b>>16), uint16(b>>32), uint16(b>>48)
	// Low half A0 = a1·T ⊕ a0, high half A1 = a3·T ⊕ a2, and A0 ⊕ A1.
	c0, c1 := a0^a2, a1^a3
	d0, d1 := b0^b2, b1^b3
	// P0 = A0⊗B0
	q0 := mul16(a0, b0)
	q1 := mul16(a0^a1, b0^b1)
	q2 := mul16(a1, b1)
	// P2 = A1⊗B1
	r0 := mul16(a2, b2)
	r1 := mul16(a2^a3, b2^b3)
	r2 := mul16(a3, b3)
	// P1 = (A0⊕A1)⊗(B0⊕B1)
	s0 := mul16(c0, d0)
	s1 := mul16(c0^c1, d0^d1)
	s2 := mul16(c1, d1)
	p0 := uint32(q1^q0)<<16 | uint32(q0^mulHalf16[0][uint8(q2)]^mulHalf16[1][q2>>8])
	p2 := uint32(r1^r0)<<16 | uint32(r0^mulHalf16[0][uint8(r2)]^mulHalf16[1][r2>>8])
	p1 := uint32(s1^s0)<<16 | uint32(s0^mulHalf16[0][uint8(s2)]^mulHalf16[1][s2>>8])
	h := mulHalf32[0][uint8(p2)] ^ mulHalf32[1][uint8(p2>>8)] ^ mulHalf32[2][uint8(p2>>16)] ^ mulHalf32[3][p2>>24]
	return uint64(p1^p0)<<32 | uint64(p0^h)
}

// mulSliceGeneric sets dst[i] = a[i]⊗b[i] for every i < len(a); the caller has checked the lengths.
func mulSliceGeneric(dst, a, b []uint64) {
	b = b[:len(a)]
	dst = dst[:len(a)]
	for i := range a {
		dst[i] = mulGeneric(a[i], b[i])
	}
}

// squareGeneric is the nim-square, a GF(2)-linear map applied by byte tables.
func squareGeneric(a uint64) uint64 { return lookupLinear(&squareTab, a) }

// sqrtGeneric is the nim square root, the inverse linear map of squareGeneric.
func sqrtGeneric(a uint64) uint64 { return lookupLinear(&sqrtTab, a) }

// square32 is the square in GF(2^32): (a1·T ⊕ a0)^2 = a1^2·T ⊕ a1^2⊗(T/2) ⊕ a0^2.
func square32(a uint32) uint32 {
	s0, s1 := mul16(uint16(a), uint16(a)), mul16(uint16(a>>16), uint16(a>>16))
	return uint32(s1)<<16 | uint32(s0^mulHalf16[0][uint8(s1)]^mulHalf16[1][s1>>8])
}

// The inverse through the tower. Over GF(Q) the Fermat 2-power T has minimal polynomial x^2 ⊕ x ⊕ T/2,
// whose other root is T ⊕ 1; so the conjugate of a = a1·T ⊕ a0 is a1·T ⊕ (a0⊕a1), and the norm
//
//	N = a ⊗ conj(a) = a0^2 ⊕ a0⊗a1 ⊕ a1^2⊗(T/2)
//
// lies in GF(Q). Then a^-1 = conj(a) ⊗ N^-1: one inverse in the half field and a few products.

// inv16 is the inverse in GF(2^16), with inv16(0) = 0.
func inv16(a uint16) uint16 {
	if a == 0 {
		return 0
	}
	return expTab[order16-logTab[a]]
}

// inv32 is the inverse in GF(2^32), with inv32(0) = 0.
func inv32(a uint32) uint32 {
	a0, a1 := uint16(a), uint16(a>>16)
	s1 := mul16(a1, a1)
	n := mul16(a0, a0) ^ mul16(a0, a1) ^ mulHalf16[0][uint8(s1)] ^ mulHalf16[1][s1>>8]
	ni := inv16(n)
	return uint32(mul16(a1, ni))<<16 | uint32(mul16(a0^a1, ni))
}

// invGeneric is the inverse in GF(2^64), with invGeneric(0) = 0.
func invGeneric(a uint64) uint64 {
	a0, a1 := uint32(a), uint32(a>>32)
	s1 := square32(a1)
	h := mulHalf32[0][uint8(s1)] ^ mulHalf32[1][uint8(s1>>8)] ^ mulHalf32[2][uint8(s1>>16)] ^ mulHalf32[3][s1>>24]
	n := square32(a0) ^ mul32(a0, a1) ^ h
	ni := inv32(n)
	return uint64(mul32(a1, ni))<<32 | uint64(mul32(a0^a1, ni))
}
