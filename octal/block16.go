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

	// Checked, not marked (see checkBlock): when partial, the splits of the rare heaps
	// rare[lo[s]:mid[s]] are not in the marks; cand[k][j] is the k-th smallest common value
	// that the marks of heap n0+j missed at the block's start (noCand past the last), and
	// hit[k][j] is 0xffff when one of those splits gives it.
	partial bool
	mid     []int
	cand    [checkK][blockRows]uint16
	hit     [checkK][blockRows]uint16

	// compact: a partial block whose marks of rare[mid:hi] are not in its tables (the leader's
	// block of a stretch with far marks, specblocks.go): the tables hold each heap's own marks
	// only, and a heap whose candidates are all given marks all of rare[lo:hi].
	compact bool
}

// The share of a partial block's rare heaps that it checks instead of marking (the smallest ones),
// in twelfths, adapts to the game. Checking more saves byte stores, but past some share c often
// lies beyond a heap's checkK candidates, and such a heap marks its checked splits after all
// (completeRow), which costs more than the share saves: at 2^20 (BenchmarkCheckShare) Officers is
// fastest at 5/12 (1 % of heaps completed) and slower at 6/12 (9 %), Grundy's game fastest at 6/12
// (0.3 %). So every shareWindow partial blocks the share moves by a twelfth, within shareMin …
// shareMax: down when more than 2 % of their heaps completed, up when fewer than 0.5 % did and
// no step down came in the last shareHold windows.
const (
	shareStart  = 4 // 1/3 at first
	shareMin    = 3
	shareMax    = 7
	shareWindow = 64
	shareHold   = 16
)

// shareControl is the state of the adaptive share (see shareStart).
type shareControl struct {
	blocks     int // partial blocks in the current window
	completed0 int // e.completed at the window's start
	hold       int // windows left before the share may move up again
}

// adaptShare counts a partial block and, at the end of a window, moves e.checkShare (unless
// e.fixShare).
func (e *engine[T]) adaptShare() {
	sc := &e.share
	if sc.blocks++; sc.blocks < shareWindow || e.fixShare {
		return
	}
	done := e.completed - sc.completed0
	heaps := sc.blocks * blockRows
	sc.blocks, sc.completed0 = 0, e.completed
	switch {
	case 50*done > heaps && e.checkShare > shareMin: // more than 2 %
		e.checkShare--
		sc.hold = shareHold
	case sc.hold > 0:
		sc.hold--
	case 200*done < heaps && e.checkShare < shareMax: // fewer than 0.5 %
		e.checkShare++
	}
}

// checkK is the number of candidates for c a heap of a partial block keeps (see checkBlock).
const checkK = 8

// noCand fills the candidates past the last: no split gives it (values lie below 2^targetBits).
const noCand = 0xffff

// checkFrom is the smallest number of rare heaps (those marked for a whole block, for one split
// digit) for which a block checks part of them instead of marking them (tests lower it).
const checkFrom = 64

// The check of a block: the marks it needs are those of c, the smallest common value missing,
// and of the rare-class values below it (the targets). Once every rare heap lies behind its
// partners by more than its own size (2·r < n0−i for all of them), a split with a rare heap gives a
// common value, and the smallest common values its heap's marks miss after a part of the rare
// heaps are few: marking the larger half (the rare heaps of large r) leaves at most checkK
// candidates below c for 91 % of Officers' heaps at 2^21 and 99 % of Grundy's game's. The splits
// of the other half are then only compared with the candidates, sixteen heaps and one candidate a
// vector compare (checkBlock), which costs a fraction of a byte store a split. A heap whose
// checkK candidates are all given by some split (or by its own extra marks) marks the rest of its
// splits after all (completeRow) and is finished from its full marks.

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
	j := n - b.n0
	t := &b.marks[j]
	e.cur = t
	e.curC = -1
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
		markRow(t, gen, g, m, rare[:b.lo[s]], rv, e.unequal)
		if hi := b.hi[s]; hi < len(rare) {
			markRow(t, gen, g, m, rare[hi:], rv[hi:], e.unequal)
		}
	}
	if b.partial {
		if c := b.candidate(j); c < 0 {
			e.completed++
			e.completeRow(n)
		} else {
			// c is known: the targets are the rare-class values below it the marks miss, and
			// the smallest value missing is the first of them, or c.
			// rowTargets writes the words below c, the only ones read (targetWords).
			e.curC = c
			e.curCnt = rowTargetsWith(checkOp.Pick(), t, gen, &e.commonBits, c, &e.curTargets)
			if v, ok := e.curTargets.lowest(targetWords(c)); ok {
				return v
			}
			return uint32(c)
		}
	}
	// The first byte not equal to gen, eight at a time (c lies above 100 on most heaps).
	rep := uint64(gen) * 0x0101010101010101
	for w := 0; w < 1<<targetBits; w += 8 {
		if y := binary.LittleEndian.Uint64(t[w:]) ^ rep; y != 0 {
			return uint32(w + bits.TrailingZeros64(y)/8)
		}
	}
	return 1 << targetBits
}

// markRow marks v^g(m−r) in t for the rare heaps r < m (values rv; with unequal, not r = m/2).
// A function of its own so that its loop keeps its variables in registers (in markBlockSplits16's
// body the index went through the stack every split).
//
//go:noinline
func markRow(t *[1 << targetBits]uint8, gen uint8, g []uint16, m int, rare []uint32, rv []uint16, unequal bool) {
	rv = rv[:len(rare)]
	for k, r := range rare {
		if int(r) >= m {
			return
		}
		if 2*int(r) != m || !unequal {
			t[(rv[k]^g[m-int(r)])&(1<<targetBits-1)] = gen
		}
	}
}

// targetWords is the number of words of a targetSet that hold the values below c.
func targetWords(c int) int { return (c + 63) / 64 }

// candidate returns c for heap n0+j of a partial block, the first of its candidates that neither
// its own marks nor a checked split give, or −1 when they give all checkK.
func (b *block) candidate(j int) int {
	t := &b.marks[j]
	for k := range checkK {
		x := b.cand[k][j]
		if x == noCand {
			return -1
		}
		if t[x] != b.gen && b.hit[k][j] == 0 {
			return int(x)
		}
	}
	return -1
}

// completeRow marks the checked splits of heap n (in a partial block) in its table, and in a
// compact block all the block's rare splits.
func (e *engine[T]) completeRow(n int) {
	b := e.blk
	g := any(e.g).([]uint16)
	t := &b.marks[n-b.n0]
	for s, i := range e.splits {
		if s >= len(b.mid) {
			break
		}
		m := n - i
		end := b.mid[s]
		if b.compact {
			end = b.hi[s]
		}
		markRow(t, b.gen, g, m, e.rare[b.lo[s]:end], e.rareVal[b.lo[s]:end], e.unequal)
	}
}

// missingBlock is missing for the heap whose marks are e.cur, 64 values at a time: the bytes not
// equal to the block's generation become a bitset (8 at a time, by the zero-byte test), which
// e.commonBits splits into the common values (the first of them is c) and the targets.
func (e *engine[T]) missingBlock(v uint32, ts *targetSet) (c uint32, cnt int) {
	if e.curC >= 0 {
		// A partial block's heap: markBlockSplits16 found them (rowTargetsWith).
		for w, x := range e.curTargets[:targetWords(e.curC)] {
			ts[w] |= x
		}
		return uint32(e.curC), e.curCnt
	}
	t := e.cur
	rep := uint64(e.blk.gen) * 0x0101010101010101
	for w := v / 64; w < 1<<targetBits/64; w++ {
		un := unmarked(t, rep, w) // bit i: value 64w+i is not marked
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

// rowTargetsGo puts in ts (empty) the rare-class values below c (at most 2^targetBits) whose bytes
// in t are not gen, common having the common values' bits, and returns how many.
func rowTargetsGo(t *[1 << targetBits]uint8, gen uint8, common *[1 << targetBits / 64]uint64, c int, ts *targetSet) int {
	rep := uint64(gen) * 0x0101010101010101
	cnt := 0
	for w := 0; 64*w < c; w++ {
		un := unmarked(t, rep, uint32(w)) &^ common[w]
		if c < 64*(w+1) {
			un &= 1<<(c-64*w) - 1
		}
		ts[w] = un
		cnt += bits.OnesCount64(un)
	}
	return cnt
}

// unmarked returns the bitset of the values 64w … 64w+63 whose bytes in t are not rep's byte
// (eight at a time, by the zero-byte test).
func unmarked(t *[1 << targetBits]uint8, rep uint64, w uint32) uint64 {
	const low7, high = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	var un uint64
	for q := uint32(0); q < 8; q++ {
		y := binary.LittleEndian.Uint64(t[64*w+8*q:]) ^ rep
		h := ((y&low7 + low7) | y) & high // the high bit of each nonzero byte
		un |= ((h >> 7) * 0x0102040810204080 >> 56) << (8 * q)
	}
	return un
}

// mayCheck reports whether blocks may check part of their rare heaps at all: checking is not
// turned off and a vector check kernel runs (or a test forces the portable one).
func (e *engine[T]) mayCheck() bool {
	return !e.noCheck && (checkOp.Pick() != checkGo || e.forceCheck)
}

// rareBehind reports whether, for the block starting at heap n0, every one of the rare heaps
// lies behind its partners by more than its own size (2·r < n0−i for the largest split digit i),
// so that a split with a rare part gives a common value (see checkK).
func (e *engine[T]) rareBehind(rare []uint32, n0 int) bool {
	return len(rare) > 0 && 2*int(rare[len(rare)-1]) < n0-e.splits[len(e.splits)-1]
}

// startBlock starts the block of heaps n … n+blockRows−1: it marks the splits of the rare heaps
// whose partners are all computed, for every heap of the block, or, once the rare heaps lie far
// behind and a vector check kernel runs, marks the larger half of them and checks the others
// against each heap's candidates (see checkK).
func (e *engine[T]) startBlock(n int) {
	b := e.blk
	b.begin(n)
	g := any(e.g).([]uint16)
	rare := e.rare
	partial := e.rareBehind(rare, n)
	for _, i := range e.splits {
		lo, hi := b.bounds(rare, n, i)
		partial = partial && hi-lo >= e.checkFrom
	}
	partial = partial && e.mayCheck() // last: the check is calibrated only when a block may use it
	for s, i := range e.splits {
		lo, hi := b.lo[s], b.hi[s]
		if partial {
			lo += (hi - lo) * e.checkShare / 12
			b.mid = append(b.mid, lo)
		}
		if hi > lo {
			markBlock(&b.marks, b.gen, g[:n], n-i, rare[lo:hi], e.rareVal[lo:hi])
		}
	}
	if !partial {
		return
	}
	b.partial = true
	e.checked++
	e.adaptShare()
	b.candidatesWith(checkOp.Pick(), &e.commonBytes, e.checkCands)
	for s, i := range e.splits {
		lo, mid := b.lo[s], b.mid[s]
		checkBlock(&b.cand, &b.hit, g[:n], n-i, rare[lo:mid], e.rareVal[lo:mid])
	}
}

// candidates fills b.cand with each heap's most (at most checkK) smallest common values not
// marked (noCand past the last) and clears b.hit. commonBytes[q] has 0xff in the bytes of the
// common values among 8q … 8q+7: below c nearly every common value is marked, so eight values
// are passed over with a load, an XOR and an AND.
func (b *block) candidates(commonBytes *[1 << targetBits / 8]uint64, most int) {
	rep := uint64(b.gen) * 0x0101010101010101
	b.hit = [checkK][blockRows]uint16{}
	for j := range blockRows {
		t := &b.marks[j]
		k := 0
		for q := 0; q < len(commonBytes) && k < most; q++ {
			y := (binary.LittleEndian.Uint64(t[8*q:]) ^ rep) & commonBytes[q]
			for ; y != 0 && k < most; k++ {
				i := bits.TrailingZeros64(y) / 8
				y &^= 0xff << (8 * i)
				b.cand[k][j] = uint16(8*q + i)
			}
		}
		for ; k < checkK; k++ {
			b.cand[k][j] = noCand
		}
	}
}

// checkBlockGo sets hit[k][j] to 0xffff where v^g(m0+j−r) = cand[k][j] for one of the rare heaps r
// (values rv); every partner must lie in g.
func checkBlockGo(cand, hit *[checkK][blockRows]uint16, g []uint16, m0 int, rare []uint32, rv []uint16) {
	rv = rv[:len(rare)]
	for k, r := range rare {
		v := rv[k]
		p := (*[blockRows]uint16)(g[m0-int(r) : m0-int(r)+blockRows])
		for j := range blockRows {
			x := v ^ p[j]
			for c := range checkK {
				if cand[c][j] == x {
					hit[c][j] = 0xffff
				}
			}
		}
	}
}

// begin empties b for the block of heaps n0 … n0+blockRows−1: a new generation (the tables
// cleared when it wraps) and no rare ranges.
func (b *block) begin(n0 int) {
	b.n0, b.last = n0, -1
	b.partial, b.compact, b.mid = false, false, b.mid[:0]
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
