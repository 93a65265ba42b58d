//go:build amd64 && !purego

package octal

import "golang.org/x/sys/cpu"

// kernelChunk is how many splits one step of the AVX-512 kernel tests.
const kernelChunk = 32

// useKernel: the processor has AVX-512 F and BW (VPERMT2W, VPSRLVW, VPTESTMW on 16-bit lanes).
// Set once at start-up, read-only afterwards.
var useKernel = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW

// scanTargetsKernel looks for the cnt targets in t among the splits lo[j]^hi[31−j], 32 per chunk,
// for chunks chunks (lo moving up by 32 values, hi down by 32, from chunk to chunk), removing from
// t those it finds. It returns how many splits it looked at (up to the one giving the last target
// when it finds all) and how many targets are left. Values must be below 2^targetBits.
//
//go:noescape
func scanTargetsKernel(lo, hi *uint16, chunks int, t *targetSet, cnt int) (pairs, left int)
