package octal

import (
	"context"
	"flag"
	"syscall"
	"testing"
	"time"
)

// The long benchmarks (0.1777 found and proved from scratch: about 443 million heaps, 0.9 GB) run
// only with -octal.long; `make bench-octal` runs them.
var long = flag.Bool("octal.long", false, "run the long octal benchmarks")

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchCompute runs Compute and reports heaps and two-heap option evaluations per second of wall
// time and per second of process CPU time (the machine is shared: wall time is inflated by other
// work, CPU time much less so; with two cores in use CPU time can exceed wall time).
func benchCompute(b *testing.B, code string, opt Options) *Result {
	c := MustParse(code)
	var res *Result
	cpu0 := cpuTime()
	for b.Loop() {
		var err error
		res, err = Compute(context.Background(), c, opt)
		if err != nil {
			b.Fatal(err)
		}
	}
	cpu := (cpuTime() - cpu0).Seconds()
	heaps := float64(res.ComputedTo+1) * float64(b.N)
	b.ReportMetric(heaps/b.Elapsed().Seconds(), "heaps/s")
	b.ReportMetric(heaps/cpu, "heaps/cpu-s")
	b.ReportMetric(cpu/float64(b.N), "cpu-s/op")
	if res.PairEvaluations > 0 {
		pairs := float64(res.PairEvaluations) * float64(b.N)
		b.ReportMetric(pairs/b.Elapsed().Seconds(), "pairs/s")
		b.ReportMetric(pairs/cpu, "pairs/cpu-s")
	}
	return res
}

// BenchmarkOctal1777 is 0.1777 to 10^7 heaps with the automatic method (sparse), the headline
// figure (ogs, Rust: 2.2 s on one core on this machine, per the issue).
func BenchmarkOctal1777(b *testing.B) {
	b.Run("sparse-1e7", func(b *testing.B) { benchCompute(b, "0.1777", Options{To: 1e7, KeepGoing: true}) })
	// The same-run baselines: both methods to 10^5 heaps.
	b.Run("sparse-1e5", func(b *testing.B) { benchCompute(b, "0.1777", Options{To: 1e5, KeepGoing: true}) })
	b.Run("quadratic-1e5", func(b *testing.B) {
		benchCompute(b, "0.1777", Options{To: 1e5, KeepGoing: true, Method: MethodQuadratic})
	})
}

// BenchmarkOctal16 finds and proves the period of 0.16 from scratch (149459, preperiod 105351:
// the proof needs 509,622 values).
func BenchmarkOctal16(b *testing.B) {
	res := benchCompute(b, "0.16", Options{To: 1e6})
	if !res.Proved || res.Period != 149459 {
		b.Fatalf("0.16: %+v", res)
	}
}

// BenchmarkOctalQuadratic is the quadratic loop (forced) on 0.6 to 10^5 heaps, against the
// reference (the definition, O(n²)) to 2·10^4 heaps: pairs/s counts option evaluations.
func BenchmarkOctalQuadratic(b *testing.B) {
	b.Run("loop", func(b *testing.B) {
		benchCompute(b, "0.6", Options{To: 1e5, KeepGoing: true, Method: MethodQuadratic})
	})
	b.Run("reference", func(b *testing.B) {
		c := MustParse("0.6")
		cpu0 := cpuTime()
		for b.Loop() {
			if _, err := Reference(context.Background(), c, 2e4); err != nil {
				b.Fatal(err)
			}
		}
		pairs := float64(2e4) * 2e4 / 4 * float64(b.N) // Σ n/2 over n ≤ 2·10^4
		b.ReportMetric(pairs/b.Elapsed().Seconds(), "pairs/s")
		b.ReportMetric(pairs/(cpuTime()-cpu0).Seconds(), "pairs/cpu-s")
	})
}

// BenchmarkOctal1777Proof finds and proves 0.1777's period (60,620,715; last exception at
// 160,949,017) from scratch: 443,139,470 values. Only with -octal.long.
func BenchmarkOctal1777Proof(b *testing.B) {
	if !*long {
		b.Skip("long: run with -octal.long (make bench-octal)")
	}
	res := benchCompute(b, "0.1777", Options{MaxBytes: 2 << 30})
	if !res.Proved || res.Period != 60620715 || res.Preperiod != 160949018 {
		b.Fatalf("0.1777: period %d preperiod %d proved %v, computed to %d", res.Period, res.Preperiod, res.Proved, res.ComputedTo)
	}
}

// BenchmarkDetectorSearch is one complete period search (search in period.go) over 10^7 values
// without a period, as Compute runs at the end of a KeepGoing run; Compute's checkpoints add up
// to about three of these over the final array.
func BenchmarkDetectorSearch(b *testing.B) {
	g := make([]uint16, 1e7)
	x := uint64(1)
	for i := range g {
		x = x*6364136223846793005 + 1442695040888963407
		g[i] = uint16(x >> 60)
	}
	d := newDetector[uint16](MustParse("0.1777"))
	cpu0 := cpuTime()
	for b.Loop() {
		d.search(g, len(g))
	}
	b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(b.N)/float64(len(g)), "cpu-ns/value")
}

// benchEngine runs the engine heap by heap to heap n (as Compute does, without the period
// search), with the target search or, as the same-run baseline, the marking scan the sparse step
// used before it.
func benchEngine(b *testing.B, code string, n int, noTargets bool) {
	benchEngineAs[uint16](b, code, n, noTargets)
}

// benchEngineAs is benchEngine with the values stored as T.
func benchEngineAs[T value](b *testing.B, code string, n int, noTargets bool) {
	c := MustParse(code)
	cpu0 := cpuTime()
	var pairs uint64
	for b.Loop() {
		e := newEngine(c, make([]T, 1, n+1))
		e.noTargets = noTargets
		for len(e.g) <= n {
			if err := e.step(); err != nil {
				b.Fatal(err)
			}
		}
		pairs += e.pairEvals
		e.close()
	}
	cpu := (cpuTime() - cpu0).Seconds()
	heaps := float64(n+1) * float64(b.N)
	b.ReportMetric(heaps/b.Elapsed().Seconds(), "heaps/s")
	b.ReportMetric(heaps/cpu, "heaps/cpu-s")
	b.ReportMetric(cpu/float64(b.N), "cpu-s/op")
	b.ReportMetric(float64(pairs)/cpu, "scan-pairs/cpu-s")
}

// BenchmarkOctalHard is Officers (0.6) and Grundy's game to heap 2^21−1, T. Czajka's table rows:
// the sparse step with the target search (AVX-512 kernel where the processor has it) against the
// marking scan, in the same run. With -octal.long, Officers to 2^24 too.
func BenchmarkOctalHard(b *testing.B) {
	for _, code := range []string{"0.6", "grundy"} {
		b.Run(code+"-2^21", func(b *testing.B) { benchEngine(b, code, 1<<21-1, false) })
		b.Run(code+"-2^21-marking", func(b *testing.B) { benchEngine(b, code, 1<<21-1, true) })
	}
	b.Run("0.6-2^24", func(b *testing.B) {
		if !*long {
			b.Skip("long: run with -octal.long (make bench-octal)")
		}
		benchEngine(b, "0.6", 1<<24, false)
	})
}
