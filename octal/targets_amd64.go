//go:build amd64 && !purego

package octal

import "golang.org/x/sys/cpu"

// kernelChunk is how many splits one step of the AVX-512 kernel tests.
const kernelChunk = 32

// useKernel: the processor has AVX-512 F and BW (VPERMT2W, VPSRLVW, VPTESTMW on 16-bit lanes).
// Set once at start-up, read-only afterwards.
var useKernel = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW

// scanChunks tests the splits lo[j]^hi[31−j], 32 per chunk, for chunks chunks (lo moving up by 32
// values, hi down by 32, from chunk to chunk) against the targets in t, and returns the index of
// the first chunk holding a target (chunks when none does) and the lanes j of that chunk that hold
// one. Values must be below 2^targetBits.
//
//go:noescape
func scanChunks(lo, hi *uint16, chunks int, t *targetSet) (chunk int, hits uint32)
