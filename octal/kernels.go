package octal

import (
	"hash/fnv"
	"math/bits"
	"math/rand/v2"

	"grundy/internal/kernels"
)

// The engine's three operations with vector kernels, chosen by measurement (internal/kernels):
// the block marking (markBlock: the portable loop, a general-register kernel, an AVX2 one), the
// target search (scanTargets: the portable loop, AVX2, AVX-512) and the block check (checkBlock:
// the portable loop, AVX2; where the portable loop is picked the blocks mark every rare heap
// instead). Each is calibrated the first time the process needs it, on a synthetic workload of a
// few microseconds, and every candidate's output is checked against the portable code's on it.

// markOp, targetsOp and checkOp are the operations; their choices are made on first use and cached.
var (
	markOp    = kernels.New("mark", "split", markCandidates)
	targetsOp = kernels.New("targets", "split", targetCandidates)
	checkOp   = kernels.New("check", "split", checkCandidates)
)

// markBlock marks, for j < blockRows, v^g(m0+j−r) in marks[j] for the rare heaps r (values rv),
// as markBlockGo does, with the candidate chosen for this process; every partner must lie in g.
func markBlock(marks *[blockRows][1 << targetBits]uint8, gen uint8, g []uint16, m0 int, rare []uint32, rv []uint16) {
	markBlockWith(markOp.Pick(), marks, gen, g, m0, rare, rv)
}

// checkBlock ORs into hit, as checkBlockGo does, with the candidate chosen for this process.
func checkBlock(cand, hit *[checkK][blockRows]uint16, g []uint16, m0 int, rare []uint32, rv []uint16) {
	checkBlockWith(checkOp.Pick(), cand, hit, g, m0, rare, rv)
}

// scanTargets is scanTargetsWith the target kernel chosen for this process.
func scanTargets(g, low []uint16, m, h int, t *targetSet, cnt int) (left, pairs int) {
	return scanTargetsWith(targetsOp.Pick(), g, low, m, h, t, cnt)
}

// scanRuns is scanRunsWith the target kernel chosen for this process.
func scanRuns(rs *runScan, g []uint16, m int, t *targetSet, cnt int) (left, pairs int) {
	return scanRunsWith(targetsOp.Pick(), rs, g, m, t, cnt)
}

// hasScanKernel reports whether the target search chosen for this process is a vector kernel
// (which reads the reversed copy of the first values).
func hasScanKernel() bool { return targetsOp.Pick() != scanGo }

// Kernels returns the choices of the engine's operations, calibrating those not yet chosen: for
// each, the candidates, their measured rates on this processor and the pick.
func Kernels() []kernels.Choice {
	return []kernels.Choice{markOp.Choice(), targetsOp.Choice(), checkOp.Choice()}
}

// KernelOps returns the names of the engine's operations (for GRUNDY_KERNELS).
func KernelOps() []string { return []string{markOp.Name(), targetsOp.Name(), checkOp.Name()} }

// UsedKernels returns, for each operation this process has used so far, the candidate it runs
// (operation name → candidate name); it calibrates nothing.
func UsedKernels() map[string]string {
	used := map[string]string{}
	for _, op := range []*kernels.Op{markOp, targetsOp, checkOp} {
		if op.Calibrations() > 0 {
			used[op.Name()] = op.Choice().Pick
		}
	}
	return used
}

// markCandidates builds the marking's calibration workload, shaped as the marking of Officers'
// blocks at 2^21 (BenchmarkMarkBlockPairs): one block's marks against 1,583 rare heaps spread over
// some 20,000 heaps, their partners read from 40 KB of values (random values below 320, some up to
// 2^16 for the mask), 25,328 splits a trial. A workload of 256 rare heaps within 8 KB of values,
// all in the first-level cache, ranked the kernels otherwise than whole runs on an Intel Xeon.
func markCandidates() (int, []kernels.Candidate) {
	rng := rand.New(rand.NewPCG(11, 12))
	g := make([]uint16, 40000)
	for i := range g {
		g[i] = uint16(rng.IntN(320))
		if rng.IntN(16) == 0 {
			g[i] = uint16(rng.IntN(1 << 16))
		}
	}
	const m0 = 39000
	rare, rv := calibRare(rng, 1583)
	cands := make([]kernels.Candidate, len(markNames))
	for k, cn := range markNames {
		marks := new([blockRows][1 << targetBits]uint8)
		gen := uint8(0)
		cands[k] = kernels.Candidate{Name: cn.Name, Missing: cn.Missing, Trial: func(check bool) uint64 {
			if gen++; gen == 0 {
				gen = 1
			}
			if check {
				*marks = [blockRows][1 << targetBits]uint8{}
			}
			markBlockWith(k, marks, gen, g, m0, rare, rv)
			if !check {
				return 0
			}
			h := fnv.New64a()
			for j := range marks {
				h.Write(marks[j][:])
			}
			return h.Sum64()
		}}
	}
	return len(rare) * blockRows, cands
}

// calibRare returns the rare heaps of the block calibrations (markCandidates, checkCandidates):
// n heaps from blockRows on, 1 to 24 apart, with random values below 320.
func calibRare(rng *rand.Rand, n int) (rare []uint32, rv []uint16) {
	for r := blockRows; len(rare) < n; r += 1 + rng.IntN(24) {
		rare = append(rare, uint32(r))
		rv = append(rv, uint16(rng.IntN(320)))
	}
	return rare, rv
}

// targetCandidates builds the target search's calibration workload, shaped as a real search: 2,048
// splits of random even values below 256 searched for the 64 even values below 128, which the
// first few hundred splits find (many hits in the first chunks, as a heap's search has), and 8 odd
// values below 256, which no split gives (every chunk is looked at, with the targets in the two
// tables of values below 256, as in real runs, whose targets lie below the smallest missing common
// value); then a search with the reversed copy for values that do occur (the kernels' early exits
// and counts). Timing the plain scan alone, without hits, put the AVX-512 kernel within 20 % of
// avx2-shuf on an Intel Xeon where it searched a heap 30 % faster, and noise flipped the pick.
func targetCandidates() (int, []kernels.Candidate) {
	rng := rand.New(rand.NewPCG(13, 14))
	const chunks = 64
	m := 2*chunks*kernelChunk + 2
	g := make([]uint16, m+1)
	for i := range g {
		g[i] = 2 * uint16(rng.IntN(128))
	}
	low := make([]uint16, 1024)
	for a := range low {
		low[len(low)-1-a] = g[a]
	}
	var found targetSet
	cnt := 0
	for _, a := range []int{3, 200, 900, 1500} {
		if x := g[a] ^ g[m-a]; !found.has(x) {
			found[x>>6] |= 1 << (x & 63)
			cnt++
		}
	}
	var search targetSet
	search[0] = 0x5555555555555555 // the even values below 64 …
	search[1] = 0x5555555555555555 // … and below 128: found early
	search[3] = 0xaaaa << 32       // the odd values 225 … 239: never found
	cands := make([]kernels.Candidate, len(scanNames))
	for k, cn := range scanNames {
		cands[k] = kernels.Candidate{Name: cn.Name, Missing: cn.Missing, Trial: func(check bool) uint64 {
			t := search
			left, pairs := scanTargetsWith(k, g, nil, m, chunks*kernelChunk, &t, 64+8)
			t2 := found
			left2, pairs2 := scanTargetsWith(k, g, low, m, chunks*kernelChunk, &t2, cnt)
			// (Once all targets are found, a kernel counts the splits to the end of its batch.)
			d := uint64(left) | uint64(pairs)<<8 | uint64(left2)<<24
			if left2 > 0 {
				d |= uint64(pairs2) << 32
			}
			for _, w := range t {
				d = d*31 + w
			}
			for _, w := range t2 {
				d = d*31 + w
			}
			return d
		}}
	}
	return 2 * chunks * kernelChunk, cands
}

// checkCandidates builds the block check's calibration workload: one block's candidates (the
// eight smallest common values not marked in each heap's table, marked at random below 320) and
// their check against 256 rare heaps spread over 8,000 heaps, as markCandidates, 4,096 splits a
// trial; the digest is the candidates and the hits.
func checkCandidates() (int, []kernels.Candidate) {
	rng := rand.New(rand.NewPCG(15, 16))
	g := make([]uint16, 8192)
	for i := range g {
		g[i] = uint16(rng.IntN(320))
	}
	const m0 = 8000
	rare, rv := calibRare(rng, 256)
	var common [1 << targetBits / 8]uint64
	for v := range 1 << targetBits {
		if bits.OnesCount(uint(v)&0x1ee)&1 == 1 {
			common[v/8] |= 0xff << (8 * (v % 8))
		}
	}
	b := &block{gen: 1}
	for j := range b.marks {
		for x := range 320 {
			if rng.IntN(16) != 0 {
				b.marks[j][x] = 1
			}
		}
	}
	cands := make([]kernels.Candidate, len(checkNames))
	for k, cn := range checkNames {
		cands[k] = kernels.Candidate{Name: cn.Name, Missing: cn.Missing, Trial: func(check bool) uint64 {
			b.candidatesWith(k, &common, checkK)
			checkBlockWith(k, &b.cand, &b.hit, g, m0, rare, rv)
			if !check {
				return 0
			}
			h := fnv.New64a()
			for _, rows := range [][checkK][blockRows]uint16{b.cand, b.hit} {
				for k := range rows {
					for _, x := range rows[k] {
						h.Write([]byte{byte(x), byte(x >> 8)})
					}
				}
			}
			return h.Sum64()
		}}
	}
	return len(rare) * blockRows, cands
}
