//go:build unix

package clib

import (
	"io"
	"os"
	"syscall"
)

// wakeupPipe makes a pipe whose ends do not block and are closed on exec: the write end's
// descriptor, and the read end as a file that waits in the runtime's poller, not on a thread.
func wakeupPipe() (int, io.Reader, error) {
	var p [2]int
	syscall.ForkLock.RLock()
	err := syscall.Pipe(p[:])
	if err == nil {
		syscall.CloseOnExec(p[0])
		syscall.CloseOnExec(p[1])
	}
	syscall.ForkLock.RUnlock()
	if err != nil {
		return -1, nil, os.NewSyscallError("pipe", err)
	}
	for _, fd := range p {
		if err := syscall.SetNonblock(fd, true); err != nil {
			syscall.Close(p[0])
			syscall.Close(p[1])
			return -1, nil, os.NewSyscallError("setnonblock", err)
		}
	}
	return p[1], os.NewFile(uintptr(p[0]), "grundy-wakeup"), nil
}
