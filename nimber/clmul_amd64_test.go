//go:build amd64 && !purego

package nimber

import (
	"math/rand/v2"
	"testing"
)

// asmEdgeValues are the nimbers every fast path is checked on, besides random ones.
var asmEdgeValues = []uint64{0, 1, 2, 3, 0xff, 0x100, 1 << 31, 1 << 32, 1<<32 - 1, 1 << 63,
	1<<63 - 1, 1<<64 - 1, 0x8000_0000_8000_0000, 0xdeadbeef_cafebabe}

func TestClmulBasisConstants(t *testing.T) {
	a := clmulAlphaPowers
	if a[0] != 1 {
		t.Fatalf("α^0 = %#x, want 1", a[0])
	}
	for i := 1; i < 64; i++ {
		if got := asmRefMul(a[i-1], a[1]); got != a[i] {
			t.Fatalf("α^%d = %#x, but α^%d⊗α = %#x", i, a[i], i-1, got)
		}
	}
	// p(α) = α^64 ⊕ α^4 ⊕ α^3 ⊕ α ⊕ 1 must vanish.
	a64 := asmRefMul(a[63], a[1])
	if r := a64 ^ a[4] ^ a[3] ^ a[1] ^ a[0]; r != 0 {
		t.Fatalf("p(α) = %#x, want 0", r)
	}
	// The maps are inverse to each other (which also shows 1, α, …, α^63 independent, so p is
	// the minimal polynomial of α and hence irreducible).
	rng := rand.New(rand.NewPCG(7, 8))
	for range 10000 {
		x := rng.Uint64()
		if y := clmulTabs.from.apply(clmulTabs.to.apply(x)); y != x {
			t.Fatalf("S(T(%#x)) = %#x", x, y)
		}
		if y := clmulTabs.to.apply(clmulTabs.from.apply(x)); y != x {
			t.Fatalf("T(S(%#x)) = %#x", x, y)
		}
	}
	for k := range 64 {
		if got, want := clmulTabs.from.apply(1<<k), a[k]; got != want {
			t.Fatalf("S(x^%d) = %#x, want α^%d = %#x", k, got, k, want)
		}
	}
}

func TestClmulSoftReduce(t *testing.T) {
	// x^63 · x = x^64 ≡ 0x1b; x^63·x^63 = x^126 ≡ x^62·0x1b = ...; check against repeated doubling.
	rng := rand.New(rand.NewPCG(9, 10))
	double := func(v uint64) uint64 { // v·x mod p
		if v>>63 == 1 {
			return v<<1 ^ clmulPolyLow
		}
		return v << 1
	}
	for range 2000 {
		a, b := rng.Uint64(), rng.Uint64()
		var want uint64
		s := a
		for i := range 64 {
			if b>>i&1 == 1 {
				want ^= s
			}
			s = double(s)
		}
		if got := clmulReduce(clmulSoft(a, b)); got != want {
			t.Fatalf("%#x·%#x mod p = %#x, want %#x", a, b, got, want)
		}
	}
}

func TestClmulMulAgainstReference(t *testing.T) {
	for _, a := range asmEdgeValues {
		for _, b := range asmEdgeValues {
			if got, want := clmulMul(a, b), asmRefMul(a, b); got != want {
				t.Fatalf("clmulMul(%#x, %#x) = %#x, want %#x", a, b, got, want)
			}
		}
	}
	for a := range uint64(64) {
		for b := range uint64(64) {
			if got, want := clmulMul(a, b), asmRefMul(a, b); got != want {
				t.Fatalf("clmulMul(%d, %d) = %d, want %d", a, b, got, want)
			}
		}
	}
	n := 200000
	if testing.Short() {
		n = 20000
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for range n {
		a, b := rng.Uint64(), rng.Uint64()
		if got, want := clmulMul(a, b), asmRefMul(a, b); got != want {
			t.Fatalf("clmulMul(%#x, %#x) = %#x, want %#x", a, b, got, want)
		}
	}
}

// TestAsmSquareSqrt checks the dispatched Square and Sqrt against the polynomial-basis product and
// the reference.
func TestAsmSquareSqrt(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	vals := append([]uint64(nil), asmEdgeValues...)
	for range 2000 {
		vals = append(vals, rng.Uint64())
	}
	for i, a := range vals {
		if got, want := Square(a), clmulMul(a, a); got != want {
			t.Fatalf("Square(%#x) = %#x, clmulMul = %#x", a, got, want)
		}
		s := Sqrt(a)
		if clmulMul(s, s) != a {
			t.Fatalf("Sqrt(%#x) = %#x, whose square is not %#x", a, s, a)
		}
		if i < 50 {
			if want := asmRefSqrt(a); s != want {
				t.Fatalf("Sqrt(%#x) = %#x, want %#x", a, s, want)
			}
		}
	}
}

func TestAsmMulSliceGFNI(t *testing.T) {
	if !asmHaveGFNI {
		t.Skip("no AVX-512 VBMI + GFNI on this machine")
	}
	rng := rand.New(rand.NewPCG(15, 16))
	for _, blocks := range []int{0, 1, 2, 5} {
		n := 64 * blocks
		a, b, d := make([]uint64, n+1), make([]uint64, n+1), make([]uint64, n+1)
		for i := range n {
			a[i], b[i] = rng.Uint64(), rng.Uint64()
			if i < len(asmEdgeValues)*len(asmEdgeValues) {
				a[i], b[i] = asmEdgeValues[i%len(asmEdgeValues)], asmEdgeValues[i/len(asmEdgeValues)]
			}
		}
		d[n] = 12345
		if n > 0 {
			asmMulSliceGFNI(&d[0], &a[0], &b[0], blocks)
		}
		for i := range n {
			if want := asmRefMul(a[i], b[i]); d[i] != want {
				t.Fatalf("blocks %d, [%d]: %#x⊗%#x = %#x, want %#x", blocks, i, a[i], b[i], d[i], want)
			}
		}
		if d[n] != 12345 {
			t.Fatalf("wrote past the end")
		}
	}
}
