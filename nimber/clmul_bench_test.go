//go:build amd64 && !purego

package nimber

import (
	"math/rand/v2"
	"testing"
)

// asmBenchInputs returns n pseudo-random 64-bit nimbers (n a power of two).
func asmBenchInputs(n int, seed uint64) []uint64 {
	rng := rand.New(rand.NewPCG(seed, seed+1))
	v := make([]uint64, n)
	for i := range v {
		v[i] = rng.Uint64()
	}
	return v
}

var asmSink uint64

func BenchmarkClmulMulScalarAsm(b *testing.B) {
	x, y := asmBenchInputs(1024, 1), asmBenchInputs(1024, 2)
	var s uint64
	for i := 0; b.Loop(); i++ {
		s ^= clmulMul(x[i&1023], y[i&1023])
	}
	asmSink = s
}

func BenchmarkAsmTableApply(b *testing.B) {
	x := asmBenchInputs(1024, 1)
	var s uint64
	for i := 0; b.Loop(); i++ {
		s ^= asmSquareTab.apply(x[i&1023])
	}
	asmSink = s
}

func BenchmarkClmulMulVec(b *testing.B) {
	x, y := asmBenchInputs(1024, 1), asmBenchInputs(1024, 2)
	d := make([]uint64, 1024)
	b.SetBytes(8 * 1024)
	for b.Loop() {
		clmulMulVec(&d[0], &x[0], &y[0], 1024)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*1024), "ns/product")
}

func BenchmarkAsmMulSliceGFNI(b *testing.B) {
	x, y := asmBenchInputs(1024, 1), asmBenchInputs(1024, 2)
	d := make([]uint64, 1024)
	for b.Loop() {
		asmMulSliceGFNI(&d[0], &x[0], &y[0], 1024/64)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*1024), "ns/product")
}
