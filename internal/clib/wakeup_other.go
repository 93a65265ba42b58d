//go:build !unix

package clib

import (
	"errors"
	"io"
)

// wakeupPipe: no wakeup pipe where there are no Unix signals.
func wakeupPipe() (int, io.Reader, error) {
	return -1, nil, errors.New("no wakeup pipe on this system")
}
