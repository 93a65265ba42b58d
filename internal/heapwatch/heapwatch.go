// Package heapwatch measures how much this process's Go heap has grown: the measure of a Starlark
// script's memory budget (package script) and half of internal/worker's memory watch. It reads
// only runtime/metrics, so it builds everywhere Go runs, WebAssembly included.
package heapwatch

import "runtime/metrics"

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
