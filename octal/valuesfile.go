package octal

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"grundy/internal/regfile"
)

// WriteValuesFile writes the values g(0..last) of res to the file at path, one "n g(n)" line
// each (`grundy octal --values-file`), replacing what was there. A FIFO that nobody reads is an
// error at once, not a wait for ever.
func WriteValuesFile(path string, res *Result, last int) error {
	fh, err := regfile.Create(path)
	if errors.Is(err, regfile.ErrNoReader) {
		return fmt.Errorf("%s is a FIFO that nobody is reading", path)
	}
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(fh, 1<<20)
	buf := make([]byte, 0, 32)
	for i := 0; i <= last; i++ {
		v, _ := res.Value(i)
		buf = strconv.AppendInt(buf[:0], int64(i), 10)
		buf = append(buf, ' ')
		buf = strconv.AppendUint(buf, uint64(v), 10)
		buf = append(buf, '\n')
		w.Write(buf)
	}
	err = w.Flush()
	if cerr := fh.Close(); err == nil {
		err = cerr
	}
	return err
}

// CheckValuesFile reports, before any computation and without changing what is there, whether
// WriteValuesFile can write at path: the directory must exist and take a new file, and path must
// not be a directory.
func CheckValuesFile(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return errors.New("is a directory")
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".grundy-probe-*")
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			return pe.Err
		}
		return err
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}
