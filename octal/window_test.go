package octal

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// tinyWindow is a window from heap from on, whose prefix is the smallest the target search
// allows and whose store takes a page of values at a time: released values from a few tens of
// thousands of heaps on.
func tinyWindow(from int, force bool) windowOptions {
	return windowOptions{from: from, head: 1, unit: pageValues, force: force}
}

// sameValues checks that got holds the values of want, and the same statistics.
func sameValues(t *testing.T, what string, got, want *Result) {
	t.Helper()
	if got.ComputedTo != want.ComputedTo {
		t.Fatalf("%s: computed to %d, want %d", what, got.ComputedTo, want.ComputedTo)
	}
	for n := 0; n <= want.ComputedTo; n++ {
		a, _ := got.Value(n)
		b, _ := want.Value(n)
		if a != b {
			t.Fatalf("%s: g(%d) = %d, want %d", what, n, a, b)
		}
	}
	if gs, ws := got.Statistics(), want.Statistics(); gs != ws {
		t.Fatalf("%s: statistics %+v, want %+v", what, gs, ws)
	}
	if got.MaxValue != want.MaxValue || got.RareMask != want.RareMask || got.Rare != want.Rare {
		t.Fatalf("%s: max %d mask %x rare %d, want %d %x %d", what, got.MaxValue, got.RareMask, got.Rare,
			want.MaxValue, want.RareMask, want.Rare)
	}
}

// TestWindowGrundy computes Grundy's game with a tiny window, on one core and on two with
// forced roll-backs, against the definition and against the engine without a window: values
// are released, rare heaps are found while they are (so target searches read around the window),
// and the result is the same.
func TestWindowGrundy(t *testing.T) {
	ctx := context.Background()
	c := GrundysGame()
	// Against the definition: rare heaps up to 82,860 (mask 1fe), found with values released
	// (the definition to 10^5 takes minutes under the race detector).
	if !raceEnabled {
		windowAgainstReference(t, 100_000)
	}
	n := 300_000
	if testing.Short() || raceEnabled {
		n = 90_000
	}
	plain, err := Compute(ctx, c, Options{To: n, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for k, lie := range []func(int) bool{nil, everyK(997, 5), everyK(61, 0)} {
		for _, workers := range []int{1, 2} {
			if workers == 1 && lie != nil {
				continue
			}
			what := fmt.Sprintf("workers %d lies %d", workers, k)
			opt := Options{To: n, Workers: workers, win: tinyWindow(17_000, false), specLie: lie}
			if workers == 2 {
				opt.specFrom = 4096
			}
			res, err := Compute(ctx, c, opt)
			if err != nil {
				t.Fatal(what, err)
			}
			sameValues(t, what, res, plain)
			if res.winPeak < n/4 {
				t.Fatalf("%s: at most %d values released", what, res.winPeak)
			}
		}
	}
}

// TestWindowCodes: every 1-, 2- and 3-digit code whose sparse step reaches the window's
// conditions, and Officers, computed with a tiny window forced on (provable codes too: the runs
// keep going, so no period is looked for) give the values of the engine without one.
func TestWindowCodes(t *testing.T) {
	ctx := context.Background()
	n := 60_000
	if testing.Short() || raceEnabled {
		n = 40_000
	}
	codes := []Code{MustParse("0.6")}
	top := 3
	if raceEnabled {
		top = 2 // the three-digit codes: without the race detector
	}
	for digits := 1; digits <= top; digits++ {
		for _, c := range allCodes(digits) {
			if c.MaxHeaps() != 2 {
				continue
			}
			probe, err := Compute(ctx, c, Options{To: 3000, KeepGoing: true, Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			if probe.Method == MethodSparse && probe.MaxValue >= 32 {
				codes = append(codes, c)
			}
		}
	}
	windowed := 0
	for _, c := range codes {
		plain, err := Compute(ctx, c, Options{To: n, KeepGoing: true, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{1, 2} {
			res, err := Compute(ctx, c, Options{To: n, KeepGoing: true, Workers: workers, specFrom: 4096,
				specLie: everyK(301, 7), win: tinyWindow(17_000, true)})
			if err != nil {
				t.Fatal(c, err)
			}
			sameValues(t, fmt.Sprintf("%v workers %d", c, workers), res, plain)
			if res.winPeak > 0 {
				windowed++
			}
		}
	}
	t.Logf("%d codes, %d runs released values", len(codes), windowed)
	if windowed < 2 {
		t.Fatal("fewer than two runs released values: the test does not test the window")
	}
}

// TestWindowResume: checkpoints of a windowed run (before and after the window opens, saved
// while it runs, and of a cancelled run), written to a file and read back packed, resume to the
// values of an uninterrupted run; so does one resumed from the old uint16 form.
func TestWindowResume(t *testing.T) {
	ctx := context.Background()
	c := GrundysGame()
	n := 200_000
	if testing.Short() || raceEnabled {
		n = 70_000
	}
	plain, err := Compute(ctx, c, Options{To: n, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	win := tinyWindow(17_000, false)
	var saved []*Checkpoint
	full, err := Compute(ctx, c, Options{To: n, win: win, SaveEvery: 1, Save: func(cp *Checkpoint) error {
		if len(saved) == 0 || cp.Len() > saved[len(saved)-1].Len()+n/8 {
			saved = append(saved, cp)
		}
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	sameValues(t, "saving", full, plain)
	if len(saved) < 3 {
		t.Fatalf("%d checkpoints saved", len(saved))
	}
	resume := func(what string, cp *Checkpoint, opt Options) {
		t.Helper()
		var buf bytes.Buffer
		if _, err := cp.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := ReadCheckpoint(&buf, 0)
		if err != nil {
			t.Fatal(what, err)
		}
		for _, from := range []*Checkpoint{cp, back} {
			opt.Resume = from
			res, err := Compute(ctx, c, opt)
			if err != nil {
				t.Fatal(what, err)
			}
			sameValues(t, what, res, plain)
		}
	}
	for _, cp := range saved {
		resume(fmt.Sprintf("saved at %d", cp.Len()), cp, Options{To: n, win: win})
	}
	// Cancelled past the window's opening, resumed on one core and two.
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	part, err := Compute(cctx, c, Options{To: n, win: win, Progress: func(done, _ int) {
		if done >= n/2 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) || part.ComputedTo < n/2 || part.ComputedTo >= n {
		t.Fatalf("cancelled run: %v, computed to %d", err, part.ComputedTo)
	}
	resume("cancelled", part.Checkpoint(), Options{To: n, win: win, Workers: 1})
	resume("cancelled, two workers", part.Checkpoint(), Options{To: n, win: win, specFrom: 4096, specLie: everyK(499, 3)})
	// An unwindowed uint16 checkpoint, and a windowed one resumed without a window.
	old := &Checkpoint{Code: c, v16: make([]uint16, n/2)}
	for i := range old.v16 {
		v, _ := plain.Value(i)
		old.v16[i] = uint16(v)
	}
	resume("uint16", old, Options{To: n, win: win})
	resume("without a window", part.Checkpoint(), Options{To: n})
	// A prefix of a longer checkpoint.
	short, err := Compute(ctx, c, Options{To: n / 3, win: win, Resume: full.Checkpoint()})
	if err != nil {
		t.Fatal(err)
	}
	if short.ComputedTo != n/3 || short.Checkpoint().Len() != n/3+1 {
		t.Fatalf("resumed to a prefix: computed to %d, checkpoint of %d", short.ComputedTo, short.Checkpoint().Len())
	}
}

// windowAgainstReference checks Grundy's game to n with a tiny window against the definition,
// and that values were released and target searches read around the window.
func windowAgainstReference(t *testing.T, n int) {
	ctx := context.Background()
	c := GrundysGame()
	ref, err := Reference(ctx, c, n)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Compute(ctx, c, Options{To: n, Workers: 1, win: tinyWindow(17_000, false)})
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range ref {
		if got, _ := res.Value(i); got != v {
			t.Fatalf("g(%d) = %d, want %d", i, got, v)
		}
	}
	if res.p == nil || res.winPeak == 0 || res.winFar == 0 {
		t.Fatalf("to %d: packed %v, released %d, splits read around the window %d: the window was not tested",
			n, res.p != nil, res.winPeak, res.winFar)
	}
	t.Logf("to %d: up to %d values released, %d splits read around the window", n, res.winPeak, res.winFar)

}

// TestWindowBudget: Grundy's game to 2^32 fits in 6 GiB (values packed in 10 bits, a window
// of them at two bytes) and not in 5 GiB, which is refused when the values widen, naming the
// limit; Officers, whose runs are not windowed, counts two bytes a value.
func TestWindowBudget(t *testing.T) {
	g := GrundysGame()
	to := 1<<32 - 1
	if !canMap {
		t.Skip("no window on this system")
	}
	if need, packed := memNeed(g, to, 2); need > 6<<30 || !packed {
		t.Fatalf("Grundy's game to 2^32 counted %d bytes (packed %v)", need, packed)
	}
	if mt := maxTo(g, 6<<30, 2); mt < to {
		t.Fatalf("maxTo(6 GiB) = %d", mt)
	}
	for _, b := range []int64{64 << 20, 1 << 30, 5 << 30, 6 << 30} {
		mt := maxTo(g, b, 2)
		if need, _ := memNeed(g, mt, 2); need > b {
			t.Errorf("budget %d: maxTo %d needs %d", b, mt, need)
		}
		if need, _ := memNeed(g, mt+1, 2); need <= b {
			t.Errorf("budget %d: maxTo %d, but %d fits too", b, mt, mt+1)
		}
	}
	_, err := Compute(context.Background(), g, Options{To: to, MaxBytes: 5 << 30})
	var le *LimitError
	if !errors.As(err, &le) || le.WidenedAt == 0 || le.MaxTo >= to ||
		!strings.Contains(err.Error(), "up to 10 bits") || !strings.Contains(err.Error(), "memory limit of 5.0 GiB") {
		t.Fatalf("Grundy's game to 2^32 in 5 GiB: %v", err)
	}
	if mt := maxTo(MustParse("0.6"), 6<<30, 2); mt != (6<<30-memOverhead)/2-1 {
		t.Errorf("Officers: maxTo(6 GiB) at two bytes = %d", mt)
	}
}

// TestWindowReconsiderAndClose: the method reconsidered while values are released (the rare list
// and the rare heaps' values rebuilt through the window, often, with masks the plain run does not
// choose), and the window closed mid-run (the marking scan reads every value, so every released
// value is restored) give the values of the engine without a window.
func TestWindowReconsiderAndClose(t *testing.T) {
	ctx := context.Background()
	n := 150_000
	if testing.Short() || raceEnabled {
		n = 100_000
	}
	for _, c := range []Code{GrundysGame(), MustParse("0.6")} {
		plain, err := Compute(ctx, c, Options{To: n, KeepGoing: true, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, wo := range []windowOptions{
			{from: 17_000, head: 1, unit: pageValues, force: true, remask: 3000},
			{from: 17_000, head: 1, unit: pageValues, force: true, closeAt: n * 3 / 4},
		} {
			for _, workers := range []int{1, 2} {
				if raceEnabled && workers == 1 {
					continue // the race detector is here for the verifier
				}
				what := fmt.Sprintf("%v remask %d close at %d, workers %d", c, wo.remask, wo.closeAt, workers)
				res, err := Compute(ctx, c, Options{To: n, KeepGoing: true, Workers: workers, win: wo,
					specFrom: 4096, specLie: everyK(211, 1)})
				if err != nil {
					t.Fatal(what, err)
				}
				for i := 0; i <= n; i++ {
					a, _ := res.Value(i)
					b, _ := plain.Value(i)
					if a != b {
						t.Fatalf("%s: g(%d) = %d, want %d", what, i, a, b)
					}
				}
				if gs, ws := res.Statistics(), plain.Statistics(); gs != ws {
					t.Fatalf("%s: statistics %+v, want %+v", what, gs, ws)
				}
				if res.winPeak == 0 {
					t.Fatalf("%s: no value released", what)
				}
			}
		}
	}
}
