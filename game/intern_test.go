package game

import (
	"iter"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// strideKey keys a node n as n<<shift: keys with equal low bits.
type strideKey struct{ shift uint }

func (s strideKey) Moves(node) iter.Seq[node] { return func(func(node) bool) {} }
func (s strideKey) Key(p node) uint64         { return uint64(p.n) << s.shift }

func TestKeyTableProbes(t *testing.T) {
	// Consecutive keys and strided keys alike find their positions within a few slots of their
	// home slot, and every position gets its own number.
	for _, sh := range []uint{0, 1, 3, 5, 6, 12, 20, 40} {
		h := keyInterner[node]{kx: strideKey{sh}}
		const n = 100_000
		for i := range n {
			if num, added := h.intern(node{i}, uint32(i)); !added || num != uint32(i) {
				t.Fatalf("shift %d: node %d got %d, %v", sh, i, num, added)
			}
		}
		mask := uint64(len(h.slots) - 1)
		probes, worst := 0, 0
		for i := range n {
			if num, added := h.intern(node{i}, n); added || num != uint32(i) {
				t.Fatalf("shift %d: node %d found as %d, %v", sh, i, num, added)
			}
			k := 0
			for j := h.slot(h.kx.Key(node{i})); h.pos[h.slots[j]-1].n != i; j = (j + 1) & mask {
				k++
			}
			probes += k
			worst = max(worst, k)
		}
		if avg := float64(probes) / n; avg > 2 || worst > 64 {
			t.Errorf("shift %d: %.2f extra probes on average, %d at worst", sh, avg, worst)
		}
	}
}

func TestInterner(t *testing.T) {
	// Against a Go map: 300,000 lookups of 100,000 distinct positions, new ones and old ones mixed
	// (recent ones, and ones long moved to the main table), through several merges and growths.
	r := rand.New(rand.NewPCG(21, 22))
	var h interner[node]
	ref := map[node]uint32{}
	for i := range 300_000 {
		p := node{r.IntN(100_000)}
		if i%3 == 0 {
			p = node{i / 3} // a run of new positions
		}
		want, ok := ref[p]
		if !ok {
			want = uint32(len(ref))
			ref[p] = want
		}
		num, added := h.intern(p, uint32(len(ref)-1))
		if num != want || added == ok {
			t.Fatalf("lookup %d of %v: %d, %v; want %d, %v", i, p, num, added, want, !ok)
		}
	}
	if h.Len() != len(ref) {
		t.Fatalf("%d interned, want %d", h.Len(), len(ref))
	}
}

// Position types for the hash of significant bytes (memHash).
type (
	padded struct {
		a int32
		b int8
	} // 3 bytes of padding
	blank struct {
		a uint16
		_ uint16
		b uint32
	} // a blank field, skipped by ==
	wide    struct{ a, b, c int64 } // 24 bytes, no padding
	odd     [3]uint8                // 3 bytes
	oddWide struct {
		a int64
		b [3]int8
	} // 11 bytes and 5 of padding
	paddedAr [3]padded // padding inside an array
	withStr  struct {
		a int
		s string
	} // not plain memory
	withFlt struct {
		a int32
		f float32
	} // not plain memory (0 == -0)
)

func TestSignificantBytes(t *testing.T) {
	for _, c := range []struct {
		typ  reflect.Type
		want string // x: a significant byte, .: padding or blank; "" if not plain memory
	}{
		{reflect.TypeFor[padded](), "xxxxx..."},
		{reflect.TypeFor[blank](), "xx..xxxx"},
		{reflect.TypeFor[wide](), strings.Repeat("x", 24)},
		{reflect.TypeFor[odd](), "xxx"},
		{reflect.TypeFor[oddWide](), "xxxxxxxxxxx....."},
		{reflect.TypeFor[paddedAr](), "xxxxx...xxxxx...xxxxx..."},
		{reflect.TypeFor[withStr](), ""},
		{reflect.TypeFor[withFlt](), ""},
		{reflect.TypeFor[*int](), ""},
	} {
		sig := make([]byte, c.typ.Size())
		got := ""
		if significantBytes(c.typ, sig) {
			for _, b := range sig {
				got += map[byte]string{0: ".", 0xff: "x"}[b]
			}
		}
		if got != c.want {
			t.Errorf("%v: %q, want %q", c.typ, got, c.want)
		}
		if (newMemHash(c.typ) != nil) != (c.want != "") {
			t.Errorf("%v: memHash %v", c.typ, newMemHash(c.typ))
		}
	}
}

// internAgainstMap interns n random values of P made by mk (from a number below m, so that many
// repeat) and checks the numbers against a Go map's.
func internAgainstMap[P comparable](t *testing.T, r *rand.Rand, n, m int, mk func(r *rand.Rand, k int) P) {
	t.Helper()
	var h interner[P]
	ref := map[P]uint32{}
	for i := range n {
		p := mk(r, r.IntN(m))
		want, ok := ref[p]
		if !ok {
			want = uint32(len(ref))
			ref[p] = want
		}
		num, added := h.intern(p, uint32(len(ref)-1))
		if num != want || added == ok {
			t.Fatalf("%T: lookup %d of %v: %d, %v; want %d, %v", p, i, p, num, added, want, !ok)
		}
	}
	if h.Len() != len(ref) {
		t.Fatalf("%T: %d interned, want %d", *new(P), h.Len(), len(ref))
	}
}

func TestInternerTypes(t *testing.T) {
	// Values equal under == are one position whatever their padding and blank fields hold (the
	// values are made with garbage there, through unsafe); different values are different.
	r := rand.New(rand.NewPCG(23, 24))
	dirty := func(p unsafe.Pointer, size uintptr, r *rand.Rand) {
		for i := range size {
			*(*byte)(unsafe.Add(p, i)) = byte(r.Uint32())
		}
	}
	internAgainstMap(t, r, 50_000, 20_000, func(r *rand.Rand, k int) padded {
		var p padded
		dirty(unsafe.Pointer(&p), unsafe.Sizeof(p), r)
		p.a, p.b = int32(k>>3), int8(k&7)
		return p
	})
	internAgainstMap(t, r, 50_000, 20_000, func(r *rand.Rand, k int) blank {
		var p blank
		dirty(unsafe.Pointer(&p), unsafe.Sizeof(p), r)
		p.a, p.b = uint16(k), uint32(k>>16)
		return p
	})
	internAgainstMap(t, r, 50_000, 20_000, func(r *rand.Rand, k int) wide {
		return wide{int64(k % 7), int64(k / 7), -int64(k)}
	})
	internAgainstMap(t, r, 50_000, 20_000, func(r *rand.Rand, k int) odd {
		return odd{byte(k), byte(k >> 8), byte(k >> 16)}
	})
	internAgainstMap(t, r, 50_000, 20_000, func(r *rand.Rand, k int) oddWide {
		var p oddWide
		dirty(unsafe.Pointer(&p), unsafe.Sizeof(p), r)
		p.a, p.b = int64(k>>8)<<40, [3]int8{int8(k), 0, int8(k >> 4)}
		return p
	})
	internAgainstMap(t, r, 50_000, 20_000, func(r *rand.Rand, k int) paddedAr {
		var p paddedAr
		dirty(unsafe.Pointer(&p), unsafe.Sizeof(p), r)
		for i := range p {
			p[i].a, p[i].b = int32(k>>(4*i)), int8(i)
		}
		return p
	})
	internAgainstMap(t, r, 50_000, 20_000, func(r *rand.Rand, k int) withStr {
		return withStr{k % 3, strconv.Itoa(k / 3)}
	})
	internAgainstMap(t, r, 50_000, 20_000, func(r *rand.Rand, k int) withFlt {
		f := float32(k / 2)
		if k%2 == 1 {
			f = -f // -0 == 0: one position
		}
		return withFlt{int32(k % 5), f}
	})
}
