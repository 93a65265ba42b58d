//go:build unix

package store

import (
	"errors"
	"syscall"
)

// notWritable says why this process cannot write path (a file or a directory), or "" when it
// can (or cannot tell).
func notWritable(path string) string {
	err := syscall.Access(path, 2) // W_OK
	switch {
	case err == nil:
		return ""
	case errors.Is(err, syscall.EROFS):
		return "read-only file system"
	case errors.Is(err, syscall.EACCES), errors.Is(err, syscall.EPERM):
		return "read-only: no permission to write it"
	}
	return ""
}

// onReadOnlyFS reports whether path lies on a file system mounted read-only, where nothing can
// change a file behind a reader's back.
func onReadOnlyFS(path string) bool {
	return errors.Is(syscall.Access(path, 2), syscall.EROFS)
}
