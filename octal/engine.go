package octal

import (
	"errors"
	"fmt"
	"math/bits"
)

// Method names reported in Result.Method.
const (
	MethodLinear    = "linear"    // no move splits a heap: O(k) per heap
	MethodQuadratic = "quadratic" // every two-heap split of every heap: O(n) per heap
	MethodSparse    = "sparse"    // rare/common values: only splits with a rare part, O(#rare) per heap
	MethodThreeHeap = "three-heap"
	MethodReference = "reference"
)

// errWiden is returned by an engine when a value no longer fits in its array's width, or when an
// engine of bytes reaches a step that only the uint16 kernels do.
var errWiden = errors.New("octal: the values need a wider array")

// maxValueBits bounds the Grundy values the engine handles (values < 2^24): the option marks
// table has 2^(bits+1) entries.
const maxValueBits = 24

// value is the type the values are stored as: a byte while every value fits in one (and the
// method needs no 16-bit kernel), then two bytes, then four (Compute widens the array).
type value interface{ ~uint8 | ~uint16 | ~uint32 }

// narrow is a value type whose values (and the XOR of two of them) index the fixed-size marks
// table of 2^17 entries: the paths written once for both widths.
type narrow interface{ ~uint8 | ~uint16 }

// isNarrow reports whether T is a narrow type (uint8 or uint16).
func isNarrow[T value]() bool {
	var zero T
	return uint64(^zero) <= 1<<16-1
}

// engine computes g(n) for n = len(g), len(g)+1, … of one code. It holds the value array, the
// option marks (generation stamps, so nothing is cleared between heaps) and, for the sparse
// method, the list of rare positions.
type engine[T value] struct {
	g       []T
	takeAll []bool // takeAll[n]: a heap of exactly n tokens may be taken whole (bit 1 of dn)
	singles []int  // i ≥ 1 with bit 2
	splits  []int  // i ≥ 0 with bit 4
	triples []int  // i ≥ 0 with bit 8
	unequal bool

	stamp  []uint32 // stamp[v] == gen: v is an option of the heap being computed
	gen    uint32
	vbits  uint // every value so far is < 1<<vbits; len(stamp) == 2<<vbits
	maxVal T

	mode        string
	mask        uint32                       // rare/common mask of the sparse method
	common64    uint64                       // bit v set: v < 64 is common
	commonBits  [1 << targetBits / 64]uint64 // bit v set: v < 2^targetBits is common (missingBlock)
	commonBytes [1 << targetBits / 8]uint64  // byte v of the array 0xff: v < 2^targetBits is common (candidates)
	common      []bool                       // common[v]: popcount(v&mask) is odd, for v < 2<<vbits
	rare        []uint32                     // positions r ≥ 1 whose value is rare, ascending
	rareVal     []uint16                     // stepSparse16: rareVal[k] = g[rare[k]] (filled in lazily)
	nextEval    int                          // heap at which the method is reconsidered
	rareAtEval  int                          // len(rare) after the last reconsideration

	scans      []splitScan             // stepSparse64: the splits of recent m, indexed by m mod len
	blk        *block                  // markBlockSplits16: the block of heaps being computed
	cur        *[1 << targetBits]uint8 // the marks of the heap being computed when in blk (nil: stamp)
	curC       int                     // with cur: c when its block checked splits (cur misses them), or −1
	curTargets targetSet               // with curC ≥ 0: the heap's targets in its first targetWords(curC) words (rowTargetsWith)
	curCnt     int                     // … and their number
	low        []uint16                // scanSplits: g(0 … lowLen−1) reversed, once there (see scanTargets)
	blockFrom  int                     // markBlockSplits16 from this heap on (tests lower it)
	runs       *runScan                // the target search's runs (nil until chosen)
	runFrom    int                     // the target search takes the runs from this heap on (runFrom; tests lower it)
	runLim     int                     // … chosen below this heap (runLim; tests lower it)

	t2 [][]uint64 // three-heap codes: t2[s] = bitset of g(a)^g(s-a), 1 ≤ a < s

	win        *window      // the values array's window (uint16 engines of long runs; nil: none)
	widen      string       // why the last errWiden
	pairEvals  uint64       // two-heap option evaluations done (for benchmarks)
	help       *helper      // the second core of the quadratic loop
	parAt      int          // heaps with at least this many splits use the helper
	narrowBits uint         // tests: widen to uint32 past this many bits (0: the width of T)
	noTargets  bool         // tests and benchmarks: the marking scan instead of searchTargets
	noCheck    bool         // tests and benchmarks: blocks mark every rare heap (no checkBlock)
	checkFrom  int          // blocks check part of the rare heaps from this many on (tests lower it)
	forceCheck bool         // tests: … even with the portable check (which the engine does not use)
	checkCands int          // candidates a heap of a partial block keeps, at most checkK (tests lower it)
	checkShare int          // a partial block checks checkShare/12 of its rare heaps (adaptShare)
	share      shareControl // … which adapts to the heaps that complete
	fixShare   bool         // benchmarks: the share does not adapt
	checked    int          // tests: blocks that checked part of their rare heaps
	completed  int          // heaps of such blocks that marked the rest after all (adaptShare, tests)
	no64       bool         // tests: stepSparse16 also for values below 64
}

func newEngine[T value](c Code, g []T) *engine[T] {
	e := &engine[T]{g: g, unequal: c.unequal, parAt: parallelPairs, blockFrom: blockFrom, runFrom: runFrom, runLim: runLim,
		checkFrom: checkFrom, checkCands: checkK, checkShare: shareStart}
	k := c.LastDigit()
	e.takeAll = make([]bool, k+1)
	for i := 0; i <= k; i++ {
		d := c.Digit(i)
		if i >= 1 && d&LeaveNone != 0 {
			e.takeAll[i] = true
		}
		if i >= 1 && d&LeaveOne != 0 {
			e.singles = append(e.singles, i)
		}
		if d&LeaveTwo != 0 {
			e.splits = append(e.splits, i)
		}
		if d&LeaveThree != 0 {
			e.triples = append(e.triples, i)
		}
	}
	if len(e.g) == 0 {
		e.g = append(e.g, 0)
	}
	for _, v := range e.g {
		e.maxVal = max(e.maxVal, v)
	}
	e.vbits = 1
	for uint64(e.maxVal) >= 1<<e.vbits {
		e.vbits++
	}
	e.resize()
	switch {
	case len(e.triples) > 0:
		e.mode = MethodThreeHeap
		for s := 0; s < len(e.g); s++ {
			e.addT2(s)
		}
	case len(e.splits) == 0:
		e.mode = MethodLinear
	default:
		e.mode = MethodQuadratic
		e.nextEval = 256
		if len(e.g) >= e.nextEval {
			e.reconsider()
		}
	}
	return e
}

// resize sizes the marks table for values below 1<<vbits.
func (e *engine[T]) resize() {
	n := 2 << e.vbits
	if isNarrow[T]() {
		n = 1 << 17 // markRange indexes a fixed-size array: no bounds checks in the hot loop
	}
	if len(e.stamp) < n {
		e.stamp = make([]uint32, n)
		e.gen = 0
		e.close() // the helper's table is the wrong size now
	}
	e.setCommon()
}

func (e *engine[T]) setCommon() {
	n := 2 << e.vbits
	if isNarrow[T]() {
		n = 1 << 17 // stepSparse16 indexes a fixed-size array
	}
	if len(e.common) != n {
		e.common = make([]bool, n)
	}
	e.common64 = 0
	e.commonBits = [1 << targetBits / 64]uint64{}
	e.commonBytes = [1 << targetBits / 8]uint64{}
	for v := range e.common {
		e.common[v] = bits.OnesCount32(uint32(v)&e.mask)&1 == 1
		if v < 64 && e.common[v] {
			e.common64 |= 1 << v
		}
		if v < 1<<targetBits && e.common[v] {
			e.commonBits[v/64] |= 1 << (v % 64)
			e.commonBytes[v/8] |= 0xff << (8 * (v % 8))
		}
	}
}

func (e *engine[T]) nextGen() {
	e.gen++
	if e.gen == 0 {
		clear(e.stamp)
		e.close()
		e.gen = 1
	}
}

// mexFrom returns the smallest unmarked value ≥ v.
func (e *engine[T]) mexFrom(v uint32) uint32 {
	st, gen := e.stamp, e.gen
	for st[v] == gen {
		v++
	}
	return v
}

// markSimple marks the options that leave at most one heap.
func (e *engine[T]) markSimple(n int) {
	g, st, gen := e.g, e.stamp, e.gen
	if n < len(e.takeAll) && e.takeAll[n] {
		st[0] = gen
	}
	for _, i := range e.singles {
		if i >= n {
			break
		}
		st[g[n-i]] = gen
	}
}

// half returns how many splits a+b = m (1 ≤ a ≤ b) a scan visits.
func (e *engine[T]) half(m int) int { return halfOf(m, e.unequal) }

// halfOf returns how many splits a+b = m (1 ≤ a ≤ b, and a < b when unequal) there are.
func halfOf(m int, unequal bool) int {
	h := m / 2
	if unequal && m%2 == 0 {
		h--
	}
	return h
}

// step computes g(n) for n = len(e.g) and appends it.
func (e *engine[T]) step() error {
	n := len(e.g)
	if n >= e.nextEval && e.nextEval > 0 {
		e.reconsider()
	}
	if e.win.released() && !e.stepFits() {
		if err := e.unwindow(); err != nil {
			return err
		}
	}
	e.nextGen()
	e.markSimple(n)
	var v uint32
	switch e.mode {
	case MethodLinear:
		v = e.mexFrom(0)
	case MethodQuadratic:
		v = e.quadraticStep(n)
	case MethodSparse:
		small := !e.unequal && e.vbits <= 6 && !e.no64 // values below 64: stepSparse64
		switch en := any(e).(type) {
		case *engine[uint8]:
			if !small {
				e.widen = "the sparse method's 16-bit kernels take over"
				return errWiden // the sparse step past 64 values runs the 16-bit kernels
			}
			v = stepSparse64(en, n)
		case *engine[uint16]:
			if small {
				v = stepSparse64(en, n)
			} else {
				v = stepSparse16(en, n)
			}
		default:
			v = e.stepSparse(n)
		}
	case MethodThreeHeap:
		v = e.stepThree(n)
	}
	return e.push(v)
}

// stepSparse computes the mex using the rare/common split: XORing two common values gives a
// rare-class value, so when the smallest value missing among the options that involve a rare heap
// (or leave at most one heap) is common, no common+common split can supply it and it is the mex.
// When it is rare-class, the common+common splits are scanned until it is found (then the next
// missing value is tried) or the scan ends.
func (e *engine[T]) stepSparse(n int) uint32 {
	g, st, gen := e.g, e.stamp, e.gen
	for _, i := range e.splits {
		m := n - i
		if m < 2 {
			break
		}
		for _, r := range e.rare {
			ri := int(r)
			if ri >= m {
				break
			}
			if e.unequal && 2*ri == m {
				continue
			}
			st[g[ri]^g[m-ri]] = gen
		}
	}
	v := e.mexFrom(0)
	if e.common[v] {
		return v
	}
	if e.vbits <= targetBits && !e.noTargets {
		if _, ok := any(e.g).([]uint16); ok {
			return e.searchTargets(n, v)
		}
	}
	for _, i := range e.splits {
		m := n - i
		if m < 2 {
			break
		}
		h := e.half(m)
		for a := 1; a <= h; a++ {
			x := g[a] ^ g[m-a]
			st[x] = gen
			if uint32(x) == v {
				v = e.mexFrom(v)
				if e.common[v] {
					e.pairEvals += uint64(a)
					return v
				}
			}
		}
		e.pairEvals += uint64(h)
	}
	return v
}

// push appends v as g(len(e.g)) and keeps the tables in step with the largest value.
func (e *engine[T]) push(v uint32) error {
	if uint64(v) >= 1<<e.vbits {
		for uint64(v) >= 1<<e.vbits {
			e.vbits++
		}
		var zero T
		wb := uint(bits.Len64(uint64(^zero))) // the bits T holds (fewer in tests: narrowBits)
		if e.narrowBits > 0 {
			wb = min(wb, e.narrowBits)
		}
		if e.vbits > wb {
			e.widen = fmt.Sprintf("a value (%d) does not fit in %d bits", v, wb)
			return errWiden
		}
		if e.vbits > maxValueBits {
			return errTooLarge
		}
		e.resize()
	}
	n := len(e.g)
	e.g = append(e.g, T(v))
	e.maxVal = max(e.maxVal, T(v))
	if e.mode == MethodSparse && !e.common[v] {
		e.rare = append(e.rare, uint32(n))
		if n >= rareRecheckFrom && len(e.rare) > e.rareAtEval+rareRecheck && e.nextEval > n+1 {
			// New rare heaps since the mask was chosen (Grundy's game under mask fe near heap
			// 4.7·10^7: its values of 256 and more are rare there; 5,300 of them before 2^26,
			// each a roll-back and more splits to mark for every heap): reconsider at the next
			// heap rather than at the next doubling.
			e.nextEval = n + 1
		}
	}
	if e.mode == MethodThreeHeap {
		e.addT2(n)
	}
	return nil
}

// rareRecheckFrom is the heap from which a growing rare list brings the next reconsideration
// forward (below it the doublings come soon enough), once rareRecheck rare heaps have come since
// the last one. Each new rare heap's target search failed, reading all its splits (n/2 of them
// for each split digit), while a reconsideration reads n/2 values, and n more when the mask
// changes: after 32 such searches a reconsideration costs at most a sixteenth of what they did.
// (The former threshold, a quarter of the rare list and 64 more, let Grundy's game through 386
// such searches near heap 4.7·10^7, 16 M splits each, before its mask moved from fe to 1fe.)
const (
	rareRecheckFrom = 1 << 20
	rareRecheck     = 32
)

var errTooLarge = errors.New("octal: a Grundy value reached 2^24, beyond what this program handles")

// reconsider chooses the method for the heaps to come from the values so far: the sparse method
// with the mask that makes the fewest recent values rare, when that leaves few rare positions, and
// the quadratic loop otherwise. It runs at heaps 256, 512, 1024, …
func (e *engine[T]) reconsider() {
	n := len(e.g)
	e.nextEval = 2 * n
	size := 1 << e.vbits
	cnt := make([]int64, size)
	e.forValues(n/2, n, func(_ int, g []T) {
		for _, v := range g {
			cnt[v]++
		}
	})
	// After the transform cnt[M] = Σ_v count(v)·(-1)^popcount(v&M), so the number of rare
	// (even-parity) values under mask M is (total + cnt[M]) / 2.
	walshHadamard(cnt)
	total := int64(n - n/2)
	best, bestRare := uint32(0), total
	for m := 1; m < size; m++ {
		if r := (total + cnt[m]) / 2; r < bestRare {
			best, bestRare = uint32(m), r
		}
	}
	if e.blk != nil {
		e.blk.n0 = -1 // the rare list may change
	}
	keep := e.mode == MethodSparse && (total+cnt[e.mask])/2 <= 2*bestRare+8 &&
		(e.win == nil || e.win.test.remask == 0) // tests: rebuild the rare list through the window
	if !keep {
		e.mask = best
		e.setCommon()
		e.resetScans()
		e.rare = e.rare[:0]
		e.rareVal = e.rareVal[:0]
		e.forValues(1, n, func(lo int, g []T) {
			for j, v := range g {
				if !e.common[v] {
					e.rare = append(e.rare, uint32(lo+j))
				}
			}
		})
		if e.win.released() {
			// The sparse step reads the rare heaps' values from rareVal: fill it here, where
			// the values are read through the window.
			for _, r := range e.rare {
				e.rareVal = append(e.rareVal, uint16(e.at(int(r))))
			}
		}
	}
	e.rareAtEval = len(e.rare)
	if len(e.rare) <= n/8 {
		e.mode = MethodSparse
	} else {
		e.mode = MethodQuadratic
		e.rare = e.rare[:0]
		e.rareVal = e.rareVal[:0]
		e.resetScans()
	}
}

// resetScans forgets the kept splits of stepSparse64 (after the mask or the rare list changed).
func (e *engine[T]) resetScans() {
	for i := range e.scans {
		e.scans[i] = splitScan{m: -1}
	}
}

// rareMask returns the mask of the sparse method, or 0 when another method is in use.
func (e *engine[T]) rareMask() uint32 {
	if e.mode == MethodSparse {
		return e.mask
	}
	return 0
}

// xorPermute moves bit v of w to bit v^x, for x < 64.
func xorPermute(w uint64, x uint) uint64 {
	if x&1 != 0 {
		w = (w&0x5555555555555555)<<1 | (w>>1)&0x5555555555555555
	}
	if x&2 != 0 {
		w = (w&0x3333333333333333)<<2 | (w>>2)&0x3333333333333333
	}
	if x&4 != 0 {
		w = (w&0x0f0f0f0f0f0f0f0f)<<4 | (w>>4)&0x0f0f0f0f0f0f0f0f
	}
	if x&8 != 0 {
		w = (w&0x00ff00ff00ff00ff)<<8 | (w>>8)&0x00ff00ff00ff00ff
	}
	if x&16 != 0 {
		w = (w&0x0000ffff0000ffff)<<16 | (w>>16)&0x0000ffff0000ffff
	}
	if x&32 != 0 {
		w = w<<32 | w>>32
	}
	return w
}

// addT2 records the set of two-heap values of s tokens, for the three-heap moves of later heaps.
func (e *engine[T]) addT2(s int) {
	words := (1<<e.vbits + 63) / 64
	set := make([]uint64, words)
	for a := 1; 2*a <= s; a++ {
		x := uint32(e.g[a] ^ e.g[s-a])
		set[x/64] |= 1 << (x % 64)
	}
	e.t2 = append(e.t2, set)
}

// stepThree is the quadratic step plus the three-heap moves, taken as g(a) XOR the two-heap set of
// the remaining tokens: O(n·values/64) per heap.
func (e *engine[T]) stepThree(n int) uint32 {
	for _, i := range e.splits {
		m := n - i
		if m < 2 {
			break
		}
		markRange(e.stamp, e.gen, e.g, m, 1, e.half(m))
	}
	words := (len(e.stamp) + 63) / 64
	opt := make([]uint64, words)
	for _, i := range e.triples {
		m := n - i
		for a := 1; m-a >= 2; a++ {
			x := uint(e.g[a])
			hiw, low := x/64, x%64
			for w, bitsw := range e.t2[m-a] {
				if bitsw != 0 {
					opt[uint(w)^hiw] |= xorPermute(bitsw, low)
				}
			}
		}
	}
	for w, bw := range opt {
		for bw != 0 {
			b := bits.TrailingZeros64(bw)
			bw &= bw - 1
			e.stamp[w*64+b] = e.gen
		}
	}
	return e.mexFrom(0)
}
