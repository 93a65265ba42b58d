package game

import (
	"iter"
	"math/rand/v2"
	"reflect"
	"testing"
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
	if autoKeyer[padded]() != nil || autoKeyer[string]() != nil {
		t.Error("automatic key for a type whose bytes are not its value")
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

// cell and paddedCell are positions of a two-heap game (take 1 or 2 from one heap, or 1 from
// both), one as plain memory (the solver keys it by its bits) and one with padding (hashed).
type cell struct{ A, B int16 }

type paddedCell struct {
	A int8
	B int32
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
	var cells []cell
	var padded []paddedCell
	for a := range int16(40) {
		for b := range int16(90) {
			cells = append(cells, cell{a, b})
			padded = append(padded, paddedCell{int8(a), int32(b)})
		}
	}
	if s := NewSolver[cell](twoHeaps{}); s.t.keys.kx == nil {
		t.Fatal("cell is plain memory: the solver should key it by its bits")
	}
	if s := NewSolver[paddedCell](twoHeapsPadded{}); s.t.keys.kx != nil {
		t.Fatal("paddedCell has padding: the solver must hash it")
	}
	checkAgainstNaive[cell](t, "two heaps (bits as keys)", twoHeaps{}, cells)
	checkAgainstNaive[paddedCell](t, "two heaps (hashed)", twoHeapsPadded{}, padded)
}
