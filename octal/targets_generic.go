//go:build !amd64 || purego

package octal

import "grundy/internal/kernels"

// Without assembly (other architectures, or the purego build tag) the target search tests one
// split at a time and the block marking is markBlockGo: each operation has one candidate.

const kernelChunk = 32

const scanGo = 0

var scanNames = []kernels.Candidate{{Name: "go"}}

func scanKernel(k int, lo, hi *uint16, chunks int, t *targetSet, cnt, loStep, first int) (pairs, left int) {
	panic("octal: no vector kernel")
}

func scanRunsKernel(k int, rs *runScan, g []uint16, m, chunks int, t *targetSet, cnt int) (pairs, left int, ok bool) {
	return 0, 0, false
}

const markGo = 0

var markNames = []kernels.Candidate{{Name: "go"}}

func markBlockWith(k int, marks *[blockRows][1 << targetBits]uint8, gen uint8, g []uint16, m0 int, rare []uint32, rv []uint16) {
	markBlockGo(marks, gen, g, m0, rare, rv)
}

const checkGo = 0

var checkNames = []kernels.Candidate{{Name: "go"}}

func checkBlockWith(k int, cand, hit *[checkK][blockRows]uint16, g []uint16, m0 int, rare []uint32, rv []uint16) {
	checkBlockGo(cand, hit, g, m0, rare, rv)
}

func (b *block) candidatesWith(k int, commonBytes *[1 << targetBits / 8]uint64, most int) {
	b.candidates(commonBytes, most)
}

// rowTargetsWith is rowTargetsGo (no other candidate on this platform).
func rowTargetsWith(_ int, t *[1 << targetBits]uint8, gen uint8, common *[1 << targetBits / 64]uint64, c int, ts *targetSet) int {
	return rowTargetsGo(t, gen, common, c, ts)
}
