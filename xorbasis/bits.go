package xorbasis

import (
	"fmt"
	"math/bits"
	"strings"
)

// Bits is a vector over GF(2) of a fixed width (any number of bits), stored 64 bits to a word with
// bit i in word i/64. It behaves like a slice: copying a Bits value shares its storage, and Clone
// makes an independent copy. The zero value has width 0.
//
// Methods that take a bit index panic when it is outside [0, Width()), and methods that combine two
// vectors panic when their widths differ, as indexing a slice out of range does: these are
// programming errors, not bad data.
type Bits struct {
	w     []uint64
	width int
}

// NewBits returns the zero vector of the given width. It panics if width is negative.
func NewBits(width int) Bits {
	if width < 0 {
		panic(fmt.Sprintf("xorbasis: negative width %d", width))
	}
	return Bits{w: make([]uint64, (width+63)/64), width: width}
}

// BitsFromUint64 returns the vector of the given width whose low 64 bits are x. It panics if x has
// a bit set at or above width.
func BitsFromUint64(width int, x uint64) Bits {
	v := NewBits(width)
	if width < 64 && x>>uint(width) != 0 {
		panic(fmt.Sprintf("xorbasis: %#x does not fit in %d bits", x, width))
	}
	if x != 0 {
		v.w[0] = x
	}
	return v
}

// BitsFromWords returns the vector of the given width whose word i is words[i] (bit j of word i is
// bit 64i+j of the vector). It copies words, and returns an error if there are not exactly
// ⌈width/64⌉ words or a bit at or above width is set.
func BitsFromWords(width int, words []uint64) (Bits, error) {
	if width < 0 {
		return Bits{}, fmt.Errorf("xorbasis: negative width %d", width)
	}
	v := NewBits(width)
	if len(words) != len(v.w) {
		return Bits{}, fmt.Errorf("xorbasis: %d words given for width %d, want %d", len(words), width, len(v.w))
	}
	copy(v.w, words)
	if r := width % 64; r != 0 && v.w[len(v.w)-1]>>uint(r) != 0 {
		return Bits{}, fmt.Errorf("xorbasis: a bit at or above width %d is set", width)
	}
	return v, nil
}

// Width returns the number of bits of v.
func (v Bits) Width() int { return v.width }

// Words returns a copy of v's words, lowest first.
func (v Bits) Words() []uint64 { return append([]uint64(nil), v.w...) }

func (v Bits) check(i int) {
	if i < 0 || i >= v.width {
		panic(fmt.Sprintf("xorbasis: bit index %d out of range [0, %d)", i, v.width))
	}
}

func (v Bits) checkWidth(u Bits) {
	if v.width != u.width {
		panic(fmt.Sprintf("xorbasis: widths differ (%d and %d)", v.width, u.width))
	}
}

// Bit reports whether bit i of v is set.
func (v Bits) Bit(i int) bool {
	v.check(i)
	return v.w[i>>6]>>uint(i&63)&1 == 1
}

// SetBit sets bit i of v to b.
func (v Bits) SetBit(i int, b bool) {
	v.check(i)
	if b {
		v.w[i>>6] |= 1 << uint(i&63)
	} else {
		v.w[i>>6] &^= 1 << uint(i&63)
	}
}

// Clone returns an independent copy of v.
func (v Bits) Clone() Bits {
	return Bits{w: append([]uint64(nil), v.w...), width: v.width}
}

// Xor sets v to v XOR u, word by word. The widths must be equal.
func (v Bits) Xor(u Bits) {
	v.checkWidth(u)
	xorWords(v.w, u.w)
}

// xorWords sets dst[i] ^= src[i] for i < len(src); dst must be at least as long.
func xorWords(dst, src []uint64) {
	dst = dst[:len(src)]
	for i, s := range src {
		dst[i] ^= s
	}
}

// IsZero reports whether every bit of v is clear.
func (v Bits) IsZero() bool {
	for _, x := range v.w {
		if x != 0 {
			return false
		}
	}
	return true
}

// Top returns the index of the highest set bit of v, or −1 when v is zero.
func (v Bits) Top() int { return topBelow(v.w, len(v.w)) }

// topBelow returns the highest set bit of w among words [0, end), or −1.
func topBelow(w []uint64, end int) int {
	for i := end - 1; i >= 0; i-- {
		if x := w[i]; x != 0 {
			return i<<6 + 63 - bits.LeadingZeros64(x)
		}
	}
	return -1
}

// Equal reports whether v and u have the same width and the same bits.
func (v Bits) Equal(u Bits) bool {
	if v.width != u.width {
		return false
	}
	for i, x := range v.w {
		if x != u.w[i] {
			return false
		}
	}
	return true
}

// Cmp compares v and u as unsigned binary numbers and returns −1, 0 or +1. The widths must be
// equal.
func (v Bits) Cmp(u Bits) int {
	v.checkWidth(u)
	for i := len(v.w) - 1; i >= 0; i-- {
		if v.w[i] != u.w[i] {
			if v.w[i] < u.w[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// Uint64 returns the low 64 bits of v and whether they are all of it (no higher bit is set).
func (v Bits) Uint64() (uint64, bool) {
	if len(v.w) == 0 {
		return 0, true
	}
	return v.w[0], topBelow(v.w, len(v.w)) < 64
}

// String returns v as a hexadecimal number with a 0x prefix and no leading zeros ("0x0" for zero).
func (v Bits) String() string {
	var sb strings.Builder
	sb.WriteString("0x")
	started := false
	for i := len(v.w) - 1; i >= 0; i-- {
		if !started {
			if v.w[i] == 0 {
				continue
			}
			fmt.Fprintf(&sb, "%x", v.w[i])
			started = true
			continue
		}
		fmt.Fprintf(&sb, "%016x", v.w[i])
	}
	if !started {
		sb.WriteString("0")
	}
	return sb.String()
}
