//go:build unix

package game

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user and system) the process has used: on the shared benchmark
// machine wall time is inflated by other processes, CPU time much less.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
