package misere

import (
	"context"
	"fmt"
	"slices"
)

// coarsest returns the coarsest partition of the states of a complete automaton (ns states, k
// letters, delta[i*k+j] the successor of i by letter j) that refines the initial partition block
// (numbered from 0) and is stable under the letters (two states are in one block iff every word
// of letters leads them into one initial block), as block numbers, and the number of blocks.
//
// It is Hopcroft's algorithm: a block is a splitter for every letter; splitting a block by the
// states whose successor lies in the splitter, the smaller part becomes a new block and a new
// splitter (the larger part needs no turn of its own: a partition stable with respect to a set
// and one of its parts is stable with respect to the other part). A state changes blocks only
// when it lands in the smaller part, so the work is O(k·ns·log ns), where the refinement round
// by round (moore, in the tests) takes as many rounds as the longest word needed to tell two
// states apart. Memory: the predecessor lists (two int32 per transition) and a few arrays of ns.
func coarsest(ctx context.Context, ns, k int, delta []int32, block []int32) ([]int32, int, error) {
	if ns == 0 {
		return block, 0, nil
	}
	// Predecessors by letter: pred[off[a*ns+t]:off[a*ns+t+1]] are the states s with
	// delta[s*k+a] = t.
	off := make([]int32, k*ns+1)
	for s := 0; s < ns; s++ {
		for a := 0; a < k; a++ {
			off[a*ns+int(delta[s*k+a])]++
		}
	}
	for x := 1; x < k*ns; x++ {
		off[x] += off[x-1]
	}
	off[k*ns] = int32(k * ns)
	pred := make([]int32, k*ns)
	for s := ns - 1; s >= 0; s-- {
		if s&4095 == 0 && ctx.Err() != nil {
			return nil, 0, ctx.Err()
		}
		for a := 0; a < k; a++ {
			x := a*ns + int(delta[s*k+a])
			off[x]--
			pred[off[x]] = int32(s)
		}
	}

	// The blocks: elems[first[b]:end[b]] are the states of block b, loc[s] the place of s.
	nb := 0
	for _, b := range block {
		nb = max(nb, int(b)+1)
	}
	blk := slices.Clone(block)
	first := make([]int32, nb, max(nb, ns))
	end := make([]int32, nb, max(nb, ns))
	for _, b := range blk {
		end[b]++
	}
	for b := 1; b < nb; b++ {
		end[b] += end[b-1]
	}
	elems := make([]int32, ns)
	loc := make([]int32, ns)
	for s := ns - 1; s >= 0; s-- {
		b := blk[s]
		end[b]--
		elems[end[b]] = int32(s)
		loc[s] = end[b]
	}
	copy(first, end)
	for b := 0; b < nb-1; b++ {
		end[b] = first[b+1]
	}
	end[nb-1] = int32(ns)

	// Every initial block but a largest one is a splitter.
	largest := 0
	for b := 1; b < nb; b++ {
		if end[b]-first[b] > end[largest]-first[largest] {
			largest = b
		}
	}
	var work []int32
	for b := 0; b < nb; b++ {
		if b != largest {
			work = append(work, int32(b))
		}
	}
	marked := make([]int32, nb, max(nb, ns)) // marked[b]: how many states at the front of b are marked
	var touched []int32
	var splitter []int32
	steps := 0
	for len(work) > 0 {
		sb := work[len(work)-1]
		work = work[:len(work)-1]
		// The splitter as it is now: its own later splits do not change the set it stands for.
		splitter = append(splitter[:0], elems[first[sb]:end[sb]]...)
		for a := 0; a < k; a++ {
			touched = touched[:0]
			for _, t := range splitter {
				for _, s := range pred[off[a*ns+int(t)]:off[a*ns+int(t)+1]] {
					steps++
					if steps&(1<<16-1) == 0 && ctx.Err() != nil {
						return nil, 0, ctx.Err()
					}
					b := blk[s]
					if marked[b] == 0 {
						touched = append(touched, b)
					}
					// Move s to the marked front of its block.
					i, j := loc[s], first[b]+marked[b]
					o := elems[j]
					elems[i], elems[j] = o, s
					loc[o], loc[s] = i, j
					marked[b]++
				}
			}
			for _, b := range touched {
				m := marked[b]
				marked[b] = 0
				size := end[b] - first[b]
				if m == size {
					continue
				}
				// The smaller part becomes block nb.
				n := int32(nb)
				nb++
				if m <= size-m {
					first = append(first, first[b])
					end = append(end, first[b]+m)
					first[b] += m
				} else {
					first = append(first, first[b]+m)
					end = append(end, end[b])
					end[b] = first[b] + m
				}
				marked = append(marked, 0)
				for _, s := range elems[first[n]:end[n]] {
					blk[s] = n
				}
				work = append(work, n)
			}
		}
	}
	// Number the blocks by first appearance (an initial block number may have had no state).
	id := make([]int32, nb)
	for i := range id {
		id[i] = -1
	}
	n := int32(0)
	for s, b := range blk {
		if id[b] < 0 {
			id[b] = n
			n++
		}
		blk[s] = id[b]
	}
	return blk, int(n), nil
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
