package octal

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

// TestFarMarksAsStartBlock checks the block tables the speculator builds in two parts (the far
// rare heaps' splits, marked ahead, then the near ones at the block's start) against startBlock,
// which marks them in one go: the same marks for every heap of the block, the same lists of rare
// heaps left to each heap. Every 1- and 2-digit code with splits and Grundy's game under random
// masks, blocks at random heaps (rare heaps among the smallest partners, inside the block, and
// on both sides of the lag), lags from blockRows up.
func TestFarMarksAsStartBlock(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	codes := append(allCodes(1), allCodes(2)...)
	codes = append(codes, GrundysGame(), MustParse("0.6"))
	n := 1200
	if raceEnabled {
		n = 400
	}
	type run struct {
		c          Code
		n, from    int
		mask       uint32
		randomMask bool
	}
	var runs []run
	for _, c := range codes {
		runs = append(runs, run{c: c, n: n, from: 2 * blockRows, randomMask: true})
	}
	// Officers and Grundy's game with their own masks past Officers' last rare heap (20,627)
	// doubled: every block may check part of its rare heaps, and most become compact.
	big := 46_000
	if raceEnabled {
		big = 44_500
	}
	runs = append(runs, run{c: MustParse("0.6"), n: big, from: 41_300, mask: 0x1ee},
		run{c: GrundysGame(), n: big, from: 41_300, mask: 0xfe})
	checked, compact, partials := 0, 0, 0
	for _, r := range runs {
		c, n := r.c, r.n
		e := newEngine(c, make([]uint16, 1, n+1))
		if e.mode == MethodLinear || e.mode == MethodThreeHeap {
			continue
		}
		e.mode, e.nextEval, e.mask = MethodSparse, 0, r.mask
		if r.randomMask {
			e.mask = uint32(rng.IntN(64))
		}
		e.setCommon()
		e.no64 = true
		e.blockFrom = 1
		s := newSpeculator(e, 1)
		for len(e.g) < n {
			if n0 := len(e.g); n0 >= r.from && rng.IntN(40) == 0 {
				s.far = farState{lag: []int{blockRows, 17, 33, 64, 100}[rng.IntN(5)], enabled: true}
				s.far.next.Store(farOff)
				s.g, s.heap0 = e.g[:cap(e.g)], n0
				// Half the blocks may check part of their rare heaps (compact blocks when the
				// checked ones take in the near ones).
				e.noCheck, e.forceCheck = rng.IntN(2) == 0, true
				e.checkFrom, e.checkShare, e.fixShare = 1+rng.IntN(8), compactShare, true
				s.farBegin()
				if !s.far.on {
					t.Fatalf("%v: no blocks at heap %d", c, n0)
				}
				want := &block{n0: -1}
				e.blk = want
				e.startBlock(n0)
				full := want
				if want.partial {
					partials++
					full = &block{n0: -1}
					e.blk, e.noCheck = full, true
					e.startBlock(n0)
					e.noCheck = false
				}
				// Mark the block ahead as the verifier does (its far partners are all there),
				// then enter it as the leader.
				b, ok := s.farClaim()
				if !ok || b != s.far.base {
					t.Fatalf("%v heap %d lag %d: block not ready to mark ahead (%d, %v)", c, n0, s.far.lag, b, ok)
				}
				s.farMark(b)
				s.farEnter(n0)
				got := e.blk
				what := fmt.Sprintf("%v mask %x heap %d lag %d", c, e.mask, n0, s.far.lag)
				if got.compact {
					if !want.partial || got != s.far.mine || s.far.byVerifier != 1 {
						t.Fatalf("%s: a compact block where startBlock marks every rare heap, or not the leader's", what)
					}
					sameChecks(t, what, got, want)
					compact++
				} else {
					if got == want || got != &s.far.slots[b%farSlots].blk || s.far.byVerifier != 1 {
						t.Fatalf("%s: the leader did not take the block marked ahead", what)
					}
					if want.partial && want.mid[0] >= s.far.far {
						t.Fatalf("%s: no compact block where the checked rare heaps take in the near ones", what)
					}
					sameBlock(t, what, got, full)
				}
				e.blk = &block{n0: -1}
				e.noCheck, e.checkFrom = false, checkFrom
				checked++
			}
			if err := e.step(); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d blocks, %d partial, %d compact", checked, partials, compact)
	if checked < 100 || compact < 20 {
		t.Fatalf("only %d blocks checked, %d of them compact", checked, compact)
	}
}

// sameChecks checks that a compact block (farEnter) holds what the partial block startBlock made
// does for the checked heaps: the same ranges, candidates and hits, and in its tables no mark.
func sameChecks(t *testing.T, what string, got, want *block) {
	t.Helper()
	if got.n0 != want.n0 || fmt.Sprint(got.lo, got.hi, got.mid) != fmt.Sprint(want.lo, want.hi, want.mid) {
		t.Fatalf("%s: compact block at %d lo/hi/mid %v %v %v, want at %d %v %v %v", what,
			got.n0, got.lo, got.hi, got.mid, want.n0, want.lo, want.hi, want.mid)
	}
	if got.cand != want.cand || got.hit != want.hit {
		t.Fatalf("%s: candidates %v hits %v, want %v %v", what, got.cand, got.hit, want.cand, want.hit)
	}
	for j := range got.marks {
		for x, m := range got.marks[j] {
			if m == got.gen {
				t.Fatalf("%s: heap %d, value %d marked in the leader's own table", what, got.n0+j, x)
			}
		}
	}
}

// sameBlock checks that two started blocks hold the same marks and lists.
func sameBlock(t *testing.T, what string, got, want *block) {
	t.Helper()
	if got.n0 != want.n0 || got.last != want.last || fmt.Sprint(got.lo, got.hi) != fmt.Sprint(want.lo, want.hi) {
		t.Fatalf("%s: block at %d (last %d) lo/hi %v %v, want at %d (last %d) %v %v", what,
			got.n0, got.last, got.lo, got.hi, want.n0, want.last, want.lo, want.hi)
	}
	for j := range want.marks {
		for x := range want.marks[j] {
			if (got.marks[j][x] == got.gen) != (want.marks[j][x] == want.gen) {
				t.Fatalf("%s: heap %d, value %d: marked %v, want %v", what, want.n0+j, x,
					got.marks[j][x] == got.gen, want.marks[j][x] == want.gen)
			}
		}
	}
}

// TestFarMarksRolledBack runs Officers and Grundy's game speculating from heap 1 with blocks
// from heap 1 and short lags, so the verifier marks blocks ahead from speculated values, with
// lies that roll those values back (the marks made from them must be dropped): the same values,
// rare list and pair count as one core, and marks made ahead were used.
func TestFarMarksRolledBack(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one processor: the verifier seldom runs ahead")
	}
	n := 12_000
	if raceEnabled {
		n = 5_000
	}
	rng := rand.New(rand.NewPCG(9, 10))
	ahead := 0
	for c, mask := range map[Code]uint32{MustParse("0.6"): 0x1ee, GrundysGame(): 0xfe} {
		want, err := Reference(context.Background(), c, 3000)
		if err != nil {
			t.Fatal(err)
		}
		one := oneCore(c, n, mask)
		for k, lie := range []func(int) bool{nil, everyK(389, 200), everyK(61, 3)} {
			for _, lag := range []int{blockRows, 48, farLag} {
				what := fmt.Sprintf("%v lies %d lag %d verifiers %d", c, k, lag, 1+k%3)
				e, s := farSpeculator(c, n, mask, 1+k%3) // one verifier to three
				s.lie, s.far.lag = lie, lag
				for len(e.g) <= n {
					if err := s.advance(min(n+1, len(e.g)+1+rng.IntN(5000))); err != nil {
						t.Fatal(err)
					}
				}
				s.stop()
				e.close()
				equalValues(t, what, e.g[:len(want)], want)
				sameEngine(t, what, e, one)
				ahead += s.far.byVerifier
				t.Logf("%s: %d roll-backs, far marks: %d blocks by the verifier, %d by the leader, %d waits",
					what, s.rollbacks, s.far.byVerifier, s.far.byLeader, s.far.waits)
			}
		}
	}
	if ahead == 0 {
		t.Fatal("no block was marked ahead by the verifier: the test does not test it")
	}
}

// TestFarMarksDescheduled has three verifiers mark far blocks ahead while one of them, now and
// then, stops after claiming a block (as if descheduled) until the leader, which marks that block
// itself, has entered the block farSlots later, in the same slot: that block must not have been
// marked into the slot by another verifier meanwhile, or the late claimer's marks would overwrite
// the table the leader reads. The values must be one core's.
func TestFarMarksDescheduled(t *testing.T) {
	atLeastFourProcs(t)
	n := 40_000
	if raceEnabled {
		n = 12_000
	}
	for c, mask := range map[Code]uint32{MustParse("0.6"): 0x1ee, GrundysGame(): 0xfe} {
		one := oneCore(c, n, mask)
		e, s := farSpeculator(c, n, mask, 3)
		var held atomic.Int64
		s.far.hold = func(b int64) {
			if b%5 != 0 {
				return
			}
			held.Add(1)
			// Until the leader is in block b+farSlots (it marked b itself), or a while.
			for t0 := time.Now(); s.far.lead.Load() < b+farSlots && time.Since(t0) < 2*time.Millisecond; {
				runtime.Gosched()
			}
		}
		if err := s.advance(n + 1); err != nil {
			t.Fatal(err)
		}
		s.stop()
		e.close()
		what := fmt.Sprintf("%v", c)
		sameEngine(t, what, e, one)
		t.Logf("%s: %d blocks held, far marks: %d blocks by the verifiers, %d by the leader, %d waits",
			what, held.Load(), s.far.byVerifier, s.far.byLeader, s.far.waits)
		if held.Load() == 0 || s.far.byLeader == 0 {
			t.Fatalf("%s: no verifier was held up (%d) or the leader never marked a block (%d): the test does not test it", what, held.Load(), s.far.byLeader)
		}
	}
}

// TestFarCompactBlocks runs Officers and Grundy's game with three verifiers marking the far rare
// heaps ahead past Officers' last rare heap doubled, where its blocks are compact (markFar; Grundy's
// game's rare heaps reach further), with lies that roll values back: the same values, rare list
// and pair count as one core, and compact blocks were used.
func TestFarCompactBlocks(t *testing.T) {
	atLeastFourProcs(t)
	n := 60_000
	if raceEnabled {
		n = 45_000
	}
	for c, mask := range map[Code]uint32{MustParse("0.6"): 0x1ee, GrundysGame(): 0xfe} {
		one := oneCore(c, n, mask)
		for k, lie := range []func(int) bool{nil, everyK(997, 500)} {
			what := fmt.Sprintf("%v lies %d", c, k)
			e, s := farSpeculator(c, n, mask, 3)
			s.lie = lie
			e.forceCheck = true // partial blocks even with the portable check (purego)
			if err := s.advance(n + 1); err != nil {
				t.Fatal(err)
			}
			s.stop()
			e.close()
			sameEngine(t, what, e, one)
			t.Logf("%s: %d roll-backs, far marks: %d blocks by the verifiers, %d by the leader, %d compact, %d waits",
				what, s.rollbacks, s.far.byVerifier, s.far.byLeader, s.far.compact, s.far.waits)
			if s.far.compact == 0 && c == MustParse("0.6") {
				t.Fatalf("%s: no compact block: the test does not test it", what)
			}
		}
	}
}

// BenchmarkLeaderBlocks is the leader's part of the blocks marked ahead (far marks, three or more
// workers), on one core: for 64 blocks just below 2^20 of Officers and Grundy's game, the far part
// of each block is made first as a verifier makes it (not timed), then the leader enters the block
// (farEnter) and marks, checks and takes the targets of its 16 heaps (markRareSplits16, missing):
// compact blocks (the default past the rare heaps) against the far rare heaps all marked and the
// 16 KB of tables adopted (compact off), in the same run. CPU nanoseconds per heap of the leader's
// part; on many cores the adopted tables also come from another core's cache, which this does not
// count.
func BenchmarkLeaderBlocks(b *testing.B) {
	if checkOp.Pick() == checkGo {
		b.Skip("the portable check: no block is partial, so none is compact")
	}
	onHardValues(b, func(b *testing.B, e *engine[uint16]) {
		for _, compact := range []bool{true, false} {
			name := map[bool]string{true: "compact", false: "adopt"}[compact]
			b.Run(name, func(b *testing.B) {
				const blocks = 64
				n0 := len(e.g) - blocks*blockRows - 1
				n0 -= n0 % blockRows
				s := newSpeculator(e, 1)
				var leader time.Duration
				heaps, compacts := 0, 0
				for b.Loop() {
					s.far = farState{lag: farLag, enabled: true}
					s.far.next.Store(farOff)
					s.g, s.heap0 = e.g[:cap(e.g)], n0
					s.farBegin()
					s.far.check = s.far.check && compact
					for k := range blocks {
						if bk, ok := s.farClaim(); ok {
							s.farMark(bk)
						}
						n := n0 + k*blockRows
						t0 := time.Now()
						s.farEnter(n)
						for j := range blockRows {
							e.nextGen()
							e.markSimple(n + j)
							if v := markRareSplits16(e, n+j); !e.common[v] {
								var ts targetSet
								e.missing(v, &ts)
							}
						}
						leader += time.Since(t0)
						heaps += blockRows
					}
					compacts += s.far.compact
				}
				if compact && compacts == 0 {
					b.Fatal("no compact block")
				}
				b.ReportMetric(float64(leader.Nanoseconds())/float64(heaps), "leader-ns/heap")
			})
		}
	})
}

// farSpeculator returns an engine for c (room for heaps up to n) on the sparse method with the
// given mask from heap 1, blocks from heap 1, and its speculator with the given number of
// verifiers, speculating from heap 1 with the far marks on (whatever the default).
func farSpeculator(c Code, n int, mask uint32, verifiers int) (*engine[uint16], *speculator) {
	e := newEngine(c, make([]uint16, 1, n+1))
	e.mode, e.nextEval, e.mask = MethodSparse, 0, mask
	e.setCommon()
	e.no64 = true
	e.blockFrom = 1
	s := newSpeculator(e, verifiers)
	s.from, s.quiet = 1, 0
	s.far.enabled = true
	return e, s
}

// atLeastFourProcs skips t on one processor (verifiers that share it with the leader seldom run
// ahead) and otherwise runs it with GOMAXPROCS at least 4, for the three verifiers and the leader.
func atLeastFourProcs(t *testing.T) {
	t.Helper()
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one processor: the verifiers seldom run ahead")
	}
	prev := runtime.GOMAXPROCS(max(4, runtime.GOMAXPROCS(0)))
	t.Cleanup(func() { runtime.GOMAXPROCS(prev) })
}
