package xorbasis

import (
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// subsetXors returns the XOR of every subset of vs, indexed by the subset's bit mask.
func subsetXors(vs []uint64) []uint64 {
	out := make([]uint64, 1<<len(vs))
	for m := 1; m < len(out); m++ {
		low := bits.TrailingZeros(uint(m))
		out[m] = out[m&(m-1)] ^ vs[low]
	}
	return out
}

// bruteFacts computes from the definitions: the sorted distinct XORs of non-empty subsets, and the
// set of XORs of all subsets (the span).
func bruteFacts(vs []uint64) (nonEmpty []uint64, span map[uint64]bool) {
	xs := subsetXors(vs)
	span = map[uint64]bool{}
	seen := map[uint64]bool{}
	for m, x := range xs {
		span[x] = true
		if m > 0 && !seen[x] {
			seen[x] = true
			nonEmpty = append(nonEmpty, x)
		}
	}
	slices.Sort(nonEmpty)
	return nonEmpty, span
}

// randVecs returns n random vectors of the given bit length, some repeated or zero.
func randVecs(r *rand.Rand, n, width int) []uint64 {
	vs := make([]uint64, n)
	for i := range vs {
		switch r.IntN(8) {
		case 0:
			vs[i] = 0
		case 1:
			if i > 0 {
				vs[i] = vs[r.IntN(i)]
				continue
			}
			fallthrough
		default:
			vs[i] = r.Uint64()
			if width < 64 {
				vs[i] &= 1<<uint(width) - 1
			}
		}
	}
	return vs
}

func xorOf(vs []uint64, idx []int) uint64 {
	var x uint64
	for _, i := range idx {
		x ^= vs[i]
	}
	return x
}

func checkWitness(t *testing.T, vs []uint64, x uint64, w []int) {
	t.Helper()
	if !slices.IsSorted(w) {
		t.Fatalf("witness %v not increasing", w)
	}
	for i, j := range w {
		if j < 0 || j >= len(vs) || i > 0 && w[i-1] == j {
			t.Fatalf("witness %v has a bad index for %d vectors", w, len(vs))
		}
	}
	if got := xorOf(vs, w); got != x {
		t.Fatalf("witness %v of %v XORs to %d, want %d", w, vs, got, x)
	}
}

// checkBasis compares every query of b (built from vs) with brute force.
func checkBasis(t *testing.T, vs []uint64, b *Basis, width int) {
	t.Helper()
	nonEmpty, span := bruteFacts(vs)
	rank := bits.Len(uint(len(span))) - 1
	if 1<<uint(rank) != len(span) {
		t.Fatalf("%v: span size %d is not a power of two", vs, len(span))
	}
	if b.Rank() != rank || b.Len() != len(vs) {
		t.Fatalf("%v: Rank %d Len %d, want %d %d", vs, b.Rank(), b.Len(), rank, len(vs))
	}
	if got := b.Distinct(); got.Cmp(big.NewInt(int64(len(nonEmpty)))) != 0 {
		t.Fatalf("%v: Distinct %v, want %d", vs, got, len(nonEmpty))
	}
	mx, okx := b.Max()
	mn, okn := b.Min()
	if len(vs) == 0 {
		if okx || okn {
			t.Fatalf("empty basis: Max/Min ok")
		}
	} else if !okx || !okn || mx != nonEmpty[len(nonEmpty)-1] || mn != nonEmpty[0] {
		t.Fatalf("%v: Max %d %v Min %d %v, want %d %d", vs, mx, okx, mn, okn, nonEmpty[len(nonEmpty)-1], nonEmpty[0])
	}
	for k := uint64(0); k <= uint64(len(nonEmpty))+2; k++ {
		v, ok := b.KthSmallest(k)
		wantOK := k >= 1 && k <= uint64(len(nonEmpty))
		if ok != wantOK || ok && v != nonEmpty[k-1] {
			t.Fatalf("%v: KthSmallest(%d) = %d %v, want ok=%v", vs, k, v, ok, wantOK)
		}
	}
	if _, ok := b.KthSmallest(1<<64 - 1); ok && rank < 64 {
		t.Fatalf("%v: KthSmallest(2^64-1) ok", vs)
	}
	// Contains / Represent over the whole space (small widths) or over the span plus random values.
	probe := func(x uint64) {
		w, ok := b.Represent(x)
		if ok != span[x] || b.Contains(x) != span[x] {
			t.Fatalf("%v: Represent(%d) ok=%v, in span %v", vs, x, ok, span[x])
		}
		if ok {
			checkWitness(t, vs, x, w)
		}
	}
	if width <= 8 {
		for x := uint64(0); x < 1<<uint(width); x++ {
			probe(x)
		}
	} else {
		for x := range span {
			probe(x)
		}
		r := rand.New(rand.NewPCG(uint64(len(vs)), 7))
		for range 20 {
			probe(r.Uint64())
		}
	}
	// Reduced: each pivot bit clear in the other rows, rows independent and spanning the span.
	red := b.Reduced()
	if len(red) != rank {
		t.Fatalf("%v: Reduced has %d rows, rank %d", vs, len(red), rank)
	}
	for i, r := range red {
		p := 63 - bits.LeadingZeros64(r)
		if r == 0 || i > 0 && red[i-1] <= r {
			t.Fatalf("%v: Reduced %v not strictly decreasing non-zero", vs, red)
		}
		for j, o := range red {
			if j != i && o>>uint(p)&1 == 1 {
				t.Fatalf("%v: Reduced %v: pivot %d set in another row", vs, red, p)
			}
		}
	}
	_, rspan := bruteFacts(red)
	if !mapsEqual(rspan, span) {
		t.Fatalf("%v: Reduced %v spans something else", vs, red)
	}
	vecs := b.Vectors()
	_, vspan := bruteFacts(vecs)
	if len(vecs) != rank || !mapsEqual(vspan, span) {
		t.Fatalf("%v: Vectors %v do not form a basis", vs, vecs)
	}
}

func mapsEqual(a, b map[uint64]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

func build(vs []uint64) (*Basis, []bool) {
	var b Basis
	ind := make([]bool, len(vs))
	for i, v := range vs {
		ind[i] = b.Insert(v)
	}
	return &b, ind
}

func TestBasisAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, width := range []int{1, 2, 3, 5, 8, 20, 64} {
		for n := 0; n <= 11; n++ {
			for range 12 {
				vs := randVecs(r, n, width)
				b, ind := build(vs)
				// Insert's report: independent of the earlier vectors, from the definition.
				for i := range vs {
					_, span := bruteFacts(vs[:i])
					if ind[i] == span[vs[i]] {
						t.Fatalf("%v: Insert #%d reported %v", vs, i, ind[i])
					}
				}
				checkBasis(t, vs, b, width)
			}
		}
	}
}

// TestAllSmallSets checks every multiset of up to 4 vectors of 3 bits exhaustively.
func TestAllSmallSets(t *testing.T) {
	for n := 0; n <= 4; n++ {
		total := 1 << uint(3*n)
		for code := 0; code < total; code++ {
			vs := make([]uint64, n)
			for i := range vs {
				vs[i] = uint64(code>>uint(3*i)) & 7
			}
			b, _ := build(vs)
			checkBasis(t, vs, b, 3)
		}
	}
}

func TestHDU3949Sample(t *testing.T) {
	cases := []struct {
		vs   []uint64
		ks   []uint64
		want []int64 // -1: no such value
	}{
		{[]uint64{1, 2}, []uint64{1, 2, 3, 4}, []int64{1, 2, 3, -1}},
		{[]uint64{1, 2, 3}, []uint64{1, 2, 3, 4, 5}, []int64{0, 1, 2, 3, -1}},
	}
	for _, c := range cases {
		b, _ := build(c.vs)
		for i, k := range c.ks {
			v, ok := b.KthSmallest(k)
			got := int64(v)
			if !ok {
				got = -1
			}
			if got != c.want[i] {
				t.Errorf("%v k=%d: got %d want %d", c.vs, k, got, c.want[i])
			}
		}
	}
}

func TestReducedIsUniqueForTheSpan(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		vs := randVecs(r, 1+r.IntN(70), 64)
		b1, _ := build(vs)
		ws := slices.Clone(vs)
		r.Shuffle(len(ws), func(i, j int) { ws[i], ws[j] = ws[j], ws[i] })
		// Also add XORs of pairs: same span.
		ws = append(ws, vs[0]^vs[len(vs)-1])
		b2, _ := build(ws)
		if !slices.Equal(b1.Reduced(), b2.Reduced()) {
			t.Fatalf("reduced forms differ for the same span")
		}
	}
}

func TestLargeRandomKth(t *testing.T) {
	// Rank ≥ 20: check KthSmallest against the span sorted by a different method: the span equals
	// {XOR of reduced rows}, and Contains must hold for each; consecutive k increase strictly.
	r := rand.New(rand.NewPCG(5, 6))
	for range 30 {
		n := 40 + r.IntN(40)
		vs := randVecs(r, n, 64)
		b, _ := build(vs)
		d := b.Distinct()
		var prev uint64
		for k := uint64(1); k <= 2000; k++ {
			v, ok := b.KthSmallest(k)
			if !ok {
				t.Fatalf("k=%d beyond %v", k, d)
			}
			if k > 1 && v <= prev || !b.Contains(v) {
				t.Fatalf("k=%d: %d after %d, contains %v", k, v, prev, b.Contains(v))
			}
			prev = v
		}
		// The largest is Max; the one after does not exist.
		if !d.IsUint64() {
			continue
		}
		last, ok := b.KthSmallest(d.Uint64())
		mx, _ := b.Max()
		if !ok || last != mx {
			t.Fatalf("last kth %d %v, Max %d", last, ok, mx)
		}
		if _, ok := b.KthSmallest(d.Uint64() + 1); ok {
			t.Fatalf("k beyond Distinct accepted")
		}
	}
}

func TestFullRank64(t *testing.T) {
	var b Basis
	for i := 0; i < 64; i++ {
		b.Insert(1 << uint(i))
	}
	if b.Rank() != 64 {
		t.Fatal(b.Rank())
	}
	want := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 64), big.NewInt(1))
	if b.Distinct().Cmp(want) != 0 {
		t.Fatalf("Distinct %v", b.Distinct())
	}
	// Independent: k-th smallest is k itself, up to 2^64-1.
	for _, k := range []uint64{1, 2, 12345, 1<<64 - 1} {
		if v, ok := b.KthSmallest(k); !ok || v != k {
			t.Fatalf("k=%d: %d %v", k, v, ok)
		}
	}
	b.Insert(5) // now dependent: 0 first, and the k-th is k−1
	for _, k := range []uint64{1, 2, 1<<64 - 1} {
		if v, ok := b.KthSmallest(k); !ok || v != k-1 {
			t.Fatalf("dependent k=%d: %d %v", k, v, ok)
		}
	}
	if m, _ := b.Max(); m != 1<<64-1 {
		t.Fatalf("Max %d", m)
	}
}

func TestMergeMatchesConcatenation(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 400 {
		width := []int{3, 6, 64}[r.IntN(3)]
		a := randVecs(r, r.IntN(7), width)
		c := randVecs(r, r.IntN(7), width)
		ba, _ := build(a)
		bc, _ := build(c)
		bcBefore := *bc
		ba.Merge(bc)
		if *bc != bcBefore {
			t.Fatal("Merge changed its argument")
		}
		all := append(slices.Clone(a), c...)
		checkBasis(t, all, ba, width)
	}
	// Self-merge doubles the multiset.
	vs := []uint64{1, 2, 4}
	b, _ := build(vs)
	b.Merge(b)
	checkBasis(t, append(slices.Clone(vs), vs...), b, 3)
}

func TestMaxWith(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for range 300 {
		vs := randVecs(r, r.IntN(9), 10)
		b, _ := build(vs)
		x := r.Uint64() & 1023
		var want uint64
		for _, s := range subsetXors(vs) {
			want = max(want, s^x)
		}
		if got := b.MaxWith(x); got != want {
			t.Fatalf("%v MaxWith(%d) = %d want %d", vs, x, got, want)
		}
	}
}

func TestZeroSubsetAndIndependent(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for range 2000 {
		vs := randVecs(r, r.IntN(9), 1+r.IntN(6))
		xs := subsetXors(vs)
		want := false
		for m := 1; m < len(xs); m++ {
			if xs[m] == 0 {
				want = true
			}
		}
		w, ok := ZeroSubset(vs)
		if ok != want || Independent(vs) == want {
			t.Fatalf("%v: ZeroSubset ok=%v Independent=%v, want dependent=%v", vs, ok, Independent(vs), want)
		}
		if ok {
			if len(w) == 0 {
				t.Fatalf("%v: empty zero subset", vs)
			}
			checkWitness(t, vs, 0, w)
		}
	}
	many := make([]uint64, 65)
	for i := range many {
		many[i] = uint64(i) + 1<<40
	}
	if Independent(many) {
		t.Fatal("65 vectors independent")
	}
}

func FuzzBasis(f *testing.F) {
	f.Add([]byte{1, 2, 3})
	f.Add([]byte{0, 0})
	f.Add([]byte{5, 5, 6, 6, 5, 5})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 10 {
			data = data[:10]
		}
		vs := make([]uint64, len(data))
		for i, d := range data {
			vs[i] = uint64(d)
		}
		b, _ := build(vs)
		checkBasis(t, vs, b, 8)
	})
}
