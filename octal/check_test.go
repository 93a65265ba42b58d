package octal

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// runChecked computes g(0..n) of c with the sparse step by blocks from heap 1 (values of every
// size through the 16-bit kernels), the engine choosing its mask, and blocks checking part of
// their rare heaps from checkFrom rare heaps on, each heap keeping at most cands candidates. It
// returns the values, the blocks that checked and the heaps that marked the rest after all.
func runChecked(c Code, n, checkFrom, cands int) (g []uint16, checked, completed int) {
	e := newEngine(c, []uint16{0})
	defer e.close()
	e.no64, e.blockFrom, e.checkFrom, e.checkCands, e.forceCheck = true, 1, checkFrom, cands, true
	for len(e.g) <= n {
		if err := e.step(); err != nil {
			panic(err)
		}
	}
	return e.g, e.checked, e.completed
}

// TestCheckedBlocks checks the blocks that mark part of their rare heaps and compare the splits
// of the others with each heap's candidates (checkBlock), with the check kernel this process
// chose (even the portable one, which the engine does not use), against the definition: every 1- and 2-digit code whose sparse step gets there, with 1
// to checkK candidates a heap (with few, many heaps find all their candidates given and mark the
// rest), and Officers to 50,000 (past twice its last rare heap, 20,627) against the full marking.
// The test fails if no block checked or no heap completed its marks.
func TestCheckedBlocks(t *testing.T) {
	ctx := context.Background()
	n := 1500
	if testing.Short() || raceEnabled {
		n = 400
	}
	rng := rand.New(rand.NewPCG(7, 8))
	checked, completed, codes := 0, 0, 0
	for _, sc := range smallCodes(n, 0) {
		c := sc.c
		if c.MaxHeaps() < 2 {
			continue
		}
		want, err := Reference(ctx, c, n)
		if err != nil {
			t.Fatal(err)
		}
		cands := 1 + rng.IntN(checkK)
		g, ch, co := runChecked(c, n, 1+rng.IntN(4), cands)
		equalValues(t, fmt.Sprintf("%v checked blocks, %d candidates", c, cands), g, want)
		checked, completed = checked+ch, completed+co
		if ch > 0 {
			codes++
		}
	}
	t.Logf("%d codes checked %d blocks, %d heaps marked the rest", codes, checked, completed)
	if checked == 0 || completed == 0 {
		t.Fatalf("checked %d blocks, completed %d heaps: the path is not tested", checked, completed)
	}
	if testing.Short() || raceEnabled {
		return
	}
	for _, c := range []Code{MustParse("0.6")} {
		const n = 50000
		full := func() []uint16 {
			e := newEngine(c, []uint16{0})
			defer e.close()
			e.noCheck = true
			for len(e.g) <= n {
				if err := e.step(); err != nil {
					t.Fatal(err)
				}
			}
			return e.g
		}()
		want := make([]uint32, len(full))
		for i, v := range full {
			want[i] = uint32(v)
		}
		for _, cands := range []int{2, checkK} {
			e := newEngine(c, []uint16{0})
			e.checkCands, e.forceCheck = cands, true
			for len(e.g) <= n {
				if err := e.step(); err != nil {
					t.Fatal(err)
				}
			}
			e.close()
			t.Logf("%v: %d candidates: %d blocks checked, %d heaps marked the rest", c, cands, e.checked, e.completed)
			if e.checked == 0 {
				t.Fatalf("%v: no block checked", c)
			}
			equalValues(t, fmt.Sprintf("%v checked, %d candidates", c, cands), e.g, want)
		}
	}
}

// TestCandidates checks every block check candidate's search for the candidates (the smallest
// common values not marked in each heap's table) against the portable code, on random tables
// (marked densely below a random bound, none to all values common) for 1 to checkK candidates.
func TestCandidates(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for trial := range 300 {
		var common [1 << targetBits / 8]uint64
		mask := uint(rng.IntN(1 << targetBits))
		for v := range 1 << targetBits {
			if bits.OnesCount(uint(v)&mask)&1 == 1 || trial%50 == 0 {
				common[v/8] |= 0xff << (8 * (v % 8))
			}
		}
		want := &block{gen: uint8(1 + rng.IntN(255))}
		bound := rng.IntN(1<<targetBits + 1)
		for j := range want.marks {
			for x := range want.marks[j] {
				if x < bound && rng.IntN(20) != 0 || rng.IntN(200) == 0 {
					want.marks[j][x] = want.gen
				} else {
					want.marks[j][x] = uint8(rng.IntN(256))
				}
			}
		}
		most := 1 + rng.IntN(checkK)
		want.candidates(&common, most)
		for k, cn := range checkNames {
			if cn.Missing != "" {
				continue
			}
			got := &block{gen: want.gen, marks: want.marks}
			got.hit[0][0] = 1
			got.candidatesWith(k, &common, most)
			if got.cand != want.cand || got.hit != want.hit {
				t.Fatalf("trial %d, %s, %d candidates: %v, want %v", trial, cn.Name, most, got.cand, want.cand)
			}
		}
	}
}
