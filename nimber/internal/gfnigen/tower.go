package main

// The multiplication in the nim-field of 2^64 elements over byte-sliced operands, shared by both
// kernels: each is a vecOps that emits (and, in emulation mode, computes) the instructions.

// vecOps is the set of bytewise vector operations the tower multiplication is written in. A reg names
// a vector of byte slices; the operations that return a reg give a new one.
type vecOps interface {
	mulb(a, b reg) reg    // bytewise AES-field product
	mulK(a reg, k int)    // a = a · constant k, bytewise
	xor(a, b reg) reg     // a ⊕ b
	xorInto(d, s reg)     // d ^= s
	xor3Into(d, a, b reg) // d ^= a ⊕ b
	free(rs ...reg)       // the registers are no longer needed
}

// mul16 multiplies in the field of 2^16 elements, a = a1·X ⊕ a0 with X⊗X = X ⊕ h8 over the AES-field
// bytes: (hi, lo) = (m2 ⊕ m0, m0 ⊕ h8·m1) with m0 = a0b0, m1 = a1b1, m2 = (a0⊕a1)(b0⊕b1).
// The inputs are kept.
func mul16(g vecOps, a1, a0, b1, b0 reg) (hi, lo reg) {
	m0 := g.mulb(a0, b0)
	m1 := g.mulb(a1, b1)
	sa := g.xor(a1, a0)
	sb := g.xor(b1, b0)
	m2 := g.mulb(sa, sb)
	g.free(sa, sb)
	g.xorInto(m2, m0)
	g.mulK(m1, kH8)
	g.xorInto(m0, m1)
	g.free(m1)
	return m2, m0
}

// mul32 multiplies in the field of 2^32 elements, with bytes [3 2 1 0] (byte 0 lowest) and
// Y⊗Y = Y ⊕ h16 where h16 = h8·X: h16·(d1X⊕d0) = h8(d1⊕d0)·X ⊕ h8²·d1. If consume is set, the inputs
// are freed, otherwise they are kept.
func mul32(g vecOps, a, b [4]reg, consume bool) [4]reg {
	m1h, m1l := mul16(g, a[3], a[2], b[3], b[2])
	m0h, m0l := mul16(g, a[1], a[0], b[1], b[0])
	var s [4]reg
	if consume {
		g.xorInto(a[3], a[1])
		g.xorInto(a[2], a[0])
		g.xorInto(b[3], b[1])
		g.xorInto(b[2], b[0])
		g.free(a[1], a[0], b[1], b[0])
		s = [4]reg{a[3], a[2], b[3], b[2]}
	} else {
		s = [4]reg{g.xor(a[3], a[1]), g.xor(a[2], a[0]), g.xor(b[3], b[1]), g.xor(b[2], b[0])}
	}
	m2h, m2l := mul16(g, s[0], s[1], s[2], s[3])
	g.free(s[:]...)
	// hi = m2 ⊕ m0
	g.xorInto(m2h, m0h)
	g.xorInto(m2l, m0l)
	// lo = m0 ⊕ h16·m1
	t := g.xor(m1h, m1l)
	g.mulK(t, kH8)
	g.xorInto(m0h, t)
	g.free(t)
	g.mulK(m1h, kH8p2)
	g.xorInto(m0l, m1h)
	g.free(m1h, m1l)
	return [4]reg{m0l, m0h, m2l, m2h}
}

// mul64 multiplies in the nim-field of 2^64 elements, bytes 0…7, with Z⊗Z = Z ⊕ h32 where
// h32 = h16·Y. For M = C1·Y ⊕ C0: h32·M = h16(C1⊕C0)·Y ⊕ h16²·C1, and h16² = h8²·X ⊕ h8³, so
// h16²·(c1X⊕c0) = (c1(h8²⊕h8³) ⊕ c0h8²)·X ⊕ h8³(c1⊕c0). Consumes its inputs.
func mul64(g vecOps, a, b [8]reg) [8]reg {
	alo, ahi := [4]reg(a[0:4]), [4]reg(a[4:8])
	blo, bhi := [4]reg(b[0:4]), [4]reg(b[4:8])
	m0 := mul32(g, alo, blo, false)
	for i := range 4 {
		g.xorInto(alo[i], ahi[i])
		g.xorInto(blo[i], bhi[i])
	}
	m1 := mul32(g, ahi, bhi, true)
	m2 := mul32(g, alo, blo, true)
	for i := range 4 {
		g.xorInto(m2[i], m0[i]) // hi
	}
	// h32·m1, m1 = [c0l c0h c1l c1h]
	e1 := g.xor(m1[3], m1[1]) // E = C1 ⊕ C0 = e1·X ⊕ e0
	e0 := g.xor(m1[2], m1[0])
	// byte 3: h8(e1⊕e0); byte 2: h8²·e1
	t := g.xor(e1, e0)
	g.mulK(t, kH8)
	g.xorInto(m0[3], t)
	g.free(t)
	g.mulK(e1, kH8p2)
	g.xorInto(m0[2], e1)
	g.free(e1, e0)
	// byte 1: c1(h8²⊕h8³) ⊕ c0h8²  with c1 = m1[3], c0 = m1[2]; byte 0: h8³(c1⊕c0)
	u := g.xor(m1[3], m1[2])
	g.mulK(u, kH8p3)
	g.xorInto(m0[0], u)
	g.free(u)
	g.mulK(m1[3], kH8p23)
	g.mulK(m1[2], kH8p2)
	g.xor3Into(m0[1], m1[3], m1[2])
	g.free(m1[:]...)
	return [8]reg{m0[0], m0[1], m0[2], m0[3], m2[0], m2[1], m2[2], m2[3]}
}
