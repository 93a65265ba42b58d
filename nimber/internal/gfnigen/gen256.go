package main

import (
	"fmt"
	"strings"
)

// The AVX2 + GFNI kernel works on 32 pairs per block with VEX-encoded 256-bit instructions and only
// the 16 registers Y0–Y15. The 16 byte slices of the two operands alone fill them, so the block is
// first recorded as a sequence of operations on virtual values (trace256, a vecOps), and then given
// registers by alloc256: when none is free it spills the value whose next use is furthest away
// (Belady's rule) to a stack slot, and an operand that lives in a slot is read straight from memory
// where the instruction allows it. The emitted instructions are also executed in emulation mode.
//
// The transposition needs no constants: four rounds of in-lane unpacks (bytes, words, dwords,
// qwords) turn 8 registers of 4 values into 8 registers holding one byte of all 32 values, and four
// more rounds turn them back (see unpackNet).

// op256 kinds.
const (
	o2Load     = iota // dst = 32 bytes at base+off
	o2Store           // 32 bytes at base+off = a
	o2Affine          // dst = GF2P8AFFINEQB(a, matrix constant k)
	o2MulB            // dst = a · b bytewise in the AES field
	o2MulK            // dst = a · constant k
	o2Xor             // dst = a ⊕ b
	o2UnpackLo        // dst = VPUNPCKL{BW,WD,DQ,QDQ}(a, b), element size 1<<size
	o2UnpackHi        // dst = VPUNPCKH…
)

type op256 struct {
	kind      int
	dst, a, b int // SSA values (−1 if none)
	k         int // constant, or element size (log2 bytes) for unpacks
	base      string
	off       int
}

// trace256 records the block as operations on SSA values. A reg handed to the tower code is a
// variable; cur maps it to its current SSA value (the in-place operations define a new one).
type trace256 struct {
	ops   []op256
	nvals int
	cur   []int
}

func (t *trace256) newVal() int { t.nvals++; return t.nvals - 1 }

func (t *trace256) newVar(v int) reg { t.cur = append(t.cur, v); return reg(len(t.cur) - 1) }

func (t *trace256) emit(kind, a, b, k int) int {
	d := t.newVal()
	t.ops = append(t.ops, op256{kind: kind, dst: d, a: a, b: b, k: k})
	return d
}

func (t *trace256) load(base string, off int) reg {
	d := t.newVal()
	t.ops = append(t.ops, op256{kind: o2Load, dst: d, a: -1, b: -1, base: base, off: off})
	return t.newVar(d)
}

func (t *trace256) store(r reg, base string, off int) {
	t.ops = append(t.ops, op256{kind: o2Store, dst: -1, a: t.cur[r], b: -1, base: base, off: off})
}

func (t *trace256) affineK(r reg, k int) { t.cur[r] = t.emit(o2Affine, t.cur[r], -1, k) }

func (t *trace256) unpack(hi bool, size int, a, b reg) reg {
	kind := o2UnpackLo
	if hi {
		kind = o2UnpackHi
	}
	return t.newVar(t.emit(kind, t.cur[a], t.cur[b], size))
}

func (t *trace256) mulb(a, b reg) reg { return t.newVar(t.emit(o2MulB, t.cur[a], t.cur[b], -1)) }
func (t *trace256) mulK(a reg, k int) { t.cur[a] = t.emit(o2MulK, t.cur[a], -1, k) }
func (t *trace256) xor(a, b reg) reg  { return t.newVar(t.emit(o2Xor, t.cur[a], t.cur[b], -1)) }
func (t *trace256) xorInto(d, s reg)  { t.cur[d] = t.emit(o2Xor, t.cur[d], t.cur[s], -1) }
func (t *trace256) xor3Into(d, a, b reg) {
	t.xorInto(d, a)
	t.xorInto(d, b)
}
func (t *trace256) free(rs ...reg) {
	for _, r := range rs {
		if t.cur[r] < 0 {
			panic("double free")
		}
		t.cur[r] = -1
	}
}

// unpackNet runs four rounds of unpacks over 8 registers, with element sizes 1, 2, 4 and 8 bytes: in
// round s the registers i and i|1<<rho[s] (bit rho[s] of i clear) become their low and high
// interleaves. Within each 128-bit lane this permutes the bits of (register index, byte position):
// the new byte-position bit s is the old register bit rho[s], the old position bits s…2 move up by
// one, and the old position bit 3 becomes register bit rho[s].
//
// Forward (value-major → byte slices), with rho = 0, 0, 1, 2: register m holds values 4m…4m+3 (two
// per lane); afterwards register 4·b0 + 2·b1 + b2 holds byte b = 4·b2 + 2·b1 + b0 of all 32 values.
// Backward, with rho = 0, 1, 2, 2 on the slices in byte order, register i ends up holding the
// values of register bitrev3(i) of the forward input, in their original places. gen_test.go checks
// both by emulation.
func (t *trace256) unpackNet(z [8]reg, rho [4]int) [8]reg {
	for s := range 4 {
		bit := 1 << rho[s]
		for i := range 8 {
			if i&bit != 0 {
				continue
			}
			lo := t.unpack(false, s, z[i], z[i|bit])
			hi := t.unpack(true, s, z[i], z[i|bit])
			t.free(z[i], z[i|bit])
			z[i], z[i|bit] = lo, hi
		}
	}
	return z
}

func bitrev3(i int) int { return i>>2&1 | i&2 | i&1<<2 }

// block256 records 32 products: dst[0:32] = a[0:32] ⊗ b[0:32], with dst, a, b in DI, SI, DX.
func (t *trace256) block() {
	slices := func(base string) (r [8]reg) {
		var z [8]reg
		for m := range 8 {
			z[m] = t.load(base, 32*m)
			t.affineK(z[m], kPhi)
		}
		z = t.unpackNet(z, [4]int{0, 0, 1, 2})
		for b := range 8 {
			r[b] = z[bitrev3(b)]
		}
		return r
	}
	ra := slices("SI")
	rb := slices("DX")
	p := mul64(t, ra, rb)
	for i := range 8 {
		t.affineK(p[i], kPhiInv)
	}
	z := t.unpackNet(p, [4]int{0, 1, 2, 2})
	for i := range 8 {
		t.store(z[i], "DI", 32*bitrev3(i))
	}
	t.free(z[:]...)
}

// Constants of the AVX2 kernel, 32 bytes each in gfni256K<>: the same matrices and field constants
// as the AVX-512 kernel (kPhi … kH8p23), no permutation indices.
const numK256 = kH8p23 + 1

// alloc256 assigns registers to a trace and writes the assembly; in emulation mode it also executes
// every instruction it writes.
type alloc256 struct {
	t     *trace256
	emu   bool
	text  strings.Builder
	k     [numK256][32]byte
	reg   []int   // SSA value → register, or −1
	slot  []int   // SSA value → stack slot, or −1
	uses  [][]int // SSA value → the indices of the operations reading it, ascending
	owner [16]int // register → SSA value, or −1
	slots []bool  // stack slot in use
	nslot int     // slots ever used
	// Emulation state.
	yreg [16][32]byte
	smem map[int][32]byte
	mem  map[string][]uint64
}

func newAlloc256(t *trace256, emu bool) *alloc256 {
	g := newGen(false) // for the constants
	a := &alloc256{t: t, emu: emu, smem: map[int][32]byte{}, mem: map[string][]uint64{}}
	for k := range numK256 {
		copy(a.k[k][:], g.k[k][:32])
	}
	n := t.nvals
	a.reg, a.slot, a.uses = make([]int, n), make([]int, n), make([][]int, n)
	for v := range n {
		a.reg[v], a.slot[v] = -1, -1
	}
	for i, o := range t.ops {
		for _, v := range []int{o.a, o.b} {
			if v >= 0 {
				a.uses[v] = append(a.uses[v], i)
			}
		}
	}
	for r := range a.owner {
		a.owner[r] = -1
	}
	return a
}

func (a *alloc256) ins(format string, args ...any) {
	fmt.Fprintf(&a.text, "\t"+format+"\n", args...)
}

// nextUse returns the first operation after i that reads v (a large number if none).
func (a *alloc256) nextUse(v, i int) int {
	for _, u := range a.uses[v] {
		if u > i {
			return u
		}
	}
	return 1 << 30
}

func (a *alloc256) lastUse(v int) int {
	u := a.uses[v]
	if len(u) == 0 {
		return -1
	}
	return u[len(u)-1]
}

// operand is where an instruction reads a value: a register, a stack slot or a constant.
type operand struct {
	reg, slot, k int
}

func (o operand) String() string {
	switch {
	case o.reg >= 0:
		return fmt.Sprintf("Y%d", o.reg)
	case o.slot >= 0:
		return fmt.Sprintf("%d(SP)", 32*o.slot)
	}
	return fmt.Sprintf("gfni256K<>+%d(SB)", 32*o.k)
}

func (a *alloc256) read(o operand) [32]byte {
	switch {
	case o.reg >= 0:
		return a.yreg[o.reg]
	case o.slot >= 0:
		return a.smem[o.slot]
	}
	return a.k[o.k]
}

func (a *alloc256) where(v int) operand {
	if a.reg[v] >= 0 {
		return operand{reg: a.reg[v], slot: -1, k: -1}
	}
	if a.slot[v] < 0 {
		panic("value lost")
	}
	return operand{reg: -1, slot: a.slot[v], k: -1}
}

func konst(k int) operand { return operand{reg: -1, slot: -1, k: k} }

// getReg returns a free register, spilling the value used furthest in the future if there is none;
// the values in keep are not spilled.
func (a *alloc256) getReg(i int, keep ...int) int {
	for r, v := range a.owner {
		if v < 0 {
			return r
		}
	}
	best, bestDist := -1, -1
	for r, v := range a.owner {
		if contains(keep, v) {
			continue
		}
		d := 2 * a.nextUse(v, i)
		if a.slot[v] >= 0 {
			d++ // already in memory: no store needed
		}
		if d > bestDist {
			best, bestDist = r, d
		}
	}
	v := a.owner[best]
	if a.slot[v] < 0 {
		s := 0
		for s < len(a.slots) && a.slots[s] {
			s++
		}
		if s == len(a.slots) {
			a.slots = append(a.slots, false)
		}
		a.slots[s] = true
		a.nslot = max(a.nslot, len(a.slots))
		a.slot[v] = s
		a.ins("VMOVDQU Y%d, %d(SP)", best, 32*s)
		if a.emu {
			a.smem[s] = a.yreg[best]
		}
	}
	a.reg[v], a.owner[best] = -1, -1
	return best
}

func contains(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// inReg makes sure v is in a register and returns it.
func (a *alloc256) inReg(v, i int, keep ...int) int {
	if a.reg[v] >= 0 {
		return a.reg[v]
	}
	r := a.getReg(i, keep...)
	a.ins("VMOVDQU %d(SP), Y%d", 32*a.slot[v], r)
	if a.emu {
		a.yreg[r] = a.smem[a.slot[v]]
	}
	a.reg[v], a.owner[r] = r, v
	return r
}

// release frees the register and slot of v if operation i is its last use.
func (a *alloc256) release(v, i int) {
	if v < 0 || a.lastUse(v) != i {
		return
	}
	if r := a.reg[v]; r >= 0 {
		a.owner[r], a.reg[v] = -1, -1
	}
	if s := a.slot[v]; s >= 0 {
		a.slots[s], a.slot[v] = false, -1
	}
}

var unpackNames = [2][4]string{
	{"VPUNPCKLBW", "VPUNPCKLWD", "VPUNPCKLDQ", "VPUNPCKLQDQ"},
	{"VPUNPCKHBW", "VPUNPCKHWD", "VPUNPCKHDQ", "VPUNPCKHQDQ"},
}

// run assigns registers to every operation and writes (and emulates) its instructions.
func (a *alloc256) run() {
	for i, o := range a.t.ops {
		switch o.kind {
		case o2Load:
			r := a.getReg(i)
			a.ins("VMOVDQU %d(%s), Y%d", o.off, o.base, r)
			if a.emu {
				for j := range 32 {
					a.yreg[r][j] = byte(a.mem[o.base][o.off/8+j/8] >> (8 * (j % 8)))
				}
			}
			a.reg[o.dst], a.owner[r] = r, o.dst
			continue
		case o2Store:
			r := a.inReg(o.a, i)
			a.ins("VMOVDQU Y%d, %d(%s)", r, o.off, o.base)
			if a.emu {
				for q := range 4 {
					var w uint64
					for j := range 8 {
						w |= uint64(a.yreg[r][8*q+j]) << (8 * j)
					}
					a.mem[o.base][o.off/8+q] = w
				}
			}
			a.release(o.a, i)
			continue
		}
		x, y := o.a, o.b
		commutes := o.kind == o2MulB || o.kind == o2Xor
		if commutes && a.reg[x] < 0 && a.reg[y] >= 0 {
			x, y = y, x
		}
		rx := a.inReg(x, i, y)
		var src2 operand
		switch o.kind {
		case o2Affine, o2MulK:
			src2 = konst(o.k)
		default:
			src2 = a.where(y)
		}
		a.release(x, i)
		a.release(y, i)
		d := a.getReg(i, x, y)
		var res [32]byte
		if a.emu {
			res = a.compute(o, a.yreg[rx], a.read(src2))
		}
		switch o.kind {
		case o2Affine:
			a.ins("VGF2P8AFFINEQB $0, %s, Y%d, Y%d", src2, rx, d)
		case o2MulB, o2MulK:
			a.ins("VGF2P8MULB %s, Y%d, Y%d", src2, rx, d)
		case o2Xor:
			a.ins("VPXOR %s, Y%d, Y%d", src2, rx, d)
		case o2UnpackLo, o2UnpackHi:
			a.ins("%s %s, Y%d, Y%d", unpackNames[o.kind-o2UnpackLo][o.k], src2, rx, d)
		}
		a.yreg[d] = res
		a.reg[o.dst], a.owner[d] = d, o.dst
		if len(a.uses[o.dst]) == 0 {
			panic("unused value")
		}
	}
	for r, v := range a.owner {
		if v >= 0 {
			panic(fmt.Sprintf("Y%d still holds value %d", r, v))
		}
	}
}

// compute is what the instruction of o computes from its two sources.
func (a *alloc256) compute(o op256, x, y [32]byte) (r [32]byte) {
	switch o.kind {
	case o2Affine:
		for i := range 32 {
			var m uint64
			for b := range 8 {
				m |= uint64(y[8*(i/8)+b]) << (8 * b)
			}
			r[i] = affine(m, x[i])
		}
	case o2MulB, o2MulK:
		for i := range 32 {
			r[i] = aesMul(x[i], y[i])
		}
	case o2Xor:
		for i := range 32 {
			r[i] = x[i] ^ y[i]
		}
	case o2UnpackLo, o2UnpackHi:
		e := 1 << o.k // element size in bytes
		half := 0
		if o.kind == o2UnpackHi {
			half = 8
		}
		for lane := 0; lane < 32; lane += 16 {
			for j := 0; j < 8/e; j++ { // element j of the source half
				for b := range e {
					r[lane+2*j*e+b] = x[lane+half+j*e+b]
					r[lane+(2*j+1)*e+b] = y[lane+half+j*e+b]
				}
			}
		}
	}
	return r
}

// generate256 returns the assembly source of the AVX2 kernel.
func generate256() string {
	t := &trace256{}
	t.block()
	a := newAlloc256(t, false)
	a.run()
	var b strings.Builder
	writeHeader(&b, "gfni256K", 32, numK256, func(k, i int) byte { return a.k[k][i] })
	fmt.Fprintf(&b, `// func asmMulSliceGFNIAVX2(dst, a, b *uint64, blocks int)
// Spills to %d stack slots of 32 bytes.
TEXT ·asmMulSliceGFNIAVX2(SB), NOSPLIT, $%d-32
	MOVQ dst+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	MOVQ blocks+24(FP), CX
	TESTQ CX, CX
	JZ   done

loop:
`, a.nslot, 32*a.nslot)
	b.WriteString(a.text.String())
	b.WriteString(`	ADDQ $256, DI
	ADDQ $256, SI
	ADDQ $256, DX
	DECQ CX
	JNZ  loop

done:
	VZEROUPPER
	RET
`)
	return b.String()
}
