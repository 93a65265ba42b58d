package octal

import "math/bits"

// The sparse step for the common case (uint16 values, unequal splits allowed), written without
// bounds checks in its inner loops. stepSparse is the same computation for every case.

const scanChunk = 16

// stepSparse16 computes g(n), n = len(e.g), for an engine holding uint16 values.
func stepSparse16(e *engine[uint16], n int) uint32 {
	g := e.g
	st := (*[1 << 17]uint32)(e.stamp[:1<<17])
	common := (*[1 << 17]bool)(e.common[:1<<17])
	gen := e.gen
	splits := e.splits
	// Splits that pair a rare heap r with m−r, for every split digit. splits is ascending, so the
	// smallest m is n − splits[last]; rare heaps below it pair with every split.
	mMin := n - splits[len(splits)-1]
	rare := e.rare
	k := 0
	for ; k < len(rare) && int(rare[k]) < mMin; k++ {
		r := int(rare[k])
		x := g[r]
		for _, i := range splits {
			st[x^g[n-i-r]] = gen
		}
	}
	for ; k < len(rare); k++ {
		r := int(rare[k])
		for _, i := range splits {
			if m := n - i; r < m {
				st[g[r]^g[m-r]] = gen
			}
		}
	}
	v := uint32(0)
	for st[v] == gen {
		v++
	}
	if common[v] {
		return v
	}
	// Scan the common+common splits in chunks, all split digits together, checking after each
	// chunk whether the candidate was found.
	hMin := (mMin) / 2
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
		for b := a; 2*b <= m; b++ {
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
		e.pairEvals += uint64(max(0, m/2-a+1))
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
func scanFor(e *engine[uint16], m int) *splitScan {
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
func extend(g []uint16, s *splitScan) {
	m, a := s.m, s.pos+1
	h := m / 2
	if a+scanChunk-1 <= h {
		lo := (*[scanChunk]uint16)(g[a : a+scanChunk])
		top := m - a
		hi := (*[scanChunk]uint16)(g[top-scanChunk+1 : top+1])
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
func stepSparse64(e *engine[uint16], n int) uint32 {
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
