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

// stepSparse64 is stepSparse16 for values below 64: the option set lives in a uint64 register
// instead of the marks table.
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
	common := e.common64
	splits := e.splits
	mMin := n - splits[len(splits)-1]
	rare := e.rare
	k := 0
	switch len(splits) {
	case 1:
		m := n - splits[0]
		for ; k < len(rare) && int(rare[k]) < mMin; k++ {
			r := int(rare[k])
			opt |= 1 << ((g[r] ^ g[m-r]) & 63)
		}
	case 3:
		m0, m1, m2 := n-splits[0], n-splits[1], n-splits[2]
		for ; k < len(rare) && int(rare[k]) < mMin; k++ {
			r := int(rare[k])
			x := g[r]
			opt |= 1<<((x^g[m0-r])&63) | 1<<((x^g[m1-r])&63) | 1<<((x^g[m2-r])&63)
		}
	default:
		for ; k < len(rare) && int(rare[k]) < mMin; k++ {
			r := int(rare[k])
			x := g[r]
			for _, i := range splits {
				opt |= 1 << ((x ^ g[n-i-r]) & 63)
			}
		}
	}
	for ; k < len(rare); k++ {
		r := int(rare[k])
		for _, i := range splits {
			if m := n - i; r < m {
				opt |= 1 << ((g[r] ^ g[m-r]) & 63)
			}
		}
	}
	v := bits.TrailingZeros64(^opt)
	if common>>v&1 != 0 {
		return uint32(v)
	}
	hMin := mMin / 2
	a := 1
	for ; a+scanChunk-1 <= hMin; a += scanChunk {
		lo := (*[scanChunk]uint16)(g[a : a+scanChunk])
		var acc0, acc1, acc2, acc3 uint64
		for _, i := range splits {
			top := n - i - a
			hi := (*[scanChunk]uint16)(g[top-scanChunk+1 : top+1])
			for j := 0; j < scanChunk; j += 4 {
				acc0 |= 1 << ((lo[j] ^ hi[scanChunk-1-j]) & 63)
				acc1 |= 1 << ((lo[j+1] ^ hi[scanChunk-2-j]) & 63)
				acc2 |= 1 << ((lo[j+2] ^ hi[scanChunk-3-j]) & 63)
				acc3 |= 1 << ((lo[j+3] ^ hi[scanChunk-4-j]) & 63)
			}
		}
		e.pairEvals += uint64(scanChunk * len(splits))
		opt |= acc0 | acc1 | acc2 | acc3
		if opt>>v&1 != 0 {
			v = bits.TrailingZeros64(^opt)
			if common>>v&1 != 0 {
				return uint32(v)
			}
		}
	}
	for _, i := range splits {
		m := n - i
		for b := a; 2*b <= m; b++ {
			opt |= 1 << ((g[b] ^ g[m-b]) & 63)
		}
		e.pairEvals += uint64(max(0, m/2-a+1))
	}
	return uint32(bits.TrailingZeros64(^opt))
}
