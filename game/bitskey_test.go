package game

import (
	"iter"
	"math/rand/v2"
	"reflect"
	"testing"
	"unsafe"
)

func TestPlainMemory(t *testing.T) {
	type pair struct{ A, B int32 }
	type padded struct {
		A int8
		B int64
	}
	type blank struct {
		_ int32
		A int32
	}
	type nested struct {
		P pair
		C [2]uint16
	}
	type withFloat struct{ A float32 }
	cases := []struct {
		t    reflect.Type
		want bool
	}{
		{reflect.TypeFor[int](), true},
		{reflect.TypeFor[bool](), true},
		{reflect.TypeFor[uint8](), true},
		{reflect.TypeFor[[3]int16](), true},
		{reflect.TypeFor[pair](), true},
		{reflect.TypeFor[nested](), true},
		{reflect.TypeFor[padded](), false},
		{reflect.TypeFor[blank](), false},
		{reflect.TypeFor[withFloat](), false},
		{reflect.TypeFor[float64](), false},
		{reflect.TypeFor[string](), false},
		{reflect.TypeFor[*int](), false},
		{reflect.TypeFor[any](), false},
		{reflect.TypeFor[[2]float32](), false},
	}
	for _, c := range cases {
		if got := plainMemory(c.t); got != c.want {
			t.Errorf("plainMemory(%v) = %v, want %v", c.t, got, c.want)
		}
	}
	if autoKeyer[nested]() != nil {
		t.Error("nested is 12 bytes: no automatic key")
	}
	if autoKeyer[string]() != nil || autoKeyer[withFloat]() != nil {
		t.Error("automatic key for a type whose bytes are not its value")
	}
	if autoKeyer[padded]() != nil { // an int8 and an int64: 9 significant bytes
		t.Error("padded has 9 significant bytes: no automatic key")
	}
	if g, ok := autoKeyer[blank]().(gatherKeyer[blank]); !ok || len(g.offs) != 4 {
		t.Error("blank's == compares 4 bytes: they should be its key")
	}
}

// TestBitsKeyer: keys are equal exactly when positions are, for types of every size up to 8.
func TestBitsKeyer(t *testing.T) {
	type three struct{ A, B, C uint8 }
	type six struct{ A, B, C uint16 }
	r := rand.New(rand.NewPCG(51, 52))
	check := func(name string, n int, gen func() any, key func(any) uint64) {
		seen := map[any]uint64{}
		keys := map[uint64]any{}
		for range n {
			p := gen()
			k := key(p)
			if old, ok := seen[p]; ok && old != k {
				t.Fatalf("%s: %v has keys %d and %d", name, p, old, k)
			}
			if q, ok := keys[k]; ok && q != p {
				t.Fatalf("%s: %v and %v share key %d", name, p, q, k)
			}
			seen[p], keys[k] = k, p
		}
	}
	check("three", 2000, func() any { return three{uint8(r.IntN(8)), uint8(r.IntN(8)), uint8(r.IntN(8))} },
		func(p any) uint64 { return bitsKeyer[three]{}.Key(p.(three)) })
	check("six", 2000, func() any { return six{uint16(r.IntN(8)), uint16(r.IntN(8)), uint16(r.IntN(9))} },
		func(p any) uint64 { return bitsKeyer[six]{}.Key(p.(six)) })
	check("int16", 2000, func() any { return int16(r.IntN(400) - 200) },
		func(p any) uint64 { return bitsKeyer[int16]{}.Key(p.(int16)) })
	check("int64", 2000, func() any { return int64(r.Uint64()) },
		func(p any) uint64 { return bitsKeyer[int64]{}.Key(p.(int64)) })
	check("bool", 10, func() any { return r.IntN(2) == 0 },
		func(p any) uint64 { return bitsKeyer[bool]{}.Key(p.(bool)) })
}

// cell, paddedCell and wideCell are positions of a two-heap game (take 1 or 2 from one heap, or 1
// from both): plain memory (the solver keys it by its bits), padding around 5 significant bytes
// (keyed by those bytes) and 9 significant bytes (hashed).
type cell struct{ A, B int16 }

type paddedCell struct {
	A int8
	B int32
}

type wideCell struct {
	A int8
	B int32
	C int32
}

type twoHeaps struct{}

func (twoHeaps) Moves(p cell) iter.Seq[cell] {
	return func(yield func(cell) bool) {
		for _, d := range [][2]int16{{1, 0}, {2, 0}, {0, 1}, {0, 2}, {1, 1}} {
			if q := (cell{p.A - d[0], p.B - d[1]}); q.A >= 0 && q.B >= 0 && !yield(q) {
				return
			}
		}
	}
}

type twoHeapsWide struct{}

func (twoHeapsWide) Moves(p wideCell) iter.Seq[wideCell] {
	return func(yield func(wideCell) bool) {
		for q := range (twoHeaps{}).Moves(cell{int16(p.A), int16(p.B)}) {
			if !yield(wideCell{int8(q.A), int32(q.B), 7}) {
				return
			}
		}
	}
}

type twoHeapsPadded struct{}

func (twoHeapsPadded) Moves(p paddedCell) iter.Seq[paddedCell] {
	return func(yield func(paddedCell) bool) {
		for q := range (twoHeaps{}).Moves(cell{int16(p.A), int16(p.B)}) {
			if !yield(paddedCell{int8(q.A), int32(q.B)}) {
				return
			}
		}
	}
}

func TestAutoKeyedSolver(t *testing.T) {
	// Each position is also searched on a cold solver: quadratic in the grid. Under -race (whose
	// checkptr still checks the keyers' unsafe reads on the small grid) a 12×30 grid; scripts/test.sh
	// runs the 40×90 one without.
	rows, cols := int16(40), int16(90)
	if raceEnabled {
		rows, cols = 12, 30
	}
	var cells []cell
	var padded []paddedCell
	var wide []wideCell
	for a := range rows {
		for b := range cols {
			cells = append(cells, cell{a, b})
			padded = append(padded, paddedCell{int8(a), int32(b)})
			wide = append(wide, wideCell{int8(a), int32(b), 7})
		}
	}
	if _, ok := NewSolver[cell](twoHeaps{}).t.keys.kx.(bitsKeyer[cell]); !ok {
		t.Fatal("cell is plain memory: the solver should key it by its bits")
	}
	if g, ok := NewSolver[paddedCell](twoHeapsPadded{}).t.keys.kx.(gatherKeyer[paddedCell]); !ok || len(g.offs) != 5 {
		t.Fatal("paddedCell has 5 significant bytes: the solver should key it by them")
	}
	if s := NewSolver[wideCell](twoHeapsWide{}); s.t.keys.kx != nil {
		t.Fatal("wideCell has 9 significant bytes: the solver must hash it")
	}
	checkAgainstNaive[cell](t, "two heaps (bits as keys)", twoHeaps{}, cells)
	checkAgainstNaive[paddedCell](t, "two heaps (significant bytes as keys)", twoHeapsPadded{}, padded)
	checkAgainstNaive[wideCell](t, "two heaps (hashed)", twoHeapsWide{}, wide)
}

// TestGatherKeyerIgnoresPadding: garbage in a position's padding changes neither its key nor its
// equality, and different significant bytes give different keys.
func TestGatherKeyerIgnoresPadding(t *testing.T) {
	kx := autoKeyer[paddedCell]()
	r := rand.New(rand.NewPCG(53, 54))
	keys := map[uint64]paddedCell{}
	for range 3000 {
		p := paddedCell{int8(r.IntN(256) - 128), int32(r.Uint32())}
		q := p
		pad := unsafe.Slice((*byte)(unsafe.Pointer(&q)), unsafe.Sizeof(q))
		for i := 1; i < 4; i++ { // the bytes between A (offset 0) and B (offset 4)
			pad[i] = byte(r.Uint32())
		}
		if q != p || kx.Key(q) != kx.Key(p) {
			t.Fatalf("%v: padding changed the key (%d, %d)", p, kx.Key(p), kx.Key(q))
		}
		if old, ok := keys[kx.Key(p)]; ok && old != p {
			t.Fatalf("%v and %v share a key", p, old)
		}
		keys[kx.Key(p)] = p
	}
}
