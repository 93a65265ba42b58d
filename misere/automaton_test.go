package misere

// An independent check of quotients, by automata (the check this package used before the
// least-failure search of search.go): for every sum X, X is in the P-portion iff X has a move and
// no move X − h + o leads into it, decided by a product of one automaton per class of heap,
// minimized after each class. TestAutomatonCheck runs it on computed quotients.

import (
	"context"
	"encoding/binary"
	"testing"

	"grundy/octal"
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

// unions interns unions of the "bad" vectors of heap types: each distinct vector gets a small
// number, so automaton states can hold a union as one int32. The automata of the check (verify.go)
// and of the refinement (settle.go) both build their states from it.
type unions struct {
	sets [][]bool           // sets[u]: the vector numbered u
	idx  map[string]int32   // a vector's bytes → its number
	memo map[[2]int32]int32 // (u, type) → the number of sets[u] ∪ that type's vector
}

func newUnions() *unions {
	return &unions{idx: map[string]int32{}, memo: map[[2]int32]int32{}}
}

// intern returns v's number, giving it a new one when v is new; v must not change afterwards.
func (un *unions) intern(v []bool) int32 {
	kb := make([]byte, len(v))
	for i, b := range v {
		if b {
			kb[i] = 1
		}
	}
	if u, ok := un.idx[string(kb)]; ok {
		return u
	}
	u := int32(len(un.sets))
	un.idx[string(kb)] = u
	un.sets = append(un.sets, v)
	return u
}

// join returns the number of the union of vector u (none when u < 0) with bad, the vector of
// heap type t, remembering the answer for (u, t).
func (un *unions) join(u int32, t int, bad []bool) int32 {
	if u < 0 {
		return un.intern(bad)
	}
	k := [2]int32{u, int32(t)}
	if r, ok := un.memo[k]; ok {
		return r
	}
	v := make([]bool, len(bad))
	for i := range v {
		v[i] = un.sets[u][i] || bad[i]
	}
	r := un.intern(v)
	un.memo[k] = r
	return r
}

// TestAutomatonCheck checks computed quotients with the automaton check, where its automata stay
// small: every two-digit code, Kayles, Dawson's Kayles and misère Nim.
func TestAutomatonCheck(t *testing.T) {
	type tc struct {
		g Game
		n int
	}
	var cases []tc
	for _, c := range twoDigitCodes() {
		cases = append(cases, tc{Octal(octal.MustParse(c)), 10})
	}
	cases = append(cases, tc{Octal(octal.MustParse("0.77")), 40}, tc{Octal(octal.MustParse("0.07")), 24},
		tc{Octal(octal.MustParse("0.75")), 40}, tc{Nim(), 15})
	for _, c := range cases {
		q := compute(t, c.g, c.n)
		ok, err := q.check(context.Background(), 1<<22)
		if err != nil || !ok {
			t.Errorf("%v heaps ≤ %d: the automaton check says %v (%v)", c.g, c.n, ok, err)
		}
		// A wrong P-portion fails it: flip the outcome of one element (a few of them).
		for e := 0; e < len(q.isP); e += 1 + len(q.isP)/5 {
			r := *q
			r.isP = append([]bool(nil), q.isP...)
			r.isP[e] = !r.isP[e]
			if ok, err := r.check(context.Background(), 1<<22); err == nil && ok {
				t.Errorf("%v heaps ≤ %d: the check passes with element %d flipped", c.g, c.n, e)
			}
			if f, _, _, err := r.leastFailure(context.Background(), 1<<22); err != nil || f == nil {
				t.Errorf("%v heaps ≤ %d: the least-failure search passes with element %d flipped (%v)", c.g, c.n, e, err)
			}
		}
	}
}
