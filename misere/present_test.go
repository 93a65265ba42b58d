package misere

import (
	"math/rand/v2"
	"slices"
	"testing"

	"grundy/octal"
)

// The presentation defines the quotient: its relations hold (TestTableAndWords), and rewriting a
// word with the unpruned relations, left side to right side, always ends at the word's normal
// form (its element's smallest sum), so two words are equal in the quotient exactly when the
// relations make them so; each relation pruning dropped is implied by the kept ones. Checked on
// every product u·g and on random words.
func TestPresentationComplete(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct {
		code string
		n    int
	}{{"0.07", 24}, {"0.75", 30}, {"0.07", 30}, {"4.7", 24}} {
		if raceEnabled && c.n > 24 {
			continue // single-threaded: scripts/test.sh runs the larger ones without -race
		}
		q := compute(t, Octal(octal.MustParse(c.code)), c.n)
		rels := q.relations(false)
		kept := q.Presentation()
		maxExp := make([]int, len(q.gens))
		for e := range q.words {
			for i, x := range q.Exponents(e) {
				maxExp[i] = max(maxExp[i], x+1)
			}
		}
		for _, rel := range rels {
			if !implied(kept, rel.Left, rel.Right, maxExp) && !slices.ContainsFunc(kept, func(k Relation) bool {
				return slices.Equal(k.Left, rel.Left) && slices.Equal(k.Right, rel.Right)
			}) {
				t.Errorf("%s ≤ %d: %s is neither kept nor implied", c.code, c.n, rel)
			}
		}
		k := len(q.gens)
		check := func(w []int) {
			e := 0
			for i, x := range w {
				e = q.Mul(e, q.Pow(q.Heap(q.gens[i]), uint64(x)))
			}
			want := q.Exponents(e)
			cur := append([]int(nil), w...)
			for steps := 0; ; steps++ {
				if steps > 1<<16 {
					t.Fatalf("%s: rewriting %s does not end", c.code, FormatWord(w))
				}
				applied := false
				for _, rel := range rels {
					fits := true
					for i := range cur {
						if cur[i] < rel.Left[i] {
							fits = false
							break
						}
					}
					if fits {
						for i := range cur {
							cur[i] += rel.Right[i] - rel.Left[i]
						}
						applied = true
						break
					}
				}
				if !applied {
					break
				}
			}
			for i := range cur {
				if cur[i] != want[i] {
					t.Fatalf("%s ≤ %d: %s rewrites to %s, not its normal form %s", c.code, c.n, FormatWord(w), FormatWord(cur), FormatWord(want))
				}
			}
		}
		for u := range q.words {
			for i := range q.gens {
				w := q.Exponents(u)
				w[i]++
				check(w)
			}
		}
		for range 2000 {
			w := make([]int, k)
			for i := range w {
				w[i] = r.IntN(4)
			}
			check(w)
		}
		t.Logf("%s ≤ %d: %d relations, %d kept", c.code, c.n, len(rels), len(kept))
	}
}
