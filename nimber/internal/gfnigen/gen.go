package main

import (
	"fmt"
	"strings"
)

// gen emits the byte-sliced GFNI kernel as Go assembly and, in emulation mode, also computes what the
// instructions compute, so the data flow can be checked in portable Go (see gen_test.go).
type gen struct {
	emu   bool
	text  strings.Builder
	inUse [32]bool
	peak  int
	val   [32][64]byte
	k     [numK][64]byte // the constants (emulation and DATA)
	mem   map[string][]uint64
}

// Constant vectors, 64 bytes each, in the DATA symbol gfniK<>.
const (
	kPhi    = iota // GF2P8AFFINEQB matrix of φ: nim byte → AES byte
	kPhiInv        // matrix of φ⁻¹
	kH8            // φ(0x80), the constant F/2 of the 16-bit level, in every byte
	kH8p2          // φ(0x80)²
	kH8p3          // φ(0x80)³
	kH8p23         // φ(0x80)² ⊕ φ(0x80)³
	kL1lo          // VPERMI2B indices of the forward transpose, levels 1–3, two halves each
	kL1hi
	kL2lo
	kL2hi
	kL3lo
	kL3hi
	kI3lo // indices of the inverse transpose
	kI3hi
	kI2lo
	kI2hi
	kI1lo
	kI1hi
	numK
)

var kNames = [numK]string{"φ matrix", "φ⁻¹ matrix", "h8 = φ(0x80)", "h8²", "h8³", "h8² ⊕ h8³",
	"transpose level 1, low half", "transpose level 1, high half", "transpose level 2, low half",
	"transpose level 2, high half", "transpose level 3, low half", "transpose level 3, high half",
	"inverse transpose level 3, low half", "inverse transpose level 3, high half",
	"inverse transpose level 2, low half", "inverse transpose level 2, high half",
	"inverse transpose level 1, low half", "inverse transpose level 1, high half"}

func newGen(emu bool) *gen {
	g := &gen{emu: emu, mem: map[string][]uint64{}}
	phi := phiMap()
	var inv [256]byte
	for x := range 256 {
		inv[phi[x]] = byte(x)
	}
	pm := affineMatrix(func(x byte) byte { return phi[x] })
	im := affineMatrix(func(x byte) byte { return inv[x] })
	h8 := phi[0x80]
	h2 := aesMul(h8, h8)
	h3 := aesMul(h2, h8)
	for i := range 64 {
		g.k[kPhi][i] = byte(pm >> (8 * (i % 8)))
		g.k[kPhiInv][i] = byte(im >> (8 * (i % 8)))
		g.k[kH8][i], g.k[kH8p2][i], g.k[kH8p3][i], g.k[kH8p23][i] = h8, h2, h3, h2^h3
	}
	for o := range 64 {
		for h := range 2 {
			v, j := o/4, o%4
			g.k[kL1lo+h][o] = byte(64*(v/8) + 8*(v%8) + 4*h + j)
			v, j = o/2, o%2
			g.k[kL2lo+h][o] = byte(64*(v/16) + 4*(v%16) + 2*h + j)
			v = o
			g.k[kL3lo+h][o] = byte(64*(v/32) + 2*(v%32) + h)
			v, j = o/2, o%2
			g.k[kI3lo+h][o] = byte(64*j + 32*h + v)
			v, j = o/4, o%4
			g.k[kI2lo+h][o] = byte(64*(j/2) + 2*(16*h+v) + j%2)
			v, j = o/8, o%8
			g.k[kI1lo+h][o] = byte(64*(j/4) + 4*(8*h+v) + j%4)
		}
	}
	return g
}

type reg int

func (g *gen) ins(format string, args ...any) {
	fmt.Fprintf(&g.text, "\t"+format+"\n", args...)
}

func (g *gen) alloc() reg {
	for i := range g.inUse {
		if !g.inUse[i] {
			g.inUse[i] = true
			n := 0
			for _, u := range g.inUse {
				if u {
					n++
				}
			}
			g.peak = max(g.peak, n)
			return reg(i)
		}
	}
	panic("out of vector registers")
}

func (g *gen) free(rs ...reg) {
	for _, r := range rs {
		if !g.inUse[r] {
			panic("double free")
		}
		g.inUse[r] = false
	}
}

func kref(k int) string { return fmt.Sprintf("gfniK<>+%d(SB)", 64*k) }

// load reads 8 qwords from base+off.
func (g *gen) load(base string, off int) reg {
	r := g.alloc()
	g.ins("VMOVDQU64 %d(%s), Z%d", off, base, r)
	if g.emu {
		for i := range 64 {
			g.val[r][i] = byte(g.mem[base][off/8+i/8] >> (8 * (i % 8)))
		}
	}
	return r
}

func (g *gen) store(r reg, base string, off int) {
	g.ins("VMOVDQU64 Z%d, %d(%s)", r, off, base)
	if g.emu {
		for q := range 8 {
			var w uint64
			for b := range 8 {
				w |= uint64(g.val[r][8*q+b]) << (8 * b)
			}
			g.mem[base][off/8+q] = w
		}
	}
}

// affineK applies the matrix constant k to every byte of r, in place.
func (g *gen) affineK(r reg, k int) {
	g.ins("VGF2P8AFFINEQB $0, %s, Z%d, Z%d", kref(k), r, r)
	if g.emu {
		for i := range 64 {
			q := 8 * (i / 8)
			var m uint64
			for b := range 8 {
				m |= uint64(g.k[k][q+b]) << (8 * b)
			}
			g.val[r][i] = affine(m, g.val[r][i])
		}
	}
}

// mulb returns the bytewise AES-field product of a and b.
func (g *gen) mulb(a, b reg) reg {
	d := g.alloc()
	g.ins("VGF2P8MULB Z%d, Z%d, Z%d", b, a, d)
	if g.emu {
		for i := range 64 {
			g.val[d][i] = aesMul(g.val[a][i], g.val[b][i])
		}
	}
	return d
}

// mulK sets a to the bytewise product of a and the constant k.
func (g *gen) mulK(a reg, k int) {
	g.ins("VGF2P8MULB %s, Z%d, Z%d", kref(k), a, a)
	if g.emu {
		for i := range 64 {
			g.val[a][i] = aesMul(g.val[a][i], g.k[k][i])
		}
	}
}

// xorInto sets d ^= s.
func (g *gen) xorInto(d, s reg) {
	g.ins("VPXORQ Z%d, Z%d, Z%d", s, d, d)
	if g.emu {
		for i := range 64 {
			g.val[d][i] ^= g.val[s][i]
		}
	}
}

// xor returns a ^ b.
func (g *gen) xor(a, b reg) reg {
	d := g.alloc()
	g.ins("VPXORQ Z%d, Z%d, Z%d", b, a, d)
	if g.emu {
		for i := range 64 {
			g.val[d][i] = g.val[a][i] ^ g.val[b][i]
		}
	}
	return d
}

// xor3Into sets d ^= a ^ b.
func (g *gen) xor3Into(d, a, b reg) {
	g.ins("VPTERNLOGQ $0x96, Z%d, Z%d, Z%d", b, a, d)
	if g.emu {
		for i := range 64 {
			g.val[d][i] ^= g.val[a][i] ^ g.val[b][i]
		}
	}
}

// permute returns the bytes of the 128-byte table t1:t2 selected by the index vector k.
func (g *gen) permute(k int, t1, t2 reg) reg {
	d := g.alloc()
	g.ins("VMOVDQU64 %s, Z%d", kref(k), d)
	g.ins("VPERMI2B Z%d, Z%d, Z%d", t2, t1, d)
	if g.emu {
		for o := range 64 {
			idx := g.k[k][o] & 127
			if idx < 64 {
				g.val[d][o] = g.val[t1][idx]
			} else {
				g.val[d][o] = g.val[t2][idx-64]
			}
		}
	}
	return d
}

// transpose turns 8 registers of 8 values each (value-major) into 8 registers holding byte 0, …, 7 of
// all 64 values (value v at byte position v), consuming its input.
func (g *gen) transpose(z [8]reg) (r [8]reg) {
	var l [4][2]reg // [value block of 16][byte group of 4]
	for p := range 4 {
		l[p][0] = g.permute(kL1lo, z[2*p], z[2*p+1])
		l[p][1] = g.permute(kL1hi, z[2*p], z[2*p+1])
		g.free(z[2*p], z[2*p+1])
	}
	var m [2][4]reg // [value block of 32][byte pair]
	for grp := range 2 {
		for q := range 2 {
			m[q][2*grp] = g.permute(kL2lo, l[2*q][grp], l[2*q+1][grp])
			m[q][2*grp+1] = g.permute(kL2hi, l[2*q][grp], l[2*q+1][grp])
			g.free(l[2*q][grp], l[2*q+1][grp])
		}
	}
	for bp := range 4 {
		r[2*bp] = g.permute(kL3lo, m[0][bp], m[1][bp])
		r[2*bp+1] = g.permute(kL3hi, m[0][bp], m[1][bp])
		g.free(m[0][bp], m[1][bp])
	}
	return r
}

// untranspose is the inverse of transpose, consuming its input.
func (g *gen) untranspose(r [8]reg) (z [8]reg) {
	var m [2][4]reg
	for bp := range 4 {
		m[0][bp] = g.permute(kI3lo, r[2*bp], r[2*bp+1])
		m[1][bp] = g.permute(kI3hi, r[2*bp], r[2*bp+1])
		g.free(r[2*bp], r[2*bp+1])
	}
	var l [4][2]reg
	for grp := range 2 {
		for q := range 2 {
			l[2*q][grp] = g.permute(kI2lo, m[q][2*grp], m[q][2*grp+1])
			l[2*q+1][grp] = g.permute(kI2hi, m[q][2*grp], m[q][2*grp+1])
			g.free(m[q][2*grp], m[q][2*grp+1])
		}
	}
	for p := range 4 {
		z[2*p] = g.permute(kI1lo, l[p][0], l[p][1])
		z[2*p+1] = g.permute(kI1hi, l[p][0], l[p][1])
		g.free(l[p][0], l[p][1])
	}
	return z
}

// block emits the code for 64 products: dst[0:64] = a[0:64] ⊗ b[0:64], with dst, a, b in DI, SI, DX.
func (g *gen) block() {
	var za, zb [8]reg
	for m := range 8 {
		za[m] = g.load("SI", 64*m)
		g.affineK(za[m], kPhi)
	}
	ra := g.transpose(za)
	for m := range 8 {
		zb[m] = g.load("DX", 64*m)
		g.affineK(zb[m], kPhi)
	}
	rb := g.transpose(zb)
	p := mul64(g, ra, rb)
	for i := range 8 {
		g.affineK(p[i], kPhiInv)
	}
	z := g.untranspose(p)
	for m := range 8 {
		g.store(z[m], "DI", 64*m)
	}
	g.free(z[:]...)
}
