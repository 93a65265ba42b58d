package guess

import (
	"fmt"
	"slices"
)

// SubtractionPeriod proves a period of the subtraction game of a finite set S from its values
// g = g(0..N), by the subtraction-game theorem:
//
// Let S be a finite set of positive integers, t = max(S), and g(n) = mex{g(n−s) : s ∈ S, s ≤ n}.
// If, for some n0 ≥ 0 and p ≥ 1, g(n+p) = g(n) for every n with n0 ≤ n < n0 + t (a window of t
// values repeated p later), then g(n+p) = g(n) for every n ≥ n0.
//
// Proof: by induction on n ≥ n0 + t. Such an n has n ≥ t, so every s ∈ S is a move from n and
// from n+p, and n−s ≥ n0; by the induction hypothesis (or the window) g(n+p−s) = g(n−s) for every
// s, so the two mexes are equal.
//
// SubtractionPeriod returns the smallest p that the values prove this way, and the preperiod:
// the smallest n0 with g(n+p) = g(n) for all n ≥ n0 (proved beyond N by the theorem, checked on
// the values below). ok is false when no window of t values repeats within g. It returns an
// error, and proves nothing, when S is empty or holds a non-positive number, or when g is not
// the sequence of S (each value is checked against the mex recurrence).
func SubtractionPeriod(s []int, g []uint64) (period, preperiod int, ok bool, err error) {
	if err := checkSubtraction(s, g); err != nil {
		return 0, 0, false, err
	}
	t := slices.Max(s)
	n := len(g)
	for p := 1; p+t <= n; p++ {
		// The values agree p apart on [b, n−p): a run of n−p−b comparisons ending at the last value.
		b := backScan(g, p)
		if n-p-b >= t {
			return p, b, true, nil
		}
	}
	return 0, 0, false, nil
}

// checkSubtraction reports an error unless g(0..len(g)−1) is the Grundy sequence of the
// subtraction set s (every element positive).
func checkSubtraction(s []int, g []uint64) error {
	if len(s) == 0 {
		return fmt.Errorf("guess: an empty subtraction set")
	}
	for _, x := range s {
		if x <= 0 {
			return fmt.Errorf("guess: subtraction set element %d is not positive", x)
		}
	}
	seen := make([]bool, len(s)+2)
	for n, v := range g {
		clear(seen)
		for _, x := range s {
			if x <= n {
				if w := g[n-x]; w < uint64(len(seen)) {
					seen[w] = true
				}
			}
		}
		m := uint64(0)
		for seen[m] {
			m++
		}
		if v != m {
			return fmt.Errorf("guess: the values are not those of the subtraction set %v: g(%d) = %d, the mex is %d", s, n, v, m)
		}
	}
	return nil
}

// backScan returns 1 + the largest n < len(g)−p with g[n] ≠ g[n+p], or 0.
func backScan(g []uint64, p int) int {
	for n := len(g) - 1 - p; n >= 0; n-- {
		if g[n] != g[n+p] {
			return n + 1
		}
	}
	return 0
}

// arithScan returns 1 + the largest n < len(g)−p with g[n+p] ≠ g[n] + s, or 0.
func arithScan(g []uint64, p int, s uint64) int {
	for n := len(g) - 1 - p; n >= 0; n-- {
		if g[n+p] != g[n]+s {
			return n + 1
		}
	}
	return 0
}

// arithmeticPeriod looks for an arithmetic period with a positive saltus: the smallest p such
// that, for s = g(N) − g(N−p) > 0, g(n+p) = g(n) + s from some n0 on through N, over at least
// three whole periods (N+1 − n0 ≥ 3p); n0 is the smallest such.
func arithmeticPeriod(g []uint64) (p, n0 int, saltus uint64, ok bool) {
	n := len(g)
	for p := 1; 3*p <= n; p++ {
		a, b := g[n-1], g[n-1-p]
		if a <= b {
			continue
		}
		s := a - b
		if t := arithScan(g, p, s); n-t >= 3*p {
			return p, t, s, true
		}
	}
	return 0, 0, 0, false
}
