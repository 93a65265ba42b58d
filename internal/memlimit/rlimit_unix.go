//go:build unix

package memlimit

import "syscall"

// addressLimit returns the address-space limit (RLIMIT_AS, `ulimit -v`) in bytes, 0 for none.
func addressLimit() uint64 {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &lim); err == nil && uint64(lim.Cur) < 1<<62 {
		return uint64(lim.Cur)
	}
	return 0
}
