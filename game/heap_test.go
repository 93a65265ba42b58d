package game

import (
	"errors"
	"iter"
	"math/rand/v2"
	"slices"
	"testing"
)

// relabeled is a DAG game whose positions are renamed by a permutation, so moves go to larger
// numbers as well as smaller.
type relabeled struct {
	d    dag
	perm []int // position name of DAG node i
	inv  []int
}

func (g relabeled) Moves(p int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for _, o := range g.d.opts[g.inv[p]] {
			if !yield(g.perm[o]) {
				return
			}
		}
	}
}

func TestHeapValues(t *testing.T) {
	check := func(name string, g Game[int], n int) {
		t.Helper()
		got, err := HeapValues(g, n)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		memo := map[int]uint64{}
		for h := range n + 1 {
			if w := naiveValue(g, h, memo); got[h] != w {
				t.Fatalf("%s: g(%d) = %d, want %d", name, h, got[h], w)
			}
		}
	}
	for _, set := range [][]int{{1}, {1, 2, 3}, {2, 5, 7}, {1, 4, 9, 16, 25}} {
		check("subtract", subtract{set}, 300)
		check("dense", denseSubtract{subtract{set}}, 300)
	}
	// Nim: values up to 199 exercise the mex above 64.
	check("nim", closedNimNoForm{}, 199)
	r := rand.New(rand.NewPCG(13, 14))
	for range 20 {
		d := randomDAG(r, 60, 4)
		perm := r.Perm(60)
		inv := make([]int, 60)
		for i, p := range perm {
			inv[p] = i
		}
		check("relabeled", relabeled{d, perm, inv}, 59)
	}
	if _, err := HeapValues(graph{0: {}, 1: {2}, 2: {1}}, 2); !errors.Is(err, ErrCycle) {
		t.Fatalf("cycle: %v", err)
	}
	if _, err := HeapValues(subtract{[]int{1}}, 10, MaxPositions(5)); err == nil {
		t.Fatal("limit ignored")
	}
	if _, err := HeapValues(failing{bad: 4}, 10); !errors.Is(err, errBad) {
		t.Fatalf("fallible: %v", err)
	}
	if _, err := HeapValues(subtract{[]int{1}}, -1); err == nil {
		t.Fatal("negative heap accepted")
	}
	want, _ := HeapValues(subtract{[]int{1, 3, 4}}, 50)
	if !slices.Equal(want[:10], []uint64{0, 1, 0, 1, 2, 3, 2, 0, 1, 0}) {
		t.Fatalf("subtraction {1,3,4}: %v", want[:10])
	}
}

// closedNimNoForm is one-heap Nim without its closed form.
type closedNimNoForm struct{}

func (closedNimNoForm) Moves(n int) iter.Seq[int] { return closedNim{}.Moves(n) }
