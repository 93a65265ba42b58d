package octal

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"
	"time"
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
//     scan (a = 1, 2, …) looks at until it has found them all; run-splits/heap: the same for the
//     scan over the runs first (runScan), then from a = 1; left-after-12-chunks and -28-: the
//     targets it has not found after 384 and 896 splits;
//   - batches/heap and hit-lanes/heap: the target kernel's batches (4, 8, then 16 chunks of 32
//     splits, the targets updated between batches) that end before the last target is found, and
//     the splits in them that hit a target (each one cleared from the set).
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
	rs := newRunScan(g[:runLim], runLim, runMax)
	var heaps, pairs, below, within, targets, splits, runSplits float64
	var hitLanes, batches, left12, left28 float64
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
		var want [1 << 16]bool // the targets left
		left := 0
		for v := 0; v < c; v++ {
			if !common(v) && !hit[v] && !one[v] {
				want[v] = true
				left++
			}
		}
		targets += float64(left)
		// The search over the runs first (runScan), then from a = 1 for the targets left.
		runWant, runLeft := want, left
		for _, i := range e.splits {
			m := x - i
			for _, a0 := range rs.a {
				for a := int(a0); a < int(a0)+kernelChunk && runLeft > 0; a++ {
					runSplits++
					if v := g[a] ^ g[m-a]; runWant[v] {
						runWant[v] = false
						runLeft--
					}
				}
			}
			for a := 1; 2*a <= m && runLeft > 0; a++ {
				runSplits++
				if v := g[a] ^ g[m-a]; runWant[v] {
					runWant[v] = false
					runLeft--
				}
			}
		}
		// The plain scan, and beside it the kernel's batches (4, 8, then 16 chunks of 32
		// splits; a batch looks its values up in the targets left at its start).
		inBatch := make(map[uint16]bool)
		batchLeft := want
		k, chunk, size := 0, 0, 4
		for _, i := range e.splits {
			m := x - i
			for a := 1; 2*a <= m && left > 0; a++ {
				splits++
				v := g[a] ^ g[m-a]
				if want[v] {
					want[v] = false
					left--
				}
				if batchLeft[v] {
					hitLanes++
					inBatch[v] = true
				}
				if k++; k%kernelChunk == 0 {
					if chunk++; chunk == size {
						for v := range inBatch {
							batchLeft[v] = false
						}
						clear(inBatch)
						batches++
						chunk, size = 0, min(2*size, 16)
						switch k / kernelChunk {
						case 12:
							left12 += float64(left)
						case 28:
							left28 += float64(left)
						}
					}
				}
			}
		}
		if k < 12*kernelChunk {
			left12 += float64(left) // 0: found before
		}
		if k < 28*kernelChunk {
			left28 += float64(left)
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
		"run-splits/heap":       runSplits / heaps,
		"left-after-12-chunks":  left12 / heaps,
		"left-after-28-chunks":  left28 / heaps,
		"batches/heap":          batches / heaps,
		"hit-lanes/heap":        hitLanes / heaps,
	}
}

// BenchmarkMarkBlockPairs is the rare-split marking of one block (blockRows heaps) against 1,583
// rare heaps spread over the first 20,600 heaps (Officers' count), on random values below 320: CPU
// nanoseconds per split marked (one byte store each).
func BenchmarkMarkBlockPairs(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	g := make([]uint16, 40000)
	for i := range g {
		g[i] = uint16(rng.IntN(320))
	}
	var rare []uint32
	var rv []uint16
	for r := blockRows; len(rare) < 1583; r += 1 + rng.IntN(24) {
		rare = append(rare, uint32(r))
		rv = append(rv, uint16(rng.IntN(320)))
	}
	var marks [blockRows][1 << targetBits]uint8
	cpu0 := cpuTime()
	for b.Loop() {
		markBlock(&marks, 1, g, 39000, rare, rv)
	}
	b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(b.N)/float64(len(rare)*blockRows), "cpu-ns/split")
}

// BenchmarkScanTargetsChunks is the target search over 2,000 chunks of 32 splits (random even
// values below 256) for targets that never occur (odd values below 256, in the tables real runs
// use), so that every chunk is looked at and none hits: CPU nanoseconds per chunk of the kernel's
// loop (or of the portable loop, 32 splits).
func BenchmarkScanTargetsChunks(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	const chunks = 2000
	m := 2*chunks*kernelChunk + 2
	g := make([]uint16, m+1)
	for i := range g {
		g[i] = 2 * uint16(rng.IntN(128))
	}
	cpu0 := cpuTime()
	for b.Loop() {
		var t targetSet
		t[3] = 0xaaaa << 32 // the odd values 225 … 239
		if left, _ := scanTargets(g, nil, m, chunks*kernelChunk, &t, 8); left != 8 {
			b.Fatal("a target that does not occur was found")
		}
	}
	b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(b.N)/chunks, "cpu-ns/chunk")
}

// BenchmarkBlockMarking is the engine's marking of rare splits (markBlockSplits16: the block's
// start and each heap's own marks, up to the value it returns, and in a checked block the heap's
// targets) on Officers' and Grundy's game's
// values to 2^20, for blocks of heaps just below 2^20: every rare heap marked (mark-all) against
// the checked blocks (check), in the same run. CPU nanoseconds per heap.
func BenchmarkBlockMarking(b *testing.B) {
	for _, code := range []string{"0.6", "grundy"} {
		res, err := Compute(context.Background(), MustParse(code), Options{To: 1 << 20, KeepGoing: true, Workers: 1})
		if err != nil {
			b.Fatal(err)
		}
		for _, noCheck := range []bool{true, false} {
			name := map[bool]string{true: "mark-all", false: "check"}[noCheck]
			b.Run(code+"-"+name, func(b *testing.B) {
				e := newEngine(MustParse(code), append([]uint16(nil), res.v16...))
				defer e.close()
				e.noCheck = noCheck
				const blocks = 64
				n0 := len(e.g) - blocks*blockRows - 1
				heaps := 0
				cpu0 := cpuTime()
				for b.Loop() {
					for n := n0; n < n0+blocks*blockRows; n++ {
						markBlockSplits16(e, n)
					}
					heaps += blocks * blockRows
				}
				b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(heaps), "cpu-ns/heap")
			})
		}
	}
}

// BenchmarkTargetSearch is the target search alone (findTargets: the runs, then the plain scan)
// on Officers' and Grundy's game's values to 2^20, for the heaps of the 4,096 just below 2^20 that
// have targets, each given the targets its marks leave: CPU nanoseconds per heap searched, and the
// splits it looked at. Each search's answer is checked against the computed value.
func BenchmarkTargetSearch(b *testing.B) {
	onHardValues(b, func(b *testing.B, e *engine[uint16]) {
		type job struct {
			n, cnt int
			c      uint32
			t      targetSet
		}
		var jobs []job
		n0 := len(e.g) - 4096 - 1
		for n := n0; n < n0+4096; n++ {
			v := markBlockSplits16(e, n)
			if e.common[v] {
				continue
			}
			j := job{n: n}
			j.c, j.cnt = e.missing(v, &j.t)
			jobs = append(jobs, j)
		}
		low := make([]uint16, lowLen)
		for a := range low {
			low[lowLen-1-a] = e.g[a]
		}
		rs := e.runsAt(n0)
		var pairs uint64
		searched := 0
		cpu0 := cpuTime()
		for b.Loop() {
			for i := range jobs {
				j := &jobs[i]
				t := j.t
				x, p := findTargets(e.g[:j.n], low, nil, rs, e.splits, e.unequal, j.n, j.c, &t, j.cnt)
				if x != uint32(e.g[j.n]) {
					b.Fatalf("heap %d: the search gave %d, its value is %d", j.n, x, e.g[j.n])
				}
				pairs += p
			}
			searched += len(jobs)
		}
		b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(searched), "cpu-ns/heap")
		b.ReportMetric(float64(pairs)/float64(searched), "splits/heap")
	})
}

// BenchmarkCheckShare is BenchmarkBlockMarking's check with 3/12 to 7/12 of the rare heaps
// checked instead of marked (the adaptive share's range, fixed here), in turn within each
// iteration (so that a change of the machine's load falls on all alike): CPU nanoseconds per heap
// for each share, and the share of heaps whose candidates were all given (which then mark the
// checked splits after all).
func BenchmarkCheckShare(b *testing.B) {
	onHardValues(b, func(b *testing.B, e *engine[uint16]) {
		e.fixShare = true
		const blocks = 64
		n0 := len(e.g) - blocks*blockRows - 1
		parts := []int{3, 4, 5, 6, 7} // twelfths
		cpu := make([]time.Duration, len(parts))
		completed := make([]int, len(parts))
		heaps := 0
		for b.Loop() {
			for k, part := range parts {
				e.checkShare = part
				c0, t0 := e.completed, cpuTime()
				for n := n0; n < n0+blocks*blockRows; n++ {
					markBlockSplits16(e, n)
				}
				cpu[k] += cpuTime() - t0
				completed[k] += e.completed - c0
			}
			heaps += blocks * blockRows
		}
		for k, part := range parts {
			b.ReportMetric(float64(cpu[k].Nanoseconds())/float64(heaps), fmt.Sprintf("cpu-ns/heap-%d/12", part))
			b.ReportMetric(float64(completed[k])/float64(heaps), fmt.Sprintf("completed-%d/12", part))
		}
	})
}

// onHardValues runs f in a sub-benchmark for Officers and for Grundy's game, on a fresh engine
// holding the game's values to 2^20.
func onHardValues(b *testing.B, f func(b *testing.B, e *engine[uint16])) {
	for _, code := range []string{"0.6", "grundy"} {
		res, err := Compute(context.Background(), MustParse(code), Options{To: 1 << 20, KeepGoing: true, Workers: 1})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(code, func(b *testing.B) {
			e := newEngine(MustParse(code), append([]uint16(nil), res.v16...))
			defer e.close()
			f(b, e)
		})
	}
}
