package octal

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

// allCodes returns every octal code d0.d1…dk with k = digits and d0 ∈ {0, 4}, last digit non-zero.
func allCodes(digits int) []Code {
	var out []Code
	var rec func(prefix string, left int)
	rec = func(prefix string, left int) {
		if left == 0 {
			return
		}
		for d := '0'; d <= '7'; d++ {
			s := prefix + string(d)
			if d != '0' && left == 1 {
				out = append(out, MustParse("0."+s), MustParse("4."+s))
			}
			rec(s, left-1)
		}
	}
	rec("", digits)
	return out
}

// smallCode is a code of the small-code sweeps, with its number of digits and the heaps to check.
type smallCode struct {
	c      Code
	digits int
	n      int
}

// smallCodes lists every 1-, 2- and 3-digit code in allCodes's order, the 1- and 2-digit codes
// with n12 heaps and the 3-digit codes with n3: the loop of the sweeps against the definition. A
// bound of 0 leaves its codes out.
func smallCodes(n12, n3 int) []smallCode {
	var out []smallCode
	for digits := 1; digits <= 3; digits++ {
		n := n12
		if digits == 3 {
			n = n3
		}
		if n == 0 {
			continue
		}
		for _, c := range allCodes(digits) {
			out = append(out, smallCode{c, digits, n})
		}
	}
	return out
}

func equalValues[T value](t *testing.T, what string, got []T, want []uint32) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d values, want %d", what, len(got), len(want))
	}
	for i := range want {
		if uint32(got[i]) != want[i] {
			t.Fatalf("%s: g(%d) = %d, want %d", what, i, got[i], want[i])
		}
	}
}

// runEngine computes g(0..n) with the engine, forcing mode (and mask for the sparse method).
func runEngine[T value](c Code, n int, mode string, mask uint32) []T {
	e := newEngine(c, []T{0})
	defer e.close()
	if mode != "" && e.mode != MethodLinear && e.mode != MethodThreeHeap {
		e.mode, e.nextEval = mode, 0
		e.mask = mask
		e.setCommon()
	}
	for len(e.g) <= n {
		if err := e.step(); err != nil {
			panic(err)
		}
	}
	return e.g
}

func TestEngineAgainstReference(t *testing.T) {
	if raceEnabled {
		// At these sizes the engine runs on one goroutine (no speculation below heap specFrom, no
		// split helper below parallelPairs splits): nothing for the race detector, which made this
		// the slowest test of the package. scripts/test.sh runs it without, at the -short sizes.
		t.Skip("single-threaded at these sizes: run without -race (scripts/test.sh does, with -short)")
	}
	ctx := context.Background()
	// Sizes: every 1- and 2-digit code to 3000 and every 3-digit code to 1000 heaps (-short and the
	// race detector: to 300 and 120). Each is checked with the automatic choice of method, the
	// quadratic loop, and the sparse method under a random mask (the sparse method is correct for
	// any mask; only its speed depends on it).
	n12, n3 := 3000, 1000
	if testing.Short() || raceEnabled {
		n12, n3 = 300, 120
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, sc := range smallCodes(n12, n3) {
		c, n := sc.c, sc.n
		want, err := Reference(ctx, c, n)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Compute(ctx, c, Options{To: n, KeepGoing: true})
		if err != nil {
			t.Fatal(err)
		}
		for i := range want {
			if v, _ := res.Value(i); v != want[i] {
				t.Fatalf("%v auto (%s): g(%d) = %d, want %d", c, res.Method, i, v, want[i])
			}
		}
		equalValues(t, fmt.Sprintf("%v quadratic", c), runEngine[uint16](c, n, MethodQuadratic, 0), want)
		mask := uint32(rng.IntN(64))
		equalValues(t, fmt.Sprintf("%v sparse mask %x", c, mask), runEngine[uint16](c, n, MethodSparse, mask), want)
		if sc.digits == 1 {
			equalValues(t, fmt.Sprintf("%v sparse32 mask %x", c, mask), runEngine[uint32](c, n, MethodSparse, mask), want)
		}
	}
}

func TestEngineGrundysGame(t *testing.T) {
	ctx := context.Background()
	want, _ := Reference(ctx, GrundysGame(), 2000)
	for _, mask := range []uint32{0, 0xfe, 1, 0x55} {
		equalValues(t, fmt.Sprintf("grundy sparse mask %x", mask), runEngine[uint16](GrundysGame(), 2000, MethodSparse, mask), want)
	}
	equalValues(t, "grundy quadratic", runEngine[uint16](GrundysGame(), 2000, MethodQuadratic, 0), want)
}

func TestEngineHex(t *testing.T) {
	ctx := context.Background()
	for _, s := range []string{"x0.8", "x8.0", "x0.f", "x4.8", "x0.9", "xc.3", "x0.18", "x0.8f", "x0.0c"} {
		c := MustParse(s)
		want, _ := Reference(ctx, c, 150)
		equalValues(t, s, runEngine[uint16](c, 150, "", 0), want)
	}
}

func TestEngineTwoCores(t *testing.T) {
	ctx := context.Background()
	for _, s := range []string{".77", "4.37", ".6", ".1777", "x0.c7"} {
		c := MustParse(s)
		n := 1500
		if raceEnabled {
			n = 500
		}
		want, _ := Reference(ctx, c, n)
		e := newEngine(c, []uint16{0})
		if e.mode != MethodThreeHeap {
			e.mode, e.nextEval = MethodQuadratic, 0
		}
		e.parAt = 16 // share every heap with the helper from 16 splits on
		for len(e.g) <= n {
			if err := e.step(); err != nil {
				t.Fatal(err)
			}
		}
		e.close()
		equalValues(t, s+" on two cores", e.g, want)
	}
}

// TestFirstCap: a run with To starts with an array of at most 2^20 values and takes the whole
// array at its first growth (grownCap), unless it replays more than that; an open-ended run doubles.
func TestFirstCap(t *testing.T) {
	for _, tc := range []struct {
		limit, known int
		open         bool
		want         int
	}{
		{4e9, 0, false, 1 << 20},
		{1000, 0, false, 1001},
		{4e9, 10344, false, 1 << 20},
		{4e9, 1<<20 + 1, false, 4e9 + 1},
		{4e9, 0, true, 1 << 20},
		{4e9, 3 << 20, true, 6 << 20},
		{5 << 20, 3 << 20, true, 5<<20 + 1},
	} {
		if got := firstCap(tc.limit, tc.known, tc.open); got != tc.want {
			t.Errorf("firstCap(%d, %d, %v) = %d, want %d", tc.limit, tc.known, tc.open, got, tc.want)
		}
	}
	for _, tc := range []struct {
		limit, cur, end int
		open            bool
		want            int
	}{
		{4e9, 1 << 20, 1<<20 + 100, false, 4e9 + 1},
		{4e9, 1 << 20, 1<<20 + 100, true, 2 << 20},
		{4e9, 1 << 20, 3 << 20, true, 3 << 20},
		{3 << 20, 2 << 20, 2<<20 + 1, true, 3<<20 + 1},
	} {
		if got := grownCap(tc.limit, tc.cur, tc.end, tc.open); got != tc.want {
			t.Errorf("grownCap(%d, %d, %d, %v) = %d, want %d", tc.limit, tc.cur, tc.end, tc.open, got, tc.want)
		}
	}
}

// TestComputeLargeToStartsAtOnce: Officers to heap 4·10^9, stopped after 100 ms, five times in
// one process, each within seconds. The whole array at once (8 GB once its values are two bytes:
// Officers is not windowed) took up to 20 s in a process whose earlier runs had left freed memory
// that Go clears before reuse.
func TestComputeLargeToStartsAtOnce(t *testing.T) {
	for i := range 5 {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		start := time.Now()
		res, err := Compute(ctx, MustParse("0.6"), Options{To: 4e9})
		cancel()
		if err == nil || res == nil || res.ComputedTo < 1000 {
			t.Fatalf("run %d: %v, %v", i, res, err)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Fatalf("run %d: stopped after %v", i, d)
		}
	}
}
