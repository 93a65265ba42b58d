package game

import (
	"slices"
	"strconv"
	"strings"
)

// LoopyValue is a generalized Sprague–Grundy value γ (C. A. B. Smith 1966; A. S. Fraenkel and
// Y. Yesha 1986) of a position of a game whose moves may have cycles: either a nimber k (Infinite
// false, Value k) or ∞(K) (Infinite true), where the set K holds the finite values of the
// position's options. The zero LoopyValue is the nimber 0.
//
// A position of value k behaves in sums like a nim heap of size k; a position of value ∞(K) can
// make play go on for ever unless a move leaves it to a finite value, and is an N-position if
// 0 ∈ K (a move to a P-position), a draw otherwise.
type LoopyValue struct {
	// Infinite reports a value ∞(K).
	Infinite bool
	// Value is the nimber k of a finite value (0 when Infinite).
	Value uint64
	// Set is K, in increasing order without repeats, for an infinite value (nil when finite).
	Set []uint64
}

// Nimber returns the finite loopy value k.
func Nimber(k uint64) LoopyValue { return LoopyValue{Value: k} }

// Infinity returns the loopy value ∞(K) for the finite values in set (in any order, repeats
// allowed).
func Infinity(set ...uint64) LoopyValue {
	k := slices.Clone(set)
	slices.Sort(k)
	k = slices.Compact(k)
	if k == nil {
		k = []uint64{}
	}
	return LoopyValue{Infinite: true, Set: k}
}

// String writes a finite value in decimal ("3") and an infinite one as ∞ followed by its set
// ("∞{0,2}"; "∞{}" for an empty set).
func (v LoopyValue) String() string {
	if !v.Infinite {
		return strconv.FormatUint(v.Value, 10)
	}
	var b strings.Builder
	b.WriteString("∞{")
	for i, k := range v.Set {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatUint(k, 10))
	}
	b.WriteByte('}')
	return b.String()
}

// Equal reports whether v and w are the same value.
func (v LoopyValue) Equal(w LoopyValue) bool {
	if v.Infinite != w.Infinite {
		return false
	}
	if !v.Infinite {
		return v.Value == w.Value
	}
	return slices.Equal(v.Set, w.Set)
}

// Outcome returns the normal-play outcome of a position of value v: [PrevWins] for the nimber 0,
// [NextWins] for any other nimber and for ∞(K) with 0 ∈ K, and [Draw] for ∞(K) with 0 ∉ K.
func (v LoopyValue) Outcome() Outcome {
	switch {
	case !v.Infinite && v.Value == 0:
		return PrevWins
	case !v.Infinite, len(v.Set) > 0 && v.Set[0] == 0:
		return NextWins
	}
	return Draw
}

// Add returns the value of the sum of two games of values v and w (a move is a move in exactly one
// of them), by the generalized Sprague–Grundy theorem: a ⊕ b for nimbers a and b;
// a + ∞(K) = ∞(K ⊕ a), the set {k ⊕ a : k ∈ K}; and ∞(K) + ∞(L) = ∞(∅), a draw: every move of a
// sum with two infinite components leaves one of them infinite, so no option of the sum is finite.
func (v LoopyValue) Add(w LoopyValue) LoopyValue {
	switch {
	case !v.Infinite && !w.Infinite:
		return Nimber(v.Value ^ w.Value)
	case v.Infinite && w.Infinite:
		return LoopyValue{Infinite: true, Set: []uint64{}}
	case v.Infinite:
		v, w = w, v
	}
	set := make([]uint64, len(w.Set))
	for i, k := range w.Set {
		set[i] = k ^ v.Value
	}
	return Infinity(set...)
}

// AddLoopy returns the value of the sum of games of the given values (the nimber 0 for none).
func AddLoopy(vals ...LoopyValue) LoopyValue {
	var s LoopyValue
	for _, v := range vals {
		s = s.Add(v)
	}
	return s
}
