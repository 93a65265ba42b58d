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

// sink keeps allocations from being optimised away.
var sink [][]byte

// A watch made after Settle does not count garbage made before it in its base: after 64 MiB of
// garbage, it sees 32 MiB kept alive as grown by at least 32 MiB once the garbage is collected,
// where a watch made without Settle at the same point sees nearly nothing (the collection frees
// more than is kept).
func TestSettle(t *testing.T) {
	runtime.GC()
	for range 64 {
		sink = append(sink, make([]byte, 1<<20))
	}
	sink = nil // 64 MiB of garbage
	plain := New()
	Settle(1 << 20)
	settled := New()
	keep := make([][]byte, 32)
	for i := range keep {
		keep[i] = make([]byte, 1<<20)
	}
	runtime.GC()
	if g := settled.Grown(); g < 32<<20 {
		t.Errorf("settled: Grown = %d after 32 MiB kept, want at least %d", g, 32<<20)
	}
	if g := plain.Grown(); g >= 32<<20 {
		t.Logf("plain: Grown = %d (the garbage was collected before the watch?)", g)
	} else {
		t.Logf("plain: Grown = %d, the settled watch's base left the garbage out", g)
	}
	runtime.KeepAlive(keep)
}
