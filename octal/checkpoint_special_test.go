//go:build unix

package octal

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestLoadFileSpecial: LoadFile refuses what is not a regular file, at once: a FIFO nobody writes
// to does not block it, nor does a directory or a device pass as a checkpoint.
func TestLoadFileSpecial(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	for _, path := range []string{fifo, t.TempDir(), "/dev/zero"} {
		done := make(chan error, 1)
		go func() { _, err := LoadFile(path, 0); done <- err }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), "not a regular file") {
				t.Errorf("%s: %v", path, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: LoadFile still blocked after 5 s", path)
		}
	}
}
