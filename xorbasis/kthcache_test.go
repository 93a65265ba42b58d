package xorbasis

import (
	"math/rand/v2"
	"testing"
)

// checkKth compares KthSmallest of b and w (bases of the same multiset vs) with the brute-force
// list of distinct non-empty subset XORs, for every k up to past the end.
func checkKth(t *testing.T, vs []uint64, b *Basis, w *WideBasis) {
	t.Helper()
	nonEmpty, _ := bruteFacts(vs)
	for k := uint64(0); k <= uint64(len(nonEmpty))+2; k++ {
		wantOK := k >= 1 && k <= uint64(len(nonEmpty))
		v, ok := b.KthSmallest(k)
		if ok != wantOK || ok && v != nonEmpty[k-1] {
			t.Fatalf("%v: KthSmallest(%d) = %d %v, want ok=%v", vs, k, v, ok, wantOK)
		}
		wv, wok := w.KthSmallest(k)
		if wok != wantOK {
			t.Fatalf("%v: wide KthSmallest(%d) ok=%v, want %v", vs, k, wok, wantOK)
		}
		if wok {
			if g, fits := wv.Uint64(); !fits || g != nonEmpty[k-1] {
				t.Fatalf("%v: wide KthSmallest(%d) = %v, want %d", vs, k, wv, nonEmpty[k-1])
			}
		}
	}
}

// TestKthSmallestInterleaved queries after every Insert or Merge, so that a cache left stale by a
// change of the rows would give a wrong answer.
func TestKthSmallestInterleaved(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 52))
	for range 300 {
		width := []int{3, 6, 10}[r.IntN(3)]
		var b Basis
		w := NewWide(width)
		var vs []uint64
		checkKth(t, vs, &b, w)
		for len(vs) < 12 {
			if r.IntN(4) == 0 {
				// Merge a small basis built separately (sometimes b itself).
				var o Basis
				ow := NewWide(width)
				ovs := randVecs(r, 1+r.IntN(3), width)
				if r.IntN(5) == 0 {
					ovs = append([]uint64(nil), vs...)
					o = *b.Clone()
					ow = w
				} else {
					for _, v := range ovs {
						o.Insert(v)
						ow.Insert(BitsFromUint64(width, v))
					}
				}
				if len(vs)+len(ovs) > 14 {
					break
				}
				b.Merge(&o)
				w.Merge(ow)
				vs = append(vs, ovs...)
			} else {
				v := randVecs(r, 1, width)[0]
				b.Insert(v)
				w.Insert(BitsFromUint64(width, v))
				vs = append(vs, v)
			}
			checkKth(t, vs, &b, w)
			// A clone carries the cache; it must stay right for the clone and the original.
			c := b.Clone()
			extra := randVecs(r, 1, width)[0]
			c.Insert(extra)
			nonEmpty, _ := bruteFacts(append(append([]uint64(nil), vs...), extra))
			for k := uint64(1); k <= uint64(len(nonEmpty)); k++ {
				if v, ok := c.KthSmallest(k); !ok || v != nonEmpty[k-1] {
					t.Fatalf("%v+%d: clone KthSmallest(%d) = %d %v, want %d", vs, extra, k, v, ok, nonEmpty[k-1])
				}
			}
		}
	}
}

// TestKthSmallestCachedMatchesUncached checks the cached query against the uncached one on 64-bit
// vectors with ranks up to 64, inserting and querying in turn.
func TestKthSmallestCachedMatchesUncached(t *testing.T) {
	r := rand.New(rand.NewPCG(53, 54))
	for range 50 {
		var b Basis
		width := 40 + r.IntN(25)
		for range 80 {
			v := r.Uint64()
			if width < 64 {
				v &= 1<<uint(width) - 1
			}
			b.Insert(v)
			for range 20 {
				k := r.Uint64()
				if r.IntN(2) == 0 && b.Rank() < 64 {
					k &= 1<<uint(b.Rank()+1) - 1
				}
				v1, ok1 := b.KthSmallest(k)
				v2, ok2 := b.kthSmallestUncached(k)
				if v1 != v2 || ok1 != ok2 {
					t.Fatalf("rank %d: KthSmallest(%d) = %d %v, uncached %d %v", b.Rank(), k, v1, ok1, v2, ok2)
				}
			}
		}
	}
}
