package game

import (
	"iter"
	"math/rand/v2"
	"testing"
)

// strideKey keys a node n as n<<shift: keys with equal low bits.
type strideKey struct{ shift uint }

func (s strideKey) Moves(node) iter.Seq[node] { return func(func(node) bool) {} }
func (s strideKey) Key(p node) uint64         { return uint64(p.n) << s.shift }

func TestKeyTableProbes(t *testing.T) {
	// Consecutive keys and strided keys alike find their positions within a few slots of their
	// home slot, and every position gets its own number.
	for _, sh := range []uint{0, 1, 3, 5, 6, 12, 20, 40} {
		h := keyInterner[node]{kx: strideKey{sh}}
		const n = 100_000
		for i := range n {
			if num, added := h.intern(node{i}, uint32(i)); !added || num != uint32(i) {
				t.Fatalf("shift %d: node %d got %d, %v", sh, i, num, added)
			}
		}
		mask := uint64(len(h.slots) - 1)
		probes, worst := 0, 0
		for i := range n {
			if num, added := h.intern(node{i}, n); added || num != uint32(i) {
				t.Fatalf("shift %d: node %d found as %d, %v", sh, i, num, added)
			}
			k := 0
			for j := h.slot(h.kx.Key(node{i})); h.pos[h.slots[j]-1].n != i; j = (j + 1) & mask {
				k++
			}
			probes += k
			worst = max(worst, k)
		}
		if avg := float64(probes) / n; avg > 2 || worst > 64 {
			t.Errorf("shift %d: %.2f extra probes on average, %d at worst", sh, avg, worst)
		}
	}
}

func TestInterner(t *testing.T) {
	// Against a Go map: 300,000 lookups of 100,000 distinct positions, new ones and old ones mixed
	// (recent ones, and ones long moved to the main table), through several merges and growths.
	r := rand.New(rand.NewPCG(21, 22))
	var h interner[node]
	ref := map[node]uint32{}
	for i := range 300_000 {
		p := node{r.IntN(100_000)}
		if i%3 == 0 {
			p = node{i / 3} // a run of new positions
		}
		want, ok := ref[p]
		if !ok {
			want = uint32(len(ref))
			ref[p] = want
		}
		num, added := h.intern(p, uint32(len(ref)-1))
		if num != want || added == ok {
			t.Fatalf("lookup %d of %v: %d, %v; want %d, %v", i, p, num, added, want, !ok)
		}
	}
	if h.Len() != len(ref) {
		t.Fatalf("%d interned, want %d", h.Len(), len(ref))
	}
}
