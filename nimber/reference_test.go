package nimber

import (
	"math/bits"
	"sync"
)

// The references of the tests, written straight from the definitions and sharing no code with the
// package.

// textbookMul is the nim-product from the Fermat 2-power rules, as the Codeforces 1310F statement
// writes it: bilinearity over the bits, and for two powers of two, split off the largest Fermat
// 2-power F = 2^(2^n) ≤ max: F⊗x = F·x for x < F, and F⊗F = 3F/2.
func textbookMul(a, b uint64) uint64 {
	var r uint64
	for x := a; x != 0; x &= x - 1 {
		for y := b; y != 0; y &= y - 1 {
			r ^= textbookPow2(x&-x, y&-y)
		}
	}
	return r
}

// textbookPow2 multiplies two powers of two. Its recursion is bounded by the six Fermat 2-powers below 2^64.
func textbookPow2(a, b uint64) uint64 {
	if a == 1 || b == 1 {
		return a * b
	}
	m := max(a, b)
	n := 0
	for n+1 < 6 && uint64(1)<<(1<<(n+1)) <= m {
		n++
	}
	power := uint64(1) << (1 << n)
	switch {
	case a >= power && b >= power:
		return textbookMul(power/2*3, textbookPow2(a/power, b/power))
	case a >= power:
		return textbookPow2(a/power, b) * power
	default:
		return textbookPow2(a, b/power) * power
	}
}

// pow2Table[i][j] = 2^i ⊗ 2^j by the textbook recursion, for the fast reference below.
var pow2Table = sync.OnceValue(func() *[64][64]uint64 {
	var t [64][64]uint64
	for i := range 64 {
		for j := range 64 {
			t[i][j] = textbookPow2(1<<i, 1<<j)
		}
	}
	return &t
})

// rowTable[i][k][v] = 2^i ⊗ (v<<8k), by bilinearity from pow2Table: a textbook product then needs
// one lookup per set bit of a and byte of b.
var rowTable = sync.OnceValue(func() *[64][8][256]uint64 {
	p := pow2Table()
	var t [64][8][256]uint64
	for i := range 64 {
		for k := range 8 {
			for v := range 256 {
				var r uint64
				for y := uint64(v); y != 0; y &= y - 1 {
					r ^= p[i][8*k+bits.TrailingZeros64(y)]
				}
				t[i][k][v] = r
			}
		}
	}
	return &t
})

// textbookMulMemo is textbookMul with the products of powers of two looked up: the same definition
// (bilinearity over the bits), fast enough for millions of pairs.
func textbookMulMemo(a, b uint64) uint64 { return textbookMulRows(rowTable(), a, b) }

// textbookMulRows does the work of textbookMulMemo. The race detector has nothing to find in reads of
// a table that is never written again, and instrumenting them makes the 10^6-pair test slow under
// -race; so the function is not instrumented.
//
//go:norace
func textbookMulRows(t *[64][8][256]uint64, a, b uint64) uint64 {
	var r uint64
	for x := a; x != 0; x &= x - 1 {
		row := &t[bits.TrailingZeros64(x)]
		r ^= row[0][uint8(b)] ^ row[1][uint8(b>>8)] ^ row[2][uint8(b>>16)] ^ row[3][uint8(b>>24)] ^
			row[4][uint8(b>>32)] ^ row[5][uint8(b>>40)] ^ row[6][uint8(b>>48)] ^ row[7][uint8(b>>56)]
	}
	return r
}

// mexTable returns the n×n nim-product table from the definition
// x⊗y = mex{(a⊗b) ⊕ (a⊗y) ⊕ (x⊗b) : a < x, b < y}, filled in order of increasing x and y. All values
// are below 128 when n ≤ 128 (the subfield GF(2^8)), so a 256-bit set holds the excluded values.
// It reads and writes only its own table, so the race detector has nothing to watch: not instrumented.
//
//go:norace
func mexTable(n int) [][]uint64 {
	t := make([][]uint64, n)
	for x := range n {
		t[x] = make([]uint64, n)
		for y := range n {
			var seen [4]uint64
			for a := range x {
				for b := range y {
					v := t[a][b] ^ t[a][y] ^ t[x][b]
					seen[v>>6] |= 1 << (v & 63)
				}
			}
			m := uint64(0)
			for seen[m>>6]>>(m&63)&1 != 0 {
				m++
			}
			t[x][y] = m
		}
	}
	return t
}
