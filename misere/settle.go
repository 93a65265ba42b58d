package misere

import (
	"context"
	"encoding/binary"
	"fmt"
	"slices"
)

// moore returns the coarsest partition of the states of a complete automaton (ns states, k
// letters, delta[i*k+j] the successor of i by letter j) that refines the initial partition block
// (nb blocks, numbered from 0) and is stable under the letters, as block numbers, and the number
// of blocks. Each round refines the last (a state's signature holds its own block), so a round
// that adds no block ends it.
func moore(ctx context.Context, ns, k int, delta []int32, block []int32, nb int) ([]int32, int, error) {
	sig := make([]byte, 4*(k+1))
	for {
		ids := make(map[string]int32, max(nb, 1))
		next := make([]int32, ns)
		for i := 0; i < ns; i++ {
			if i&1023 == 0 && ctx.Err() != nil {
				return nil, 0, ctx.Err()
			}
			binary.LittleEndian.PutUint32(sig, uint32(block[i]))
			for j := 0; j < k; j++ {
				binary.LittleEndian.PutUint32(sig[4+4*j:], uint32(block[delta[i*k+j]]))
			}
			id, ok := ids[string(sig)]
			if !ok {
				id = int32(len(ids))
				ids[string(sig)] = id
			}
			next[i] = id
		}
		block = next
		if len(ids) == nb {
			return block, nb, nil
		}
		nb = len(ids)
	}
}

// renumber returns q with its elements numbered in the multiset order of their smallest sums,
// with those sums, and its generators.
func (q *Quotient) renumber() (*Quotient, error) {
	m := len(q.isP)
	// order: elements reached so far, in increasing order of their smallest sums.
	word := make([][]int32, m)
	reached := make([]bool, m)
	order := []int32{0}
	reached[0] = true
	var gens []int
	for h := 1; h <= q.n; h++ {
		if reached[q.phi[h]] {
			continue // heap h is a sum of smaller heaps (or the identity)
		}
		gens = append(gens, h)
		// Add c = 1, 2, … copies of h to every element reached with smaller heaps; an element
		// reached with fewer copies has the smaller sum, and among equal copies the smaller rest.
		base := slices.Clone(order)
		frontier := base
		for c := 1; len(frontier) > 0; c++ {
			var nextF []int32
			for _, e := range frontier {
				f := q.act[h][e]
				if !reached[f] {
					reached[f] = true
					w := make([]int32, 0, c+len(word[e]))
					w = append(w, int32(h))
					word[f] = append(w, word[e]...)
					order = append(order, f)
					nextF = append(nextF, f)
				}
			}
			frontier = nextF
		}
		// Keep order sorted: insertions above are all larger than every earlier word (they have
		// more copies of the largest heap so far), and within a copy count they follow the order
		// of their rests, so order is already sorted.
	}
	if len(order) != m {
		return nil, fmt.Errorf("misere: internal error: %d of %d elements reached", len(order), m)
	}
	pos := make([]int32, m)
	for i, e := range order {
		pos[e] = int32(i)
	}
	r := &Quotient{game: q.game, n: q.n, opts: q.opts, gens: gens}
	r.words = make([][]int32, m)
	r.isP = make([]bool, m)
	for i, e := range order {
		r.words[i] = word[e]
		r.isP[i] = q.isP[e]
	}
	r.phi = make([]int32, q.n+1)
	for h := range r.phi {
		r.phi[h] = pos[q.phi[h]]
	}
	r.act = make([][]int32, q.n+1)
	for h := 1; h <= q.n; h++ {
		col := make([]int32, m)
		for i, e := range order {
			col[i] = pos[q.act[h][e]]
		}
		r.act[h] = col
	}
	r.sizes = append(slices.Clone(q.sizes[:q.n]), m)
	return r, nil
}
