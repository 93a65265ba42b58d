// Package nimber is arithmetic in Conway's nim-field: the nimbers (the Grundy values of impartial
// games) with nim-addition and nim-multiplication, on uint64 values and, through the type Big, on
// wider ones.
//
// # The field
//
// The nim-sum of two heaps is the Grundy value of the game in which a player moves in either heap:
// x ⊕ y is the bitwise exclusive or (Add). The nim-product is the Grundy value of the product game
// (a move in both components at once, as in "turning corners"), defined by the minimal excludant
//
//	x ⊗ y = mex{ (a⊗b) ⊕ (a⊗y) ⊕ (x⊗b) : a < x, b < y }.
//
// With ⊕ and ⊗ the non-negative integers form a field of characteristic 2 (Conway, On Numbers and
// Games, chapter 6). Two rules make ⊗ computable. A Fermat 2-power is F = 2^(2^n):
//
//	F ⊗ x = F · x  for x < F  (the ordinary product),
//	F ⊗ F = 3F/2 = F ⊕ F/2.
//
// The values below a Fermat 2-power 2^(2^n) form a subfield GF(2^(2^n)); so the values below 2^64 are
// the field GF(2^64), closed under every operation of this package, and the uint64 functions are exact
// on the whole range. A small table (a⊗b for a, b < 8):
//
//	⊗ | 0 1 2 3  4  5  6  7
//	--+---------------------
//	1 | 0 1 2 3  4  5  6  7
//	2 | 0 2 3 1  8 10 11  9
//	3 | 0 3 1 2 12 15 13 14
//	4 | 0 4 8 12 6  2 14 10
//
// # The operations
//
// Add (⊕) is its own inverse. Mul multiplies; MulSlice multiplies many pairs at once. Square and Sqrt
// are GF(2)-linear maps, inverse to each other: every nimber has exactly one square root. Inv and Div
// divide; Pow raises to an ordinary integer power. The multiplicative group of GF(2^64) is cyclic of
// order GroupOrder = 2^64−1 = 3·5·17·257·641·65537·6700417: Order gives the multiplicative order of a
// value, Log the discrete logarithm to the base Generator, and LogBase solves a^x = b for any a, b
// (Codeforces 1310F). Trace is the absolute trace to GF(2); it decides when the quadratic
// x⊗x ⊕ x = a has a root, which SolveQuadratic finds. FieldBits names the smallest subfield holding a
// value.
//
// # How it is computed
//
// The portable code splits a 64-bit value into halves around the Fermat 2-power T = 2^32 (and each
// half around 2^16): with a = a1·T ⊕ a0 and T⊗T = T ⊕ T/2,
//
//	a ⊗ b = ((a0⊕a1)⊗(b0⊕b1) ⊕ a0⊗b0)·T ⊕ a0⊗b0 ⊕ (a1⊗b1)⊗(T/2),
//
// three half products (Karatsuba); inside GF(2^32) the four products of 16-bit digits are looked up in
// logarithm tables of GF(2^16).
// The inverse uses the norm to the half field: the conjugate of a1·T ⊕ a0 is a1·T ⊕ (a0⊕a1). On amd64
// the exported functions may use assembly chosen once by CPU feature: Mul uses carry-less
// multiplication (PCLMULQDQ); MulSlice uses byte-sliced kernels that multiply 64 pairs (AVX-512
// with GFNI) or 32 pairs (AVX2 with GFNI) at a time with GF2P8MULB, and otherwise a PCLMULQDQ loop.
// The build tag purego forces the portable code. All tables are built once at start-up and only read.
//
// # Wide nimbers
//
// Big holds nimbers of up to MaxBigBits = 2^16 bits (the field GF(2^(2^16))), with Add, Mul, Square,
// Sqrt, Inv, Div, Pow, comparisons, and parsing and formatting in decimal and 0x hex. It uses the same
// tower down to the 64-bit Mul.
package nimber
