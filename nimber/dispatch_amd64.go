//go:build amd64 && !purego

package nimber

import (
	"sync/atomic"

	"grundy/internal/kernels"
)

// The amd64 dispatch. Mul (and Square, Sqrt, …) and MulSlice each have several implementations:
// the portable code of generic.go, PCLMULQDQ (clmul_amd64.s), and for slices two GFNI kernels.
// Which ones this processor can run is read from its CPU features (asm_cpu_amd64.go); which one
// runs is chosen by measurement the first time it is needed (kernels.go), once per process. The
// portable code alone is used with the purego build tag or on other architectures
// (dispatch_generic.go).

// The levels of the fast paths.
const (
	asmLevelGeneric  = iota // portable Go only
	asmLevelCLMUL           // PCLMULQDQ and AVX: clmulMul, and clmulMulVec for slices
	asmLevelGFNIAVX2        // plus AVX2 and GFNI: asmMulSliceGFNIAVX2 for slices
	asmLevelGFNI            // plus AVX-512F, AVX-512VBMI, GFNI: asmMulSliceGFNI for slices
)

// asmLevel is the highest level this processor's features allow (what it can run, not what runs);
// set at init, read-only afterwards.
var asmLevel = asmSelectLevel(asmHaveCLMUL, asmHaveGFNIAVX2, asmHaveGFNI)

// asmSelectLevel returns the highest level the given CPU features allow: clmul is PCLMULQDQ and
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

// The scalar product's candidates (mulOp) and their levels.
var mulNames = []kernels.Candidate{
	{Name: "go"},
	{Name: "clmul", Missing: kernels.MissingUnless(asmHaveCLMUL, "no PCLMULQDQ and AVX")},
}

// mulWith is the product with candidate k of mulNames.
func mulWith(k int, a, b uint64) uint64 {
	if k == 1 {
		return clmulMul(a, b)
	}
	return mulGeneric(a, b)
}

// The batch product's candidates (sliceOp): candidate k runs level k.
var sliceNames = []kernels.Candidate{
	asmLevelGeneric:  {Name: "go"},
	asmLevelCLMUL:    {Name: "clmul", Missing: kernels.MissingUnless(asmHaveCLMUL, "no PCLMULQDQ and AVX")},
	asmLevelGFNIAVX2: {Name: "gfni-avx2", Missing: kernels.MissingUnless(asmHaveCLMUL && asmHaveGFNIAVX2, "no GFNI, AVX2 and PCLMULQDQ")},
	asmLevelGFNI:     {Name: "gfni-avx512", Missing: kernels.MissingUnless(asmHaveCLMUL && asmHaveGFNI, "no GFNI, AVX-512F, AVX-512VBMI and PCLMULQDQ")},
}

// mulSliceWith is the batch product with candidate (level) k of sliceNames.
func mulSliceWith(k int, dst, a, b []uint64) { asmMulSliceAt(k, dst, a, b) }

// mulKernel caches mulOp's pick for mulFast, which reads it in assembly: 0 until the first product
// calibrates mulOp, then mulKernelGo or mulKernelCLMUL. Written only with atomic stores of the
// one value the calibration chose.
var mulKernel int32

const (
	mulKernelGo    = 1
	mulKernelCLMUL = 2
)

// mul is a single call, so that it and Mul are inlined.
func mul(a, b uint64) uint64 { return mulFast(a, b) }

// mulSlow is mulFast's path until the choice is cached as CLMUL: it makes the choice (once per
// process), caches it in mulKernel and returns the product by the chosen path.
//
//lint:ignore U1000 mulFast (clmul_amd64.s) jumps to it
func mulSlow(a, b uint64) uint64 {
	if mulOp.Pick() == 1 {
		atomic.StoreInt32(&mulKernel, mulKernelCLMUL)
		return clmulMul(a, b)
	}
	atomic.StoreInt32(&mulKernel, mulKernelGo)
	return mulGeneric(a, b)
}

func mulSlice(dst, a, b []uint64) { asmMulSliceAt(sliceOp.Pick(), dst, a, b) }

// asmGFNITailMin is the shortest tail (after the 64-pair blocks) that the AVX-512 GFNI kernel
// handles, through a padded buffer; shorter tails go through clmulMulVec. asmGFNIAVX2TailMin is the
// same for the 32-pair blocks of the AVX2 kernel: on an AMD Zen 4 a padded block costs about 44 ns,
// the PCLMULQDQ loop about 5.5 ns per product plus 2 ns, and they cross at 8.
const (
	asmGFNITailMin     = 8
	asmGFNIAVX2TailMin = 8
)

// asmMulSliceAt sets dst[i] = a[i]⊗b[i] for i < min(len(dst), len(a), len(b)) with the fast path of
// the given level, which this processor must be able to run. dst may be a or b.
func asmMulSliceAt(level int, dst, a, b []uint64) {
	n := min(len(dst), len(a), len(b))
	if n == 0 {
		return
	}
	switch {
	case level >= asmLevelGFNI:
		asmMulBlocks(dst[:n], a[:n], b[:n], true)
	case level >= asmLevelGFNIAVX2:
		asmMulBlocks(dst[:n], a[:n], b[:n], false)
	case level >= asmLevelCLMUL:
		clmulMulVec(&dst[0], &a[0], &b[0], n)
	default:
		mulSliceGeneric(dst[:n], a[:n], b[:n])
	}
}

// asmMulBlocks runs a GFNI batch kernel — the AVX-512 one on blocks of 64 pairs, or the AVX2 one
// on blocks of 32 — over dst[i] = a[i]⊗b[i], all three of one length: whole blocks in place, a
// tail of at least the kernel's TailMin pairs through one zero-padded block, a shorter one through
// clmulMulVec. (The kernel is chosen by a flag, not passed as a function value, so that nothing
// escapes to the heap.)
func asmMulBlocks(dst, a, b []uint64, avx512 bool) {
	size, tailMin := 32, asmGFNIAVX2TailMin
	if avx512 {
		size, tailMin = 64, asmGFNITailMin
	}
	kernel := func(dst, a, b *uint64, blocks int) {
		if avx512 {
			asmMulSliceGFNI(dst, a, b, blocks)
		} else {
			asmMulSliceGFNIAVX2(dst, a, b, blocks)
		}
	}
	n := len(dst)
	blocks := n / size
	if blocks > 0 {
		kernel(&dst[0], &a[0], &b[0], blocks)
	}
	i, rem := size*blocks, n%size
	switch {
	case rem >= tailMin:
		var ta, tb [64]uint64
		copy(ta[:], a[i:n])
		copy(tb[:], b[i:n])
		kernel(&ta[0], &ta[0], &tb[0], 1)
		copy(dst[i:n], ta[:rem])
	case rem > 0:
		clmulMulVec(&dst[i], &a[i], &b[i], rem)
	}
}
