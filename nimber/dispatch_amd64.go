//go:build amd64 && !purego

package nimber

// The amd64 dispatch: Mul, MulSlice, Square and Sqrt run the fastest path the processor supports,
// chosen once at start-up from its CPU features (asm_cpu_amd64.go); the portable code of
// dispatch_generic.go is used with the purego build tag or on other architectures.

// The levels of the fast paths, from slowest to fastest.
const (
	asmLevelGeneric = iota // portable Go only
	asmLevelCLMUL          // PCLMULQDQ and AVX: clmulMul, and clmulMulVec for slices
	asmLevelGFNI           // plus AVX-512F, AVX-512VBMI, GFNI: asmMulSliceGFNI for slices
)

// asmLevel is the level this processor supports; set at init, read-only afterwards.
var asmLevel = asmSelectLevel(asmHaveCLMUL, asmHaveGFNI)

// asmSelectLevel returns the fastest level the given CPU features allow.
func asmSelectLevel(clmul, gfni bool) int {
	switch {
	case clmul && gfni:
		return asmLevelGFNI
	case clmul:
		return asmLevelCLMUL
	}
	return asmLevelGeneric
}

// mul is a single call, so that it and Mul are inlined: clmulMul itself falls back to mulGeneric
// below asmLevelCLMUL.
func mul(a, b uint64) uint64 { return clmulMul(a, b) }

func mulSlice(dst, a, b []uint64) { asmMulSliceAt(asmLevel, dst, a, b) }

// asmGFNITailMin is the shortest tail (after the 64-pair blocks) that the GFNI kernel handles,
// through a padded buffer; shorter tails go through clmulMulVec.
const asmGFNITailMin = 8

// asmMulSliceAt sets dst[i] = a[i]⊗b[i] for i < min(len(dst), len(a), len(b)) with the fast path of
// the given level, which must not exceed asmLevel. dst may be a or b.
func asmMulSliceAt(level int, dst, a, b []uint64) {
	n := min(len(dst), len(a), len(b))
	if n == 0 {
		return
	}
	switch {
	case level >= asmLevelGFNI:
		blocks := n / 64
		if blocks > 0 {
			asmMulSliceGFNI(&dst[0], &a[0], &b[0], blocks)
		}
		i, rem := 64*blocks, n%64
		switch {
		case rem >= asmGFNITailMin:
			var ta, tb [64]uint64
			copy(ta[:], a[i:n])
			copy(tb[:], b[i:n])
			asmMulSliceGFNI(&ta[0], &ta[0], &tb[0], 1)
			copy(dst[i:n], ta[:rem])
		case rem > 0:
			clmulMulVec(&dst[i], &a[i], &b[i], rem)
		}
	case level >= asmLevelCLMUL:
		clmulMulVec(&dst[0], &a[0], &b[0], n)
	default:
		mulSliceGeneric(dst[:n], a[:n], b[:n])
	}
}
