package octal

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
)

// TestWidthsAgainstReference checks the values stored as bytes, and the widening to two and four
// bytes, against the definition on every 1-, 2- and 3-digit code: Compute with bytes throughout,
// with bytes that must widen past k bits (k random below the largest value, so the edge falls at
// a different heap for each code, under whatever method runs there), and widening twice (bytes
// past k bits, uint16 past k+1); and the sparse step on bytes under random masks.
func TestWidthsAgainstReference(t *testing.T) {
	ctx := context.Background()
	n12, n3 := 1200, 300
	if testing.Short() {
		n12, n3 = 300, 100
	}
	if raceEnabled {
		n12, n3 = 150, 0
	}
	rng := rand.New(rand.NewPCG(16, 1))
	widened := 0
	for _, sc := range smallCodes(n12, n3) {
		c, n := sc.c, sc.n
		want, err := Reference(ctx, c, n)
		if err != nil {
			t.Fatal(err)
		}
		top := uint32(0)
		for _, v := range want {
			top = max(top, v)
		}
		type config struct{ byteBits, narrowBits uint }
		configs := []config{{0, 0}}
		if l := uint(bits.Len32(top)); l >= 2 {
			k := 1 + uint(rng.IntN(int(l)-1)) // 2^k ≤ top: the bytes must widen
			configs = append(configs, config{k, 0}, config{k, k + 1})
		}
		for _, cf := range configs {
			what := fmt.Sprintf("%v bytes to %d bits, uint16 to %d", c, cf.byteBits, cf.narrowBits)
			res, err := Compute(ctx, c, Options{To: n, KeepGoing: true, byteBits: cf.byteBits, narrowBits: cf.narrowBits})
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			for i, w := range want {
				if v, _ := res.Value(i); v != w {
					t.Fatalf("%s: g(%d) = %d, want %d", what, i, v, w)
				}
			}
			switch {
			case cf.byteBits > 0 && res.v8 != nil:
				t.Fatalf("%s: not widened (largest value %d)", what, top)
			case cf.narrowBits > 0 && top >= 1<<cf.narrowBits && res.v32 == nil:
				t.Fatalf("%s: not widened twice (largest value %d)", what, top)
			}
			if cf.byteBits > 0 {
				widened++
			}
		}
		if c.MaxHeaps() == 2 && top < 256 {
			mask := uint32(rng.IntN(64))
			got := runSparse64Bytes(c, n, mask)
			equalValues(t, fmt.Sprintf("%v bytes, sparse mask %x", c, mask), got, want[:len(got)])
		}
	}
	if widened < 50 {
		t.Errorf("only %d runs widened", widened)
	}
	// Grundy's game: the sparse method runs from heap 8192 on; its values reach 2^k at heaps 138
	// (k = 3), 1056 (5) and 13133 (7), where the bytes widen.
	n, ks := 14000, []uint{3, 5, 7}
	if raceEnabled {
		n, ks = 1200, []uint{3, 5}
	}
	want, _ := Reference(ctx, GrundysGame(), n)
	for _, k := range ks {
		res, err := Compute(ctx, GrundysGame(), Options{To: n, KeepGoing: true, byteBits: k})
		if err != nil || res.v16 == nil || (!raceEnabled && res.Method != MethodSparse) {
			t.Fatalf("grundy, bytes to %d bits: %v (%s)", k, err, res.Method)
		}
		for i, w := range want {
			if v, _ := res.Value(i); v != w {
				t.Fatalf("grundy, bytes to %d bits: g(%d) = %d, want %d", k, i, v, w)
			}
		}
	}
	// Bytes are kept where the values stay below 256 and the method needs no 16-bit kernel.
	for _, code := range []string{"0.1777", ".77", "0.16"} {
		res, err := Compute(ctx, MustParse(code), Options{To: 100_000})
		if err != nil || res.v8 == nil {
			t.Errorf("%s: %v, kept as bytes: %v", code, err, res.v8 != nil)
		}
	}
}

// runSparse64Bytes computes g(0..n) of c on an engine of bytes forced to the sparse method under
// mask, as long as the values stay below 64 (stepSparse64 on bytes); it stops where the engine
// asks to widen (a value of 64 or more: the step then needs the 16-bit kernels).
func runSparse64Bytes(c Code, n int, mask uint32) []uint8 {
	e := newEngine(c, []uint8{0})
	defer e.close()
	if e.mode != MethodLinear && e.mode != MethodThreeHeap {
		e.mode, e.nextEval, e.mask = MethodSparse, 0, mask
		e.setCommon()
	}
	for len(e.g) <= n {
		if err := e.step(); errors.Is(err, errWiden) {
			break
		} else if err != nil {
			panic(err)
		}
	}
	return e.g
}

// summary is what a run reports, for comparing a resumed run with an uninterrupted one.
type summary struct {
	ComputedTo, Period, Preperiod int
	Proved                        bool
	Method                        string
	MaxValue, RareMask            uint32
	Rare                          int
	Stats                         Statistics
}

func summarize(r *Result) summary {
	return summary{r.ComputedTo, r.Period, r.Preperiod, r.Proved, r.Method, r.MaxValue, r.RareMask, r.Rare, r.Statistics()}
}

// sameRun fails unless got has the values and the statistics of want.
func sameRun(t *testing.T, what string, got, want *Result) {
	t.Helper()
	if g, w := summarize(got), summarize(want); g != w {
		t.Fatalf("%s: %+v, uninterrupted %+v", what, g, w)
	}
	for i := 0; i <= want.ComputedTo; i++ {
		a, _ := got.Value(i)
		b, _ := want.Value(i)
		if a != b {
			t.Fatalf("%s: g(%d) = %d, uninterrupted %d", what, i, a, b)
		}
	}
}

// TestResumeAcrossWidths: Officers' values pass 255 at heap 10344, where the bytes widen to two.
// Checkpoints saved before and after that heap (one byte and two bytes a value on disk), a run
// cancelled mid-way, and a checkpoint of the old format (uint16 values, written by the previous
// version of grundy: testdata/officers-12000-u16.ckpt) all resume to the values and statistics of
// an uninterrupted run.
func TestResumeAcrossWidths(t *testing.T) {
	ctx := context.Background()
	c := MustParse("0.6")
	const to = 20000
	full, err := Compute(ctx, c, Options{To: to, KeepGoing: true})
	if err != nil || full.v16 == nil {
		t.Fatalf("Officers to %d: %v (not widened: %v)", to, err, full.v16 == nil)
	}
	if v, _ := full.Value(10344); v != 256 {
		t.Fatalf("g(10344) = %d, want 256", v)
	}
	dir := t.TempDir()
	resume := func(what string, cp *Checkpoint, to int, want *Result) {
		t.Helper()
		res, err := Compute(ctx, c, Options{To: to, KeepGoing: true, Resume: cp})
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		sameRun(t, what, res, want)
	}
	for _, stop := range []int{3000, 10343, 10344, 15000} {
		part, err := Compute(ctx, c, Options{To: stop, KeepGoing: true})
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, fmt.Sprint(stop))
		if err := part.Checkpoint().SaveFile(path); err != nil {
			t.Fatal(err)
		}
		cp, err := LoadFile(path, 0)
		if err != nil {
			t.Fatal(err)
		}
		// A file's two-byte values are read packed.
		if wide := stop >= 10344; (cp.p != nil) != wide || (cp.v8 != nil) == wide {
			t.Fatalf("checkpoint to %d: bytes %v, packed %v", stop, cp.v8 != nil, cp.p != nil)
		}
		resume(fmt.Sprintf("resumed from heap %d", stop), cp, to, full)
	}

	// Cancelled mid-way (as Ctrl-C does), checkpointed, resumed.
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	part, err := Compute(cctx, c, Options{To: to, KeepGoing: true, Progress: func(done, _ int) {
		if done >= 8000 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) || part.ComputedTo < 8000 || part.ComputedTo >= to {
		t.Fatalf("cancelled run: %v, computed to %d", err, part.ComputedTo)
	}
	resume(fmt.Sprintf("cancelled at %d, resumed", part.ComputedTo+1), part.Checkpoint(), to, full)

	// The old format: uint16 values, resumed past its end and to a prefix that fits in bytes.
	old, err := LoadFile(filepath.Join("testdata", "officers-12000-u16.ckpt"), 0)
	if err != nil || old.p == nil || old.Len() != 12001 {
		t.Fatalf("old checkpoint: %v", err)
	}
	resume("old uint16 checkpoint", old, to, full)
	fresh, err := Compute(ctx, c, Options{To: 8000, KeepGoing: true})
	if err != nil {
		t.Fatal(err)
	}
	res, err := Compute(ctx, c, Options{To: 8000, KeepGoing: true, Resume: old})
	if err != nil || res.v8 == nil {
		t.Fatalf("old checkpoint to 8000: %v (kept as bytes: %v)", err, res.v8 != nil)
	}
	sameRun(t, "old uint16 checkpoint to 8000", res, fresh)
}

// TestWidenOverBudget: a budget that holds the run's values as bytes but not as two bytes. The
// run stops with a LimitError when Officers' values pass 255 (at heap 10344), keeping the values
// so far; a run resumed from a two-byte checkpoint is refused before it starts; an open-ended run
// stops where the budget holds its values at two bytes.
func TestWidenOverBudget(t *testing.T) {
	ctx := context.Background()
	c := MustParse("0.6")
	budget := int64(memOverhead + 30000)
	res, err := Compute(ctx, c, Options{To: 20000, MaxBytes: budget})
	var le *LimitError
	if !errors.As(err, &le) || res == nil || res.ComputedTo != 10343 || le.WidenedAt != 10344 || le.Width != 2 || le.MaxTo != 14999 {
		t.Fatalf("over the budget at the widening: %v %+v", err, le)
	}
	for _, s := range []string{"at heap 10344 a value (256) does not fit in 8 bits", "2 bytes each", "computing to heap 20000", "largest heap that fits is 14999"} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("message %q lacks %q", err, s)
		}
	}
	want, _ := Reference(ctx, c, 10343)
	for i, w := range want {
		if v, _ := res.Value(i); v != w {
			t.Fatalf("g(%d) = %d, want %d", i, v, w)
		}
	}
	old, err := LoadFile(filepath.Join("testdata", "officers-12000-u16.ckpt"), 0)
	if err != nil {
		t.Fatal(err)
	}
	res, err = Compute(ctx, c, Options{To: 20000, MaxBytes: budget, Resume: old})
	if !errors.As(err, &le) || res != nil || le.WidenedAt != 0 || le.Width != 2 {
		t.Fatalf("resumed from two-byte values: %v %+v", err, le)
	}
	// Open-ended: two thirds of the budget hold values, 59999+1 as bytes, 29999+1 as two bytes.
	res, err = Compute(ctx, c, Options{MaxBytes: 12<<20 + 90000})
	if err != nil || res.ComputedTo != 29999 || res.v16 == nil {
		t.Fatalf("open-ended: %v, computed to %d", err, res.ComputedTo)
	}
}

// BenchmarkOctalWidth is 0.1777 to 10^7 (sparse, values below 64) on one core with the values
// stored as bytes and as uint16, in the same run: what the byte storage costs or saves.
func BenchmarkOctalWidth(b *testing.B) {
	b.Run("0.1777-1e7-bytes", func(b *testing.B) { benchEngineAs[uint8](b, "0.1777", 10_000_000, false) })
	b.Run("0.1777-1e7-uint16", func(b *testing.B) { benchEngineAs[uint16](b, "0.1777", 10_000_000, false) })
}
