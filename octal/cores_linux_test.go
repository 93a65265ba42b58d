package octal

import (
	"fmt"
	"runtime"
	"sync"
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
// and on two, in the same run: wall and process CPU time per run, and with two workers the CPU
// time of the engine's thread (the leader, which runs every heap's marking and the verifications
// it takes over) and of the verifier's. On a machine whose two cores are free, the wall time of
// the two-worker run is about the leader's CPU time; on a shared one it is not, so these say what
// two cores would give.
func BenchmarkOctalCores(b *testing.B) {
	for _, code := range []string{"0.6", "grundy"} {
		for _, w := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s-2^21-workers-%d", code, w), func(b *testing.B) {
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				var mu sync.Mutex
				var verifier, start time.Duration
				opt := Options{To: 1<<21 - 1, Workers: w, onVerifier: func(begin bool) {
					mu.Lock()
					defer mu.Unlock()
					if begin {
						start = threadCPU()
					} else {
						verifier += threadCPU() - start
					}
				}}
				leader0 := threadCPU()
				benchCompute(b, code, opt)
				leader := threadCPU() - leader0
				b.ReportMetric(leader.Seconds()/float64(b.N), "leader-cpu-s/op")
				mu.Lock()
				b.ReportMetric(verifier.Seconds()/float64(b.N), "verifier-cpu-s/op")
				mu.Unlock()
			})
		}
	}
}
