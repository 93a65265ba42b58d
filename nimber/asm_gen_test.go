package nimber

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// The constants of the polynomial basis (clmulAlphaPowers in clmul_basis.go) are derived by
//
//	go test -run TestAsmGenerateBasis -asm.gen ./nimber
//
// which finds a root α of the pentanomial p(x) = x^64 + x^4 + x^3 + x + 1 in the nim-field by
// Cantor–Zassenhaus equal-degree splitting (p is irreducible over GF(2), so it splits into 64 distinct
// linear factors over the field of 2^64 elements) and prints α^0 … α^63 as Go literals.
// TestClmulBasisConstants checks the printed constants on every run.
var asmGen = flag.Bool("asm.gen", false, "derive and print the polynomial-basis constants of the amd64 nim-product")

// asmPoly is a polynomial over the nim-field, coefficient i of x^i at index i, no trailing zeros.
type asmPoly []uint64

func (f asmPoly) trim() asmPoly {
	for len(f) > 0 && f[len(f)-1] == 0 {
		f = f[:len(f)-1]
	}
	return f
}

func (f asmPoly) deg() int { return len(f.trim()) - 1 }

// asmPolyMod returns f mod g (g non-zero).
func asmPolyMod(f, g asmPoly) asmPoly {
	f = append(asmPoly(nil), f...).trim()
	g = g.trim()
	inv := asmRefInv(g[len(g)-1])
	for len(f) >= len(g) {
		c := asmRefMul(f[len(f)-1], inv)
		s := len(f) - len(g)
		for i, gi := range g {
			f[s+i] ^= asmRefMul(c, gi)
		}
		f = f.trim()
	}
	return f
}

func asmPolyGCD(f, g asmPoly) asmPoly {
	f, g = f.trim(), g.trim()
	for len(g) > 0 {
		f, g = g, asmPolyMod(f, g)
	}
	// Make it monic.
	inv := asmRefInv(f[len(f)-1])
	out := make(asmPoly, len(f))
	for i, c := range f {
		out[i] = asmRefMul(c, inv)
	}
	return out
}

// asmPolySquareMod returns f² mod g: in characteristic 2, (Σ cᵢxⁱ)² = Σ cᵢ²x²ⁱ.
func asmPolySquareMod(f, g asmPoly) asmPoly {
	sq := make(asmPoly, 2*len(f))
	for i, c := range f {
		sq[2*i] = asmRefMul(c, c)
	}
	return asmPolyMod(sq, g)
}

// asmFindRoot returns a root in the nim-field of f, a monic polynomial that splits into distinct linear
// factors over the field of 2^64 elements. For random β, the trace Tr(βx) = Σ_{i<64} (βx)^(2^i) takes
// values in GF(2) at every root, so gcd(f, Tr(βx) mod f) splits off the roots r with Tr(βr) = 0.
func asmFindRoot(f asmPoly, rng *rand.Rand) uint64 {
	for f.deg() > 1 {
		beta := rng.Uint64()
		t := asmPolyMod(asmPoly{0, beta}, f)
		tr := append(asmPoly(nil), t...)
		for range 63 {
			t = asmPolySquareMod(t, f)
			for i, c := range t {
				if i < len(tr) {
					tr[i] ^= c
				} else {
					tr = append(tr, c)
				}
			}
		}
		g := asmPolyGCD(f, tr)
		if d := g.deg(); d > 0 && d < f.deg() {
			f = g
		}
	}
	return f[0] // f = x + f0 (monic), so the root is f0 (−f0 = f0).
}

func TestAsmGenerateBasis(t *testing.T) {
	if !*asmGen {
		t.Skip("run with -asm.gen to derive the constants")
	}
	p := make(asmPoly, 65)
	p[64], p[4], p[3], p[1], p[0] = 1, 1, 1, 1, 1
	rng := rand.New(rand.NewPCG(1, 2))
	alpha := asmFindRoot(p, rng)
	var b strings.Builder
	fmt.Fprintf(&b, "// α = %#016x, a root of x^64 + x^4 + x^3 + x + 1 in the nim-field.\n", alpha)
	b.WriteString("var clmulAlphaPowers = [64]uint64{\n")
	pw := uint64(1)
	for i := range 64 {
		if i%4 == 0 {
			b.WriteString("\t")
		}
		fmt.Fprintf(&b, "%#016x,", pw)
		if i%4 == 3 {
			b.WriteString("\n")
		} else {
			b.WriteString(" ")
		}
		pw = asmRefMul(pw, alpha)
	}
	b.WriteString("}\n")
	t.Log("\n" + b.String())
}
