//go:build unix

package regfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestRead(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small")
	if err := os.WriteFile(small, []byte("12345"), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := Read(small, 5); err != nil || string(b) != "12345" {
		t.Fatalf("a file at its limit: %q %v", b, err)
	}
	var tl *TooLargeError
	if _, err := Read(small, 4); !errors.As(err, &tl) || tl.Limit != 4 {
		t.Fatalf("a file over its limit: %v", err)
	}
	if _, err := Read(filepath.Join(dir, "none"), 5); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a missing file: %v", err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	// /dev/zero has size 0 and no end; a FIFO nobody writes to blocks a plain open.
	for _, path := range []string{"/dev/zero", fifo, dir} {
		done := make(chan error, 1)
		go func() { _, err := Read(path, 1<<20); done <- err }()
		select {
		case err := <-done:
			if !errors.Is(err, ErrNotRegular) {
				t.Errorf("%s: %v", path, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: still reading after 5 s", path)
		}
	}
}

// TestCreate: Create writes a regular file and /dev/null, and fails at once, with ErrNoReader, on
// a FIFO that nobody reads, where os.Create blocks in open() for ever.
func TestCreate(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out")
	for _, p := range []string{path, "/dev/null"} {
		f, err := Create(p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if _, err := f.Write([]byte("hello")); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if b, err := os.ReadFile(path); err != nil || string(b) != "hello" {
		t.Fatalf("wrote %q, %v", b, err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	done := make(chan error, 1)
	go func() {
		f, err := Create(fifo)
		if err == nil {
			f.Close()
		}
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, ErrNoReader) || !strings.Contains(err.Error(), fifo+" is a FIFO with no reader") {
			t.Errorf("a FIFO with no reader: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatalf("a FIFO with no reader: still blocked after 5 s")
	}
	// With a reader, the FIFO is written in the ordinary blocking way.
	r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	f, err := Create(fifo)
	if err != nil {
		t.Fatalf("a FIFO with a reader: %v", err)
	}
	if _, err := f.Write([]byte("x")); err != nil {
		t.Fatal(err)
	}
	f.Close()
}
