package octal

import (
	"math/bits"
	"sort"
)

// The sparse step for uint16 values, written without bounds checks in its inner loops.
// stepSparse is the same computation for every case.

const scanChunk = 16

// stepSparse16 computes g(n), n = len(e.g), for an engine holding uint16 values.
func stepSparse16(e *engine[uint16], n int) uint32 {
	v := markRareSplits16(e, n)
	if e.common[v] {
		return v
	}
	if e.vbits <= targetBits && !e.noTargets {
		return e.searchTargets(n, v)
	}
	return scanCommon16(e, n, v)
}

// markRareSplits16 marks the splits of heap n that pair a rare heap with another and returns the
// smallest value not marked (the one-heap options are marked already). Past e.blockFrom, with
// values below 2^targetBits and the target search, it marks them in blocks of heaps
// (markBlockSplits16) and e.cur holds the heap's marks.
func markRareSplits16(e *engine[uint16], n int) uint32 {
	if n >= e.blockFrom && e.vbits <= targetBits && !e.noTargets {
		return markBlockSplits16(e, n)
	}
	e.cur = nil
	g := e.g
	st := (*[1 << 17]uint32)(e.stamp[:1<<17])
	gen := e.gen
	rare := e.rare
	for k := len(e.rareVal); k < len(rare); k++ {
		e.rareVal = append(e.rareVal, g[rare[k]])
	}
	rv := e.rareVal[:len(rare)]
	// The splits that pair a rare heap r with m−r, for every split digit: first the rare r with
	// 2r < m, in one tight loop (all of them once the rare heaps lie far behind), then the others.
	for _, i := range e.splits {
		m := n - i
		if m < 2 {
			break
		}
		k := len(rare)
		if k > 0 && 2*int(rare[k-1]) >= m {
			k = sort.Search(len(rare), func(k int) bool { return 2*int(rare[k]) >= m })
		}
		markRare(st, gen, g[:m], rare[:k], rv[:k])
		for ; k < len(rare) && int(rare[k]) < m; k++ {
			if r := int(rare[k]); 2*r != m || !e.unequal {
				st[rv[k]^g[m-r]] = gen
			}
		}
	}
	v := uint32(0)
	for st[v] == gen {
		v++
	}
	return v
}

// scanCommon16 finishes the step of heap n by the marking scan of the common+common splits, v
// being the smallest value missing from the marks so far (rare-class).
func scanCommon16(e *engine[uint16], n int, v uint32) uint32 {
	g := e.g
	st := (*[1 << 17]uint32)(e.stamp[:1<<17])
	common := (*[1 << 17]bool)(e.common[:1<<17])
	gen := e.gen
	splits := e.splits
	// Scan the common+common splits in chunks, all split digits together, checking after each
	// chunk whether the candidate was found.
	hMin := e.half(n - splits[len(splits)-1])
	a := 1
	for ; a+scanChunk-1 <= hMin; a += scanChunk {
		lo := (*[scanChunk]uint16)(g[a : a+scanChunk])
		for _, i := range splits {
			top := n - i - a // the partner of a
			hi := (*[scanChunk]uint16)(g[top-scanChunk+1 : top+1])
			for j := 0; j < scanChunk; j++ {
				st[lo[j]^hi[scanChunk-1-j]] = gen
			}
		}
		e.pairEvals += uint64(scanChunk * len(splits))
		if st[v] == gen {
			for st[v] == gen {
				v++
			}
			if common[v] {
				return v
			}
		}
	}
	// The rest of each split's range, one pair at a time.
	for _, i := range splits {
		m := n - i
		if m < 2 {
			continue
		}
		h := e.half(m)
		for b := a; b <= h; b++ {
			x := g[b] ^ g[m-b]
			st[x] = gen
			if uint32(x) == v {
				for st[v] == gen {
					v++
				}
				if common[v] {
					return v
				}
			}
		}
		e.pairEvals += uint64(max(0, h-a+1))
	}
	return v
}

// splitScan is what is known of the two-heap splits a+b = m: the values of the splits that
// involve a rare heap, and of the splits a+b = m with a ≤ pos. The same m serves several heaps
// (heap n uses m = n−i for every split digit i), so stepSparse64 keeps the work done for one heap
// and resumes it for the next ones.
type splitScan struct {
	m    int
	pos  int
	mask uint64
}

// scanFor returns the entry of m, starting it (the splits with a rare heap) if it is not there.
func scanFor[T narrow](e *engine[T], m int) *splitScan {
	s := &e.scans[m%len(e.scans)]
	if s.m == m {
		return s
	}
	g := e.g
	var mask uint64
	for _, r := range e.rare {
		ri := int(r)
		if ri >= m {
			break
		}
		mask |= 1 << ((g[ri] ^ g[m-ri]) & 63)
	}
	*s = splitScan{m: m, mask: mask}
	return s
}

// extend scans up to scanChunk more splits of s.
func extend[T narrow](g []T, s *splitScan) {
	m, a := s.m, s.pos+1
	h := m / 2
	if a+scanChunk-1 <= h {
		lo := (*[scanChunk]T)(g[a : a+scanChunk])
		top := m - a
		hi := (*[scanChunk]T)(g[top-scanChunk+1 : top+1])
		var acc0, acc1, acc2, acc3 uint64
		for j := 0; j < scanChunk; j += 4 {
			acc0 |= 1 << ((lo[j] ^ hi[scanChunk-1-j]) & 63)
			acc1 |= 1 << ((lo[j+1] ^ hi[scanChunk-2-j]) & 63)
			acc2 |= 1 << ((lo[j+2] ^ hi[scanChunk-3-j]) & 63)
			acc3 |= 1 << ((lo[j+3] ^ hi[scanChunk-4-j]) & 63)
		}
		s.mask |= acc0 | acc1 | acc2 | acc3
		s.pos += scanChunk
		return
	}
	for ; a <= h; a++ {
		s.mask |= 1 << ((g[a] ^ g[m-a]) & 63)
	}
	s.pos = h
}

// stepSparse64 is the sparse step for values below 64 (the option set is a uint64) and equal
// splits allowed. The splits of each m are kept in e.scans and shared by the heaps that use m.
func stepSparse64[T narrow](e *engine[T], n int) uint32 {
	g := e.g
	var opt uint64
	if n < len(e.takeAll) && e.takeAll[n] {
		opt = 1
	}
	for _, i := range e.singles {
		if i >= n {
			break
		}
		opt |= 1 << (g[n-i] & 63)
	}
	if span := e.splits[len(e.splits)-1] + 1; len(e.scans) != span {
		e.scans = make([]splitScan, span)
		e.resetScans()
	}
	var cur [8]*splitScan // the heap's splits, largest m first (at most 8 kept; see below)
	k := 0
	for _, i := range e.splits {
		m := n - i
		if m < 2 {
			break
		}
		s := scanFor(e, m)
		opt |= s.mask
		if k < len(cur) {
			cur[k] = s
			k++
		}
	}
	common := e.common64
	v := bits.TrailingZeros64(^opt)
	for common>>v&1 == 0 {
		// Extend the first split not yet complete: the largest m, which later heaps reuse most.
		var s *splitScan
		for _, c := range cur[:k] {
			if c.pos < c.m/2 {
				s = c
				break
			}
		}
		if s == nil {
			if k < len(cur) || len(e.splits) <= len(cur) {
				break // every split of n is scanned: v is the mex
			}
			// More than 8 split digits: finish the rest one by one.
			for _, i := range e.splits[len(cur):] {
				if m := n - i; m >= 2 {
					s := scanFor(e, m)
					for s.pos < s.m/2 {
						extend(g, s)
					}
					opt |= s.mask
				}
			}
			return uint32(bits.TrailingZeros64(^opt))
		}
		before := s.pos
		extend(g, s)
		e.pairEvals += uint64(s.pos - before)
		opt |= s.mask
		v = bits.TrailingZeros64(^opt)
	}
	return uint32(v)
}

// searchTargets finishes the sparse step of heap n when v, the smallest value missing from the
// marks (the options with a rare part and the one-heap options), is rare-class: the targets are
// the missing rare-class values below c, the smallest missing common value, and the splits are
// searched for them (see targets.go). Values must be below 2^targetBits.
func (e *engine[T]) searchTargets(n int, v uint32) uint32 {
	var t targetSet
	c, cnt := e.missing(v, &t)
	return e.scanSplits(n, c, &t, cnt)
}

// missing puts in t (empty) the targets of the heap whose marks are in e.stamp, v being the
// smallest value not marked (rare-class): the missing rare-class values below c, the smallest
// missing common value. It returns c and the number of targets.
func (e *engine[T]) missing(v uint32, t *targetSet) (c uint32, cnt int) {
	if e.cur != nil {
		return e.missingBlock(v, t)
	}
	st, gen, common := e.stamp, e.gen, e.common
	c = v
	// Past the largest value (below 2^vbits ≤ 2^targetBits) no option lies, so the smallest
	// missing value is at most 2^vbits: c stops at 2^targetBits when no value below is common.
	for ; c < 1<<targetBits && (st[c] == gen || !common[c]); c++ {
		if st[c] != gen {
			t[c>>6] |= 1 << (c & 63)
			cnt++
		}
	}
	return c, cnt
}

// scanSplits searches the splits of heap n for the cnt targets in t, the missing rare-class
// values below c, the smallest missing common value; it returns the mex.
func (e *engine[T]) scanSplits(n int, c uint32, t *targetSet, cnt int) uint32 {
	g := any(e.g).([]uint16)
	if e.low == nil && len(g) > lowLen && hasScanKernel() {
		e.low = make([]uint16, lowLen)
		for a := range e.low {
			e.low[lowLen-1-a] = g[a]
		}
	}
	v, pairs := findTargets(g, e.low, e.far(), e.runsAt(n), e.splits, e.unequal, n, c, t, cnt)
	e.pairEvals += pairs
	return v
}

// findTargets is scanSplits on the values g (g[:n] at least) for a code with the given split
// digits, for a goroutine other than the engine's: it returns the mex and the splits looked at.
// low is nil or the reversed copy of the first values (see scanTargets). far, when not nil, is
// the window of g: the splits it does not keep in g are read through it (window.go). rs, when not
// nil, are the runs searched first (see runScan).
func findTargets(g, low []uint16, far *window, rs *runScan, splits []int, unequal bool, n int, c uint32, t *targetSet, cnt int) (uint32, uint64) {
	var evals uint64
	for _, i := range splits {
		m := n - i
		if m < 2 {
			break
		}
		h := halfOf(m, unequal)
		hot := h
		if far != nil {
			hot = far.hot(m, h)
		}
		if rs != nil && hot >= rs.top {
			left, pairs := scanRuns(rs, g, m, t, cnt)
			evals += uint64(pairs)
			if cnt = left; cnt == 0 {
				return c, evals
			}
		}
		left, pairs := scanTargets(g, low, m, hot, t, cnt)
		if left > 0 && hot < h {
			more := 0
			left, more = far.scanFar(g, m, max(hot, 0)+1, h, t, left)
			pairs += more
		}
		evals += uint64(pairs)
		if cnt = left; cnt == 0 {
			return c, evals
		}
	}
	x, _ := t.lowest(len(t))
	return x, evals
}

// runsAt returns the runs that the target search of heap n takes first (nil: none), choosing
// them the first time (the engine's goroutine only; the values below e.runLim are known then).
func (e *engine[T]) runsAt(n int) *runScan {
	if n < e.runFrom {
		return nil
	}
	if e.runs == nil {
		g := any(e.g).([]uint16)[:e.runLim]
		if e.win.released() {
			// Some of them may lie outside the window's resident stretches (tests keep a
			// short prefix): read them through it.
			g = make([]uint16, e.runLim)
			e.forValues(0, e.runLim, func(lo int, v []T) {
				for j, x := range v {
					g[lo+j] = uint16(x)
				}
			})
		}
		e.runs = newRunScan(g, e.runLim, runMax)
	}
	return e.runs
}

// markRare marks g(r)^g(m−r) for the rare heaps r (values rv), all with 2r < m = len(g).
func markRare(st *[1 << 17]uint32, gen uint32, g []uint16, rare []uint32, rv []uint16) {
	m := len(g)
	rv = rv[:len(rare)]
	k := 0
	for ; k+4 <= len(rare); k += 4 {
		r := (*[4]uint32)(rare[k : k+4])
		v := (*[4]uint16)(rv[k : k+4])
		x0 := v[0] ^ g[m-int(r[0])]
		x1 := v[1] ^ g[m-int(r[1])]
		x2 := v[2] ^ g[m-int(r[2])]
		x3 := v[3] ^ g[m-int(r[3])]
		st[x0], st[x1], st[x2], st[x3] = gen, gen, gen, gen
	}
	for ; k < len(rare); k++ {
		st[rv[k]^g[m-int(rare[k])]] = gen
	}
}
