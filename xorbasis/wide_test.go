package xorbasis

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// naiveRank is Gaussian elimination straight from the definition, one bit at a time on a matrix of
// bools: the baseline for Rank and WideBasis.
func naiveRank(rows [][]bool) int {
	m := make([][]bool, len(rows))
	for i := range rows {
		m[i] = slices.Clone(rows[i])
	}
	if len(m) == 0 {
		return 0
	}
	width := len(m[0])
	rank := 0
	for col := width - 1; col >= 0 && rank < len(m); col-- {
		piv := -1
		for i := rank; i < len(m); i++ {
			if m[i][col] {
				piv = i
				break
			}
		}
		if piv < 0 {
			continue
		}
		m[rank], m[piv] = m[piv], m[rank]
		for i := rank + 1; i < len(m); i++ {
			if m[i][col] {
				for j := 0; j < width; j++ {
					m[i][j] = m[i][j] != m[rank][j]
				}
			}
		}
		rank++
	}
	return rank
}

func toBools(v Bits) []bool {
	out := make([]bool, v.Width())
	for i := range out {
		out[i] = v.Bit(i)
	}
	return out
}

func randBits(r *rand.Rand, width int, density int) Bits {
	v := NewBits(width)
	for i := 0; i < width; i++ {
		if r.IntN(density) == 0 {
			v.SetBit(i, true)
		}
	}
	return v
}

func TestRankAgainstNaive(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for range 300 {
		width := 1 + r.IntN(200)
		n := r.IntN(60)
		density := 1 + r.IntN(8)
		rows := make([]Bits, n)
		bools := make([][]bool, n)
		wb := NewWide(width)
		for i := range rows {
			rows[i] = randBits(r, width, density)
			if i > 0 && r.IntN(6) == 0 { // force some dependence
				rows[i] = rows[r.IntN(i)].Clone()
				rows[i].Xor(rows[r.IntN(i)])
			}
			bools[i] = toBools(rows[i])
			wb.Insert(rows[i])
		}
		want := naiveRank(bools)
		if got := Rank(rows); got != want {
			t.Fatalf("width %d n %d: Rank %d, naive %d", width, n, got, want)
		}
		if wb.Rank() != want {
			t.Fatalf("WideBasis rank %d, naive %d", wb.Rank(), want)
		}
	}
}

// TestWideMatchesBasis runs the same random vectors through Basis and a width-64 WideBasis, and
// through a wider WideBasis with the vectors shifted up by an offset, comparing every query.
func TestWideMatchesBasis(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	for range 300 {
		vs := randVecs(r, r.IntN(12), []int{3, 10, 64}[r.IntN(3)])
		b, ind := build(vs)
		const shift = 70
		w64, wide := NewWide(64), NewWide(64+shift)
		for i, v := range vs {
			x := BitsFromUint64(64, v)
			if w64.Insert(x) != ind[i] {
				t.Fatalf("%v: Insert #%d differs", vs, i)
			}
			wide.Insert(shiftUp(v, shift, 64+shift))
		}
		if w64.Rank() != b.Rank() || wide.Rank() != b.Rank() || w64.Len() != b.Len() {
			t.Fatalf("%v: ranks %d %d %d", vs, w64.Rank(), wide.Rank(), b.Rank())
		}
		if w64.Distinct().Cmp(b.Distinct()) != 0 || wide.Distinct().Cmp(b.Distinct()) != 0 {
			t.Fatalf("%v: Distinct differs", vs)
		}
		eq := func(name string, got Bits, ok bool, want uint64, wantOK bool) {
			t.Helper()
			if ok != wantOK {
				t.Fatalf("%v: %s ok=%v want %v", vs, name, ok, wantOK)
			}
			if ok {
				if g, fits := got.Uint64(); !fits || g != want {
					t.Fatalf("%v: %s = %v want %d", vs, name, got, want)
				}
			}
		}
		mx, ok1 := b.Max()
		g, ok2 := w64.Max()
		eq("Max", g, ok2, mx, ok1)
		gs, ok3 := wide.Max()
		if ok3 != ok1 || ok3 && !gs.Equal(shiftUp(mx, shift, 64+shift)) {
			t.Fatalf("%v: wide Max %v", vs, gs)
		}
		mn, ok1 := b.Min()
		g, ok2 = w64.Min()
		eq("Min", g, ok2, mn, ok1)
		for k := uint64(0); k < 40; k++ {
			want, okw := b.KthSmallest(k)
			got, okg := w64.KthSmallest(k)
			eq("KthSmallest", got, okg, want, okw)
			gs, oks := wide.KthSmallest(k)
			if oks != okw || oks && !gs.Equal(shiftUp(want, shift, 64+shift)) {
				t.Fatalf("%v: wide KthSmallest(%d) = %v", vs, k, gs)
			}
		}
		red := b.Reduced()
		wred := w64.Reduced()
		if len(red) != len(wred) {
			t.Fatalf("%v: Reduced lengths", vs)
		}
		for i := range red {
			eq("Reduced", wred[i], true, red[i], true)
		}
		if len(w64.Vectors()) != b.Rank() {
			t.Fatalf("Vectors")
		}
		probes := append(slices.Clone(vs), r.Uint64(), 0)
		for _, x := range probes {
			if x^vs0(vs) != 0 {
				probes = append(probes, x^vs0(vs))
			}
		}
		for _, x := range probes {
			wr, ok := w64.Represent(BitsFromUint64(64, x))
			if ok != b.Contains(x) || w64.Contains(BitsFromUint64(64, x)) != ok {
				t.Fatalf("%v: Represent(%d) ok=%v", vs, x, ok)
			}
			if ok {
				checkWitness(t, vs, x, wr)
			}
			ws, oks := wide.Represent(shiftUp(x, shift, 64+shift))
			if oks != ok {
				t.Fatalf("wide Represent differs")
			}
			if oks {
				checkWitness(t, vs, x, ws)
			}
		}
	}
}

func vs0(vs []uint64) uint64 {
	if len(vs) == 0 {
		return 0
	}
	return vs[0]
}

// shiftUp returns x << shift as a vector of the given width.
func shiftUp(x uint64, shift, width int) Bits {
	v := NewBits(width)
	for i := 0; i < 64; i++ {
		if x>>uint(i)&1 == 1 {
			v.SetBit(i+shift, true)
		}
	}
	return v
}

func TestWideMergeAndWitness(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	const width = 300
	for range 50 {
		var all []Bits
		a, c := NewWide(width), NewWide(width)
		for i := 0; i < 1+r.IntN(20); i++ {
			v := randBits(r, width, 40)
			all = append(all, v)
			a.Insert(v)
		}
		for i := 0; i < r.IntN(20); i++ {
			v := randBits(r, width, 40)
			if i > 0 && r.IntN(3) == 0 {
				v = all[r.IntN(len(all))].Clone()
			}
			all = append(all, v)
			c.Insert(v)
		}
		a.Merge(c)
		if a.Len() != len(all) || a.Rank() != Rank(all) {
			t.Fatalf("merged Len %d Rank %d, want %d %d", a.Len(), a.Rank(), len(all), Rank(all))
		}
		// A random subset's XOR must be represented, with a witness that XORs back to it.
		for range 10 {
			x := NewBits(width)
			for _, v := range all {
				if r.IntN(2) == 0 {
					x.Xor(v)
				}
			}
			w, ok := a.Represent(x)
			if !ok {
				t.Fatalf("span element not represented")
			}
			y := NewBits(width)
			for _, i := range w {
				y.Xor(all[i])
			}
			if !y.Equal(x) || !slices.IsSorted(w) {
				t.Fatalf("witness %v wrong", w)
			}
		}
	}
}

func TestBits(t *testing.T) {
	v := NewBits(130)
	v.SetBit(129, true)
	v.SetBit(0, true)
	if v.Top() != 129 || !v.Bit(0) || v.Bit(1) || v.String() != "0x200000000000000000000000000000001" {
		t.Fatalf("Bits: top %d %v", v.Top(), v)
	}
	if _, fits := v.Uint64(); fits {
		t.Fatal("Uint64 fits")
	}
	u := v.Clone()
	u.SetBit(129, false)
	if v.Cmp(u) != 1 || u.Cmp(v) != -1 || u.Cmp(u) != 0 || v.Equal(u) {
		t.Fatal("Cmp/Equal")
	}
	if NewBits(5).String() != "0x0" || NewBits(0).Top() != -1 || !NewBits(0).IsZero() {
		t.Fatal("zero")
	}
	if _, err := BitsFromWords(70, []uint64{1, 1 << 6}); err == nil || !strings.Contains(err.Error(), "above width") {
		t.Fatalf("BitsFromWords accepted a bit beyond the width: %v", err)
	}
	if _, err := BitsFromWords(70, []uint64{1}); err == nil {
		t.Fatal("BitsFromWords accepted a short slice")
	}
	if w, err := BitsFromWords(70, []uint64{3, 1 << 5}); err != nil || w.Top() != 69 || !slices.Equal(w.Words(), []uint64{3, 32}) {
		t.Fatalf("BitsFromWords: %v %v", w, err)
	}
	mustPanic(t, "index", func() { v.Bit(130) })
	mustPanic(t, "index", func() { v.SetBit(-1, true) })
	mustPanic(t, "widths differ", func() { v.Xor(NewBits(129)) })
	mustPanic(t, "width", func() { NewWide(10).Insert(NewBits(11)) })
	mustPanic(t, "fit", func() { BitsFromUint64(3, 8) })
}

func mustPanic(t *testing.T, want string, f func()) {
	t.Helper()
	defer func() {
		r := recover()
		s, _ := r.(string)
		if r == nil || !strings.Contains(s, want) {
			t.Fatalf("panic %v, want one mentioning %q", r, want)
		}
	}()
	f()
}
