//go:build !amd64 || purego

package octal

// Without assembly (other architectures, or the purego build tag) scanTargets tests one split at
// a time and markBlock is markBlockGo.

const kernelChunk = 32

const useKernel = false

const useBlockKernel = false

const useKernel2 = false

func hasScanKernel() bool { return false }

func scanKernel(lo, hi *uint16, chunks int, t *targetSet, cnt, loStep, first int) (pairs, left int) {
	panic("octal: no vector kernel")
}

func markBlock(marks *[blockRows][1 << targetBits]uint8, gen uint8, g []uint16, m0 int, rare []uint32, rv []uint16) {
	markBlockGo(marks, gen, g, m0, rare, rv)
}
