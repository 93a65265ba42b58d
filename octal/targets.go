package octal

import "math/bits"

// The common+common scan of the sparse method, as a search for targets.
//
// When the smallest value missing among a heap's options with a rare part (and its one-heap
// options) is rare-class, the splits of two common heaps may supply it. Let c be the smallest
// missing common value: no common+common split gives c (common XOR common is rare-class), so the
// mex is c unless some missing rare-class value t < c is given by no split at all, in which case
// it is the smallest such t. So the scan looks for a fixed set of targets, the missing rare-class
// values below c, and stops when all are found; it need not mark what it sees. A target test is a
// table look-up, which the vector kernels (targets_amd64.s) do 32 splits at a time.

// targetBits bounds the values the target table holds: values below 2^targetBits.
const targetBits = 10

// lowLen is the length of the reversed copy of the first values that the target search reads:
// scans of up to lowLen splits (nearly all) read both sides in order.
const lowLen = 1 << 14

// targetSet is a bitset of values below 2^targetBits. Read as 64 little-endian 16-bit words,
// word w holds the values 16w … 16w+15: the layout the kernels look words up in.
type targetSet [1 << targetBits / 64]uint64

func (t *targetSet) has(x uint16) bool { return t[x>>6&15]>>(x&63)&1 != 0 }

// scanTargetsWith looks, with the target kernel k (scanGo: the portable loop), among the splits
// g[a]^g[m−a] for 1 ≤ a ≤ h, for the values in t; it removes those it finds from t and stops once cnt (the number of values in t) are found. It returns how
// many are left and how many splits it looked at. Every value of g must be below 2^targetBits.
// low, when not nil, holds g reversed: low[len(low)−1−a] = g[a] for a < len(low) ≤ len(g); the
// kernel then reads both sides of a split in order instead of reversing one of them.
func scanTargetsWith(k int, g, low []uint16, m, h int, t *targetSet, cnt int) (left, pairs int) {
	a := 1
	if k != scanGo && h >= kernelChunk {
		chunks := h / kernelChunk
		if L := len(low); L > kernelChunk {
			// Chunk k covers a = 1+32k … 32+32k, all below L. Up to the end of a batch, the rest
			// in batches of 16: the splits looked at are counted as without low.
			if c := min(chunks, batchEnd((L-1)/kernelChunk)); c > 0 {
				p, left := scanKernel(k, &low[L-1-kernelChunk], &g[m-kernelChunk], c, t, cnt, -kernelChunk, firstBatch)
				if left == 0 {
					return 0, p
				}
				cnt, pairs = left, p
				a += c * kernelChunk
				chunks -= c
			}
		}
		if chunks > 0 {
			first := firstBatch
			if a > 1 {
				first = 16
			}
			p, left := scanKernel(k, &g[a], &g[m-a-kernelChunk+1], chunks, t, cnt, kernelChunk, first)
			if left == 0 {
				return 0, pairs + p
			}
			cnt, pairs = left, pairs+p
			a += chunks * kernelChunk
		}
	}
	start := a
	for ; a <= h; a++ {
		if x := g[a] ^ g[m-a]; t.has(x) {
			t[x>>6] &^= 1 << (x & 63)
			if cnt--; cnt == 0 {
				return 0, pairs + a - start + 1
			}
		}
	}
	return cnt, pairs + max(h-start+1, 0)
}

// firstBatch is the number of chunks of the kernels' first batch; each next batch is twice as
// large, up to 16 chunks.
const firstBatch = 4

// batchEnd returns the largest end of a batch (4, 12, 28, 44, …) at most k chunks from the start.
func batchEnd(k int) int {
	switch {
	case k < 4:
		return 0
	case k < 12:
		return 4
	case k < 28:
		return 12
	}
	return 28 + 16*((k-28)/16)
}

// lowest returns the smallest value in the first words words of t, and false when they are empty.
func (t *targetSet) lowest(words int) (uint32, bool) {
	for w, x := range t[:words] {
		if x != 0 {
			return uint32(64*w + bits.TrailingZeros64(x)), true
		}
	}
	return 0, false
}

// The target search's first splits: runs chosen for the variety of their values.
//
// Searched from a = 1 up, the splits a, m−a of a heap pair the first values g(a), few and much
// repeated, with values from the heaps just behind; the last targets (small values, the XOR of
// two close values) then take thousands of splits to turn up: 2,700–3,400 a heap on Officers and
// Grundy's game at 2^21, where a scan over runs of 32 consecutive splits chosen for the variety of
// g(a) finds them all in about 1,500 (BenchmarkOctalHardShape, splits/heap against
// run-splits/heap). Any split of the heap may serve:
// every target a run finds is given by a split, and a target no run finds is looked for by the
// plain scan from a = 1, which covers every split. So the search takes the runs first, from heap
// runFrom on (all their splits a ≤ runLim exist: runFrom ≥ 4·runLim), and the plain scan after
// them for the targets left.

const (
	runLim  = 1 << 15    // the runs' splits a lie below runLim
	runFrom = 4 * runLim // the search takes the runs from this heap on
	runMax  = 256        // runs chosen (8,192 splits: nearly all heaps need fewer)
)

// runScan is the list of runs: run k is the splits a = a[k] … a[k]+31, and g(a) for them is kept
// for the kernels in lo (lo[(len(a)−1−k)·32 + j] = g(a[k]+31−j), so that the run's values move
// up as its partners g(m−a[k]−31+j) do). off[k] = −2(a[k]+30) is the byte offset of the partners
// from g(m−1).
type runScan struct {
	a   []int32
	off []int32
	lo  []uint16
	top int // every split of every run is below top
}

// newRunScan chooses the runs among a = 1+32s … 32+32s below lim, greedily: each next run is the
// one whose values have been seen least in the runs before it (a value seen c times adds 1/(1+c)).
// g must hold the values below lim.
func newRunScan(g []uint16, lim, most int) *runScan {
	nrun := (lim - 1) / kernelChunk
	most = min(most, nrun)
	used := make([]bool, nrun)
	seen := make([]float64, 1<<16) // 1/(1+c): the worth of one more run's value seen c times
	for v := range seen {
		seen[v] = 1
	}
	rs := &runScan{}
	for len(rs.a) < most {
		best, score := -1, -1.0
		for s := range nrun {
			if used[s] {
				continue
			}
			sc := 0.0
			for _, v := range g[1+kernelChunk*s : 1+kernelChunk*(s+1)] {
				sc += seen[v]
			}
			if sc > score {
				best, score = s, sc
			}
		}
		used[best] = true
		a := 1 + kernelChunk*best
		for _, v := range g[a : a+kernelChunk] {
			seen[v] = 1 / (1/seen[v] + 1)
		}
		rs.a = append(rs.a, int32(a))
		rs.top = max(rs.top, a+kernelChunk)
	}
	rs.lo = make([]uint16, len(rs.a)*kernelChunk)
	rs.off = make([]int32, len(rs.a))
	for k, a := range rs.a {
		run := rs.lo[(len(rs.a)-1-k)*kernelChunk:][:kernelChunk]
		for j := range run {
			run[j] = g[int(a)+kernelChunk-1-j]
		}
		rs.off[k] = -2 * (a + kernelChunk - 2)
	}
	return rs
}

// scanRunsWith looks among the splits of the runs of rs, for heap m (m ≥ 2·rs.top), for the cnt
// targets in t, as scanTargetsWith does with the target kernel k (scanGo: the portable loop); it
// returns how many targets are left and how many splits it looked at. A kernel that cannot read
// the runs looks at none (the plain scan does it all).
func scanRunsWith(k int, rs *runScan, g []uint16, m int, t *targetSet, cnt int) (left, pairs int) {
	if len(rs.a) == 0 {
		return cnt, 0
	}
	if k != scanGo {
		pairs, left, ok := scanRunsKernel(k, rs, g, m, len(rs.a), t, cnt)
		if !ok {
			return cnt, 0
		}
		return left, pairs
	}
	for _, a0 := range rs.a {
		a := int(a0)
		lo := (*[kernelChunk]uint16)(g[a : a+kernelChunk])
		hi := (*[kernelChunk]uint16)(g[m-a-kernelChunk+1 : m-a+1])
		for j := range kernelChunk {
			if x := lo[j] ^ hi[kernelChunk-1-j]; t.has(x) {
				t[x>>6] &^= 1 << (x & 63)
				if cnt--; cnt == 0 {
					return 0, pairs + j + 1
				}
			}
		}
		pairs += kernelChunk
	}
	return cnt, pairs
}
