//go:build amd64 && !purego

package nimber

import (
	"math/rand/v2"
	"testing"
)

func TestAsmSelectLevel(t *testing.T) {
	cases := []struct {
		clmul, gfniAVX2, gfni512 bool
		want                     int
	}{
		{false, false, false, asmLevelGeneric},
		{false, true, false, asmLevelGeneric}, // the GFNI kernels' tails need the PCLMULQDQ path
		{false, false, true, asmLevelGeneric},
		{false, true, true, asmLevelGeneric},
		{true, false, false, asmLevelCLMUL},
		{true, true, false, asmLevelGFNIAVX2},
		{true, false, true, asmLevelGFNI},
		{true, true, true, asmLevelGFNI},
	}
	for _, c := range cases {
		if got := asmSelectLevel(c.clmul, c.gfniAVX2, c.gfni512); got != c.want {
			t.Errorf("asmSelectLevel(clmul=%v, gfniAVX2=%v, gfni512=%v) = %d, want %d",
				c.clmul, c.gfniAVX2, c.gfni512, got, c.want)
		}
	}
	t.Logf("this machine: level %d (PCLMULQDQ %v, AVX2 + GFNI %v, AVX-512 VBMI + GFNI %v)",
		asmLevel, asmHaveCLMUL, asmHaveGFNIAVX2, asmHaveGFNI)
}

// asmLevels returns the levels this machine can run, slowest first: every level up to asmLevel,
// except the AVX2 GFNI level on a processor that lacks its features.
func asmLevels() []int {
	var l []int
	for lv := asmLevelGeneric; lv <= asmLevel; lv++ {
		if lv == asmLevelGFNIAVX2 && !asmHaveGFNIAVX2 {
			continue
		}
		l = append(l, lv)
	}
	return l
}

// TestMulAgainstGeneric compares the dispatched product (PCLMULQDQ where present) with the portable one
// on 10^6 random pairs and the edge values.
func TestMulAgainstGeneric(t *testing.T) {
	if asmLevel < asmLevelCLMUL {
		t.Skip("no PCLMULQDQ: Mul is the portable code")
	}
	for _, a := range asmEdgeValues {
		for _, b := range asmEdgeValues {
			if got, want := Mul(a, b), mulGeneric(a, b); got != want {
				t.Fatalf("Mul(%#x, %#x) = %#x, mulGeneric = %#x", a, b, got, want)
			}
		}
	}
	n := 1_000_000
	if testing.Short() {
		n = 100_000
	}
	rng := rand.New(rand.NewPCG(21, 22))
	for range n {
		a, b := rng.Uint64(), rng.Uint64()
		if got, want := clmulMul(a, b), mulGeneric(a, b); got != want {
			t.Fatalf("clmulMul(%#x, %#x) = %#x, mulGeneric = %#x", a, b, got, want)
		}
	}
}

// TestMulSliceLevels runs every slice path this machine supports on tails, block boundaries, aliasing
// and mismatched lengths, against the portable product.
func TestMulSliceLevels(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	// Every tail length of both GFNI block sizes (32 and 64), after zero, one and two blocks.
	lengths := []int{200, 1000}
	for n := range 131 {
		lengths = append(lengths, n)
	}
	ne := len(asmEdgeValues)
	for _, level := range asmLevels() {
		for _, n := range lengths {
			a, b := make([]uint64, n), make([]uint64, n)
			for i := range a {
				a[i], b[i] = rng.Uint64(), rng.Uint64()
				switch {
				case i < ne: // edge values against random ones
					a[i] = asmEdgeValues[i]
				case i < ne+ne*ne: // every pair of edge values
					a[i], b[i] = asmEdgeValues[(i-ne)/ne], asmEdgeValues[(i-ne)%ne]
				}
			}
			want := make([]uint64, n)
			for i := range want {
				want[i] = mulGeneric(a[i], b[i])
			}
			check := func(what string, got []uint64) {
				t.Helper()
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("level %d, n %d, %s: [%d] = %#x, want %#x", level, n, what, i, got[i], want[i])
					}
				}
			}
			// Plain, with a guard element after dst.
			d := make([]uint64, n+1)
			d[n] = 0x5a5a
			asmMulSliceAt(level, d[:n], a, b)
			check("dst", d[:n])
			if d[n] != 0x5a5a {
				t.Fatalf("level %d, n %d: wrote past dst", level, n)
			}
			// dst == a and dst == b.
			a2 := append([]uint64(nil), a...)
			asmMulSliceAt(level, a2, a2, b)
			check("dst==a", a2)
			b2 := append([]uint64(nil), b...)
			asmMulSliceAt(level, b2, a, b2)
			check("dst==b", b2)
			// Operands at different offsets from 64-byte alignment.
			if n >= 8 {
				d3 := make([]uint64, n+8)
				asmMulSliceAt(level, d3[5:], a[1:], b[3:])
				for i := range n - 3 {
					if w := mulGeneric(a[1+i], b[3+i]); d3[5+i] != w {
						t.Fatalf("level %d, n %d, offsets: [%d] = %#x, want %#x", level, n, i, d3[5+i], w)
					}
				}
			}
			// Mismatched lengths: the shortest one counts, nothing beyond it is touched.
			if n > 0 {
				d2 := make([]uint64, n+5)
				asmMulSliceAt(level, d2, a, b[:n-1])
				check("short b", d2[:n-1])
				for _, v := range d2[n-1:] {
					if v != 0 {
						t.Fatalf("level %d, n %d: wrote beyond the shortest length", level, n)
					}
				}
			}
		}
	}
}

// FuzzAsmMul compares every fast path this machine has with the portable product on fuzzed pairs.
func FuzzAsmMul(f *testing.F) {
	for _, a := range asmEdgeValues {
		f.Add(a, uint64(1<<64-1))
	}
	f.Fuzz(func(t *testing.T, a, b uint64) {
		want := mulGeneric(a, b)
		if asmLevel >= asmLevelCLMUL {
			if got := clmulMul(a, b); got != want {
				t.Fatalf("clmulMul(%#x, %#x) = %#x, want %#x", a, b, got, want)
			}
		}
		// A slice of 65 copies exercises a full block and a one-element tail at every level.
		x, y, d := make([]uint64, 65), make([]uint64, 65), make([]uint64, 65)
		for i := range x {
			x[i], y[i] = a, b
		}
		for _, level := range asmLevels() {
			asmMulSliceAt(level, d, x, y)
			for i, v := range d {
				if v != want {
					t.Fatalf("level %d, [%d]: %#x⊗%#x = %#x, want %#x", level, i, a, b, v, want)
				}
			}
		}
	})
}

// TestMulSliceNoAlloc: the batch product allocates nothing at any level, tails included (the
// padded tail buffers stay on the stack).
func TestMulSliceNoAlloc(t *testing.T) {
	a, b, d := make([]uint64, 100), make([]uint64, 100), make([]uint64, 100)
	for _, level := range asmLevels() {
		if n := testing.AllocsPerRun(20, func() { asmMulSliceAt(level, d, a, b) }); n != 0 {
			t.Errorf("level %d: %v allocations per call", level, n)
		}
	}
	if n := testing.AllocsPerRun(20, func() { MulSlice(d, a, b) }); n != 0 {
		t.Errorf("MulSlice: %v allocations per call", n)
	}
}
