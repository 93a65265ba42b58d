package octal

import (
	"math/bits"
	"testing"
)

// BenchmarkOctalHardShape measures, rather than times, the sparse step of Officers and Grundy's
// game at 2^21 (BENCHMARKS.md, issue 16, "What bounds one core"): over 5,000 heaps below 2^21
// (every third heap from 2^21−15,000), from the definition on the computed values,
//
//   - rare-pairs/heap: the splits with a rare heap (each one a store when marked);
//   - below-c: the share of those that fall below c, the smallest common value not hit;
//   - c<64 … c<256: the share of heaps whose c is below 64, 128, 256;
//   - partial-512-within-64: the share of heaps whose c lies within 64 values of the smallest common
//     value missed by an evenly spread third of the rare heaps (512 of them): how well marking a
//     part predicts c (verifying candidates instead of marking needs this near 1);
//   - targets/heap and splits/heap: the missing rare-class values below c, and the splits a plain
//     scan (a = 1, 2, …) looks at until it has found them all.
//
// The values come from the engine; the statistics are recomputed here from the definition.
func BenchmarkOctalHardShape(b *testing.B) {
	for _, code := range []string{"0.6", "grundy"} {
		b.Run(code, func(b *testing.B) {
			const n = 1<<21 - 1
			e := newEngine(MustParse(code), make([]uint16, 1, n+1))
			for len(e.g) <= n {
				if err := e.step(); err != nil {
					b.Fatal(err)
				}
			}
			for b.Loop() {
				s := shapeOf(e, n-15000, n, 3)
				for k, v := range s {
					b.ReportMetric(v, k)
				}
			}
		})
	}
}

// shapeOf computes the statistics of BenchmarkOctalHardShape over the heaps from, from+step, … < to
// of e's values (past twice the last rare heap: every rare split then gives a common value).
func shapeOf(e *engine[uint16], from, to, step int) map[string]float64 {
	g := e.g
	common := func(v int) bool { return bits.OnesCount32(uint32(v)&e.mask)%2 == 1 }
	var rare []int
	for r := 1; r < len(g); r++ {
		if !common(int(g[r])) {
			rare = append(rare, r)
		}
	}
	var part []int // an evenly spread third of the rare heaps
	for q := 0; q < 512 && len(rare) > 0; q++ {
		part = append(part, rare[q*len(rare)/512])
	}
	var heaps, pairs, below, within, targets, splits float64
	var under [3]float64
	for x := from; x < to; x += step {
		heaps++
		var hit, partHit, one [1 << 16]bool
		for _, i := range e.singles {
			one[g[x-i]] = true
		}
		mark := func(rs []int, h *[1 << 16]bool, count bool) {
			for _, i := range e.splits {
				m := x - i
				for _, r := range rs {
					if 2*r > m || (2*r == m && e.unequal) {
						break
					}
					h[g[r]^g[m-r]] = true
					if count {
						pairs++
					}
				}
			}
		}
		mark(rare, &hit, true)
		mark(part, &partHit, false)
		mex := func(h *[1 << 16]bool) int {
			v := 0
			for !common(v) || h[v] || one[v] {
				v++
			}
			return v
		}
		c, p := mex(&hit), mex(&partHit)
		for _, i := range e.splits {
			m := x - i
			for _, r := range rare {
				if 2*r > m || (2*r == m && e.unequal) {
					break
				}
				if int(g[r]^g[m-r]) < c {
					below++
				}
			}
		}
		for k, u := range []int{64, 128, 256} {
			if c < u {
				under[k]++
			}
		}
		if c-p < 64 {
			within++
		}
		var want [1 << 16]bool
		left := 0
		for v := 0; v < c; v++ {
			if !common(v) && !hit[v] && !one[v] {
				want[v] = true
				left++
			}
		}
		targets += float64(left)
		for _, i := range e.splits {
			m := x - i
			for a := 1; 2*a <= m && left > 0; a++ {
				splits++
				if v := g[a] ^ g[m-a]; want[v] {
					want[v] = false
					left--
				}
			}
		}
	}
	return map[string]float64{
		"rare-pairs/heap":       pairs / heaps,
		"below-c":               below / pairs,
		"c<64":                  under[0] / heaps,
		"c<128":                 under[1] / heaps,
		"c<256":                 under[2] / heaps,
		"partial-512-within-64": within / heaps,
		"targets/heap":          targets / heaps,
		"splits/heap":           splits / heaps,
	}
}
