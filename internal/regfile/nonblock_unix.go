//go:build unix

package regfile

import "syscall"

// openNonblock is the flag that keeps Open from blocking on a FIFO or a device.
const openNonblock = syscall.O_NONBLOCK
