//go:build amd64 && !purego

package nimber

// The amd64 dispatch: Mul, MulSlice, Square and Sqrt run the fastest path the processor supports,
// chosen once at start-up from its CPU features (asm_cpu_amd64.go); the portable code of
// dispatch_generic.go is used with the purego build tag or on other architectures.

// The levels of the fast paths, from slowest to fastest.
const (
	asmLevelGeneric  = iota // portable Go only
	asmLevelCLMUL           // PCLMULQDQ and AVX: clmulMul, and clmulMulVec for slices
	asmLevelGFNIAVX2        // plus AVX2 and GFNI: asmMulSliceGFNIAVX2 for slices
	asmLevelGFNI            // plus AVX-512F, AVX-512VBMI, GFNI: asmMulSliceGFNI for slices
)

// asmLevel is the level this processor supports; set at init, read-only afterwards.
var asmLevel = asmSelectLevel(asmHaveCLMUL, asmHaveGFNIAVX2, asmHaveGFNI)

// asmSelectLevel returns the fastest level the given CPU features allow: clmul is PCLMULQDQ and
// AVX, gfniAVX2 is GFNI and AVX2, gfni512 is GFNI, AVX-512F and AVX-512VBMI. Both GFNI levels need
// the PCLMULQDQ path for their short tails.
func asmSelectLevel(clmul, gfniAVX2, gfni512 bool) int {
	switch {
	case clmul && gfni512:
		return asmLevelGFNI
	case clmul && gfniAVX2:
		return asmLevelGFNIAVX2
	case clmul:
		return asmLevelCLMUL
	}
	return asmLevelGeneric
}

// mul is a single call, so that it and Mul are inlined: clmulMul itself falls back to mulGeneric
// below asmLevelCLMUL.
func mul(a, b uint64) uint64 { return clmulMul(a, b) }

func mulSlice(dst, a, b []uint64) { asmMulSliceAt(asmLevel, dst, a, b) }

// asmGFNITailMin is the shortest tail (after the 64-pair blocks) that the AVX-512 GFNI kernel
// handles, through a padded buffer; shorter tails go through clmulMulVec. asmGFNIAVX2TailMin is the
// same for the 32-pair blocks of the AVX2 kernel: on an AMD Zen 4 a padded block costs about 44 ns,
// the PCLMULQDQ loop about 5.5 ns per product plus 2 ns, and they cross at 8.
const (
	asmGFNITailMin     = 8
	asmGFNIAVX2TailMin = 8
)

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
	case level >= asmLevelGFNIAVX2:
		blocks := n / 32
		if blocks > 0 {
			asmMulSliceGFNIAVX2(&dst[0], &a[0], &b[0], blocks)
		}
		i, rem := 32*blocks, n%32
		switch {
		case rem >= asmGFNIAVX2TailMin:
			var ta, tb [32]uint64
			copy(ta[:], a[i:n])
			copy(tb[:], b[i:n])
			asmMulSliceGFNIAVX2(&ta[0], &ta[0], &tb[0], 1)
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
