package octal

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// farWindow returns values g of n heaps (random, below 2^bits) and a window that keeps
// g(0 … head−1) and g(base … n−1) in the array and the rest only in its packed store, as a long
// run's window does; the array's released part is overwritten with a value no split gives, so a
// reader that missed the store would be seen.
func farWindow(rng *rand.Rand, n, head, base int, bits uint) ([]uint16, []uint16, *window) {
	want := make([]uint16, n)
	for i := range want {
		want[i] = uint16(rng.IntN(1 << bits))
	}
	w := &window{head: head, base: base, store: &packed{}}
	w.store.appendValues(want)
	g := append([]uint16(nil), want...)
	for i := head; i < base; i++ {
		g[i] = 1<<targetBits - 1
	}
	return want, g, w
}

// TestScanFar checks the far target search (scanFarWith, every target kernel of this machine)
// against the definition on the true values: the targets left, and which, for ranges of splits
// reaching into the prefix, the released middle and the tail, with targets that occur early,
// late or never.
func TestScanFar(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	const n = 60_000
	for trial := range 200 {
		head := rng.IntN(n / 4)
		base := head + rng.IntN(n/2)
		want, g, w := farWindow(rng, n, head, base, uint(4+rng.IntN(6)))
		m := n/2 + rng.IntN(n/2)
		h := m / 2
		lo := 1 + rng.IntN(h)
		if rng.IntN(3) == 0 {
			lo = 1
		}
		var t0 targetSet
		cnt := 0
		for range 1 + rng.IntN(6) {
			x := uint16(rng.IntN(1 << targetBits))
			if !t0.has(x) {
				t0[x>>6] |= 1 << (x & 63)
				cnt++
			}
		}
		// The definition: the targets no split a = lo … h gives.
		def := t0
		left := cnt
		for a := lo; a <= h && left > 0; a++ {
			if x := want[a] ^ want[m-a]; def.has(x) {
				def[x>>6] &^= 1 << (x & 63)
				left--
			}
		}
		for k, kn := range scanNames {
			if kn.Missing != "" {
				continue
			}
			ts := t0
			l, pairs := w.scanFarWith(k, g, m, lo, h, &ts, cnt)
			what := fmt.Sprintf("trial %d kernel %s (m %d, splits %d…%d, head %d, base %d)", trial, kn.Name, m, lo, h, head, base)
			if l != left || ts != def {
				t.Fatalf("%s: %d targets left, want %d", what, l, left)
			}
			if pairs < 0 || pairs > h-lo+1+16*kernelChunk || (l > 0 && pairs != h-lo+1) {
				t.Fatalf("%s: %d splits looked at of %d", what, pairs, h-lo+1)
			}
		}
	}
}

// BenchmarkScanFar is the far target search over 2^22 splits of values in the packed store
// (9 bits, as Grundy's game's) for targets that never occur, as a failing search of a heap near
// 4.7·10^7 reads: CPU nanoseconds per split, with the kernel this process chose.
func BenchmarkScanFar(b *testing.B) {
	rng := rand.New(rand.NewPCG(23, 24))
	const n = 1 << 24
	g := make([]uint16, n)
	for i := range g {
		g[i] = 2 * uint16(rng.IntN(256)) // even values below 512: the odd targets below never occur
	}
	w := &window{head: 1 << 12, base: n, store: &packed{}}
	w.store.appendValues(g)
	const splits = 1 << 22
	cpu0 := cpuTime()
	for b.Loop() {
		var t targetSet
		t[3] = 0xaaaa << 32
		if left, _ := w.scanFar(g, n-1, n/2-splits, n/2-1, &t, 8); left != 8 {
			b.Fatal("a target that does not occur was found")
		}
	}
	b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(b.N)/splits, "cpu-ns/split")
}
