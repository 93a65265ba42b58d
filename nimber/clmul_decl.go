//go:build amd64 && !purego

package nimber

// mul_gfni_amd64.s and mul_gfni_avx2_amd64.s are written by internal/gfnigen; internal/gfnigen's
// tests check they are up to date.
//go:generate go run ./internal/gfnigen -o mul_gfni_amd64.s -avx2 mul_gfni_avx2_amd64.s

// clmulMul returns the nim-product of a and b: both are mapped to the polynomial basis with
// clmulTabs.to, multiplied with PCLMULQDQ, reduced modulo p and mapped back with clmulTabs.from.
// It requires PCLMULQDQ and AVX.
//
//go:noescape
func clmulMul(a, b uint64) uint64

// mulFast is clmulMul when mulKernel is mulKernelCLMUL (one compare of a word in memory, so that
// mul, a single call, is inlined into its callers); otherwise it jumps to mulSlow.
//
//go:noescape
func mulFast(a, b uint64) uint64

// clmulMulVec sets dst[i] to the nim-product of a[i] and b[i] for 0 ≤ i < n, one element at a time
// as clmulMul does; dst, a and b must each hold n elements, and dst may be a or b. It requires
// PCLMULQDQ and AVX.
//
//go:noescape
func clmulMulVec(dst, a, b *uint64, n int)

// asmMulSliceGFNI sets dst[i] to the nim-product of a[i] and b[i] for 0 ≤ i < 64·blocks, 64 pairs
// at a time in byte-sliced form (see internal/gfnigen); dst, a and b must each hold 64·blocks
// elements, and dst may be a or b. It requires AVX-512F, AVX-512VBMI and GFNI.
//
//go:noescape
func asmMulSliceGFNI(dst, a, b *uint64, blocks int)

// asmMulSliceGFNIAVX2 sets dst[i] to the nim-product of a[i] and b[i] for 0 ≤ i < 32·blocks, 32
// pairs at a time in byte-sliced form with 256-bit VEX instructions (see internal/gfnigen); dst, a
// and b must each hold 32·blocks elements, and dst may be a or b. It requires AVX2 and GFNI.
//
//go:noescape
func asmMulSliceGFNIAVX2(dst, a, b *uint64, blocks int)
