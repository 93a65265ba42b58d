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

// lowest returns the smallest value in t, and false when t is empty.
func (t *targetSet) lowest() (uint32, bool) {
	for w, x := range t {
		if x != 0 {
			return uint32(64*w + bits.TrailingZeros64(x)), true
		}
	}
	return 0, false
}
