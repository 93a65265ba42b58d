//go:build amd64 && !purego

package nimber

// On amd64 the exported functions dispatch here. For now they use the portable code; the assembly
// fast paths (chosen by CPU feature) replace these definitions.

func mul(a, b uint64) uint64      { return mulGeneric(a, b) }
func mulSlice(dst, a, b []uint64) { mulSliceGeneric(dst, a, b) }
func square(a uint64) uint64      { return squareGeneric(a) }
func sqrt(a uint64) uint64        { return sqrtGeneric(a) }
