//go:build !linux

package octal

// canMap reports whether mapValues can map an array here.
const canMap = false

// pageValues is the number of uint16 values in a page of memory.
const pageValues = 4096 / 2

// mapValues is available on Linux only: elsewhere the values array is an ordinary slice and a
// long run keeps every value as two bytes.
func mapValues(n int) (g []uint16, mem []byte, ok bool) { return nil, nil, false }

func releaseValues(mem []byte, lo, hi int) error { return nil }

func restoreValues(mem []byte, lo, hi int) error { return nil }

func unmapValues(mem []byte) {}
