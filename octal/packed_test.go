package octal

import (
	"math/rand/v2"
	"testing"
)

// TestPacked appends values of every width in pieces of every kind (within a segment, across
// segments, refilling a partial one) and reads them back by at, decode and chunks, and checks
// that a snapshot keeps its values while the original grows.
func TestPacked(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var want []uint16
	p := &packed{}
	var snap *packed
	snapLen := 0
	pieces := []int{1, 7, segLen - 3, 5, 2*segLen + 11, 1000, segLen}
	for k, size := range pieces {
		w := uint(k*5) % 17 // widths 0, 5, 10, 15, 3, 8, 13
		vals := make([]uint16, size)
		for i := range vals {
			if w > 0 {
				vals[i] = uint16(rng.Uint32() & (1<<w - 1))
			}
		}
		if k == 4 {
			vals[size/2] = 511 // one 9-bit value in a segment of smaller ones
		}
		p.appendValues(vals)
		want = append(want, vals...)
		if k == 3 {
			snap, snapLen = p.snapshot(), p.Len()
		}
	}
	if p.Len() != len(want) {
		t.Fatalf("Len %d, want %d", p.Len(), len(want))
	}
	for i, v := range want {
		if got := p.at(i); got != v {
			t.Fatalf("at(%d) = %d, want %d", i, got, v)
		}
	}
	for _, r := range [][2]int{{0, 1}, {3, segLen + 5}, {segLen - 1, 3*segLen + 2}, {len(want) - 9, len(want)}} {
		dst := make([]uint16, r[1]-r[0])
		p.decode(r[0], dst)
		for i, v := range dst {
			if v != want[r[0]+i] {
				t.Fatalf("decode from %d: value %d is %d, want %d", r[0], r[0]+i, v, want[r[0]+i])
			}
		}
	}
	next := 5
	p.chunks(5, len(want)-1, func(lo int, v []uint16) bool {
		if lo != next || len(v) > segLen {
			t.Fatalf("chunk at %d of %d values, want at %d", lo, len(v), next)
		}
		for i, x := range v {
			if x != want[lo+i] {
				t.Fatalf("chunks: value %d is %d, want %d", lo+i, x, want[lo+i])
			}
		}
		next += len(v)
		return true
	})
	if next != len(want)-1 {
		t.Fatalf("chunks ended at %d, want %d", next, len(want)-1)
	}
	end := len(want) - 1
	p.chunksBack(5, len(want)-1, func(lo int, v []uint16) bool {
		if lo+len(v) != end || len(v) > segLen {
			t.Fatalf("chunksBack: piece %d…%d, want one ending at %d", lo, lo+len(v), end)
		}
		for i, x := range v {
			if x != want[lo+i] {
				t.Fatalf("chunksBack: value %d is %d, want %d", lo+i, x, want[lo+i])
			}
		}
		end = lo
		return true
	})
	if end != 5 {
		t.Fatalf("chunksBack ended at %d, want 5", end)
	}
	if snap.Len() != snapLen {
		t.Fatalf("snapshot grew to %d values, want %d", snap.Len(), snapLen)
	}
	for i := range snapLen {
		if snap.at(i) != want[i] {
			t.Fatalf("snapshot value %d changed", i)
		}
	}
	if top := p.top(); top != 1<<15 {
		t.Errorf("top %d, want 1<<15", top)
	}
	// A segment of values below 512 takes 9 bits a value (and one word).
	q := &packed{}
	q.appendValues(make([]uint16, segLen))
	q.appendValues([]uint16{256})
	if b := q.bytes(); b > segLen/64*8+1000 {
		t.Errorf("a zero segment and one value take %d bytes", b)
	}
	nine := make([]uint16, segLen)
	nine[17] = 300
	r := &packed{}
	r.appendValues(nine)
	if b, want := r.bytes(), int64(segLen*9/8+8+32); b != want {
		t.Errorf("a segment of 9-bit values takes %d bytes, want %d", b, want)
	}
}

// TestUnpackBytes checks the byte-load decoder against the values packed for every width and
// many offsets and lengths, the segment's last value included.
func TestUnpackBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for w := uint(1); w <= 16; w++ {
		for _, size := range []int{1, 2, 63, 64, 65, 1000, segLen} {
			vals := make([]uint16, size)
			for i := range vals {
				vals[i] = uint16(rng.Uint32() & (1<<w - 1))
			}
			vals[size-1] = uint16(1<<w - 1) // the segment's width is w
			s := packSegment(vals)
			for range 20 {
				off := rng.IntN(size)
				n := 1 + rng.IntN(size-off)
				if rng.IntN(4) == 0 {
					n = size - off // up to the last value
				}
				got := make([]uint16, n)
				unpackBytes(&s, off, got)
				for i, v := range got {
					if v != vals[off+i] {
						t.Fatalf("width %d, %d values: value %d is %d, want %d", w, size, off+i, v, vals[off+i])
					}
				}
			}
		}
	}
}

// BenchmarkUnpack decodes 4,096 values of 9 bits (Grundy's game's width) at a time, as the far
// target search does, by byte loads and by word shifts: CPU nanoseconds a value.
func BenchmarkUnpack(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 8))
	vals := make([]uint16, segLen)
	for i := range vals {
		vals[i] = uint16(rng.IntN(512))
	}
	s := packSegment(vals)
	dst := make([]uint16, 4096) // as the far target search decodes
	for _, f := range []struct {
		name string
		f    func(*segment, int, []uint16)
	}{{"bytes", unpackBytes}, {"words", unpackWords}} {
		b.Run(f.name, func(b *testing.B) {
			cpu0 := cpuTime()
			off := 0
			for b.Loop() {
				f.f(&s, off, dst)
				off = (off + 4096) % (segLen - 4096)
			}
			b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(b.N)/4096, "cpu-ns/value")
		})
	}
}
