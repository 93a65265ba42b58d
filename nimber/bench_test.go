package nimber

import (
	"math/rand/v2"
	"testing"
)

// benchInputs are random 64-bit operands shared by the benchmarks; their count is a power of two.
var benchInputs = func() []uint64 {
	rng := rand.New(rand.NewPCG(3, 4))
	v := make([]uint64, 1<<12)
	for i := range v {
		v[i] = rng.Uint64()
	}
	return v
}()

// sink keeps results alive so the compiler cannot drop the work.
var sink uint64

// reportCPU starts measuring the process's CPU time and returns a function that reports it per
// operation as "cpu-ns/op": on a shared machine wall time is inflated by other processes, CPU time much
// less so.
func reportCPU(b *testing.B) func() {
	start, ok := processCPU()
	return func() {
		if end, ok2 := processCPU(); ok && ok2 && b.N > 0 {
			b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
		}
	}
}

func benchBinary(b *testing.B, f func(x, y uint64) uint64) {
	defer reportCPU(b)()
	in := benchInputs
	var acc uint64
	for i := 0; b.Loop(); i++ {
		acc ^= f(in[i&(len(in)-1)], in[(i+1)&(len(in)-1)])
	}
	sink = acc
}

func benchUnary(b *testing.B, f func(x uint64) uint64) {
	defer reportCPU(b)()
	in := benchInputs
	var acc uint64
	for i := 0; b.Loop(); i++ {
		acc ^= f(in[i&(len(in)-1)])
	}
	sink = acc
}

// BenchmarkMul measures the exported path (assembly where the dispatch picks it), called directly
// in a loop as a user's code would; benchBinary's call through a function value would add the
// cost of a second call.
func BenchmarkMul(b *testing.B) {
	defer reportCPU(b)()
	in := benchInputs
	var acc uint64
	for i := range b.N {
		acc ^= Mul(in[i&(len(in)-1)], in[(i+1)&(len(in)-1)])
	}
	sink = acc
}

// BenchmarkMulGeneric measures the portable code.
func BenchmarkMulGeneric(b *testing.B) { benchBinary(b, mulGeneric) }

// BenchmarkMulTextbook is the baseline: the textbook rules as the seeds apply them, bilinearity over
// the bits of both operands with the products 2^i⊗2^j of the Fermat 2-power recursion memoized.
func BenchmarkMulTextbook(b *testing.B) { benchBinary(b, textbookMulMemo) }

// BenchmarkMulTextbookPlain is the textbook recursion of the Codeforces 1310F statement with no
// memo: it recomputes every 2^i⊗2^j and is far slower still.
func BenchmarkMulTextbookPlain(b *testing.B) { benchBinary(b, textbookMul) }

// BenchmarkMulSlice measures the batch call; ns/op is per product.
func BenchmarkMulSlice(b *testing.B) { benchSlice(b, MulSlice) }

// BenchmarkMulSliceGeneric measures the portable batch loop; ns/op is per product.
func BenchmarkMulSliceGeneric(b *testing.B) { benchSlice(b, mulSliceGeneric) }

func benchSlice(b *testing.B, f func(dst, x, y []uint64)) {
	const n = 1024
	x, y := benchInputs[:n], benchInputs[n:2*n]
	dst := make([]uint64, n)
	done := reportCPU(b)
	for b.Loop() {
		f(dst, x, y)
	}
	b.StopTimer()
	done()
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/product")
}

// BenchmarkSquare and BenchmarkSqrt call the exported functions directly, as BenchmarkMul does.
func BenchmarkSquare(b *testing.B) {
	defer reportCPU(b)()
	in := benchInputs
	var acc uint64
	for i := range b.N {
		acc ^= Square(in[i&(len(in)-1)])
	}
	sink = acc
}

func BenchmarkSqrt(b *testing.B) {
	defer reportCPU(b)()
	in := benchInputs
	var acc uint64
	for i := range b.N {
		acc ^= Sqrt(in[i&(len(in)-1)])
	}
	sink = acc
}

// BenchmarkSquareByMul is the baseline for Square and Sqrt: a ⊗ a by the portable product.
func BenchmarkSquareByMul(b *testing.B) {
	defer reportCPU(b)()
	in := benchInputs
	var acc uint64
	for i := range b.N {
		x := in[i&(len(in)-1)]
		acc ^= mulGeneric(x, x)
	}
	sink = acc
}

func BenchmarkInv(b *testing.B) { benchUnary(b, Inv) }

// BenchmarkInvPow is the baseline for Inv: the power a^(2^64−2) by square-and-multiply.
func BenchmarkInvPow(b *testing.B) { benchUnary(b, func(a uint64) uint64 { return Pow(a, 1<<64-2) }) }

// BenchmarkLog measures the discrete logarithm (Pohlig–Hellman with baby-step giant-step).
func BenchmarkLog(b *testing.B) {
	logTables() // build the tables outside the timing
	benchUnary(b, func(a uint64) uint64 { e, _ := Log(a | 1); return e })
}

// BenchmarkOrder measures the multiplicative order (seven powers).
func BenchmarkOrder(b *testing.B) { benchUnary(b, func(a uint64) uint64 { return Order(a | 1) }) }

// BenchmarkSolveQuadratic measures the linear-map root of x⊗x ⊕ x = a.
func BenchmarkSolveQuadratic(b *testing.B) {
	benchUnary(b, func(a uint64) uint64 { x, _ := SolveQuadratic(a); return x })
}
