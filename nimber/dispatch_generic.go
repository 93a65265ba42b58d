//go:build !amd64 || purego

package nimber

import "grundy/internal/kernels"

// Without assembly (other architectures, or the purego build tag) the exported functions use the
// portable code: each operation has one candidate.

func mul(a, b uint64) uint64      { return mulGeneric(a, b) }
func mulSlice(dst, a, b []uint64) { mulSliceGeneric(dst, a, b) }

var mulNames = []kernels.Candidate{{Name: "go"}}

func mulWith(k int, a, b uint64) uint64 { return mulGeneric(a, b) }

var sliceNames = []kernels.Candidate{{Name: "go"}}

func mulSliceWith(k int, dst, a, b []uint64) { mulSliceGeneric(dst, a, b) }
