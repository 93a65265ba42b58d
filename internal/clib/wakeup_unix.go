//go:build unix

package clib

import (
	"os"
	"syscall"
)

// pipe is the read end of the wakeup pipe: a file that waits in the runtime's poller, not on a
// thread.
type pipe struct {
	fd int
	f  *os.File // holds fd
	rc syscall.RawConn
}

// wakeupPipe makes a pipe whose ends do not block and are closed on exec: the write end's
// descriptor, and the read end.
func wakeupPipe() (int, *pipe, error) {
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
	f := os.NewFile(uintptr(p[0]), "grundy-wakeup")
	rc, err := f.SyscallConn()
	if err != nil {
		f.Close()
		syscall.Close(p[1])
		return -1, nil, err
	}
	return p[1], &pipe{p[0], f, rc}, nil
}

// readNow reads into buf what the pipe holds, without waiting: how many bytes (0 when it holds
// none). It reads the descriptor itself: await holds the file's read lock while it waits.
func (p *pipe) readNow(buf []byte) int {
	n, err := syscall.Read(p.fd, buf)
	if err != nil {
		return 0
	}
	return n
}

// await calls f each time the pipe becomes readable until f returns true (nil) or waiting fails.
func (p *pipe) await(f func() bool) error {
	return p.rc.Read(func(uintptr) bool { return f() })
}
