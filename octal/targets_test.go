package octal

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

// runSparse16 computes g(0..n) with stepSparse16 under mask (also for small values), searching
// the targets or, with noTargets, marking every split as the scan goes.
func runSparse16(c Code, n int, mask uint32, noTargets bool) []uint16 {
	e := newEngine(c, []uint16{0})
	defer e.close()
	if e.mode != MethodLinear && e.mode != MethodThreeHeap {
		e.mode, e.nextEval, e.mask = MethodSparse, 0, mask
		e.setCommon()
		e.no64, e.noTargets = true, noTargets
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
// targets at every position of a kernel chunk and at the ends of the ranges.
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
	for digits := 1; digits <= 3; digits++ {
		n := n12
		if digits == 3 {
			n = n3
		}
		if n == 0 {
			continue
		}
		for _, c := range allCodes(digits) {
			if c.MaxHeaps() < 2 {
				continue
			}
			want, err := Reference(ctx, c, n)
			if err != nil {
				t.Fatal(err)
			}
			mask := uint32(rng.IntN(64))
			equalValues(t, fmt.Sprintf("%v targets mask %x", c, mask), runSparse16(c, n, mask, false), want)
			if digits < 3 {
				equalValues(t, fmt.Sprintf("%v marking mask %x", c, mask), runSparse16(c, n, mask, true), want)
			}
		}
	}
	n := 3000
	if raceEnabled {
		n = 500
	}
	want, _ := Reference(ctx, GrundysGame(), n)
	for _, mask := range []uint32{0, 0xfe, 1, 0x55, 0x7e} {
		equalValues(t, fmt.Sprintf("grundy targets mask %x", mask), runSparse16(GrundysGame(), n, mask, false), want)
	}
}

// TestScanTargets checks scanTargets (the vector kernel where there is one) against a plain loop
// on random values: every range length around the chunk size, targets anywhere (or absent).
func TestScanTargets(t *testing.T) {
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
		got := ts
		left, pairs := scanTargets(g, m, h, &got, cnt)
		if left != wantLeft || (left == 0 && pairs < wantPairs) || pairs > h || (left > 0 && got != want) {
			t.Fatalf("trial %d (m %d, %d bits): left %d pairs %d, want left %d after %d pairs (kernel %v)",
				trial, m, bitsV, left, pairs, wantLeft, wantPairs, useKernel)
		}
	}
}
