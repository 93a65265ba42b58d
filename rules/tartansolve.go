package rules

import "math/bits"

// Solving for a winning move of a product game at one coin, when the search of tartanMovesAt
// finds none within its budget.
//
// At a coin x,y with 1-D values a = g_R(x) and b = g_C(y), the coin's value is a ⊗ b, and every
// smaller value c' is an option (the mex property of nim-multiplication): there are u ∈ I(a) and
// w ∈ I(b) with u ⊗ w = v = (a ⊗ b) ⊕ c', where I(z) is the set of u whose highest bit is a bit of
// z (the values u = z ⊕ z' of the 1-D moves to z' < z, which the 1-D rule realizes by withValue).
//
// The search below restricts one factor to a subfield K of 2^(2^m) elements (the numbers below
// 2^(2^m)). For u in K, u ⊗ w multiplies each 2^m-bit chunk of w by u inside K (a K-element times
// a product of Fermat 2-powers ≥ 2^(2^m) is their ordinary product). So u ⊗ w = v fixes every
// chunk of w, and w ∈ I(b) asks only that chunk J of w, J the top non-zero chunk of v, lies in
// I(b_J): a problem inside K, u ∈ I(a mod 2^(2^m)), w_J ∈ I(b_J), u ⊗ w_J = v_J. Its smaller side
// is enumerated (all of it when it is small: small m are exhaustive) and the other side solved.

// inI reports whether u ∈ I(z): u ≠ 0 and its highest bit is a bit of z.
func inI(u, z uint64) bool { return u != 0 && z>>(63-bits.LeadingZeros64(u))&1 == 1 }

// eachI yields the elements of I(z) (highest bit first), spending budget; it returns false when it
// stopped early (budget spent or yield refused).
func eachI(z uint64, budget *int, yield func(u uint64) bool) bool {
	for k := 63; k >= 0; k-- {
		if z>>k&1 == 0 {
			continue
		}
		lo := uint64(1) << k
		for u := lo; u < lo<<1 || (k == 63 && u != 0); u++ {
			if *budget <= 0 {
				return false
			}
			*budget--
			if !yield(u) {
				return false
			}
		}
	}
	return true
}

// productFactors calls found(u, w) with u ∈ I(a), w ∈ I(b), u ⊗ w = v, for solutions of the
// subfield problems in turn, until found returns true (then it returns true) or budget is spent.
func productFactors(a, b, v uint64, budget *int, found func(u, w uint64) bool) bool {
	if v == 0 {
		return false
	}
	for m := 0; m <= 5; m++ {
		width := uint(1) << m
		mask := uint64(1)<<width - 1
		j := uint(63-bits.LeadingZeros64(v)) / width * width // the top chunk of v
		vj := v >> j & mask
		for _, swap := range []bool{false, true} {
			f, s := a, b // u, the restricted factor, is from I(f); w from I(s)
			if swap {
				f, s = b, a
			}
			f0, sj := f&mask, s>>j&mask
			if f0 == 0 || sj == 0 {
				continue
			}
			try := func(u uint64) bool { // u ∈ I(f0) in K: is the rest of the problem solved?
				w := nimMul(v, nimInv(u))
				if !inI(w, s) {
					return false
				}
				if swap {
					return found(w, u)
				}
				return found(u, w)
			}
			done := false
			if f0 <= sj { // enumerate u ∈ I(f0)
				eachI(f0, budget, func(u uint64) bool {
					done = try(u)
					return !done
				})
			} else { // enumerate w_J ∈ I(sj), solve u = v_J ⊗ w_J⁻¹ in K
				eachI(sj, budget, func(wj uint64) bool {
					if u := nimMul(vj, nimInv(wj)); inI(u, f0) {
						done = try(u)
					}
					return !done
				})
			}
			if done {
				return true
			}
			if *budget <= 0 {
				return false
			}
		}
	}
	return false
}

// tartanSolve lists through add a winning move at coin x,y that changes the value by v, found by
// productFactors; it reports whether it listed one.
func (c coins2D) tartanSolve(x, y, v uint64, budget *int, add func([][2]uint64) bool) bool {
	listed := false
	productFactors(c.rows.g(x), c.cols.g(y), v, budget, func(u, w uint64) bool {
		var setA, setB []uint64
		left := coinBudget
		c.rows.withValue(c.rows, x, u, &left, func(s []uint64) bool { setA = s; return false })
		c.cols.withValue(c.cols, y, w, &left, func(s []uint64) bool { setB = s; return false })
		if setA == nil || setB == nil || len(setA)*len(setB) > tartanMaxCoins {
			return false // not realizable as a listable move (a long ruler run): look further
		}
		listed = true
		add(product(setA, setB))
		return true
	})
	return listed
}
