package nimber

// The portable implementation: 16-bit logarithm tables for GF(2^16) and a Karatsuba tower above it.
// Writing a = a1·T ⊕ a0 with T = 2^16 (or 2^32) a Fermat 2-power, a0, a1 < T, and using
// T⊗T = T ⊕ T/2,
//
//	a⊗b = ((a0⊕a1)⊗(b0⊕b1) ⊕ a0⊗b0)·T ⊕ a0⊗b0 ⊕ (a1⊗b1)⊗(T/2),
//
// three half-width products and one multiplication by the constant T/2, a linear map done by byte
// tables.

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

// mulGeneric is the portable 64-bit nim-product: Karatsuba at the 64-bit level (three products in
// GF(2^32)), and each of those schoolbook over 16-bit digits, four table products whose operands'
// logarithms are looked up once: twelve logarithms and twelve exponentials in all, which measured
// about 10% faster than Karatsuba at both levels (nine products but eighteen logarithms).
func mulGeneric(a, b uint64) uint64 {
	const m = expSize - 1
	a0, a1, a2, a3 := uint16(a), uint16(a>>16), uint16(a>>32), uint16(a>>48)
	b0, b1, b2, b3 := uint16(b), uint16(b>>16), uint16(b>>32), uint16(b>>48)
	la0, la1, la2, la3 := logTab[a0], logTab[a1], logTab[a2], logTab[a3]
	lb0, lb1, lb2, lb3 := logTab[b0], logTab[b1], logTab[b2], logTab[b3]
	lc0, lc1, ld0, ld1 := logTab[a0^a2], logTab[a1^a3], logTab[b0^b2], logTab[b1^b3]
	// Schoolbook in GF(2^32): (x1·T ⊕ x0)(y1·T ⊕ y0) = (x1y1 ⊕ x1y0 ⊕ x0y1)·T ⊕ x0y0 ⊕ x1y1⊗2^15.
	q00, q01, q10, q11 := expTab[(la0+lb0)&m], expTab[(la0+lb1)&m], expTab[(la1+lb0)&m], expTab[(la1+lb1)&m]
	r00, r01, r10, r11 := expTab[(la2+lb2)&m], expTab[(la2+lb3)&m], expTab[(la3+lb2)&m], expTab[(la3+lb3)&m]
	s00, s01, s10, s11 := expTab[(lc0+ld0)&m], expTab[(lc0+ld1)&m], expTab[(lc1+ld0)&m], expTab[(lc1+ld1)&m]
	p0 := uint32(q11^q10^q01)<<16 | uint32(q00^half16(q11))
	p2 := uint32(r11^r10^r01)<<16 | uint32(r00^half16(r11))
	p1 := uint32(s11^s10^s01)<<16 | uint32(s00^half16(s11))
	return uint64(p1^p0)<<32 | uint64(p0^half32(p2))
}

// mulSliceGeneric sets dst[i] = a[i]⊗b[i] for every i < len(a); the caller has checked the lengths.
func mulSliceGeneric(dst, a, b []uint64) {
	b = b[:len(a)]
	dst = dst[:len(a)]
	for i := range a {
		dst[i] = mulGeneric(a[i], b[i])
	}
}

// half16 is x ⊗ 2^15 in GF(2^16), and half32 is x ⊗ 2^31 in GF(2^32): linear maps by byte tables.
func half16(x uint16) uint16 { return mulHalf16[0][uint8(x)] ^ mulHalf16[1][x>>8] }

func half32(x uint32) uint32 {
	return mulHalf32[0][uint8(x)] ^ mulHalf32[1][uint8(x>>8)] ^ mulHalf32[2][uint8(x>>16)] ^ mulHalf32[3][x>>24]
}

// The inverse through the tower. Over GF(Q) the Fermat 2-power T has minimal polynomial x^2 ⊕ x ⊕ T/2,
// whose other root is T ⊕ 1; so the conjugate of a = a1·T ⊕ a0 is a1·T ⊕ (a0⊕a1), and the norm
//
//	N = a ⊗ conj(a) = a0^2 ⊕ a0⊗a1 ⊕ a1^2⊗(T/2)
//
// lies in GF(Q). Then a^-1 = conj(a) ⊗ N^-1: one inverse in the half field and a few products.
// invGeneric applies this at 64 and at 32 bits, with everything written out in terms of the 16-bit
// logarithms so that each digit's logarithm is looked up once: the cost is about that of one Mul.
// In GF(2^16) a square is exp[2·log x] and an inverse exp[65535 − log x].

// invGeneric is the inverse in GF(2^64), with invGeneric(0) = 0.
func invGeneric(a uint64) uint64 {
	if a == 0 {
		return 0
	}
	const m = expSize - 1
	// a = a1·U ⊕ a0 with U = 2^32, a0 = x1·T ⊕ x0, a1 = y1·T ⊕ y0, T = 2^16.
	x0, x1, y0, y1 := uint16(a), uint16(a>>16), uint16(a>>32), uint16(a>>48)
	lx0, lx1, ly0, ly1 := logTab[x0], logTab[x1], logTab[y0], logTab[y1]
	ly01 := logTab[y0^y1]
	// N = a0^2 ⊕ a0⊗a1 ⊕ a1^2⊗2^31, in GF(2^32).
	sx0, sx1 := expTab[(2*lx0)&m], expTab[(2*lx1)&m]
	sy0, sy1 := expTab[(2*ly0)&m], expTab[(2*ly1)&m]
	a0sq := uint32(sx1)<<16 | uint32(sx0^half16(sx1))
	a1sq := uint32(sy1)<<16 | uint32(sy0^half16(sy1))
	p0 := expTab[(lx0+ly0)&m]
	p1 := expTab[(logTab[x0^x1]+ly01)&m]
	p2 := expTab[(lx1+ly1)&m]
	n := a0sq ^ (uint32(p1^p0)<<16 | uint32(p0^half16(p2))) ^ half32(a1sq)
	// N^-1 = (n1⊗M^-1)·T ⊕ (n0⊕n1)⊗M^-1 with M = n0^2 ⊕ n0⊗n1 ⊕ n1^2⊗2^15 ≠ 0 (as a ≠ 0).
	n0, n1 := uint16(n), uint16(n>>16)
	ln0, ln1 := logTab[n0], logTab[n1]
	mm := expTab[(2*ln0)&m] ^ expTab[(ln0+ln1)&m] ^ half16(expTab[(2*ln1)&m])
	li := order16 - logTab[mm] // log of M^-1, in [1, 65535]
	m1 := expTab[(ln1+li)&m]
	m0 := expTab[(logTab[n0^n1]+li)&m]
	lm0, lm1, lm01 := logTab[m0], logTab[m1], logTab[m0^m1]
	// a^-1 = (a1⊗N^-1)·U ⊕ (a0⊕a1)⊗N^-1, two Karatsuba products sharing the digits of N^-1.
	h0 := expTab[(ly0+lm0)&m]
	h1 := expTab[(ly01+lm01)&m]
	h2 := expTab[(ly1+lm1)&m]
	z0, z1 := x0^y0, x1^y1
	l0 := expTab[(logTab[z0]+lm0)&m]
	l1 := expTab[(logTab[z0^z1]+lm01)&m]
	l2 := expTab[(logTab[z1]+lm1)&m]
	hi := uint32(h1^h0)<<16 | uint32(h0^half16(h2))
	lo := uint32(l1^l0)<<16 | uint32(l0^half16(l2))
	return uint64(hi)<<32 | uint64(lo)
}
