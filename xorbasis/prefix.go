package xorbasis

import (
	"fmt"
	"math/bits"
	"sort"
)

// prefixState is a basis of a prefix a[0:i] in which each row remembers the position of the latest
// element it depends on, and rows prefer late positions: for every lo, the rows with position ≥ lo
// form a basis of the span of a[lo:i]. (Insertion swaps the new, later element into a row and
// carries the older row on down.)
type prefixState struct {
	row [64]uint64
	pos [64]int
}

func (s *prefixState) insert(x uint64, at int) {
	for x != 0 {
		p := 63 - bits.LeadingZeros64(x)
		if s.row[p] == 0 {
			s.row[p], s.pos[p] = x, at
			return
		}
		if s.pos[p] < at {
			s.row[p], x = x, s.row[p]
			s.pos[p], at = at, s.pos[p]
		}
		x ^= s.row[p]
	}
}

func (s *prefixState) maxFrom(lo int) uint64 {
	var x uint64
	for p := 63; p >= 0; p-- {
		if s.pos[p] >= lo && s.row[p] != 0 {
			if y := x ^ s.row[p]; y > x {
				x = y
			}
		}
	}
	return x
}

// PrefixBasis answers "the largest XOR of a non-empty subset of a[lo:hi]" for any range, each in
// O(w), after O(w·n) preprocessing, w the bit length of the largest element. It keeps one
// position-aware basis per prefix, w rows of a number and a position each: 12·w bytes per element
// (values below 2^20: 240 bytes; full 64-bit values: 768 bytes, so n = 10⁶ needs about 770 MB).
// For many ranges over a long array, RangeMax answers the same queries offline in O(64) memory
// besides the answers. Arrays longer than 2^31 − 1 elements are not supported.
type PrefixBasis struct {
	w    int      // rows per snapshot: the bit length of the largest element (at least 1)
	rows []uint64 // rows[i*w+p] is row p of the basis of a[0:i+1]
	pos  []int32  // and its position
}

// NewPrefixBasis preprocesses a. The array is copied into the snapshots, not retained. It panics
// if a has 2^31 or more elements.
func NewPrefixBasis(a []uint64) *PrefixBasis {
	if int64(len(a)) > 1<<31-1 {
		panic("xorbasis: NewPrefixBasis: more than 2^31 - 1 elements")
	}
	var top uint64
	for _, x := range a {
		top |= x
	}
	w := max(bits.Len64(top), 1)
	pb := &PrefixBasis{w: w, rows: make([]uint64, len(a)*w), pos: make([]int32, len(a)*w)}
	var s prefixState
	for i, x := range a {
		s.insert(x, i)
		copy(pb.rows[i*w:(i+1)*w], s.row[:w])
		for p := range w {
			pb.pos[i*w+p] = int32(s.pos[p])
		}
	}
	return pb
}

// Len returns the length of the preprocessed array.
func (pb *PrefixBasis) Len() int { return len(pb.rows) / pb.w }

// MaxXor returns the largest XOR of a non-empty subset of a[lo:hi] (half-open, like a slice
// expression). It returns an error unless 0 ≤ lo < hi ≤ Len().
func (pb *PrefixBasis) MaxXor(lo, hi int) (uint64, error) {
	if err := checkRange(lo, hi, pb.Len()); err != nil {
		return 0, err
	}
	w := pb.w
	rows, pos := pb.rows[(hi-1)*w:hi*w], pb.pos[(hi-1)*w:hi*w]
	var x uint64
	for p := w - 1; p >= 0; p-- {
		if int(pos[p]) >= lo && rows[p] != 0 {
			if y := x ^ rows[p]; y > x {
				x = y
			}
		}
	}
	return x, nil
}

func checkRange(lo, hi, n int) error {
	if lo < 0 || hi > n || lo >= hi {
		return fmt.Errorf("xorbasis: range [%d, %d) is not a non-empty range within [0, %d)", lo, hi, n)
	}
	return nil
}

// Range is a half-open range [Lo, Hi) of indices into an array.
type Range struct{ Lo, Hi int }

// RangeMax returns, for every query, the largest XOR of a non-empty subset of a[q.Lo:q.Hi], in the
// order of the queries. It sweeps the array once with a single position-aware basis, answering
// the queries in order of Hi: O(64·len(a) + len(q)·(64 + log len(q))) time and O(len(q)) extra
// memory. It returns an error naming the first query that is not a non-empty range within a.
func RangeMax(a []uint64, queries []Range) ([]uint64, error) {
	for i, q := range queries {
		if err := checkRange(q.Lo, q.Hi, len(a)); err != nil {
			return nil, fmt.Errorf("query %d: %w", i, err)
		}
	}
	idx := make([]int, len(queries))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(i, j int) bool { return queries[idx[i]].Hi < queries[idx[j]].Hi })
	out := make([]uint64, len(queries))
	var s prefixState
	done := 0
	for _, qi := range idx {
		q := queries[qi]
		for ; done < q.Hi; done++ {
			s.insert(a[done], done)
		}
		out[qi] = s.maxFrom(q.Lo)
	}
	return out, nil
}
