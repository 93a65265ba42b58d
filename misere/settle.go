package misere

import (
	"context"
	"encoding/binary"
	"fmt"
	"slices"
)

// settle corrects a candidate quotient until it is provably right.
//
// The candidate from extend assumes that the outcome of G^k·X depends only on the class of X in
// the old quotient; that is not always so (in Kayles, heap 9 tells 5+5 apart from 0, which no sum
// of smaller heaps does). settle checks the candidate against the definition of misère outcomes
// with a finite automaton and refines it until it passes:
//
// Read a sum X heap by heap and keep σ(X) = (Φ(X), and Φ(X − h) for each heap size h in X), Φ
// the candidate's map into its monoid. σ(X + g) is a function of σ(X) and g, so the reachable
// values of σ form a finite automaton, and the definition gives each state a label: X is a
// P-position iff it has a move and no move X − h + o leads into the candidate's P-portion. The
// minimal automaton of those labels is a new candidate (the Nerode classes of a set of sums are a
// commutative monoid). When it accepts the same sums as the old one, every sum's label agrees
// with the definition applied to its options, so by induction on sums (each option is smaller)
// the labels are the true misère outcomes, and the minimal automaton of the true P-positions is
// the misère quotient.
func (q *Quotient) verify(ctx context.Context, maxSize int) (*Quotient, error) {
	ok, err := q.check(ctx, 64*maxSize+1<<16)
	if err == errTooBig {
		return nil, &SizeError{Max: maxSize, Heap: q.n}
	}
	if err != nil || !ok {
		return nil, err
	}
	return q.renumber()
}

// rawSigma returns the whole automaton of σ over q (a sum's state: its element, and for each
// class of heap in it, the element of the rest and which heap types of that class are present),
// unminimized: a finer automaton of the same sums.
func (q *Quotient) rawSigma(ctx context.Context, maxSize int) (*Quotient, error) {
	r, err := q.refineOnce(ctx, maxSize, true)
	if err != nil {
		return nil, err
	}
	return r.renumber()
}

// moving returns the heap sizes 1..n that have at least one option (the others are the game 0).
func (q *Quotient) moving() []int {
	var hs []int
	for h := 1; h <= q.n; h++ {
		if len(q.opts[h]) > 0 {
			hs = append(hs, h)
		}
	}
	return hs
}

// refineOnce builds the automaton of σ over q and returns its minimal automaton as a quotient
// (words and generators not yet filled in); with raw, the automaton itself, labelled by q.
//
// σ is kept small: heaps of the same class c leave the same rest (X − h ≡ X − h' when h ≡ h'), so
// σ holds one rest y_c per class present, and heaps that also agree on which rests have a move
// into the P-portion (their "type") are one letter. A state is (Φ(X), y_c for each class of heap,
// the set of types present).
func (q *Quotient) refineOnce(ctx context.Context, maxSize int, raw bool) (*Quotient, error) {
	n := q.n
	hs := q.moving()
	// The types: heaps with the same class and the same bad vector.
	type typ struct {
		class int32 // index into classes
		bad   []bool
		heaps []int
	}
	var types []typ
	var classes []int32 // distinct classes of moving heaps
	classIdx := map[int32]int32{}
	typeIdx := map[string]int{}
	heapType := make([]int, n+1)
	for _, h := range hs {
		b, kb := q.badVector(h)
		c, ok := classIdx[q.phi[h]]
		if !ok {
			c = int32(len(classes))
			classIdx[q.phi[h]] = c
			classes = append(classes, q.phi[h])
		}
		t, ok := typeIdx[string(kb)]
		if !ok {
			t = len(types)
			typeIdx[string(kb)] = t
			types = append(types, typ{class: c, bad: b})
		}
		types[t].heaps = append(types[t].heaps, h)
		heapType[h] = t
	}
	nc, nt := len(classes), len(types)
	// unions[u]: a union of the bad vectors of types of one class (interned); per class, a state
	// keeps the union over the types present, which is all the label needs.
	un := newUnions()
	join := func(u int32, t int) int32 { return un.join(u, t, types[t].bad) }
	width := 1 + 2*nc
	maxStates := 64*maxSize + 1<<16
	var states []int32 // flat: states[i*width : (i+1)*width]: x, y_c…, u_c…
	index := map[string]int32{}
	key := make([]byte, 4*width)
	add := func(s []int32) int32 {
		for i, v := range s {
			binary.LittleEndian.PutUint32(key[4*i:], uint32(v))
		}
		if id, ok := index[string(key)]; ok {
			return id
		}
		id := int32(len(states) / width)
		index[string(key)] = id
		states = append(states, s...)
		return id
	}
	start := make([]int32, width)
	for i := 1; i < width; i++ {
		start[i] = -1
	}
	add(start)
	var delta []int32 // delta[i*nt+t]: the state after reading a heap of type t
	s := make([]int32, width)
	for i := 0; i < len(states)/width; i++ {
		if i&1023 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if len(states)/width > maxStates {
			return nil, &SizeError{Max: maxSize, Heap: n}
		}
		for t := range types {
			g := types[t].heaps[0]
			c := int(types[t].class)
			base := states[i*width : (i+1)*width]
			x := base[0]
			s[0] = q.act[g][x]
			for j := 1; j <= nc; j++ {
				if base[j] >= 0 {
					s[j] = q.act[g][base[j]]
				} else {
					s[j] = -1
				}
			}
			s[1+c] = x
			copy(s[1+nc:], base[1+nc:])
			s[1+nc+c] = join(base[1+nc+c], t)
			delta = append(delta, add(s))
		}
	}
	ns := len(states) / width
	label := make([]bool, ns)
	for i := range label {
		st := states[i*width : (i+1)*width]
		has, ok := false, true
		for c := 0; c < nc; c++ {
			if u := st[1+nc+c]; u >= 0 {
				has = true
				if un.sets[u][st[1+c]] {
					ok = false
					break
				}
			}
		}
		label[i] = has && ok
	}
	var block []int32
	var nb int
	if raw {
		// Keep every state; its label is the outcome q gives it.
		block = make([]int32, ns)
		for i := range block {
			block[i] = int32(i)
			label[i] = q.isP[states[i*width]]
		}
		nb = ns
	} else {
		// The initial partition: the states in the P-portion and the others.
		init := make([]int32, ns)
		for i, l := range label {
			if l {
				init[i] = 1
			}
		}
		var err error
		block, nb, err = moore(ctx, ns, nt, delta, init, -1)
		if err != nil {
			return nil, err
		}
	}
	if !raw && nb > maxSize {
		return nil, &SizeError{Max: maxSize, Heap: n, Size: nb}
	}
	// Number classes by first appearance.
	newID := make([]int32, nb)
	for i := range newID {
		newID[i] = -1
	}
	var reps []int
	for st := 0; st < ns; st++ {
		if newID[block[st]] < 0 {
			newID[block[st]] = int32(len(reps))
			reps = append(reps, st)
		}
	}
	cls := func(st int32) int32 { return newID[block[st]] }
	r := &Quotient{game: q.game, n: n, opts: q.opts, sizes: q.sizes}
	r.isP = make([]bool, nb)
	for e, st := range reps {
		r.isP[e] = label[st]
	}
	r.act = make([][]int32, n+1)
	r.phi = make([]int32, n+1)
	ident := make([]int32, nb)
	for e := range ident {
		ident[e] = int32(e)
	}
	for h := 1; h <= n; h++ {
		r.act[h] = ident
	}
	for t := range types {
		col := make([]int32, nb)
		for e, st := range reps {
			col[e] = cls(delta[st*nt+t])
		}
		for _, h := range types[t].heaps {
			r.act[h] = col
			r.phi[h] = cls(delta[t])
		}
	}
	return r, nil
}

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
