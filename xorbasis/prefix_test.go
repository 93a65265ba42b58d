package xorbasis

import (
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

func bruteRangeMax(a []uint64, lo, hi int) uint64 {
	xs := subsetXors(a[lo:hi])
	var m uint64
	for i := 1; i < len(xs); i++ {
		m = max(m, xs[i])
	}
	return m
}

func TestPrefixBasisAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	for range 150 {
		n := 1 + r.IntN(12)
		a := randVecs(r, n, []int{1, 4, 12, 20, 64}[r.IntN(5)])
		if r.IntN(10) == 0 {
			clear(a) // all zero: the empty span, XOR 0
		}
		pb := NewPrefixBasis(a)
		var qs []Range
		var want []uint64
		for lo := 0; lo < n; lo++ {
			for hi := lo + 1; hi <= n; hi++ {
				w := bruteRangeMax(a, lo, hi)
				got, err := pb.MaxXor(lo, hi)
				if err != nil || got != w {
					t.Fatalf("%v [%d,%d): %d %v, want %d", a, lo, hi, got, err, w)
				}
				qs = append(qs, Range{lo, hi})
				want = append(want, w)
			}
		}
		r.Shuffle(len(qs), func(i, j int) { qs[i], qs[j] = qs[j], qs[i]; want[i], want[j] = want[j], want[i] })
		got, err := RangeMax(a, qs)
		if err != nil {
			t.Fatal(err)
		}
		for i := range qs {
			if got[i] != want[i] {
				t.Fatalf("%v RangeMax %v = %d want %d", a, qs[i], got[i], want[i])
			}
		}
	}
}

// TestPrefixBasisLong compares PrefixBasis with a fresh Basis per range on a longer array.
func TestPrefixBasisLong(t *testing.T) {
	r := rand.New(rand.NewPCG(33, 34))
	a := randVecs(r, 300, 64)
	for i := range a {
		if r.IntN(3) == 0 {
			a[i] &= 0xffff // low-rank stretches make late positions matter
		}
	}
	pb := NewPrefixBasis(a)
	for range 500 {
		lo := r.IntN(len(a))
		hi := lo + 1 + r.IntN(len(a)-lo)
		var b Basis
		for _, x := range a[lo:hi] {
			b.Insert(x)
		}
		want, _ := b.Max()
		if got, _ := pb.MaxXor(lo, hi); got != want {
			t.Fatalf("[%d,%d): %d want %d", lo, hi, got, want)
		}
	}
}

func TestRangeErrors(t *testing.T) {
	pb := NewPrefixBasis([]uint64{1, 2, 3})
	for _, q := range []Range{{0, 0}, {2, 1}, {-1, 2}, {0, 4}} {
		if _, err := pb.MaxXor(q.Lo, q.Hi); err == nil || !strings.Contains(err.Error(), "range") {
			t.Errorf("%v: %v", q, err)
		}
	}
	if _, err := RangeMax([]uint64{1}, []Range{{0, 1}, {1, 1}}); err == nil || !strings.Contains(err.Error(), "query 1") {
		t.Errorf("RangeMax: %v", err)
	}
	if pb.Len() != 3 {
		t.Error("Len")
	}
}

// bruteNewNim plays the first round straight from the rules: the first player keeps a non-empty
// set K (removing the rest); the opponent keeps a non-empty subset L of K; the first player then
// moves in Nim on L and wins exactly when the nim-sum of L is non-zero (Bouton). It returns the
// least total removed over the winning K, or ok=false.
func bruteNewNim(heaps []uint64) (best *big.Int, ok bool) {
	n := len(heaps)
	xs := subsetXors(heaps)
	for keep := 1; keep < 1<<n; keep++ {
		wins := true
		// every non-empty sub-mask of keep
		for l := keep; l > 0; l = (l - 1) & keep {
			if xs[l] == 0 {
				wins = false
				break
			}
		}
		if !wins {
			continue
		}
		removed := new(big.Int)
		for i := 0; i < n; i++ {
			if keep>>i&1 == 0 {
				removed.Add(removed, new(big.Int).SetUint64(heaps[i]))
			}
		}
		if best == nil || removed.Cmp(best) < 0 {
			best = removed
		}
	}
	return best, best != nil
}

func TestNewNimSample(t *testing.T) {
	res, ok := NewNim([]uint64{5, 5, 6, 6, 5, 5})
	if !ok || res.Taken.String() != "21" {
		t.Fatalf("sample: %v %v, want 21", res.Taken, ok)
	}
}

func TestNewNimAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 36))
	for range 3000 {
		n := r.IntN(10)
		heaps := randVecs(r, n, 1+r.IntN(5))
		if r.IntN(4) == 0 {
			for i := range heaps {
				heaps[i] = r.Uint64() >> uint(r.IntN(4))
			}
		}
		want, wantOK := bruteNewNim(heaps)
		res, ok := NewNim(heaps)
		if ok != wantOK {
			t.Fatalf("%v: ok %v want %v", heaps, ok, wantOK)
		}
		if !ok {
			continue
		}
		if res.Taken.Cmp(want) != 0 {
			t.Fatalf("%v: taken %v want %v", heaps, res.Taken, want)
		}
		// The reported split is consistent: Kept independent, Removed sums to Taken.
		kept := make([]uint64, 0, len(res.Kept))
		for _, i := range res.Kept {
			kept = append(kept, heaps[i])
		}
		sum := new(big.Int)
		for _, i := range res.Removed {
			sum.Add(sum, new(big.Int).SetUint64(heaps[i]))
		}
		if !Independent(kept) || len(kept) == 0 || sum.Cmp(res.Taken) != 0 || len(res.Kept)+len(res.Removed) != n {
			t.Fatalf("%v: inconsistent result %+v", heaps, res)
		}
	}
}

func TestNewNimBigSums(t *testing.T) {
	// Three equal heaps of 2^64-1: keep one, remove two; the total exceeds uint64.
	h := uint64(1<<64 - 1)
	res, ok := NewNim([]uint64{h, h, h})
	if !ok || res.Taken.String() != "36893488147419103230" {
		t.Fatalf("%v %v", res.Taken, ok)
	}
	if _, ok := NewNim(nil); ok {
		t.Fatal("no heaps: first player cannot win")
	}
	if _, ok := NewNim([]uint64{0, 0}); ok {
		t.Fatal("zero heaps: first player cannot win")
	}
	// Many heaps: at most 64 kept, everything else removed.
	heaps := make([]uint64, 1000)
	r := rand.New(rand.NewPCG(1, 1))
	for i := range heaps {
		heaps[i] = r.Uint64()
	}
	res, ok = NewNim(heaps)
	if !ok || len(res.Kept) != 64 || len(res.Removed) != 936 {
		t.Fatalf("1000 heaps: kept %d", len(res.Kept))
	}
}

// TestPrefixBasisSize: the snapshots keep as many rows as the largest element has bits.
func TestPrefixBasisSize(t *testing.T) {
	a := make([]uint64, 1000)
	for i := range a {
		a[i] = uint64(i*7919) % (1 << 20)
	}
	pb := NewPrefixBasis(a)
	if pb.w != 20 || len(pb.rows) != 20*len(a) || len(pb.pos) != 20*len(a) || pb.Len() != len(a) {
		t.Fatalf("w %d, %d rows, %d positions for %d elements below 2^20", pb.w, len(pb.rows), len(pb.pos), len(a))
	}
	if pb := NewPrefixBasis([]uint64{0, 0}); pb.w != 1 || pb.Len() != 2 {
		t.Fatalf("zeros: w %d, len %d", pb.w, pb.Len())
	}
}
