package octal

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

// runSpeculating computes g(0..n) as runSparse16 does (stepSparse16 under mask, target search,
// also for small values), but through a speculator that speculates from heap 1 on and lies at the
// heaps lie picks (nil: none); it advances in stretches of random lengths, as Compute's blocks.
// It returns the engine (closed) and the speculator's statistics.
// runLim, when not 0, makes the target search take runs chosen below it from heap 4·runLim on.
func runSpeculating(t *testing.T, c Code, n int, mask uint32, runLim int, lie func(int) bool, rng *rand.Rand) (*engine[uint16], *speculator) {
	t.Helper()
	e := newEngine(c, make([]uint16, 1, n+1))
	defer e.close()
	if e.mode != MethodLinear && e.mode != MethodThreeHeap {
		e.mode, e.nextEval, e.mask = MethodSparse, 0, mask
		e.setCommon()
		e.no64 = true
		withRuns(e, runLim)
	}
	if rng.IntN(2) == 0 {
		e.blockFrom = 1 + rng.IntN(64) // the marks by blocks, rolled back too
	}
	s := newSpeculator(e, 1+rng.IntN(4)) // one verifier to four
	defer s.stop()
	s.from, s.quiet, s.lie = 1, 0, lie
	s.far.lag = []int{blockRows, 24, 40, 64, farLag}[rng.IntN(5)] // the far marks of blocks ahead
	s.far.enabled = rng.IntN(4) != 0                              // (on, whatever the default, in most runs)
	for len(e.g) <= n {
		end := min(n+1, len(e.g)+1+rng.IntN(3000))
		if err := s.advance(end); err != nil {
			t.Fatal(err)
		}
		if len(e.g) != end {
			t.Fatalf("%v: advance(%d) stopped at %d", c, end, len(e.g))
		}
	}
	return e, s
}

// oneCore is runSparse16 keeping the engine, for its pair count.
func oneCore(c Code, n int, mask uint32) *engine[uint16] { return oneCoreRuns(c, n, mask, 0) }

// oneCoreRuns is oneCore with runs chosen below runLim (see withRuns).
func oneCoreRuns(c Code, n int, mask uint32, runLim int) *engine[uint16] {
	e := newEngine(c, make([]uint16, 1, n+1))
	defer e.close()
	if e.mode != MethodLinear && e.mode != MethodThreeHeap {
		e.mode, e.nextEval, e.mask = MethodSparse, 0, mask
		e.setCommon()
		e.no64 = true
		withRuns(e, runLim)
	}
	for len(e.g) <= n {
		if err := e.step(); err != nil {
			panic(err)
		}
	}
	return e
}

// sameEngine checks that the speculating engine ended as the one-core engine did: values,
// largest value, rare list and pair count.
func sameEngine(t *testing.T, what string, got, want *engine[uint16]) {
	t.Helper()
	if len(got.g) != len(want.g) {
		t.Fatalf("%s: %d values, one core %d", what, len(got.g), len(want.g))
	}
	for i := range want.g {
		if got.g[i] != want.g[i] {
			t.Fatalf("%s: g(%d) = %d, one core %d", what, i, got.g[i], want.g[i])
		}
	}
	if got.maxVal != want.maxVal || len(got.rare) != len(want.rare) || got.vbits != want.vbits {
		t.Fatalf("%s: max %d rare %d vbits %d, one core %d %d %d", what, got.maxVal, len(got.rare), got.vbits,
			want.maxVal, len(want.rare), want.vbits)
	}
	if got.pairEvals != want.pairEvals {
		t.Fatalf("%s: %d pair evaluations, one core %d", what, got.pairEvals, want.pairEvals)
	}
}

// everyK lies at the heaps n with n%k == r.
func everyK(k, r int) func(int) bool { return func(n int) bool { return n%k == r } }

// TestSpeculationAgainstReference runs the speculating sparse step on every 1-, 2- and 3-digit
// code and Grundy's game under random masks, against the definition and the one-core engine
// (values, rare list, pair count). Speculating from heap 1, where rare heaps are frequent, makes
// the verifications fail often (real roll-backs); on top, every run but the first of a code lies
// at every k-th heap (forced roll-backs at heaps with no real failure, and the speculated heaps
// after a lie computed from a wrong value).
func TestSpeculationAgainstReference(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Log("one processor: the verifier and the leader take turns")
	}
	ctx := context.Background()
	n12, n3 := 1500, 300
	if testing.Short() || raceEnabled {
		n12, n3 = 300, 60
	}
	rng := rand.New(rand.NewPCG(5, 6))
	rollbacks, stolen, ahead := 0, 0, 0
	if raceEnabled {
		n3 = 0 // the 896 three-digit codes: without the race detector
	}
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
		runLim := []int{0, 32, 64, 70}[rng.IntN(4)] // the target search's runs, from heap 4·runLim
		one := oneCoreRuns(c, n, mask, runLim)
		for k, lie := range []func(int) bool{nil, everyK(7, 3), everyK(97, 50)} {
			what := fmt.Sprintf("%v mask %x runs below %d lies %d", c, mask, runLim, k)
			e, s := runSpeculating(t, c, n, mask, runLim, lie, rng)
			equalValues(t, what, e.g, want)
			sameEngine(t, what, e, one)
			rollbacks += s.rollbacks
			stolen += s.stolen
			ahead += s.far.byVerifier
			if sc.digits == 3 {
				break // no lies: the three-digit codes are many
			}
		}
	}
	t.Logf("%d roll-backs, %d chunks verified by the leader, %d blocks' far marks made ahead by the verifier",
		rollbacks, stolen, ahead)
	if rollbacks == 0 {
		t.Fatal("no roll-back: the test does not test them")
	}
	n := 4000
	if raceEnabled {
		n = 1000
	}
	want, _ := Reference(ctx, GrundysGame(), n)
	for _, mask := range []uint32{0xfe, 0x55, 0x7e} {
		runLim := map[uint32]int{0xfe: 0, 0x55: 200, 0x7e: 512}[mask]
		one := oneCoreRuns(GrundysGame(), n, mask, runLim)
		for k, lie := range []func(int) bool{nil, everyK(13, 0), func(n int) bool { return n == 2048 || n == 2049 }} {
			what := fmt.Sprintf("grundy mask %x runs below %d lies %d", mask, runLim, k)
			e, _ := runSpeculating(t, GrundysGame(), n, mask, runLim, lie, rng)
			equalValues(t, what, e.g, want)
			sameEngine(t, what, e, one)
		}
	}
}

// TestComputeWorkers runs Compute with one worker and with two to four on every 1-, 2- and
// 3-digit code and Grundy's game (the runs of several workers speculating from heap 1, with lies;
// from three workers on, several verifiers and the far marks ahead) and asks for the same result:
// values, period, method, statistics and pair count. GOMAXPROCS is raised to four for it (the
// workers are goroutines: the test holds on a machine of fewer cores, more slowly).
func TestComputeWorkers(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(max(4, runtime.GOMAXPROCS(0))))
	ctx := context.Background()
	n12, n3 := 3000, 1000
	if testing.Short() || raceEnabled {
		n12, n3 = 400, 120
	}
	codes := append(allCodes(1), allCodes(2)...)
	codes = append(codes, GrundysGame())
	if !raceEnabled { // the 896 three-digit codes: without the race detector
		codes = append(codes, allCodes(3)...)
	}
	for _, c := range codes {
		n := n12
		if c.LastDigit() == 3 {
			n = n3
		}
		if c == GrundysGame() {
			n = 5 * n12
		}
		one, err := Compute(ctx, c, Options{To: n, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		for k, lie := range []func(int) bool{nil, everyK(11, 5), nil, everyK(13, 3)} {
			w := 2 + k%2 + k/2 // 2, 3, 3, 4
			two, err := Compute(ctx, c, Options{To: n, Workers: w, specFrom: 1, specLie: lie})
			if err != nil {
				t.Fatal(err)
			}
			what := fmt.Sprintf("%v lies %d workers %d", c, k, w)
			if two.ComputedTo != one.ComputedTo || two.Period != one.Period || two.Preperiod != one.Preperiod ||
				two.Proved != one.Proved || two.Method != one.Method || two.MaxValue != one.MaxValue ||
				two.RareMask != one.RareMask || two.Rare != one.Rare || two.PairEvaluations != one.PairEvaluations {
				t.Fatalf("%s: %+v\none worker %+v", what, *two, *one)
			}
			for i := 0; i <= one.ComputedTo; i++ {
				a, _ := one.Value(i)
				b, _ := two.Value(i)
				if a != b {
					t.Fatalf("%s: g(%d) = %d, with one worker %d", what, i, b, a)
				}
			}
		}
	}
}

// TestWorkersCancelSaveResume stops a two-worker run of Grundy's game (speculating from heap 1,
// with lies) by cancellation after a few blocks, checks that what it returns and every checkpoint
// it saved are prefixes of the one-core values, and resumes from the last checkpoint with two
// workers to the end: the same values as one core.
func TestWorkersCancelSaveResume(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one processor: Compute uses one worker")
	}
	n := 60_000
	if raceEnabled {
		n = 12_000
	}
	c := GrundysGame()
	one, err := Compute(context.Background(), c, Options{To: n, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	prefix := func(what string, cp *Checkpoint) {
		t.Helper()
		for i := 0; i < cp.Len(); i++ {
			if want, _ := one.Value(i); cp.value(i) != want {
				t.Fatalf("%s: g(%d) = %d, one core %d", what, i, cp.value(i), want)
			}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var last *Checkpoint
	saves, blocks := 0, 0
	opt := Options{To: n, Workers: 2, specFrom: 1, specLie: everyK(101, 7),
		SaveEvery: time.Nanosecond,
		Save: func(cp *Checkpoint) error {
			saves++
			prefix("checkpoint", cp)
			last = &Checkpoint{Code: cp.Code, v16: append([]uint16(nil), cp.v16...)}
			return nil
		},
		Progress: func(done, target int) {
			if blocks++; blocks == 12 {
				cancel()
			}
		}}
	cut, err := Compute(ctx, c, opt)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled run: %v", err)
	}
	if cut.ComputedTo >= n || last == nil {
		t.Fatalf("cancelled run went to %d with %d checkpoints", cut.ComputedTo, saves)
	}
	prefix("cancelled run", cut.Checkpoint())
	opt.Resume, opt.Save, opt.Progress = last, nil, nil
	res, err := Compute(context.Background(), c, opt)
	if err != nil {
		t.Fatal(err)
	}
	if res.ComputedTo != n || res.MaxValue != one.MaxValue || res.Rare != one.Rare {
		t.Fatalf("resumed: %+v, one core %+v", *res, *one)
	}
	prefix("resumed run", res.Checkpoint())
}

// TestHelperTakeBack posts a job to a helper whose goroutine never runs (as when it is
// descheduled): the poster runs the job itself instead of waiting, and a later job posted to a
// running helper is done by one of the two, once.
func TestHelperTakeBack(t *testing.T) {
	h := &helper{}
	ran := 0
	h.do(func() { ran++ }, func() {})
	if ran != 1 {
		t.Fatalf("the job ran %d times, want 1 (taken back)", ran)
	}
	h = newHelper(1)
	defer h.close()
	var count atomic.Int32
	for range 1000 {
		h.do(func() { count.Add(1) }, func() {})
	}
	if count.Load() != 1000 {
		t.Fatalf("1000 jobs ran %d times", count.Load())
	}
}
