package octal

import (
	"encoding/binary"
	"math/bits"
	"sort"
)

// The sparse step for uint16 values below 2^targetBits, blockRows heaps at a time.
//
// For heaps n0 … n0+blockRows−1 and a split digit i, the partners m−r of a rare heap r (m = n−i)
// are consecutive heaps, and for r ≥ blockRows−i they are all computed before n0. So at the start of
// a block the splits of every such rare r (with 2r < n0−i, all of them once the rare heaps lie far
// behind) are marked for all the block's heaps at once, each heap in a byte table of its own: one
// load of the partners serves blockRows heaps, and the rare heap's position and value are read
// once per block instead of once per heap. Each heap then adds, in order, its one-heap options and
// the splits of the few rare heaps left (the smallest ones, whose partners lie inside the block,
// and the large ones, 2r ≥ n0−i, among them the heaps of the block itself), and finishes as
// stepSparse16 does. markRareSplits16 takes this path past e.blockFrom.

// blockRows is the number of heaps of a block.
const blockRows = 16

// blockFrom is the smallest heap at which the engine starts blocks (below it the rare heaps are
// not yet behind and blocks save little).
const blockFrom = 1 << 12

// block holds the marks of the heaps n0 … n0+blockRows−1.
type block struct {
	n0    int // -1: none
	last  int // the last heap marked
	gen   uint8
	lo    []int                             // lo[s]: the rare heaps rare[:lo[s]] are left to each heap, for split digit splits[s]
	hi    []int                             // hi[s]: and the rare heaps rare[hi[s]:]
	marks [blockRows][1 << targetBits]uint8 // marks[j][x] == gen: x is an option of heap n0+j
}

// markBlockSplits16 is markRareSplits16 by blocks: it marks heap n's one-heap options and its
// splits with a rare part in the heap's table of the block (starting a block if n is not in the
// current one, or was computed before: the values were rolled back), points e.cur at the table
// and returns the smallest value not marked.
func markBlockSplits16(e *engine[uint16], n int) uint32 {
	b := e.blk
	if b == nil {
		b = &block{n0: -1}
		e.blk = b
	}
	g := e.g
	for k := len(e.rareVal); k < len(e.rare); k++ {
		e.rareVal = append(e.rareVal, g[e.rare[k]])
	}
	if b.n0 < 0 || n-b.n0 >= blockRows || n <= b.last {
		e.startBlock(n)
	}
	b.last = n
	gen := b.gen
	t := &b.marks[n-b.n0]
	e.cur = t
	if n < len(e.takeAll) && e.takeAll[n] {
		t[0] = gen
	}
	for _, i := range e.singles {
		if i >= n {
			break
		}
		t[g[n-i]&(1<<targetBits-1)] = gen
	}
	rare, rv := e.rare, e.rareVal
	for s, i := range e.splits {
		m := n - i
		if m < 2 {
			break
		}
		for k := 0; k < b.lo[s] && int(rare[k]) < m; k++ {
			if r := int(rare[k]); 2*r != m || !e.unequal {
				t[(rv[k]^g[m-r])&(1<<targetBits-1)] = gen
			}
		}
		for k := b.hi[s]; k < len(rare) && int(rare[k]) < m; k++ {
			if r := int(rare[k]); 2*r != m || !e.unequal {
				t[(rv[k]^g[m-r])&(1<<targetBits-1)] = gen
			}
		}
	}
	// The first byte not equal to gen, eight at a time (c lies above 100 on most heaps).
	rep := uint64(gen) * 0x0101010101010101
	for w := 0; w < len(t); w += 8 {
		if y := binary.LittleEndian.Uint64(t[w:]) ^ rep; y != 0 {
			return uint32(w + bits.TrailingZeros64(y)/8)
		}
	}
	return 1 << targetBits
}

// missingBlock is missing for the heap whose marks are e.cur, 64 values at a time: the bytes not
// equal to the block's generation become a bitset (8 at a time, by the zero-byte test), which
// e.commonBits splits into the common values (the first of them is c) and the targets.
func (e *engine[T]) missingBlock(v uint32, ts *targetSet) (c uint32, cnt int) {
	t := e.cur
	rep := uint64(e.blk.gen) * 0x0101010101010101
	const low7, high = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	for w := v / 64; w < 1<<targetBits/64; w++ {
		var un uint64 // bit i: value 64w+i is not marked
		for q := uint32(0); q < 8; q++ {
			y := binary.LittleEndian.Uint64(t[64*w+8*q:]) ^ rep
			h := ((y&low7 + low7) | y) & high // the high bit of each nonzero byte
			un |= ((h >> 7) * 0x0102040810204080 >> 56) << (8 * q)
		}
		if w == v/64 {
			un &^= 1<<(v%64) - 1
		}
		common := e.commonBits[w]
		if hit := un & common; hit != 0 {
			b := bits.TrailingZeros64(hit)
			un &= 1<<b - 1
			ts[w] |= un &^ common
			return uint32(64*int(w) + b), cnt + bits.OnesCount64(un&^common)
		}
		ts[w] |= un &^ common
		cnt += bits.OnesCount64(un &^ common)
	}
	return 1 << targetBits, cnt
}

// startBlock starts the block of heaps n … n+blockRows−1: it marks the splits of the rare heaps
// whose partners are all computed, for every heap of the block.
func (e *engine[T]) startBlock(n int) {
	b := e.blk
	b.begin(n)
	g := any(e.g).([]uint16)
	rare := e.rare
	for _, i := range e.splits {
		lo, hi := b.bounds(rare, n, i)
		if hi > lo {
			markBlock(&b.marks, b.gen, g[:n], n-i, rare[lo:hi], e.rareVal[lo:hi])
		}
	}
}

// begin empties b for the block of heaps n0 … n0+blockRows−1: a new generation (the tables
// cleared when it wraps) and no rare ranges.
func (b *block) begin(n0 int) {
	b.n0, b.last = n0, -1
	if b.gen++; b.gen == 0 {
		for j := range b.marks {
			clear(b.marks[j][:])
		}
		b.gen = 1
	}
	b.lo, b.hi = b.lo[:0], b.hi[:0]
}

// bounds appends and returns, for split digit i, the range rare[lo:hi] of the rare heaps whose
// splits are marked for the whole block starting at n0: r ≥ blockRows−i (partners before n0) and
// 2r < n0−i (every heap's m); the heaps left to each heap are rare[:lo] and rare[hi:].
func (b *block) bounds(rare []uint32, n0, i int) (lo, hi int) {
	lo = sort.Search(len(rare), func(k int) bool { return int(rare[k]) >= blockRows-i })
	hi = sort.Search(len(rare), func(k int) bool { return 2*int(rare[k]) >= n0-i })
	hi = max(hi, lo)
	b.lo, b.hi = append(b.lo, lo), append(b.hi, hi)
	return lo, hi
}

// markBlockGo marks, for j < blockRows, v^g(m0+j−r) in marks[j] for the rare heaps r (values rv);
// every partner must lie in g.
func markBlockGo(marks *[blockRows][1 << targetBits]uint8, gen uint8, g []uint16, m0 int, rare []uint32, rv []uint16) {
	rv = rv[:len(rare)]
	for k, r := range rare {
		v := rv[k]
		p := (*[blockRows]uint16)(g[m0-int(r) : m0-int(r)+blockRows])
		for j := 0; j < blockRows; j++ {
			marks[j][(v^p[j])&(1<<targetBits-1)] = gen
		}
	}
}
