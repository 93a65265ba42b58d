//go:build !amd64 || purego

package octal

// Without assembly (other architectures, or the purego build tag) scanTargets tests one split at
// a time.

const kernelChunk = 32

const useKernel = false

func scanTargetsKernel(lo, hi *uint16, chunks int, t *targetSet, cnt int) (pairs, left int) {
	panic("octal: no vector kernel")
}
