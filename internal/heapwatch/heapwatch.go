// Package heapwatch measures how much this process's Go heap has grown: the measure of a Starlark
// script's memory budget (package script) and half of internal/worker's memory watch. It reads
// only runtime/metrics, so it builds everywhere Go runs, WebAssembly included.
package heapwatch

import (
	"runtime"
	"runtime/metrics"
)

// Watch measures how much this process's Go heap has grown since it was made: the bytes of heap
// objects, garbage not yet swept included (what the program has asked for, touched or not). A
// Watch is not safe for concurrent use.
type Watch struct {
	sample []metrics.Sample
	base   uint64
}

// New starts measuring from now.
func New() *Watch {
	h := &Watch{sample: []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}}
	h.base = h.bytes()
	return h
}

// Settle collects garbage when the heap holds more than slack bytes, so that a Watch made next
// does not count garbage in its base: garbage in the base is freed by a collection during the
// watch and lets the watched work grow past its budget by as much, and a process that runs
// budgeted work again and again (a server's scripts) would see each run's garbage raise the next
// run's allowance. Only a collection tells garbage from live objects (the live heap of the last
// one may be the last run's garbage), so a heap of at most slack bytes, which can hide no more
// garbage than that, is the one case it skips.
func Settle(slack uint64) {
	if New().base > slack {
		runtime.GC()
	}
}

func (h *Watch) bytes() uint64 {
	metrics.Read(h.sample)
	if h.sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return h.sample[0].Value.Uint64()
}

// Grown returns the growth of the Go heap since the watch was made, in bytes (0 if it shrank).
func (h *Watch) Grown() uint64 {
	if b := h.bytes(); b > h.base {
		return b - h.base
	}
	return 0
}
