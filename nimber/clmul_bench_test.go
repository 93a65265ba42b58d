//go:build amd64 && !purego

package nimber

import (
	"math/rand/v2"
	"testing"
)

// asmBenchInputs returns n pseudo-random 64-bit nimbers.
func asmBenchInputs(n int, seed uint64) []uint64 {
	rng := rand.New(rand.NewPCG(seed, seed+1))
	v := make([]uint64, n)
	for i := range v {
		v[i] = rng.Uint64()
	}
	return v
}

var asmSink uint64

// BenchmarkClmulMul calls the PCLMULQDQ kernel directly (BenchmarkMul goes through the dispatch).
func BenchmarkClmulMul(b *testing.B) {
	if !asmHaveCLMUL {
		b.Skip("no PCLMULQDQ")
	}
	x, y := asmBenchInputs(1024, 1), asmBenchInputs(1024, 2)
	var s uint64
	for i := 0; b.Loop(); i++ {
		s ^= clmulMul(x[i&1023], y[i&1023])
	}
	asmSink = s
}

// BenchmarkAsmMulSliceLevels measures the batch product at each level this machine supports, on
// 1024 pairs; ns/product is per product. gfni-avx2 is the AVX2 + GFNI kernel, gfni the AVX-512 one.
func BenchmarkAsmMulSliceLevels(b *testing.B) {
	names := []string{"generic", "clmul", "gfni-avx2", "gfni"}
	x, y := asmBenchInputs(1024, 1), asmBenchInputs(1024, 2)
	d := make([]uint64, 1024)
	for _, level := range asmLevels() {
		b.Run(names[level], func(b *testing.B) {
			for b.Loop() {
				asmMulSliceAt(level, d, x, y)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(d)), "ns/product")
		})
	}
}
