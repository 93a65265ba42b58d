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
