// Package regfile reads the files a user names (a script, a checkpoint) with bounds that hold
// whatever the name is: it opens without blocking, so a FIFO nobody writes to cannot stall the
// program, refuses what is not a regular file (a directory, a device such as /dev/zero, a FIFO),
// and reads at most a limit, however large the file claims or turns out to be. It creates the
// files a user names for output (Create) without blocking either: a FIFO nobody reads is an error
// at once.
package regfile

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// ErrNotRegular is wrapped by the error of Open and Read for a path that is not a regular file.
var ErrNotRegular = errors.New("not a regular file")

// ErrNoReader is wrapped by the error of Create for a FIFO that nobody is reading.
var ErrNoReader = errors.New("is a FIFO with no reader")

// TooLargeError is the error of Read for a file over its limit.
type TooLargeError struct {
	Path  string
	Limit int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s is over the limit of %d bytes", e.Path, e.Limit)
}

// Open opens path for reading and returns it with its file information. It does not block on a
// FIFO or a device, and refuses (with ErrNotRegular) whatever is not a regular file.
func Open(path string) (*os.File, os.FileInfo, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, nil, fmt.Errorf("%s: %w (%s)", path, ErrNotRegular, kind(fi.Mode()))
	}
	return f, fi, nil
}

// kind names a file's type for a message.
func kind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a FIFO"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// Read returns the contents of the regular file path, refusing, with a *TooLargeError, a file of
// more than limit bytes. It reads at most limit+1 bytes, whatever the file's size says.
func Read(path string, limit int64) ([]byte, error) {
	f, fi, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi.Size() > limit {
		return nil, &TooLargeError{Path: path, Limit: limit}
	}
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, &TooLargeError{Path: path, Limit: limit}
	}
	return b, nil
}
