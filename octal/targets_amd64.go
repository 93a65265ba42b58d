//go:build amd64 && !purego

package octal

import (
	"golang.org/x/sys/cpu"

	"grundy/internal/kernels"
)

// kernelChunk is how many splits one step of the target kernels tests.
const kernelChunk = 32

// The target search's candidates (kernels.go): index 0 is the portable loop.
const (
	scanGo = iota
	scanAVX2
	scanAVX2Shuf
	scanAVX512
)

var scanNames = []kernels.Candidate{
	scanGo:       {Name: "go"},
	scanAVX2:     {Name: "avx2", Missing: kernels.MissingUnless(cpu.X86.HasAVX2, "no AVX2")},
	scanAVX2Shuf: {Name: "avx2-shuf", Missing: kernels.MissingUnless(cpu.X86.HasAVX2 && cpu.X86.HasPOPCNT && cpu.X86.HasBMI1, "no AVX2, POPCNT and BMI1")},
	scanAVX512:   {Name: "avx512", Missing: kernels.MissingUnless(cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VBMI2 && cpu.X86.HasPOPCNT, "no AVX-512 F, BW and VBMI2")},
}

// scanTargetsKernel looks for the cnt targets in t among the splits lo[j]^hi[31−j], 32 per chunk,
// for chunks chunks (lo moving up by 32 values, hi down by 32, from chunk to chunk), or, with
// loStep −32, among the splits lo[j]^hi[j] (lo a reversed copy of the values, both moving down),
// removing from t those it finds. The chunks are taken in batches, the first of first chunks, each next
// one twice as large up to 16 (see batchEnd). It returns how many splits it looked at (to the end
// of the batch in which it found the last target, when it finds all) and how many targets are left.
// With hiOff not nil (and loStep −32), chunk k reads its 32 hi values in order at hiOff[k] bytes
// from hi instead (the runs, see scanRunsWith). Values must be below 2^targetBits. It needs
// AVX-512 F, BW and VBMI2 (VPERMT2W, VPSRLVW, VPTESTMW on 16-bit lanes).
//
//go:noescape
func scanTargetsKernel(lo, hi *uint16, chunks int, t *targetSet, cnt, loStep, first int, hiOff *int32) (pairs, left int)

// scanTargetsAVX2 is scanTargetsKernel with AVX2 (VPGATHERDD looks the values up in t).
//
//go:noescape
func scanTargetsAVX2(lo, hi *uint16, chunks int, t *targetSet, cnt, loStep, first int) (pairs, left int)

// scanTargetsAVX2Shuf is scanTargetsAVX2 looking the values up with VPSHUFB in eight 16-byte tables
// held in registers instead of gathering them.
//
//go:noescape
func scanTargetsAVX2Shuf(lo, hi *uint16, chunks int, t *targetSet, cnt, loStep, first int, hiOff *int32) (pairs, left int)

// scanKernel runs the target kernel k (not scanGo).
func scanKernel(k int, lo, hi *uint16, chunks int, t *targetSet, cnt, loStep, first int) (pairs, left int) {
	switch k {
	case scanAVX512:
		return scanTargetsKernel(lo, hi, chunks, t, cnt, loStep, first, nil)
	case scanAVX2Shuf:
		return scanTargetsAVX2Shuf(lo, hi, chunks, t, cnt, loStep, first, nil)
	}
	return scanTargetsAVX2(lo, hi, chunks, t, cnt, loStep, first)
}

// scanRunsKernel runs the target search over the runs of rs (see scanRunsWith) with kernel k, and
// reports false when k cannot (it has no form that reads the runs in place).
func scanRunsKernel(k int, rs *runScan, g []uint16, m, chunks int, t *targetSet, cnt int) (pairs, left int, ok bool) {
	lo, hi, off := &rs.lo[len(rs.lo)-kernelChunk], &g[m-1], &rs.off[0]
	switch k {
	case scanAVX2Shuf:
		pairs, left = scanTargetsAVX2Shuf(lo, hi, chunks, t, cnt, -kernelChunk, firstBatch, off)
	case scanAVX512:
		pairs, left = scanTargetsKernel(lo, hi, chunks, t, cnt, -kernelChunk, firstBatch, off)
	default:
		return 0, 0, false
	}
	return pairs, left, true
}

// The block marking's candidates (kernels.go): index 0 is markBlockGo.
const (
	markGo = iota
	markSWAR
	markAVX2
)

var markNames = []kernels.Candidate{
	markGo:   {Name: "go"},
	markSWAR: {Name: "swar"},
	markAVX2: {Name: "avx2", Missing: kernels.MissingUnless(cpu.X86.HasAVX2, "no AVX2")},
}

// markBlockSWAR is markBlockGo for blockRows = 16 in assembly with general registers only
// (block_amd64.s).
//
//go:noescape
func markBlockSWAR(marks *[blockRows][1 << targetBits]uint8, gen uint8, gs *uint16, m0 int, rare *uint32, rv *uint16, n int)

// markBlockAVX2 is markBlockSWAR loading and XORing the partners in a YMM register.
//
//go:noescape
func markBlockAVX2(marks *[blockRows][1 << targetBits]uint8, gen uint8, gs *uint16, m0 int, rare *uint32, rv *uint16, n int)

// markBlockWith is markBlockGo with the marking candidate k.
func markBlockWith(k int, marks *[blockRows][1 << targetBits]uint8, gen uint8, g []uint16, m0 int, rare []uint32, rv []uint16) {
	if k == markGo || len(rare) == 0 {
		markBlockGo(marks, gen, g, m0, rare, rv)
		return
	}
	// The partners g[m0−r … m0−r+15] must lie in g: r ≥ 1 and m0−rare[0]+15 < len(g).
	if int(rare[0]) < 1 || m0-int(rare[0])+blockRows > len(g) || int(rare[len(rare)-1]) > m0 || len(rv) < len(rare) {
		panic("octal: markBlock partners out of range")
	}
	if k == markAVX2 {
		markBlockAVX2(marks, gen, &g[0], m0, &rare[0], &rv[0], len(rare))
	} else {
		markBlockSWAR(marks, gen, &g[0], m0, &rare[0], &rv[0], len(rare))
	}
}

// The block check's candidates (kernels.go): index 0 is checkBlockGo.
const (
	checkGo = iota
	checkAVX2
)

var checkNames = []kernels.Candidate{
	checkGo:   {Name: "go"},
	checkAVX2: {Name: "avx2", Missing: kernels.MissingUnless(cpu.X86.HasAVX2 && cpu.X86.HasPOPCNT && cpu.X86.HasBMI1, "no AVX2, POPCNT and BMI1")},
}

// checkBlockAVX2 is checkBlockGo for checkK = 8 and blockRows = 16 in AVX2 (block_amd64.s).
//
//go:noescape
func checkBlockAVX2(cand, hit *[checkK][blockRows]uint16, gs *uint16, m0 int, rare *uint32, rv *uint16, n int)

// checkBlockWith is checkBlockGo with the check candidate k.
func checkBlockWith(k int, cand, hit *[checkK][blockRows]uint16, g []uint16, m0 int, rare []uint32, rv []uint16) {
	if k == checkGo || len(rare) == 0 {
		checkBlockGo(cand, hit, g, m0, rare, rv)
		return
	}
	// The partners g[m0−r … m0−r+15] must lie in g: r ≥ 1 and m0−rare[0]+15 < len(g).
	if int(rare[0]) < 1 || m0-int(rare[0])+blockRows > len(g) || int(rare[len(rare)-1]) > m0 || len(rv) < len(rare) {
		panic("octal: checkBlock partners out of range")
	}
	checkBlockAVX2(cand, hit, &g[0], m0, &rare[0], &rv[0], len(rare))
}

// candidatesAVX2 is block.candidates's search of each row for its smallest common values not
// marked, 32 values a step (block_amd64.s).
//
//go:noescape
func candidatesAVX2(marks *[blockRows][1 << targetBits]uint8, gen uint8, common *[1 << targetBits / 8]uint64, cand *[checkK][blockRows]uint16, most int)

// rowTargetsAVX2 is rowTargetsGo, 64 values a step (block_amd64.s).
//
//go:noescape
func rowTargetsAVX2(t *[1 << targetBits]uint8, gen uint8, common *[1 << targetBits / 64]uint64, c int, ts *targetSet) (cnt int)

// rowTargetsWith is rowTargetsGo with the check candidate k's code.
func rowTargetsWith(k int, t *[1 << targetBits]uint8, gen uint8, common *[1 << targetBits / 64]uint64, c int, ts *targetSet) int {
	if k == checkGo {
		return rowTargetsGo(t, gen, common, c, ts)
	}
	return rowTargetsAVX2(t, gen, common, c, ts)
}

// candidatesWith fills b.cand as block.candidates does, with the check candidate k's code.
func (b *block) candidatesWith(k int, commonBytes *[1 << targetBits / 8]uint64, most int) {
	if k == checkGo {
		b.candidates(commonBytes, most)
		return
	}
	b.hit = [checkK][blockRows]uint16{}
	candidatesAVX2(&b.marks, b.gen, commonBytes, &b.cand, min(most, checkK))
}
