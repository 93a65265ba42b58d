package misere

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
