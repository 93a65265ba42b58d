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
// their rare heaps from checkFrom rare heaps on, each heap keeping at most cands candidates and
// checking share/12 of the rare heaps (0: the adaptive share). It returns the values, the blocks
// that checked and the heaps that marked the rest after all.
func runChecked(c Code, n, checkFrom, cands, share int) (g []uint16, checked, completed int) {
	e := newEngine(c, []uint16{0})
	defer e.close()
	e.no64, e.blockFrom, e.checkFrom, e.checkCands, e.forceCheck = true, 1, checkFrom, cands, true
	if share > 0 {
		e.checkShare, e.fixShare = share, true
	}
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
// rest) and a random share of the rare heaps checked (1/12 to 11/12, or the adaptive share), and Officers to 50,000 (past twice its last rare heap, 20,627) against the full marking.
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
		cands, share := 1+rng.IntN(checkK), rng.IntN(12)
		g, ch, co := runChecked(c, n, 1+rng.IntN(4), cands, share)
		equalValues(t, fmt.Sprintf("%v checked blocks, %d candidates, share %d/12", c, cands, share), g, want)
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
			t.Logf("%v: %d candidates: %d blocks checked, %d heaps marked the rest, share %d/12 at the end", c, cands, e.checked, e.completed, e.checkShare)
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
		isCommon := randomCommon(rng, trial)
		for v := range 1 << targetBits {
			if isCommon(v) {
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

// TestAdaptShare: the checked share moves down a twelfth after a window in which more than 2 % of
// the heaps completed, holds for shareHold windows, moves up after a window with fewer than
// 0.5 %, and stays within shareMin … shareMax; with fixShare it never moves.
func TestAdaptShare(t *testing.T) {
	e := newEngine(MustParse("0.6"), []uint16{0})
	defer e.close()
	window := func(completed int) {
		for k := range shareWindow {
			if k == 0 {
				e.completed += completed
			}
			e.adaptShare()
		}
	}
	heaps := shareWindow * blockRows
	s0 := e.checkShare
	if s0 != shareStart {
		t.Fatalf("share %d at the start, want %d", s0, shareStart)
	}
	window(heaps / 100) // 1 %: no move
	if e.checkShare != s0 {
		t.Fatalf("share %d after a 1 %% window, want %d", e.checkShare, s0)
	}
	window(6) // 0.6 %: no move
	if e.checkShare != s0 {
		t.Fatalf("share %d after a 0.6 %% window, want %d", e.checkShare, s0)
	}
	window(0) // up
	if e.checkShare != s0+1 {
		t.Fatalf("share %d after a window with no completion, want %d", e.checkShare, s0+1)
	}
	window(heaps/50 + 1) // just over 2 %: down, then held
	if e.checkShare != s0 {
		t.Fatalf("share %d after a window over 2 %%, want %d", e.checkShare, s0)
	}
	for range shareHold {
		window(0)
		if e.checkShare != s0 {
			t.Fatalf("share %d while held, want %d", e.checkShare, s0)
		}
	}
	window(0)
	if e.checkShare != s0+1 {
		t.Fatalf("share %d after the hold, want %d", e.checkShare, s0+1)
	}
	for range 20 {
		window(heaps)
	}
	if e.checkShare != shareMin {
		t.Fatalf("share %d after many bad windows, want %d", e.checkShare, shareMin)
	}
	e.share.hold = 0
	for range 20 {
		window(0)
	}
	if e.checkShare != shareMax {
		t.Fatalf("share %d after many good windows, want %d", e.checkShare, shareMax)
	}
	e.fixShare = true
	window(heaps)
	if e.checkShare != shareMax {
		t.Fatalf("a fixed share moved to %d", e.checkShare)
	}
}

// TestRowTargets checks every check candidate's search for a row's targets (the rare-class values
// below c that the row does not mark) against the definition, on random rows (marked densely below
// a random bound), random common sets (none to all) and every kind of c (0, a multiple of 64,
// 2^targetBits, any).
func TestRowTargets(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for trial := range 2000 {
		var common [1 << targetBits / 64]uint64
		isCommon := randomCommon(rng, trial)
		for v := range 1 << targetBits {
			if isCommon(v) {
				common[v/64] |= 1 << (v % 64)
			}
		}
		gen := uint8(1 + rng.IntN(255))
		var row [1 << targetBits]uint8
		bound := rng.IntN(1<<targetBits + 1)
		for x := range row {
			if x < bound && rng.IntN(10) != 0 || rng.IntN(100) == 0 {
				row[x] = gen
			} else {
				row[x] = uint8(rng.IntN(256))
			}
		}
		c := rng.IntN(1<<targetBits + 1)
		switch trial % 4 {
		case 0:
			c = 64 * rng.IntN(1<<targetBits/64+1)
		case 1:
			c = []int{0, 1, 63, 1 << targetBits}[rng.IntN(4)]
		}
		var want targetSet
		wantCnt := 0
		for x := range c {
			if row[x] != gen && common[x/64]>>(x%64)&1 == 0 {
				want[x/64] |= 1 << (x % 64)
				wantCnt++
			}
		}
		for k, cn := range checkNames {
			if cn.Missing != "" {
				continue
			}
			var got targetSet
			got[15] = 1 << 63 // rows past c's word are left as they were
			if c > 15*64 {
				got[15] = 0
			}
			cnt := rowTargetsWith(k, &row, gen, &common, c, &got)
			if c <= 15*64 {
				got[15] &^= 1 << 63
			}
			if got != want || cnt != wantCnt {
				t.Fatalf("trial %d, %s, c %d: %d targets %v, want %d %v", trial, cn.Name, c, cnt, got, wantCnt, want)
			}
		}
	}
}

// randomCommon returns a random set of common values for the block tests: the values of odd
// parity under a random mask, or, every 50th trial, every value.
func randomCommon(rng *rand.Rand, trial int) func(v int) bool {
	mask := uint(rng.IntN(1 << targetBits))
	return func(v int) bool { return bits.OnesCount(uint(v)&mask)&1 == 1 || trial%50 == 0 }
}
