package octal

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"unsafe"
)

// Packed values: the compact store of a long run's values (see window.go) and of a checkpoint
// read from a file.
//
// The values are cut into segments of segLen; each segment is packed at the width its own
// largest value needs (0 to 16 bits a value), so a value that needs a bit more widens only its
// own segment, never the values stored before it. Grundy's game, whose values stay below 512 up
// to 2.6·10^9 heaps at least, takes 9 bits a heap where a value passes 255 and 8 elsewhere.

// segBits: a segment holds 2^segBits values.
const (
	segBits = 20
	segLen  = 1 << segBits
)

// packed holds the values g(0), …, g(n−1), each below 2^16. Full segments never change; only
// the last one, when partial, is replaced (by a new slice) as values are appended, so a copy of
// the segment list (snapshot) stays valid while the original grows.
type packed struct {
	segs []segment
	n    int
}

// segment is segLen values (fewer in the last) of width bits each, value i at bits
// i·width … i·width+width−1 of words (little-endian), plus a zero word so a value is read
// from two words without a bounds check.
type segment struct {
	width uint8
	words []uint64
}

// Len returns the number of values held.
func (p *packed) Len() int { return p.n }

// at returns g(i), i < p.n.
func (p *packed) at(i int) uint16 {
	s := &p.segs[i>>segBits]
	w := uint(s.width)
	if w == 0 {
		return 0
	}
	bit := uint(i&(segLen-1)) * w
	k := bit / 64
	lo := s.words[k] >> (bit % 64)
	hi := s.words[k+1] << (63 - bit%64) << 1 // the bits past the first word (0 when none)
	return uint16((lo | hi) & (1<<w - 1))
}

// decode puts g(lo), …, g(lo+len(dst)−1) in dst.
func (p *packed) decode(lo int, dst []uint16) {
	for len(dst) > 0 {
		s := &p.segs[lo>>segBits]
		off := lo & (segLen - 1)
		k := min(len(dst), segLen-off)
		unpack(s, off, dst[:k])
		dst, lo = dst[k:], lo+k
	}
}

// unpack puts the values off, off+1, … of s in dst.
func unpack(s *segment, off int, dst []uint16) {
	w := uint(s.width)
	if w == 0 {
		clear(dst)
		return
	}
	if littleEndian {
		unpackBytes(s, off, dst)
	} else {
		unpackWords(s, off, dst)
	}
}

// unpackWords is unpack reading two words a value (any byte order); the width is not 0.
func unpackWords(s *segment, off int, dst []uint16) {
	w := uint(s.width)
	mask := uint64(1)<<w - 1
	bit := uint(off) * w
	words := s.words
	for j := range dst {
		k, b := bit/64, bit%64
		x := words[k]>>b | words[k+1]<<(63-b)<<1
		dst[j] = uint16(x & mask)
		bit += w
	}
}

// littleEndian: the words' bytes lie in memory in the order of their bits (amd64, arm64, …).
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// unpackBytes is unpack on a little-endian machine (the width is not 0): each value is one
// unaligned 8-byte load from the byte that holds its first bit, shifted by at most 7 (a value of
// at most 16 bits lies within those 8 bytes; the segment's zero word keeps the last load inside
// words): about three times the speed of two word loads and shifts a value (BenchmarkUnpack).
func unpackBytes(s *segment, off int, dst []uint16) {
	w := uint(s.width)
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s.words))), 8*len(s.words))
	bit := uint(off) * w
	if w == 9 {
		// Grundy's game's width: eight values are nine whole bytes; from the first value at such a
		// boundary, a group of eight is one 8-byte load and one byte, with constant shifts.
		head := min(len(dst), int((72-bit%72)%72/9))
		bit = unpackLoads(b, bit, w, dst[:head])
		dst = dst[head:]
		for len(dst) >= 8 {
			p := b[bit/8:][:9]
			x := binary.LittleEndian.Uint64(p)
			d := (*[8]uint16)(dst)
			d[0] = uint16(x & 511)
			d[1] = uint16(x >> 9 & 511)
			d[2] = uint16(x >> 18 & 511)
			d[3] = uint16(x >> 27 & 511)
			d[4] = uint16(x >> 36 & 511)
			d[5] = uint16(x >> 45 & 511)
			d[6] = uint16(x >> 54 & 511)
			d[7] = uint16(x>>63) | uint16(p[8])<<1
			bit += 72
			dst = dst[8:]
		}
	}
	unpackLoads(b, bit, w, dst)
}

// unpackLoads puts in dst the values of w bits from bit on in b, one load each, and returns the
// bit after them.
func unpackLoads(b []byte, bit, w uint, dst []uint16) uint {
	mask := uint64(1)<<w - 1
	for j := range dst {
		dst[j] = uint16(binary.LittleEndian.Uint64(b[bit/8:]) >> (bit % 8) & mask)
		bit += w
	}
	return bit
}

// packSegment packs vals (at most segLen values) at the width their largest value needs.
func packSegment(vals []uint16) segment {
	top := uint16(0)
	for _, v := range vals {
		top |= v
	}
	w := uint(bits.Len16(top))
	s := segment{width: uint8(w)}
	if w == 0 {
		return s
	}
	s.words = make([]uint64, (len(vals)*int(w)+63)/64+1)
	bit := uint(0)
	for _, v := range vals {
		k, b := bit/64, bit%64
		s.words[k] |= uint64(v) << b
		if b+w > 64 {
			s.words[k+1] |= uint64(v) >> (64 - b)
		}
		bit += w
	}
	return s
}

// appendValues appends vals (each below 2^16) to p.
func (p *packed) appendValues(vals []uint16) {
	var buf []uint16
	if off := p.n & (segLen - 1); off != 0 && len(vals) > 0 {
		// Refill the partial last segment: its values and the new ones, packed anew.
		k := min(len(vals), segLen-off)
		buf = make([]uint16, off+k)
		unpack(&p.segs[len(p.segs)-1], 0, buf[:off])
		copy(buf[off:], vals[:k])
		p.segs[len(p.segs)-1] = packSegment(buf)
		p.n += k
		vals = vals[k:]
	}
	for len(vals) > 0 {
		k := min(len(vals), segLen)
		p.segs = append(p.segs, packSegment(vals[:k]))
		p.n += k
		vals = vals[k:]
	}
}

// truncate keeps the first n values.
func (p *packed) truncate(n int) {
	p.segs = slices.Clip(p.segs[:(n+segLen-1)/segLen])
	p.n = n
}

// snapshot returns a packed holding the same values that stays as it is while p grows.
func (p *packed) snapshot() *packed {
	return &packed{segs: slices.Clip(slices.Clone(p.segs)), n: p.n}
}

// top returns the smallest power of two above every value (1 when all are 0): 1 << the widest
// segment's width.
func (p *packed) top() uint32 {
	w := uint8(0)
	for i := range p.segs {
		w = max(w, p.segs[i].width)
	}
	return 1 << w
}

// bytes returns the memory the packed values take.
func (p *packed) bytes() int64 {
	b := int64(len(p.segs)) * 32
	for i := range p.segs {
		b += int64(len(p.segs[i].words)) * 8
	}
	return b
}

// chunks calls f with the values g(lo), …, g(hi−1) of p in order, a segment at most at a time
// (f's slice is reused: it must not keep it), and stops when f returns false.
func (p *packed) chunks(lo, hi int, f func(lo int, v []uint16) bool) {
	buf := make([]uint16, min(segLen, max(hi-lo, 0)))
	for lo < hi {
		k := min(hi-lo, segLen-lo&(segLen-1))
		b := buf[:k]
		p.decode(lo, b)
		if !f(lo, b) {
			return
		}
		lo += k
	}
}

// chunksBack is chunks from the end: the pieces of g(lo), …, g(hi−1), the last first.
func (p *packed) chunksBack(lo, hi int, f func(lo int, v []uint16) bool) {
	buf := make([]uint16, min(segLen, max(hi-lo, 0)))
	for hi > lo {
		k := min(hi-lo, (hi-1)&(segLen-1)+1)
		b := buf[:k]
		p.decode(hi-k, b)
		if !f(hi-k, b) {
			return
		}
		hi -= k
	}
}
