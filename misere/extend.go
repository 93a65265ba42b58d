package misere

import (
	"context"
	"fmt"
	"slices"
)

// The first trial for heap n (step 3 of next.go). Let A be the sums of heaps 0..n−1 with quotient
// Q and P-portion P, and G the heap n, whose options are sums in A. A sum of heaps 0..n is G^k·X
// with X in A; the trial assumes that its misère outcome depends only on k and the class x of X
// in Q (true unless G splits old elements), so it is a function f(k, x) computed by the definition
// of misère outcomes: G^k·X is a P-position iff it has a move and every move leads to an
// N-position. Its moves are G^(k−1)·G'·X for the options G' of G (classes (k−1, x·g')) and G^k·X'
// for the options X' of X. For the latter we take X to be the smallest sum in its class: its
// options are smaller sums, whose classes come earlier in our numbering, so f(k, ·) is filled in
// in one pass over the elements once f(k−1, ·) is known. Layer k+1 is a function of layer k, so
// the layers repeat: f(k+p, ·) = f(k, ·) for k ≥ s with the first repeat found. The trial is the
// finite monoid C(s, p) × Q (C the cyclic monoid of index s and period p) with P-portion
// {(k, x) : f(k, x)}, reduced to its syntactic quotient (Moore's partition refinement), numbered
// by smallest sums: (k, x) with the smallest k, then the smallest x. The least-failure search
// then decides whether the assumption held.
//
// Every step is a loop over arrays (no recursion); the context is checked in every loop that can
// be long, and the number of states is bounded by the size limit.

// guess returns the first trial for heap q.n+1, whose distinct options are opts.
func (q *Quotient) guess(ctx context.Context, opts [][]int32, maxSize int) (*Quotient, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	n := q.n + 1
	Q := len(q.words)
	fold := func(e int32, heaps []int32) int32 {
		for _, h := range heaps {
			e = q.act[h][e]
		}
		return e
	}

	// The classes of the options of the new heap, one representative each.
	stamp := make([]int32, Q)
	gen := int32(1)
	var gOpts [][]int32
	for _, o := range opts {
		c := fold(0, o)
		if stamp[c] != gen {
			stamp[c] = gen
			gOpts = append(gOpts, o)
		}
	}

	// The options of each element's smallest sum, as classes (flat lists).
	optStart := make([]int32, Q+1)
	var optList []int32
	for a := 0; a < Q; a++ {
		if a&255 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		gen++
		w := q.words[a]
		for i, h := range w {
			if i > 0 && w[i-1] == h {
				continue // the same heap size: the same options
			}
			// c = the class of w without this one heap.
			c := int32(0)
			for j, x := range w {
				if j != i {
					c = q.act[x][c]
				}
			}
			for _, o := range q.opts[h] {
				d := fold(c, o)
				if d >= int32(a) {
					return nil, fmt.Errorf("misere: internal error: an option of element %d has class %d", a, d)
				}
				if stamp[d] != gen {
					stamp[d] = gen
					optList = append(optList, d)
				}
			}
		}
		optStart[a+1] = int32(len(optList))
	}

	// gcol[j][a] = a times the class of gOpts[j].
	gcol := make([][]int32, len(gOpts))
	for j, o := range gOpts {
		col := make([]int32, Q)
		for a := range col {
			col[a] = fold(int32(a), o)
		}
		gcol[j] = col
	}

	// The layers f(k, ·) until one repeats.
	maxStates := 16*maxSize + 1<<16
	layers := [][]bool{q.isP}
	seen := map[string]int{layerKey(q.isP): 0}
	s, p := 0, 0
	for k := 1; ; k++ {
		if (k+1)*Q > maxStates {
			return nil, &SizeError{Max: maxSize, Heap: n, Quotient: q}
		}
		prev := layers[k-1]
		cur := make([]bool, Q)
		for a := 0; a < Q; a++ {
			if a&1023 == 0 && ctx.Err() != nil {
				return nil, ctx.Err()
			}
			hasMove, allN := false, true
			for _, col := range gcol {
				hasMove = true
				if prev[col[a]] {
					allN = false
					break
				}
			}
			if allN {
				for _, b := range optList[optStart[a]:optStart[a+1]] {
					hasMove = true
					if cur[b] {
						allN = false
						break
					}
				}
			}
			cur[a] = hasMove && allN
		}
		key := layerKey(cur)
		if j, ok := seen[key]; ok {
			s, p = j, k-j
			break
		}
		seen[key] = k
		layers = append(layers, cur)
	}
	T := s + p
	S := T * Q
	succG := func(st int) int {
		k, a := st/Q, st%Q
		k++
		if k == T {
			k = s
		}
		return k*Q + a
	}

	// Moore's partition refinement of the states (k, a), numbered k·Q + a; the letters are the
	// step to the next layer and the generators.
	block := make([]int32, S)
	for st := range block {
		if layers[st/Q][st%Q] {
			block[st] = 1
		}
	}
	letters := 1 + len(q.gens)
	delta := make([]int32, S*letters)
	for st := 0; st < S; st++ {
		k, a := st/Q, st%Q
		d := delta[st*letters : (st+1)*letters]
		d[0] = int32(succG(st))
		for i, g := range q.gens {
			d[1+i] = int32(k*Q + int(q.act[g][a]))
		}
	}
	block, nb, err := coarsest(ctx, S, letters, delta, block)
	if err != nil {
		return nil, err
	}

	// Number the blocks by their smallest state, which is their smallest sum.
	newID := make([]int32, nb)
	for i := range newID {
		newID[i] = -1
	}
	reps := make([]int, 0, nb)
	for st := 0; st < S; st++ {
		if newID[block[st]] < 0 {
			newID[block[st]] = int32(len(reps))
			reps = append(reps, st)
		}
	}
	if nb > maxSize {
		// A trial's order, not the quotient's: no Size.
		return nil, &SizeError{Max: maxSize, Heap: n, Quotient: q}
	}
	cls := func(st int) int32 { return newID[block[st]] }

	r := &Quotient{game: q.game, n: n}
	r.words = make([][]int32, nb)
	r.isP = make([]bool, nb)
	for e, st := range reps {
		k, a := st/Q, st%Q
		w := make([]int32, 0, k+len(q.words[a]))
		for range k {
			w = append(w, int32(n))
		}
		r.words[e] = append(w, q.words[a]...)
		r.isP[e] = layers[k][a]
	}
	r.phi = make([]int32, n+1)
	for h := 0; h < n; h++ {
		r.phi[h] = cls(int(q.phi[h]))
	}
	r.phi[n] = cls(succG(0))
	r.act = make([][]int32, n+1)
	for h := 1; h <= n; h++ {
		col := make([]int32, nb)
		for e, st := range reps {
			k, a := st/Q, st%Q
			if h == n {
				col[e] = cls(succG(st))
			} else {
				col[e] = cls(k*Q + int(q.act[h][a]))
			}
		}
		r.act[h] = col
	}
	r.gens = slices.Clone(q.gens)
	if nb > Q {
		r.gens = append(r.gens, n)
	}
	r.opts = append(slices.Clone(q.opts), opts)
	r.sizes = append(slices.Clone(q.sizes), nb)
	return r, nil
}

func layerKey(l []bool) string {
	b := make([]byte, (len(l)+7)/8)
	for i, v := range l {
		if v {
			b[i/8] |= 1 << (i % 8)
		}
	}
	return string(b)
}
