//go:build !amd64 || purego

package nimber

// Without assembly (other architectures, or the purego build tag) the exported functions use the
// portable code.

func mul(a, b uint64) uint64      { return mulGeneric(a, b) }
func mulSlice(dst, a, b []uint64) { mulSliceGeneric(dst, a, b) }
