package octal

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

// runSparse16 computes g(0..n) with stepSparse16 under mask (also for small values), searching
// the targets or, with noTargets, marking every split as the scan goes. From heap blockFrom on it
// takes stepBlock16 (when the values allow it).
func runSparse16(c Code, n int, mask uint32, noTargets bool, blockFrom int) []uint16 {
	return runSparse16Runs(c, n, mask, noTargets, blockFrom, 0)
}

// runSparse16Runs is runSparse16 with the target search taking runs chosen below runLim from
// heap 4·runLim on (runLim 0: the defaults, past the heaps of the tests).
func runSparse16Runs(c Code, n int, mask uint32, noTargets bool, blockFrom, runLim int) []uint16 {
	e := newEngine(c, []uint16{0})
	defer e.close()
	if e.mode != MethodLinear && e.mode != MethodThreeHeap {
		e.mode, e.nextEval, e.mask = MethodSparse, 0, mask
		e.setCommon()
		e.no64, e.noTargets = true, noTargets
		e.blockFrom = blockFrom
		withRuns(e, runLim)
	}
	for len(e.g) <= n {
		if err := e.step(); err != nil {
			panic(err)
		}
	}
	return e.g
}

// TestSparse16Targets checks the sparse step with the target search (and with the marking scan)
// against the definition on every 1-, 2- and 3-digit code under random masks, and on Grundy's game
// under several masks: many heaps are rare, so the search and its vector kernel run often, with
// targets at every position of a kernel chunk and at the ends of the ranges. The target runs take
// the block step from a heap chosen at random below 64 (blocks start at every offset, rare heaps lie
// inside blocks and among the smallest partners), or stepSparse16 all along.
func TestSparse16Targets(t *testing.T) {
	ctx := context.Background()
	n12, n3 := 1500, 400
	if testing.Short() {
		n12, n3 = 300, 120
	}
	if raceEnabled {
		n12, n3 = 150, 0 // (the 3-digit codes: without the race detector)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, sc := range smallCodes(n12, n3) {
		c, n := sc.c, sc.n
		if c.MaxHeaps() < 2 {
			continue
		}
		want, err := Reference(ctx, c, n)
		if err != nil {
			t.Fatal(err)
		}
		mask := uint32(rng.IntN(64))
		from := 1 + rng.IntN(64)
		if rng.IntN(4) == 0 {
			from = n + 1
		}
		runLim := []int{0, 64, 96, 256}[rng.IntN(4)]
		if 4*runLim > n {
			runLim = 0
		}
		equalValues(t, fmt.Sprintf("%v targets mask %x blocks from %d runs below %d", c, mask, from, runLim),
			runSparse16Runs(c, n, mask, false, from, runLim), want)
		if sc.digits < 3 {
			equalValues(t, fmt.Sprintf("%v marking mask %x", c, mask), runSparse16(c, n, mask, true, 0), want)
		}
	}
	n := 3000
	if raceEnabled {
		n = 500
	}
	want, _ := Reference(ctx, GrundysGame(), n)
	for k, mask := range []uint32{0, 0xfe, 1, 0x55, 0x7e} {
		from := []int{1, 17, 100, 1000, n + 1}[k]
		equalValues(t, fmt.Sprintf("grundy targets mask %x blocks from %d", mask, from), runSparse16(GrundysGame(), n, mask, false, from), want)
	}
}

// TestScanTargets checks every target search candidate this processor runs against a plain loop
// on random values: every range length around the chunk size, targets anywhere (or absent).
func TestScanTargets(t *testing.T) {
	for k, cn := range scanNames {
		if cn.Missing == "" {
			checkScanTargets(t, k)
		}
	}
}

func checkScanTargets(t *testing.T, k int) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 3000; trial++ {
		bitsV := 1 + rng.IntN(targetBits)
		m := 2 + rng.IntN(300)
		g := make([]uint16, m+1)
		for i := range g {
			g[i] = uint16(rng.IntN(1 << bitsV))
		}
		h := m / 2
		var ts targetSet
		cnt := 0
		for k := rng.IntN(6); k > 0; k-- {
			x := uint16(rng.IntN(1 << bitsV))
			if !ts.has(x) {
				ts[x>>6] |= 1 << (x & 63)
				cnt++
			}
		}
		if cnt == 0 {
			continue
		}
		// The plain loop: the targets found, in order, and where the last needed one is.
		want := ts
		wantLeft, wantPairs := cnt, h
		for a := 1; a <= h; a++ {
			if x := g[a] ^ g[m-a]; want.has(x) {
				want[x>>6] &^= 1 << (x & 63)
				if wantLeft--; wantLeft == 0 {
					wantPairs = a
					break
				}
			}
		}
		var low []uint16
		if rng.IntN(2) == 0 {
			low = make([]uint16, rng.IntN(m+1))
			for a := range low {
				low[len(low)-1-a] = g[a]
			}
		}
		got := ts
		left, pairs := scanTargetsWith(k, g, low, m, h, &got, cnt)
		if left != wantLeft || (left == 0 && pairs < wantPairs) || pairs > h || (left > 0 && got != want) {
			t.Fatalf("trial %d (m %d, %d bits): left %d pairs %d, want left %d after %d pairs (kernel %s)",
				trial, m, bitsV, left, pairs, wantLeft, wantPairs, scanNames[k].Name)
		}
	}
}

// TestMarkBlock checks every marking candidate this processor runs against markBlockGo on random
// values and rare lists (of every length from 1, the kernels loading one or two rare heaps ahead),
// partners up to the last value before the block.
func TestMarkBlock(t *testing.T) {
	for k, cn := range markNames {
		if cn.Missing == "" {
			checkMarkBlock(t, k)
		}
	}
}

func checkMarkBlock(t *testing.T, k int) {
	rng := rand.New(rand.NewPCG(7, 8))
	var got, want [blockRows][1 << targetBits]uint8
	for trial := 0; trial < 300; trial++ {
		bitsV := 1 + rng.IntN(16) // up to 16 bits: above 10 the mask matters
		n0 := blockRows + rng.IntN(2000)
		g := make([]uint16, n0)
		for i := range g {
			g[i] = uint16(rng.IntN(1 << bitsV))
		}
		i := rng.IntN(4)
		m0 := n0 - i
		var rare []uint32
		var rv []uint16
		most := 1 + trial%8 // the short lists first: 1 … 8 rare heaps, then up to 200
		if trial >= 64 {
			most = 200
		}
		for r := max(blockRows-i, 1); r <= m0 && len(rare) < most; r += 1 + rng.IntN(20) {
			rare = append(rare, uint32(r))
			rv = append(rv, uint16(rng.IntN(1<<bitsV)))
		}
		gen := uint8(1 + rng.IntN(255))
		markBlockWith(k, &got, gen, g, m0, rare, rv)
		markBlockGo(&want, gen, g, m0, rare, rv)
		if got != want {
			t.Fatalf("trial %d: marks differ (n0 %d, m0 %d, %d rare heaps, kernel %s)", trial, n0, m0, len(rare), markNames[k].Name)
		}
	}
}

// TestScanTargetsLow checks that the reversed copy of the first values changes neither what the
// target search finds nor how many splits it counts, on long scans (past the copy's end).
func TestScanTargetsLow(t *testing.T) {
	for k, cn := range scanNames {
		if cn.Missing == "" {
			checkScanTargetsLow(t, k)
		}
	}
}

func checkScanTargetsLow(t *testing.T, k int) {
	rng := rand.New(rand.NewPCG(9, 10))
	for trial := 0; trial < 40; trial++ {
		m := 2*lowLen + rng.IntN(3*lowLen)
		g := make([]uint16, m+1)
		for i := range g {
			g[i] = uint16(rng.IntN(512))
		}
		low := make([]uint16, lowLen)
		for a := range low {
			low[lowLen-1-a] = g[a]
		}
		var ts targetSet
		cnt := 0
		for k := 1 + rng.IntN(8); k > 0; k-- {
			x := uint16(rng.IntN(1024)) // values ≥ 512 are never found: the scan runs to the end
			if rng.IntN(3) > 0 {
				x &= 511
			}
			if !ts.has(x) {
				ts[x>>6] |= 1 << (x & 63)
				cnt++
			}
		}
		a, b := ts, ts
		leftA, pairsA := scanTargetsWith(k, g, nil, m, m/2, &a, cnt)
		leftB, pairsB := scanTargetsWith(k, g, low, m, m/2, &b, cnt)
		if leftA != leftB || pairsA != pairsB || a != b {
			t.Fatalf("trial %d (m %d): without the copy left %d after %d splits, with it left %d after %d", trial, m, leftA, pairsA, leftB, pairsB)
		}
	}
}

// withRuns makes e's target search take runs chosen below runLim from heap 4·runLim on (0: leave
// the defaults).
func withRuns[T value](e *engine[T], runLim int) {
	if runLim > 0 {
		e.runLim, e.runFrom = runLim, 4*runLim
	}
}

// TestRunScan checks the search over runs (newRunScan, scanRunsWith) with every target kernel
// this processor runs against the portable loop, on Officers' and Grundy's game's values: random
// target sets, some all found, some never (values that no split gives), at random heaps; and that
// the runs are splits of the first values, distinct and below the limit.
func TestRunScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for _, c := range []Code{MustParse("0.6"), GrundysGame()} {
		const lim, n = 2048, 12000
		g := runSparse16(c, n, map[bool]uint32{true: 0x1ee, false: 0xfe}[c.String() == "0.6"], false, 1)
		for _, most := range []int{1, 7, runMax} {
			rs := newRunScan(g[:lim], lim, most)
			seen := map[int32]bool{}
			for k, a := range rs.a {
				if a < 1 || int(a)+kernelChunk > lim || (a-1)%kernelChunk != 0 || seen[a] || int(a)+kernelChunk > rs.top {
					t.Fatalf("%v: run %d at %d (top %d)", c, k, a, rs.top)
				}
				seen[a] = true
				for j := range kernelChunk {
					if rs.lo[(len(rs.a)-1-k)*kernelChunk+j] != g[int(a)+kernelChunk-1-j] || rs.off[k] != -2*(a+kernelChunk-2) {
						t.Fatalf("%v: run %d's copy", c, k)
					}
				}
			}
			if len(rs.a) != min(most, (lim-1)/kernelChunk) {
				t.Fatalf("%v: %d runs, want %d", c, len(rs.a), most)
			}
			for trial := 0; trial < 300; trial++ {
				m := 2*rs.top + rng.IntN(n-2*rs.top)
				var want targetSet
				cnt := 0
				for range 1 + rng.IntN(60) {
					x := uint16(rng.IntN(1 << targetBits))
					if trial%3 == 0 {
						x = uint16(rng.IntN(512)) // values that splits give
					}
					if !want.has(x) {
						want[x>>6] |= 1 << (x & 63)
						cnt++
					}
				}
				wt := want
				wl, _ := scanRunsWith(scanGo, rs, g[:m+1], m, &wt, cnt)
				for k := range scanNames {
					if scanNames[k].Missing != "" {
						continue
					}
					got := want
					left, pairs := scanRunsWith(k, rs, g[:m+1], m, &got, cnt)
					if _, _, ok := scanRunsKernel(k, rs, g[:m+1], m, 0, new(targetSet), 0); k != scanGo && !ok {
						if left != cnt || pairs != 0 || got != want {
							t.Fatalf("%v: kernel %s without runs looked at %d splits", c, scanNames[k].Name, pairs)
						}
						continue
					}
					if left != wl || got != wt || pairs > len(rs.a)*kernelChunk || (left > 0 && pairs != len(rs.a)*kernelChunk) {
						t.Fatalf("%v m %d runs %d kernel %s: left %d after %d splits, portable %d; sets differ %v",
							c, m, len(rs.a), scanNames[k].Name, left, pairs, wl, got != wt)
					}
				}
			}
		}
	}
}
