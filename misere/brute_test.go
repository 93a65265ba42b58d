package misere

import (
	"context"
	"slices"
	"testing"
)

// brute decides misère outcomes of sums of heaps straight from the definition: a sum is a
// P-position iff it has a move and every move leads to an N-position. Sums are kept as multisets
// (heap sizes in decreasing order, heaps with no options dropped: they are the game 0), memoized,
// and searched with an explicit stack.
type brute struct {
	opts [][][]byte // opts[h]: the options of heap h, each as its heaps in decreasing order, those with no options dropped
	memo map[string]bool
}

func newBrute(g Game, maxHeap int) *brute {
	b := &brute{opts: make([][][]byte, maxHeap+1), memo: map[string]bool{}}
	raw := make([][][]int, maxHeap+1)
	for h := 1; h <= maxHeap; h++ {
		for o := range g.Options(h) {
			raw[h] = append(raw[h], slices.Clone(o))
			b.opts[h] = append(b.opts[h], nil) // heap h has options; normalized below
		}
	}
	for h, os := range raw {
		for i, o := range os {
			b.opts[h][i] = b.norm(o)
		}
	}
	return b
}

func (b *brute) norm(heaps []int) []byte {
	var k []byte
	for _, h := range heaps {
		if h > 0 && len(b.opts[h]) > 0 {
			k = append(k, byte(h))
		}
	}
	slices.Sort(k)
	slices.Reverse(k)
	return k
}

// children returns the normalized options of a normalized sum (a sum reached by two moves is
// listed twice: the memo answers the second at once).
func (b *brute) children(k []byte) [][]byte {
	var out [][]byte
	for i, h := range k {
		if i > 0 && k[i-1] == h {
			continue
		}
		for _, o := range b.opts[h] {
			// k without its i-th heap, merged with o: both in decreasing order.
			c := make([]byte, 0, len(k)-1+len(o))
			j, l := 0, 0
			for j < len(k) || l < len(o) {
				if j == i {
					j++
					continue
				}
				if l == len(o) || j < len(k) && k[j] >= o[l] {
					c = append(c, k[j])
					j++
				} else {
					c = append(c, o[l])
					l++
				}
			}
			out = append(out, c)
		}
	}
	return out
}

// isP reports whether the sum of heaps is a misère P-position.
func (b *brute) isP(heaps []int) bool {
	root := b.norm(heaps)
	type frame struct {
		k    []byte
		kids [][]byte
		i    int
	}
	if v, ok := b.memo[string(root)]; ok {
		return v
	}
	stack := []frame{{k: root, kids: b.children(root)}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.i == 0 && len(f.kids) == 0 {
			b.memo[string(f.k)] = false // no move: the player to move wins
			stack = stack[:len(stack)-1]
			continue
		}
		decided := false
		for f.i < len(f.kids) {
			c := f.kids[f.i]
			v, ok := b.memo[string(c)]
			if !ok {
				stack = append(stack, frame{k: c, kids: b.children(c)})
				break
			}
			if v { // a move to a P-position
				b.memo[string(f.k)] = false
				decided = true
				break
			}
			f.i++
		}
		if decided {
			stack = stack[:len(stack)-1]
			continue
		}
		if f.i == len(f.kids) {
			b.memo[string(f.k)] = true
			stack = stack[:len(stack)-1]
		}
	}
	return b.memo[string(root)]
}

var _ = context.Background

// check compares q's outcome and winning moves of the sum heaps with exhaustive search: the
// outcome, a winning move exactly when the sum is an N-position that is not terminal, and every
// winning move into a P-position. It reports each disagreement and returns how many there were.
func (b *brute) check(t *testing.T, name string, q *Quotient, heaps []int) int {
	t.Helper()
	bad := 0
	want := b.isP(heaps)
	got, err := q.Outcome(heaps)
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		bad++
		t.Errorf("%s: %v is %v by search, %v by the quotient", name, heaps, outcome(want), outcome(got))
	}
	moves := WinningMoves(q, heaps)
	if terminal := len(b.children(b.norm(heaps))) == 0; (len(moves) > 0) != (!want && !terminal) {
		bad++
		t.Errorf("%s: %v (%s) has %d winning moves", name, heaps, outcome(want), len(moves))
	}
	for _, m := range moves {
		if !b.isP(m.After) {
			bad++
			t.Errorf("%s: %v: winning move to %v is not a P-position", name, heaps, m.After)
		}
	}
	return bad
}
