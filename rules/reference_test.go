package rules

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"

	"grundy/internal/refdata"
)

// TestMockTurtlesOdious: Mock Turtles' coin n (from 0) has the (n+1)-th odious number, OEIS A000069
// (offset 1), and split-nim's heap n has the same for n ≥ 1.
func TestMockTurtlesOdious(t *testing.T) {
	terms := refdata.Sequence(t, "A000069.txt")
	mt, _ := New("mock-turtles", nil)
	sn, _ := New("split-nim", nil)
	seqMT, err := mt.(Sequencer).Sequence(context.Background(), uint64(len(terms)))
	if err != nil {
		t.Fatal(err)
	}
	seqSN, err := sn.(Sequencer).Sequence(context.Background(), uint64(len(terms)))
	if err != nil {
		t.Fatal(err)
	}
	for _, term := range terms {
		n := term.N - 1
		if seqMT.Values[n] != term.Value {
			t.Fatalf("mock-turtles g(%d) = %d, A000069(%d) = %d", n, seqMT.Values[n], term.N, term.Value)
		}
		if seqSN.Values[n+1] != term.Value {
			t.Fatalf("split-nim g(%d) = %d, A000069(%d) = %d", n+1, seqSN.Values[n+1], term.N, term.Value)
		}
	}
}

// TestWythoffReference: the P-positions (A000201(n), A001950(n)) are P and each heap's partner is
// the other; and for large random n, ⌊nφ⌋ agrees with a 256-bit floating computation.
func TestWythoffReference(t *testing.T) {
	lower := refdata.Sequence(t, "A000201.txt")
	upper := refdata.Sequence(t, "A001950.txt")
	for i := range min(len(lower), len(upper)) {
		a, b := lower[i].Value, upper[i].Value
		if !wythoffP(a, b) || !wythoffP(b, a) {
			t.Fatalf("(%d, %d) is not P", a, b)
		}
		if q, _ := wythoffPartner(a); q != b {
			t.Fatalf("partner of %d: %d, want %d", a, q, b)
		}
		if q, _ := wythoffPartner(b); q != a {
			t.Fatalf("partner of %d: %d, want %d", b, q, a)
		}
	}
	// every number is in exactly one P-pair: partners are mutual
	rng0 := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		x := rng0.Uint64() >> rng0.IntN(64)
		q, ok := wythoffPartner(x)
		if !ok {
			continue // the partner is past 2^64
		}
		if back, ok := wythoffPartner(q); !ok || back != x {
			t.Fatalf("partner of %d is %d, whose partner is %d", x, q, back)
		}
	}
	phi := new(big.Float).SetPrec(256).SetInt64(5)
	phi.Sqrt(phi).Add(phi, big.NewFloat(1)).Quo(phi, big.NewFloat(2))
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		n := rng.Uint64() >> (rng.IntN(64))
		want, _ := new(big.Float).SetPrec(256).Mul(new(big.Float).SetPrec(256).SetUint64(n), phi).Int(nil)
		if got := lowerWythoff(n); got.Cmp(want) != 0 {
			t.Fatalf("⌊%d·φ⌋: %v, want %v", n, got, want)
		}
		if want.IsUint64() {
			a := want.Uint64()
			if q, ok := wythoffPartner(a); !ok || q != a+n {
				if a+n >= a { // no overflow
					t.Fatalf("partner of %d: %d (%v), want %d", a, q, ok, a+n)
				}
			}
		}
	}
}

// TestNimProductReference: the nim-product the 2-D rulesets use, against OEIS A051775 (the table by
// antidiagonals) and A006042 (nim-squares).
func TestNimProductReference(t *testing.T) {
	table := refdata.Sequence(t, "A051775.txt")
	// antidiagonals: d = 0, 1, …; entries (n, d-n) for n = 0..d
	i := 0
	for d := uint64(0); i < len(table); d++ {
		for n := uint64(0); n <= d && i < len(table); n++ {
			if got := nimMul(n, d-n); got != table[i].Value {
				t.Fatalf("%d ⊗ %d = %d, A051775 says %d", n, d-n, got, table[i].Value)
			}
			i++
		}
	}
	for _, term := range refdata.Sequence(t, "A006042.txt") {
		n := uint64(term.N)
		if got := nimMul(n, n); got != term.Value {
			t.Fatalf("%d ⊗ %d = %d, A006042 says %d", n, n, got, term.Value)
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		a, b, c := rng.Uint64(), rng.Uint64(), rng.Uint64()
		if nimMul(a, nimMul(b, c)) != nimMul(nimMul(a, b), c) {
			t.Fatalf("not associative at %d %d %d", a, b, c)
		}
		if nimMul(a, b^c) != nimMul(a, b)^nimMul(a, c) {
			t.Fatalf("not distributive at %d %d %d", a, b, c)
		}
		if a != 0 && nimMul(a, nimInv(a)) != 1 {
			t.Fatalf("%d ⊗ inv = %d", a, nimMul(a, nimInv(a)))
		}
	}
	// the definition: x ⊗ y = mex{(a⊗b) ⊕ (a⊗y) ⊕ (x⊗b) : a < x, b < y} on a small square
	const n = 24
	var def [n][n]uint64
	for x := range uint64(n) {
		for y := range uint64(n) {
			seen := map[uint64]bool{}
			for a := range x {
				for b := range y {
					seen[def[a][b]^def[a][y]^def[x][b]] = true
				}
			}
			var v uint64
			for seen[v] {
				v++
			}
			def[x][y] = v
			if nimMul(x, y) != v {
				t.Fatalf("%d ⊗ %d = %d, the definition gives %d", x, y, nimMul(x, y), v)
			}
		}
	}
}
