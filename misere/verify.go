package misere

import (
	"context"
	"encoding/binary"
)

// The check that a candidate quotient is right (see settle.go for why it suffices): for every sum
// X, X is in the candidate's P-portion iff X has a move and no move X − h + o leads into it.
//
// The direction "P ⇒ no move into P" needs only pairs: for every element y and heap type t,
// y·t ∈ P must imply that no option of t, added to y, is in P. The direction "N and a move ⇒ some
// move into P" needs to know, for each class c of heap present in X, the rest y_c = X − (one heap
// of class c) and which heap types of class c are present (their union of "bad" vectors u_c):
// X has a move into P iff u_c(y_c) for some c. Tracking all classes at once is a product
// automaton that can be large, so it is built one class at a time: the automaton of one class has
// states "absent, with the element x of the sum so far" or "present, (y_c, u_c)" (x = y_c·c then),
// and after each class is multiplied in, the product is minimized with respect to the pair
// (P(x), "no class so far has a move into P"). A state where that pair disagrees at the end is a
// sum on which the candidate is wrong.

// dfa is a complete automaton over the heap types, state 0 the start.
type dfa struct {
	n, k  int
	delta []int32 // delta[i*k+t]
	label []int32
}

// minimize returns the minimal automaton of d with respect to its labels.
func (d *dfa) minimize(ctx context.Context) (*dfa, error) {
	ids := map[int32]int32{}
	block := make([]int32, d.n)
	for i, l := range d.label {
		id, ok := ids[l]
		if !ok {
			id = int32(len(ids))
			ids[l] = id
		}
		block[i] = id
	}
	block, nb, err := moore(ctx, d.n, d.k, d.delta, block, len(ids))
	if err != nil {
		return nil, err
	}
	// Renumber by first appearance (state 0 stays 0).
	newID := make([]int32, nb)
	for i := range newID {
		newID[i] = -1
	}
	var reps []int32
	for i := 0; i < d.n; i++ {
		if newID[block[i]] < 0 {
			newID[block[i]] = int32(len(reps))
			reps = append(reps, int32(i))
		}
	}
	r := &dfa{n: nb, k: d.k, delta: make([]int32, nb*d.k), label: make([]int32, nb)}
	for e, s := range reps {
		r.label[e] = d.label[s]
		for t := 0; t < d.k; t++ {
			r.delta[e*d.k+t] = newID[block[d.delta[int(s)*d.k+t]]]
		}
	}
	return r, nil
}

// product returns the reachable part of a × b, labelled by f(label a, label b).
func product(ctx context.Context, a, b *dfa, f func(la, lb int32) int32, maxStates int) (*dfa, error) {
	k := a.k
	idx := map[int64]int32{0: 0}
	pairs := []int64{0}
	var delta []int32
	for i := 0; i < len(pairs); i++ {
		if i&4095 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if len(pairs) > maxStates {
			return nil, errTooBig
		}
		x, y := pairs[i]/int64(b.n), pairs[i]%int64(b.n)
		for t := 0; t < k; t++ {
			p := int64(a.delta[int(x)*k+t])*int64(b.n) + int64(b.delta[int(y)*k+t])
			id, ok := idx[p]
			if !ok {
				id = int32(len(pairs))
				idx[p] = id
				pairs = append(pairs, p)
			}
			delta = append(delta, id)
		}
	}
	r := &dfa{n: len(pairs), k: k, delta: delta, label: make([]int32, len(pairs))}
	for i, p := range pairs {
		r.label[i] = f(a.label[p/int64(b.n)], b.label[p%int64(b.n)])
	}
	return r, nil
}

type sizeErr struct{}

func (sizeErr) Error() string { return "misere: the check's automaton grew past its limit" }

var errTooBig error = sizeErr{}

// check reports whether q's labels agree with the definition of misère outcomes on every sum.
func (q *Quotient) check(ctx context.Context, maxStates int) (bool, error) {
	m := len(q.isP)
	if q.isP[0] {
		return false, nil // the empty sum has no move: N
	}
	types, classes, _ := q.heapTypes()
	k := len(types)
	if k == 0 {
		return true, nil // no moves anywhere: every sum is the empty game, labelled N above
	}
	// P ⇒ no move into P.
	for _, t := range types {
		col := q.act[t.heap]
		for y := 0; y < m; y++ {
			if q.isP[col[y]] && t.bad[y] {
				return false, nil
			}
		}
	}
	// The automaton of x and "a move has been made possible": label bit 0 = P(x), bit 1 = good
	// (the sum has a move and no class so far gives a move into P).
	b := &dfa{n: 2 * m, k: k, delta: make([]int32, 2*m*k), label: make([]int32, 2*m)}
	for s := 0; s < 2*m; s++ {
		x := s % m
		for i, t := range types {
			b.delta[s*k+i] = int32(m + int(q.act[t.heap][x]))
		}
		if q.isP[x] {
			b.label[s] |= 1
		}
		if s >= m {
			b.label[s] |= 2
		}
	}
	b, err := b.minimize(ctx)
	if err != nil {
		return false, err
	}
	for c := range classes {
		a, err := q.classAutomaton(ctx, c, types, maxStates, false)
		if err != nil {
			return false, err
		}
		b, err = product(ctx, b, a, func(lb, la int32) int32 {
			if la == 1 {
				return lb &^ 2 // a move into P from this class
			}
			return lb
		}, maxStates)
		if err != nil {
			return false, err
		}
		if b, err = b.minimize(ctx); err != nil {
			return false, err
		}
	}
	for _, l := range b.label {
		if (l&1 != 0) != (l&2 != 0) {
			return false, nil
		}
	}
	return true, nil
}

// typeInfo is a heap type: a heap of it, its class (an index into the check's classes), and its
// bad vector.
type typeInfo struct {
	heap, class int
	bad         []bool
}

// classAutomaton returns the minimal automaton, over the heap types, of "some heap of class c in
// the sum has an option into P": states "absent, x" and "present, (y, u)".
func (q *Quotient) classAutomaton(ctx context.Context, c int, types []typeInfo, maxStates int, presence bool) (*dfa, error) {
	m := len(q.isP)
	k := len(types)
	un := newUnions()
	join := func(u int32, t int) int32 { return un.join(u, t, types[t].bad) }
	// A state is (u, e): u = −1 means absent and e = x; otherwise e = y.
	idx := map[int64]int32{}
	var states [][2]int32
	add := func(u, e int32) int32 {
		key := int64(u+1)*int64(m) + int64(e)
		if id, ok := idx[key]; ok {
			return id
		}
		id := int32(len(states))
		idx[key] = id
		states = append(states, [2]int32{u, e})
		return id
	}
	add(-1, 0)
	var delta []int32
	for i := 0; i < len(states); i++ {
		if i&4095 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if len(states) > maxStates {
			return nil, errTooBig
		}
		u, e := states[i][0], states[i][1]
		for ti, t := range types {
			var nu, ne int32
			switch {
			case t.class == c && u < 0:
				nu, ne = join(-1, ti), e // y = the sum before this heap
			case t.class == c:
				nu, ne = join(u, ti), q.act[t.heap][e] // y' = X = y·c
			case u < 0:
				nu, ne = -1, q.act[t.heap][e]
			default:
				nu, ne = u, q.act[t.heap][e]
			}
			delta = append(delta, add(nu, ne))
		}
	}
	d := &dfa{n: len(states), k: k, delta: delta, label: make([]int32, len(states))}
	for i, s := range states {
		if s[0] >= 0 && un.sets[s[0]][s[1]] {
			d.label[i] = 1
		} else if presence && s[0] >= 0 {
			d.label[i] = 2
		}
	}
	return d.minimize(ctx)
}

// badVector returns heap h's bad vector (bad[y]: some option of h, added to an element y, is in
// the P-portion) and a key naming h's type: its class and that vector as bytes.
func (q *Quotient) badVector(h int) (bad []bool, key []byte) {
	m := len(q.isP)
	bad = make([]bool, m)
	key = make([]byte, 4+m)
	binary.LittleEndian.PutUint32(key, uint32(q.phi[h]))
	for y := range bad {
		for _, o := range q.opts[h] {
			e := int32(y)
			for _, x := range o {
				e = q.act[x][e]
			}
			if q.isP[e] {
				bad[y] = true
				key[4+y] = 1
				break
			}
		}
	}
	return bad, key
}

// heapTypes returns the heap types of q (heaps with the same class and the same bad vector: bad[y]
// says some option of the heap, added to y, is in the P-portion), the distinct classes, and each
// heap's type (−1 for heaps without moves).
func (q *Quotient) heapTypes() ([]typeInfo, []int32, []int) {
	hs := q.moving()
	// Heap types: same class and same bad vector (bad[y]: some option added to y is in P).
	var types []typeInfo
	var classes []int32
	classIdx := map[int32]int{}
	typeIdx := map[string]int{}
	heapType := make([]int, q.n+1)
	for h := range heapType {
		heapType[h] = -1
	}
	for _, h := range hs {
		b, kb := q.badVector(h)
		if t, ok := typeIdx[string(kb)]; ok {
			heapType[h] = t
			continue
		}
		typeIdx[string(kb)] = len(types)
		heapType[h] = len(types)
		c, ok := classIdx[q.phi[h]]
		if !ok {
			c = len(classes)
			classIdx[q.phi[h]] = c
			classes = append(classes, q.phi[h])
		}
		types = append(types, typeInfo{heap: h, class: c, bad: b})
	}
	return types, classes, heapType
}

// sigma returns a finer automaton of the sums of heaps 0..n than q (q need not be minimal): a
// sum's state says its element of q and, for each class c of heap in it, whether a heap of class
// c is present and whether one has a move into the P-portion (built class by class, minimized
// after each).
func (q *Quotient) sigma(ctx context.Context, maxSize int) (*Quotient, error) {
	maxStates := 64*maxSize + 1<<16
	types, classes, heapType := q.heapTypes()
	m := len(q.isP)
	k := len(types)
	if k == 0 {
		return q, nil
	}
	b := &dfa{n: m, k: k, delta: make([]int32, m*k), label: make([]int32, m)}
	for x := 0; x < m; x++ {
		for i, t := range types {
			b.delta[x*k+i] = q.act[t.heap][x]
		}
		b.label[x] = int32(x)
	}
	for c := range classes {
		a, err := q.classAutomaton(ctx, c, types, maxStates, true)
		if err != nil {
			return nil, err
		}
		labels := map[[2]int32]int32{}
		b, err = product(ctx, b, a, func(lb, la int32) int32 {
			key := [2]int32{lb, la}
			id, ok := labels[key]
			if !ok {
				id = int32(len(labels))
				labels[key] = id
			}
			return id
		}, maxStates)
		if err != nil {
			return nil, err
		}
		if b, err = b.minimize(ctx); err != nil {
			return nil, err
		}
		if b.n > maxStates/4 {
			return nil, errTooBig
		}
	}
	// The element of q of each state: read it off by following the moves from the start.
	elem := make([]int32, b.n)
	for i := range elem {
		elem[i] = -1
	}
	elem[0] = 0
	queue := []int32{0}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for i, t := range types {
			ns := b.delta[int(s)*k+i]
			if elem[ns] < 0 {
				elem[ns] = q.act[t.heap][elem[s]]
				queue = append(queue, ns)
			}
		}
	}
	r := &Quotient{game: q.game, n: q.n, opts: q.opts, sizes: q.sizes}
	r.isP = make([]bool, b.n)
	for s := range r.isP {
		r.isP[s] = q.isP[elem[s]]
	}
	r.act = make([][]int32, q.n+1)
	r.phi = make([]int32, q.n+1)
	ident := make([]int32, b.n)
	for s := range ident {
		ident[s] = int32(s)
	}
	cols := make([][]int32, k)
	for i := range types {
		col := make([]int32, b.n)
		for s := range col {
			col[s] = b.delta[s*k+i]
		}
		cols[i] = col
	}
	for h := 1; h <= q.n; h++ {
		if t := heapType[h]; t >= 0 {
			r.act[h] = cols[t]
			r.phi[h] = cols[t][0]
		} else {
			r.act[h] = ident
		}
	}
	return r.renumber()
}
