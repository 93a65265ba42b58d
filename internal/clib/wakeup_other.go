//go:build !unix

package clib

import "errors"

// pipe: no wakeup pipe where there are no Unix signals.
type pipe struct{}

func wakeupPipe() (int, *pipe, error) {
	return -1, nil, errors.New("no wakeup pipe on this system")
}

func (*pipe) readNow([]byte) int      { return 0 }
func (*pipe) await(func() bool) error { return errors.New("no wakeup pipe") }
