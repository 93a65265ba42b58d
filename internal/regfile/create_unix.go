//go:build unix

package regfile

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// Create creates or truncates path for writing, as os.Create does, without blocking in open() on
// a FIFO that nobody reads (it fails at once with ErrNoReader instead). A regular file, a device
// such as /dev/null or /dev/stdout, or a FIFO with a reader is opened and then written to in the
// ordinary blocking way.
func Create(path string) (*os.File, error) {
	fd, err := syscall.Open(path, syscall.O_WRONLY|syscall.O_CREAT|syscall.O_TRUNC|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0o666)
	for errors.Is(err, syscall.EINTR) {
		fd, err = syscall.Open(path, syscall.O_WRONLY|syscall.O_CREAT|syscall.O_TRUNC|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0o666)
	}
	if errors.Is(err, syscall.ENXIO) {
		return nil, fmt.Errorf("%s %w", path, ErrNoReader)
	}
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	if err := syscall.SetNonblock(fd, false); err != nil {
		syscall.Close(fd)
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	return os.NewFile(uintptr(fd), path), nil
}
