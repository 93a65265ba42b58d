//go:build amd64 && !purego && linux

package nimber

import (
	"runtime"
	"testing"

	"golang.org/x/sys/unix"
)

// BenchmarkAsmCPU measures the nim-field operations on 1024 random pairs per iteration and reports,
// per operation, both the wall time (ns/elem) and the CPU time of the benchmarking thread
// (cpu-ns/elem). On a shared, oversubscribed machine the wall time counts the time the thread waits for
// a core; the thread's CPU time does not, so the ratios between sub-benchmarks are far steadier in it.
func BenchmarkAsmCPU(b *testing.B) {
	const n = 1024
	x, y := asmBenchInputs(n, 1), asmBenchInputs(n, 2)
	d := make([]uint64, n)
	var s uint64
	binary := func(f func(a, b uint64) uint64, m int) func() {
		return func() {
			for i := range m {
				s ^= f(x[i], y[i])
			}
		}
	}
	cases := []struct {
		name string
		per  int
		body func()
	}{
		{"Mul", n, func() {
			for i := range n {
				s ^= Mul(x[i], y[i])
			}
		}},
		{"MulGeneric", n, func() {
			for i := range n {
				s ^= mulGeneric(x[i], y[i])
			}
		}},
		{"MulTextbook", 8, binary(textbookMul, 8)},
		{"MulSlice", n, func() { MulSlice(d, x, y) }},
		{"MulSliceCLMUL", n, func() { asmMulSliceAt(min(asmLevel, asmLevelCLMUL), d, x, y) }},
		{"MulSliceGeneric", n, func() { mulSliceGeneric(d, x, y) }},
		{"Square", n, func() {
			for i := range n {
				s ^= Square(x[i])
			}
		}},
		{"Sqrt", n, func() {
			for i := range n {
				s ^= Sqrt(x[i])
			}
		}},
		{"Inv", n, func() {
			for i := range n {
				s ^= Inv(x[i])
			}
		}},
	}
	if asmHaveGFNIAVX2 && asmLevel >= asmLevelGFNIAVX2 {
		cases = append(cases, struct {
			name string
			per  int
			body func()
		}{"MulSliceGFNIAVX2", n, func() { asmMulSliceAt(asmLevelGFNIAVX2, d, x, y) }})
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var t0, t1 unix.Timespec
			if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &t0); err != nil {
				b.Skip("no thread CPU clock:", err)
			}
			for b.Loop() {
				c.body()
			}
			_ = unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &t1)
			ops := float64(b.N * c.per)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/ops, "ns/elem")
			b.ReportMetric(float64(t1.Nano()-t0.Nano())/ops, "cpu-ns/elem")
		})
	}
	asmSink ^= s
}
