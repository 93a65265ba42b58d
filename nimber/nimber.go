package nimber

import "math/bits"

// Add returns the nim-sum a ⊕ b, which is the bitwise exclusive or a ^ b. Every nimber is its own
// negative, so Add is also subtraction.
func Add(a, b uint64) uint64 { return a ^ b }

// Mul returns the nim-product a ⊗ b. It is exact on the whole uint64 range: the values below 2^64
// form the field GF(2^64), closed under ⊗. Mul(a, 0) = 0 and Mul(a, 1) = a.
func Mul(a, b uint64) uint64 { return mul(a, b) }

// MulSlice sets dst[i] = a[i] ⊗ b[i] for every i < len(a). It is the batch form of Mul, faster per
// product where the processor offers GFNI (with AVX2 or AVX-512) or carry-less multiplication. dst may be exactly a or b
// (the same first element); if dst overlaps a or b in any other way the results are unspecified.
// MulSlice panics if len(b) != len(a) or len(dst) < len(a).
func MulSlice(dst, a, b []uint64) {
	if len(b) != len(a) {
		panic("nimber: MulSlice: len(b) != len(a)")
	}
	if len(dst) < len(a) {
		panic("nimber: MulSlice: dst shorter than a")
	}
	mulSlice(dst[:len(a)], a, b)
}

// Square returns a ⊗ a. Squaring is GF(2)-linear in a nim-field (Square(a ⊕ b) = Square(a) ⊕
// Square(b)) and a bijection of the values below 2^64.
func Square(a uint64) uint64 {
	// The byte tables by name, and the word shifted in steps: this form is inlined by the compiler
	// (its cost is within the inlining budget) and compiles to few instructions per byte.
	r := squareTab[0][uint8(a)] ^ squareTab[1][uint8(a>>8)]
	a >>= 16
	r ^= squareTab[2][uint8(a)] ^ squareTab[3][uint8(a>>8)]
	a >>= 16
	r ^= squareTab[4][uint8(a)] ^ squareTab[5][uint8(a>>8)]
	a >>= 16
	return r ^ squareTab[6][uint8(a)] ^ squareTab[7][a>>8]
}

// Sqrt returns the unique x with x ⊗ x = a. Every nimber has exactly one square root, since the field
// has characteristic 2; Sqrt is the inverse of Square.
func Sqrt(a uint64) uint64 {
	// As in Square.
	r := sqrtTab[0][uint8(a)] ^ sqrtTab[1][uint8(a>>8)]
	a >>= 16
	r ^= sqrtTab[2][uint8(a)] ^ sqrtTab[3][uint8(a>>8)]
	a >>= 16
	r ^= sqrtTab[4][uint8(a)] ^ sqrtTab[5][uint8(a>>8)]
	a >>= 16
	return r ^ sqrtTab[6][uint8(a)] ^ sqrtTab[7][a>>8]
}

// Inv returns the nim-inverse of a: the x with a ⊗ x = 1. Zero has no inverse; Inv(0) returns 0, the
// value of the map x ↦ x^(2^64−2) at 0.
func Inv(a uint64) uint64 { return invGeneric(a) }

// Div returns the nim-quotient a ⊘ b = a ⊗ Inv(b). It panics if b is 0, as integer division does.
func Div(a, b uint64) uint64 {
	if b == 0 {
		panic("nimber: division by zero")
	}
	return mul(a, invGeneric(b))
}

// Pow returns a raised to the ordinary integer power e in the nim-field: a ⊗ a ⊗ … ⊗ a (e factors).
// Pow(a, 0) = 1 for every a, including 0. Since a^(2^64−1) = 1 for a ≠ 0, exponents may be reduced
// modulo 2^64−1 for nonzero a.
func Pow(a, e uint64) uint64 {
	r := uint64(1)
	for ; e != 0; e >>= 1 {
		if e&1 != 0 {
			r = mul(r, a)
		}
		a = Square(a)
	}
	return r
}

// Trace returns the absolute trace a ⊕ a^2 ⊕ a^4 ⊕ … ⊕ a^(2^63) of a, which is 0 or 1. It is
// GF(2)-linear, and it decides SolveQuadratic: x⊗x ⊕ x = a has a solution exactly when Trace(a) = 0.
func Trace(a uint64) uint64 { return uint64(bits.OnesCount64(a&traceMask) & 1) }

// SolveQuadratic solves x⊗x ⊕ x = a. When a solution exists (exactly when Trace(a) = 0) it returns one
// root x and ok = true; the other root is x ⊕ 1 (Add(x, 1)). Otherwise it returns 0, false.
func SolveQuadratic(a uint64) (x uint64, ok bool) {
	if Trace(a) != 0 {
		return 0, false
	}
	return lookupLinear(&quadTab, a), true
}

// FieldBits returns the width of the smallest nim-subfield holding a: the least of 1, 2, 4, 8, 16, 32,
// 64 with a < 2^FieldBits(a). The values below 2^(2^k) form a subfield GF(2^(2^k)) for every k, and
// these are the only subfields of GF(2^64).
func FieldBits(a uint64) int {
	w := 1
	for w < 64 && a>>w != 0 {
		w *= 2
	}
	return w
}
