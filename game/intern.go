package game

import (
	"hash/maphash"
	"math/bits"
	"math/rand/v2"
	"reflect"
	"slices"
	"unsafe"
)

// interner numbers positions 0, 1, 2, … in the order it first sees them: an open-addressing hash
// table (linear probing, at most half full) with the positions' numbers and 32 bits of their
// hashes in its slots (8 bytes, whatever the positions; the positions by number beside it), hashed as Go's maps hash them (hash/maphash.Comparable, with a seed of its
// own). A lookup of a new position finds the slot to insert it in on the same probe, which a Go
// map cannot do. A slot's place is the top bits of its 32 hash bits, so growing the table needs no
// hashing: it reads the old slots in order and writes each to one of two places, in order too.
type interner[P comparable] struct {
	seed  maphash.Seed
	mem   *memHash // for types of plain memory but for padding or blank fields; else nil
	slots []islot  // len a power of two (at most 1<<32), or 0
	shift uint     // 32 - log2(len(slots))
	pos   []P      // the position of each number
}

// islot is a slot: num is the position's number plus one, 0 for an empty slot; h the top 32
// bits of its hash (spread by Fibonacci hashing).
type islot struct {
	num uint32
	h   uint32
}

// Len returns the number of positions interned.
func (h *interner[P]) Len() int { return len(h.pos) }

// hash returns the 32 bits of p's hash kept in its slot.
func (h *interner[P]) hash(p P) uint32 {
	var x uint64
	if h.mem != nil {
		x = h.mem.hash(unsafe.Pointer(&p))
	} else {
		x = maphash.Comparable(h.seed, p)
	}
	// Fibonacci hashing of the hash's high bits spreads even a weak hash over the table.
	return uint32((x * 0x9e3779b97f4a7c15) >> 32)
}

// intern returns the number of p, giving it the number next if p is new (then added is true).
// The numbers given must be 0, 1, 2, … in order.
func (h *interner[P]) intern(p P, next uint32) (num uint32, added bool) {
	if 2*(len(h.pos)+1) > len(h.slots) {
		h.grow()
	}
	mask := uint32(len(h.slots) - 1)
	hp := h.hash(p)
	for i := hp >> h.shift; ; i = (i + 1) & mask {
		s := &h.slots[i]
		if s.num == 0 {
			*s = islot{num: next + 1, h: hp}
			push(&h.pos, p)
			return next, true
		}
		if s.h == hp && h.pos[s.num-1] == p {
			return s.num - 1, false
		}
	}
}

// grow doubles the table (or makes its first), putting every position back.
func (h *interner[P]) grow() {
	old := h.slots
	if old == nil {
		h.seed = maphash.MakeSeed()
		h.mem = newMemHash(reflect.TypeFor[P]())
	}
	size := max(2*len(old), 1024)
	h.slots = make([]islot, size)
	h.shift = uint(32 - log2(size))
	mask := uint32(size - 1)
	for _, s := range old {
		if s.num == 0 {
			continue
		}
		i := s.h >> h.shift
		for h.slots[i].num != 0 {
			i = (i + 1) & mask
		}
		h.slots[i] = s
	}
}

// log2 returns the base-2 logarithm of n, a power of two.
func log2(n int) int {
	k := 0
	for n > 1 {
		n >>= 1
		k++
	}
	return k
}

// Keyer is an optional capability of a [Game] whose positions have no dense index: Key returns a
// number for each position, different for different positions as far as possible. The solver then
// keeps the positions in a hash table on their keys, laid out so that positions of close keys
// are close in memory (blocks of 32 consecutive keys share a place in the table): much faster
// than hashing the positions themselves when the positions a search meets one after the other
// have close keys, as the states of a board game packed into bits often do.
//
// Two positions with the same key cost speed, not correctness: the solver compares the
// positions themselves.
//
// A game need not offer Key when its positions are small plain data — booleans and integers, or
// arrays and structs of them, whose == compares at most 8 bytes (padding and blank fields aside):
// the solver then keys positions by those bytes itself.
type Keyer[P comparable] interface {
	Key(p P) uint64
}

// keyInterner numbers positions by their keys (see [Keyer]): an open-addressing hash table
// (linear probing, at most half full) whose slots hold only numbers (plus one; 0 is an empty
// slot), with the positions by number beside it. A slot's place comes from its position's key;
// a lookup compares positions, so a position whose key is another's probes on past it.
type keyInterner[P comparable] struct {
	kx    Keyer[P]
	slots []uint32 // len a power of two, or 0
	shift uint     // 64 - log2(len(slots)/keyBlock)
	pos   []P      // the position of each number
}

// keyBlockBits: 1<<keyBlockBits consecutive keys share a block of slots (see slot).
const keyBlockBits = 5

// slot returns the home slot of key k: its block from a hash of k>>keyBlockBits, its place in the
// block from k's low bits, rotated by other bits of that hash (so that keys with equal low bits,
// strided keys, do not all want the same place in their blocks).
func (h *keyInterner[P]) slot(k uint64) uint64 {
	x := (k >> keyBlockBits) * 0x9e3779b97f4a7c15
	return x>>h.shift<<keyBlockBits | (k+x>>32)&(1<<keyBlockBits-1)
}

// intern returns the number of p, giving it the number next if p is new (then added is true).
// The numbers given must be 0, 1, 2, … in order.
func (h *keyInterner[P]) intern(p P, next uint32) (num uint32, added bool) {
	if 2*(len(h.pos)+1) > len(h.slots) {
		h.grow()
	}
	k := h.kx.Key(p)
	mask := uint64(len(h.slots) - 1)
	for i := h.slot(k); ; i = (i + 1) & mask {
		n := h.slots[i]
		if n == 0 {
			h.slots[i] = next + 1
			push(&h.pos, p)
			return next, true
		}
		if h.pos[n-1] == p {
			return n - 1, false
		}
	}
}

// Len returns the number of positions interned.
func (h *keyInterner[P]) Len() int { return len(h.pos) }

// grow doubles the table (or makes its first), putting every number back, in the order of the
// numbers: the positions are read in order, and positions given numbers one after the other
// often have close keys, so their slots are close too.
func (h *keyInterner[P]) grow() {
	size := max(2*len(h.slots), 1024)
	h.slots = make([]uint32, size)
	h.shift = uint(64 - (log2(size) - keyBlockBits))
	mask := uint64(size - 1)
	for n, p := range h.pos {
		i := h.slot(h.kx.Key(p))
		for h.slots[i] != 0 {
			i = (i + 1) & mask
		}
		h.slots[i] = uint32(n) + 1
	}
}

// push appends v to *s, growing a full slice to twice its capacity (append's growth of large
// slices, 1.25×, copies too often for tables that grow to millions). Unless it grows, it writes
// the slice's length only: no write barrier on the hot path.
func push[T any](s *[]T, v T) {
	n := len(*s)
	if n == cap(*s) {
		*s = slices.Grow(*s, max(n, 256))
	}
	*s = (*s)[:n+1]
	(*s)[n] = v
}

// memHash hashes values of a type whose values are equal (==) exactly when their significant
// bytes are (see significantBytes): the bytes read as 64-bit words, the others masked off, each
// word mixed in by a 128-bit product (as wyhash does). Much cheaper than hash/maphash.Comparable,
// which hashes a struct field by field through the type's hash function.
type memHash struct {
	mask []uint64 // per word of the value (the last one maybe partial), the significant bits
	size uintptr
	seed uint64
}

// newMemHash returns a memHash for t, or nil if t's values are not plain memory but for
// padding and blank fields, or if t has no size.
func newMemHash(t reflect.Type) *memHash {
	sig := make([]byte, t.Size())
	if len(sig) == 0 || !significantBytes(t, sig) {
		return nil
	}
	m := &memHash{size: t.Size(), seed: rand.Uint64() | 1}
	for i := 0; i < len(sig); i += 8 {
		var w uint64
		for j := i; j < min(i+8, len(sig)); j++ {
			w |= uint64(sig[j]) << (8 * (j - i))
		}
		m.mask = append(m.mask, w)
	}
	return m
}

// hash returns the hash of the value at p.
func (m *memHash) hash(p unsafe.Pointer) uint64 {
	h := m.seed
	n := m.size
	for _, mw := range m.mask {
		var w uint64
		if n >= 8 {
			w = *(*uint64)(p)
			p = unsafe.Add(p, 8)
			n -= 8
		} else {
			for j := range n {
				w |= uint64(*(*byte)(unsafe.Add(p, j))) << (8 * j)
			}
		}
		hi, lo := bits.Mul64(w&mw^0xa0761d6478bd642f, h^0xe7037ed1a0b428db)
		h = hi ^ lo
	}
	return h
}

// significantBytes marks in sig (len t.Size()) with 0xff the bytes of t's values that take part
// in ==, and reports whether == on t is the equality of those bytes: booleans and integers, and
// arrays and structs of them; padding and blank fields (which == skips) are left 0. Floating-point
// numbers (0 == -0, NaN != NaN), strings, pointers, interfaces and channels are not.
func significantBytes(t reflect.Type, sig []byte) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		for i := range sig {
			sig[i] = 0xff
		}
		return true
	case reflect.Array:
		es := t.Elem().Size()
		for i := range t.Len() {
			if !significantBytes(t.Elem(), sig[uintptr(i)*es:uintptr(i+1)*es]) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if f.Name == "_" {
				continue // == skips blank fields
			}
			if !significantBytes(f.Type, sig[f.Offset:f.Offset+f.Type.Size()]) {
				return false
			}
		}
		return true
	}
	return false
}
