package game

import (
	"iter"
	"testing"
)

// The benchmarks of BENCHMARKS.md ("Engine"): the solver on a one-heap subtraction game with three
// moves ({1, 3, 4}), solved cold from the top heap (a depth-first search down a chain of every
// heap), against a naive recursive solver with a map memo, in the same run.

const benchHeap = 200_000

var benchSet = []int{1, 3, 4}

// sub3Dense is the subtraction game {1, 3, 4} with a dense index and AppendMoves.
type sub3Dense struct{}

func (sub3Dense) Moves(n int) iter.Seq[int] { return subtract{set: benchSet}.Moves(n) }
func (sub3Dense) Index(n int) (int, bool)   { return n, true }
func (sub3Dense) AppendMoves(dst []int, n int) []int {
	if n >= 4 {
		return append(dst, n-1, n-3, n-4)
	}
	for _, s := range benchSet {
		if s <= n {
			dst = append(dst, n-s)
		}
	}
	return dst
}

// sub3Ordered is sub3Dense declaring that its moves go to smaller heaps ([Ordered]): the solver
// fills values in bottom-up.
type sub3Ordered struct{ sub3Dense }

func (sub3Ordered) Position(i int) (int, bool) { return i, true }

// heapKey is a position type the solver cannot index: it keeps values in a hash table. Being 4
// bytes of plain memory, the solver keys it by its bits (see Keyer).
type heapKey struct{ n int32 }

// hashedKey is a heap with two more 32-bit fields (functions of the heap, see hk): 12
// significant bytes, too many for a key of 8, so the solver hashes it (the general case).
type hashedKey struct {
	n    int32
	a, b int32
}

// hk returns the hashedKey of heap n.
func hk(n int32) hashedKey { return hashedKey{n: n, a: n % 3, b: 1} }

// sub3Hashed is the same game on hashedKey positions, with AppendMoves.
type sub3Hashed struct{}

func (sub3Hashed) Moves(p hashedKey) iter.Seq[hashedKey] {
	return func(yield func(hashedKey) bool) {
		for _, s := range benchSet {
			if int32(s) <= p.n && !yield(hk(p.n-int32(s))) {
				return
			}
		}
	}
}

func (sub3Hashed) AppendMoves(dst []hashedKey, p hashedKey) []hashedKey {
	for _, s := range benchSet {
		if int32(s) <= p.n {
			dst = append(dst, hk(p.n-int32(s)))
		}
	}
	return dst
}

// sub3Map is the same game on heapKey positions, with AppendMoves.
type sub3Map struct{}

func (sub3Map) Moves(p heapKey) iter.Seq[heapKey] {
	return func(yield func(heapKey) bool) {
		for _, s := range benchSet {
			if int32(s) <= p.n && !yield(heapKey{p.n - int32(s)}) {
				return
			}
		}
	}
}

func (sub3Map) AppendMoves(dst []heapKey, p heapKey) []heapKey {
	for _, s := range benchSet {
		if int32(s) <= p.n {
			dst = append(dst, heapKey{p.n - int32(s)})
		}
	}
	return dst
}

// sub3Keyed is sub3Map with a compact key ([Keyer]): the heap.
type sub3Keyed struct{ sub3Map }

func (sub3Keyed) Key(p heapKey) uint64 { return uint64(p.n) }

// sub3Scattered is sub3Map with keys that scatter consecutive heaps (a key with no locality).
type sub3Scattered struct{ sub3Map }

func (sub3Scattered) Key(p heapKey) uint64 { return uint64(p.n) * 0x9e3779b97f4a7c15 }

// sub3Iter is the same game with nothing but Moves (an iterator per position, a map memo).
type sub3Iter struct{}

func (sub3Iter) Moves(p heapKey) iter.Seq[heapKey] { return sub3Map{}.Moves(p) }

// naiveSolve is the baseline: plain recursion over Moves, a map memo, mex by a set.
func naiveSolve[P comparable](g Game[P], p P, memo map[P]uint64) uint64 {
	if v, ok := memo[p]; ok {
		return v
	}
	seen := map[uint64]bool{}
	for o := range g.Moves(p) {
		seen[naiveSolve(g, o, memo)] = true
	}
	v := uint64(0)
	for seen[v] {
		v++
	}
	memo[p] = v
	return v
}

// measure runs f b.N times and reports positions per second of wall time and per second of the
// process's CPU time.
func measure(b *testing.B, positions int, f func()) {
	cpu0 := cpuTime()
	for b.Loop() {
		f()
	}
	n := float64(positions) * float64(b.N)
	b.ReportMetric(n/b.Elapsed().Seconds(), "positions/s")
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(n/cpu.Seconds(), "positions/cpu-s")
	}
}

func BenchmarkEngine(b *testing.B) {
	b.Run("dense", func(b *testing.B) {
		measure(b, benchHeap+1, func() {
			s := NewSolver[int](sub3Dense{})
			if _, err := s.Value(benchHeap); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("heapvalues", func(b *testing.B) {
		measure(b, benchHeap+1, func() {
			if _, err := HeapValues(sub3Dense{}, benchHeap); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("dense-table", func(b *testing.B) {
		measure(b, benchHeap+1, func() {
			s := NewSolver[int](sub3Dense{})
			for n := 0; n <= benchHeap; n++ {
				if _, err := s.Value(n); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
	b.Run("ordered", func(b *testing.B) {
		measure(b, benchHeap+1, func() {
			s := NewSolver[int](sub3Ordered{})
			if _, err := s.Value(benchHeap); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("ordered-table", func(b *testing.B) {
		measure(b, benchHeap+1, func() {
			s := NewSolver[int](sub3Ordered{})
			for n := 0; n <= benchHeap; n++ {
				if _, err := s.Value(n); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
	b.Run("map", func(b *testing.B) {
		measure(b, benchHeap+1, func() {
			s := NewSolver[heapKey](sub3Map{})
			if _, err := s.Value(heapKey{benchHeap}); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("map-table", func(b *testing.B) {
		measure(b, benchHeap+1, func() {
			s := NewSolver[heapKey](sub3Map{})
			for n := int32(0); n <= benchHeap; n++ {
				if _, err := s.Value(heapKey{n}); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
	b.Run("map-hashed", func(b *testing.B) {
		measure(b, benchHeap+1, func() {
			s := NewSolver[hashedKey](sub3Hashed{})
			if _, err := s.Value(hk(benchHeap)); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("map-hashed-table", func(b *testing.B) {
		measure(b, benchHeap+1, func() {
			s := NewSolver[hashedKey](sub3Hashed{})
			for n := int32(0); n <= benchHeap; n++ {
				if _, err := s.Value(hk(n)); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
	b.Run("keyed", func(b *testing.B) {
		measure(b, benchHeap+1, func() {
			s := NewSolver[heapKey](sub3Keyed{})
			if _, err := s.Value(heapKey{benchHeap}); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("keyed-table", func(b *testing.B) {
		measure(b, benchHeap+1, func() {
			s := NewSolver[heapKey](sub3Keyed{})
			for n := int32(0); n <= benchHeap; n++ {
				if _, err := s.Value(heapKey{n}); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
	b.Run("keyed-scattered", func(b *testing.B) {
		measure(b, benchHeap+1, func() {
			s := NewSolver[heapKey](sub3Scattered{})
			if _, err := s.Value(heapKey{benchHeap}); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("map-iter", func(b *testing.B) {
		measure(b, benchHeap+1, func() {
			s := NewSolver[heapKey](sub3Iter{})
			if _, err := s.Value(heapKey{benchHeap}); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("naive-table", func(b *testing.B) {
		measure(b, benchHeap+1, func() {
			memo := map[heapKey]uint64{}
			for n := int32(0); n <= benchHeap; n++ {
				naiveSolve[heapKey](sub3Iter{}, heapKey{n}, memo)
			}
		})
	})
	b.Run("naive", func(b *testing.B) {
		measure(b, benchHeap+1, func() {
			naiveSolve[heapKey](sub3Iter{}, heapKey{benchHeap}, map[heapKey]uint64{})
		})
	})
}
