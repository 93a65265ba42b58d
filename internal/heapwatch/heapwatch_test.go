package heapwatch

import (
	"runtime"
	"testing"
)

// Grown counts what the heap holds since the watch was made: 64 MiB kept alive, at least.
func TestGrown(t *testing.T) {
	w := New()
	keep := make([][]byte, 64)
	for i := range keep {
		keep[i] = make([]byte, 1<<20)
	}
	if g := w.Grown(); g < 64<<20 {
		t.Errorf("Grown = %d after 64 MiB kept, want at least %d", g, 64<<20)
	}
	runtime.KeepAlive(keep)
}
