package nimber

import "math/bits"

// The read-only tables of the portable code. They are filled once, by init, and never written again.
//
// GF(2^16) is the nim-subfield of the values below 2^16. Its multiplicative group is cyclic of order
// 65535; logTab and expTab are the logarithm and exponential tables for a fixed generator of it.
// logTab[0] is the sentinel logZero: every sum of two logarithms involving it lands in the zero tail
// of expTab, so a product with a zero factor needs no branch.
const (
	order16 = 1<<16 - 1
	// logZero is larger than any sum of two true logarithms (at most 2·65534).
	logZero = 2*order16 + 1
	expSize = 1 << 18 // > 2·logZero, a power of two so that masking removes the bounds check
)

var (
	logTab [1 << 16]uint32
	expTab [expSize]uint16

	// mulHalf16[i][v] = (v<<8i) ⊗ 2^15: multiplication by 2^15 inside GF(2^16), a GF(2)-linear map.
	mulHalf16 [2][256]uint16
	// mulHalf32[i][v] = (v<<8i) ⊗ 2^31 inside GF(2^32).
	mulHalf32 [4][256]uint32

	// squareTab[i][v] = (v<<8i) ⊗ (v<<8i), sqrtTab likewise for the square root; both maps are GF(2)-linear.
	squareTab [8][256]uint64
	sqrtTab   [8][256]uint64

	// quadTab[i][v] is the GF(2)-linear map S with S(a)⊗S(a) ⊕ S(a) = a for every a of trace 0.
	quadTab [8][256]uint64

	// traceMask: Trace(a) is the parity of a & traceMask.
	traceMask uint64
)

func init() {
	buildLogExp()
	for i := range 2 {
		for v := range 256 {
			mulHalf16[i][v] = mulSmall(uint16(v<<(8*i)), 1<<15)
		}
	}
	for i := range 4 {
		for v := range 256 {
			mulHalf32[i][v] = mul32(uint32(v)<<(8*i), 1<<31)
		}
	}
	// Squaring and its inverse are linear: tabulate them from the images of the 64 unit vectors.
	var sq, rt [64]uint64
	for j := range 64 {
		sq[j] = mulGeneric(1<<j, 1<<j)
	}
	// The square root is the Frobenius map applied 63 times: Sqrt(x) = x^(2^63).
	for j := range 64 {
		x := uint64(1) << j
		for range 63 {
			x = applyLinear(&sq, x)
		}
		rt[j] = x
	}
	fillByteTables(&squareTab, &sq)
	fillByteTables(&sqrtTab, &rt)
	// Trace(x) = x ⊕ x^2 ⊕ x^4 ⊕ … ⊕ x^(2^63) is linear and takes values in {0, 1}.
	for j := range 64 {
		x, t := uint64(1)<<j, uint64(0)
		for range 64 {
			t ^= x
			x = applyLinear(&sq, x)
		}
		if t != 0 && t != 1 {
			panic("nimber: trace outside GF(2)")
		}
		traceMask |= t << j
	}
	buildQuadratic(&sq)
}

// applyLinear applies the GF(2)-linear map with columns m (m[j] is the image of 2^j) to x.
func applyLinear(m *[64]uint64, x uint64) uint64 {
	var y uint64
	for x != 0 {
		j := bits.TrailingZeros64(x)
		y ^= m[j]
		x &= x - 1
	}
	return y
}

// fillByteTables turns the columns of a linear map into 8 byte-indexed tables.
func fillByteTables(t *[8][256]uint64, m *[64]uint64) {
	for i := range 8 {
		for v := range 256 {
			t[i][v] = applyLinear(m, uint64(v)<<(8*i))
		}
	}
}

// lookupLinear applies a linear map stored as byte tables.
func lookupLinear(t *[8][256]uint64, x uint64) uint64 {
	return t[0][uint8(x)] ^ t[1][uint8(x>>8)] ^ t[2][uint8(x>>16)] ^ t[3][uint8(x>>24)] ^
		t[4][uint8(x>>32)] ^ t[5][uint8(x>>40)] ^ t[6][uint8(x>>48)] ^ t[7][x>>56]
}

// buildQuadratic finds the linear map S that solves x⊗x ⊕ x = a. The map L(x) = x⊗x ⊕ x is linear with
// kernel {0, 1}; its image is the hyperplane of trace-0 elements. Gauss–Jordan elimination on the
// images L(2^j) gives a fully reduced basis r_k of the image, each with a preimage c_k. A fully
// reduced basis has each pivot bit in exactly one row, so an image element a is the XOR of the rows
// whose pivot bits are set in a, and S(a) is the XOR of their c_k: a linear function of a.
func buildQuadratic(sq *[64]uint64) {
	var rows, pre [64]uint64
	var pivot [64]int
	n := 0
	for j := range 64 {
		r, c := sq[j]^(1<<j), uint64(1)<<j
		for k := range n {
			if r>>pivot[k]&1 != 0 {
				r ^= rows[k]
				c ^= pre[k]
			}
		}
		if r == 0 {
			continue
		}
		p := 63 - bits.LeadingZeros64(r)
		for k := range n {
			if rows[k]>>p&1 != 0 {
				rows[k] ^= r
				pre[k] ^= c
			}
		}
		rows[n], pre[n], pivot[n] = r, c, p
		n++
	}
	if n != 63 {
		panic("nimber: x⊗x ⊕ x does not have rank 63")
	}
	var s [64]uint64
	for k := range n {
		s[pivot[k]] = pre[k]
	}
	fillByteTables(&quadTab, &s)
}

// mulSmall multiplies two nimbers below 2^16 straight from the tower rules, with no tables: it
// bootstraps the tables. Writing a = a1·T ⊕ a0 with T = 2^h (a Fermat 2-power) and T⊗T = T ⊕ T/2,
//
//	a⊗b = ((a0⊕a1)⊗(b0⊕b1) ⊕ a0⊗b0)·T ⊕ a0⊗b0 ⊕ (a1⊗b1)⊗(T/2).
//
// The recursion is at most four levels deep.
func mulSmall(a, b uint16) uint16 {
	return uint16(mulTower(uint64(a), uint64(b), 16))
}

func mulTower(a, b uint64, width uint) uint64 {
	if width == 1 {
		return a & b
	}
	h := width / 2
	mask := uint64(1)<<h - 1
	a0, a1, b0, b1 := a&mask, a>>h, b&mask, b>>h
	p0 := mulTower(a0, b0, h)
	p1 := mulTower(a0^a1, b0^b1, h)
	p2 := mulTower(a1, b1, h)
	return (p1^p0)<<h | p0 ^ mulTower(p2, 1<<(h-1), h)
}

// logGenerator is the smallest generator of GF(2^16)^*, the base of logTab and expTab. Searching
// for it (powSmall for each candidate) took most of a process's start-up, ~10–30 ms, paid by every
// run of the command and every worker of the web server; TestLogGenerator repeats the search.
const logGenerator = 0x102

// buildLogExp tabulates the powers of logGenerator, checking on the way that it has order 65535.
func buildLogExp() {
	// Multiplication by the generator is linear: two byte tables, made from the images of the 16
	// unit vectors, make each step of the walk cheap.
	var cols [16]uint16
	for k := range cols {
		cols[k] = mulSmall(1<<k, logGenerator)
	}
	var byGen [2][256]uint16
	for i := range 2 {
		for v := range 256 {
			for b := range 8 {
				if v>>b&1 == 1 {
					byGen[i][v] ^= cols[8*i+b]
				}
			}
		}
	}
	x := uint16(1)
	for i := range order16 {
		if x == 1 && i > 0 {
			panic("nimber: GF(2^16) generator has the wrong order")
		}
		expTab[i] = x
		expTab[i+order16] = x
		logTab[x] = uint32(i)
		x = byGen[0][uint8(x)] ^ byGen[1][x>>8]
	}
	if x != 1 {
		panic("nimber: GF(2^16) generator has the wrong order")
	}
	logTab[0] = logZero
	// expTab[2·order16 ..] stays zero: every index reached through logZero lies there.
}
