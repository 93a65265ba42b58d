package octal

import (
	"fmt"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// threadCPU returns the CPU time of the calling thread (Linux: RUSAGE_THREAD).
func threadCPU() time.Duration {
	var ru syscall.Rusage
	const rusageThread = 1
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkOctalCores is Officers (0.6) and Grundy's game to heap 2^21−1 by Compute on one core
// and on two, in the same run: wall and process CPU time per run, and the CPU time of the
// engine's goroutine, locked to its thread (leader-cpu-s: with two workers, the leader, which
// marks every heap's rare splits and runs the verifications it takes over), the rest being the
// verifier's and the runtime's (other-cpu-s). On a machine whose two cores are free the wall time
// is about the leader's CPU time; on a shared one wall times are noise and these say what two
// cores would give.
func BenchmarkOctalCores(b *testing.B) {
	for _, code := range []string{"0.6", "grundy"} {
		for _, w := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s-2^21-workers-%d", code, w), func(b *testing.B) {
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				leader0, cpu0 := threadCPU(), cpuTime()
				benchCompute(b, code, Options{To: 1<<21 - 1, Workers: w})
				leader, cpu := threadCPU()-leader0, cpuTime()-cpu0
				b.ReportMetric(leader.Seconds()/float64(b.N), "leader-cpu-s/op")
				b.ReportMetric((cpu-leader).Seconds()/float64(b.N), "other-cpu-s/op")
			})
		}
	}
}

// BenchmarkOctalWorkers is Officers (0.6) and Grundy's game to heap 2^22−1 by Compute with 2, 4, 8
// and 16 workers (those GOMAXPROCS allows), with the far marks ahead as chosen (on from three
// workers) and forced the other way, in the same run: heaps per second of wall time, and of CPU
// time, say how far the sequence scales past two cores; leader-cpu-s is the CPU time of the
// engine's goroutine, locked to its thread (its wake-ups of parked verifiers included).
func BenchmarkOctalWorkers(b *testing.B) {
	for _, code := range []string{"0.6", "grundy"} {
		for _, w := range []int{2, 4, 8, 16} {
			if w > runtime.GOMAXPROCS(0) {
				continue
			}
			for _, far := range []int8{0, 1, -1} {
				if (far == 1) != (w == 2) && far != 0 {
					continue // the choice, and the other one
				}
				name := map[int8]string{0: "far-default", 1: "far-on", -1: "far-off"}[far]
				b.Run(fmt.Sprintf("%s-2^22-workers-%d-%s", code, w, name), func(b *testing.B) {
					runtime.LockOSThread()
					defer runtime.UnlockOSThread()
					leader0 := threadCPU()
					benchCompute(b, code, Options{To: 1<<22 - 1, Workers: w, far: far})
					b.ReportMetric((threadCPU()-leader0).Seconds()/float64(b.N), "leader-cpu-s/op")
				})
			}
		}
	}
}
