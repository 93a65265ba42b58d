package incexc

import (
	"fmt"
	"math/bits"
	"slices"
)

// DefaultMaxTerms is the limit on inclusion–exclusion terms used by Count and CountRange: about
// 40 bytes of memory per term, so some 40 MiB at the limit, and well under a second of work per
// divisor.
const DefaultMaxTerms = 1 << 20

// LimitError reports that a count would need more inclusion–exclusion terms (or, for Union, more
// calls of the measure) than the limit allows.
type LimitError struct {
	Max int // the limit, terms (or calls of the measure)
}

// Error names the limit.
func (e *LimitError) Error() string {
	return fmt.Sprintf("incexc: more than %d inclusion–exclusion terms would be needed (the limit)", e.Max)
}

// Limit names the limit, "max_terms", and its value.
func (e *LimitError) Limit() (name string, max any) { return "max_terms", e.Max }

// DivisorError reports an invalid divisor: 0. Index counts from 0 in the caller's slice.
type DivisorError struct {
	Index int
}

// Error names the divisor that is 0, counting from 1.
func (e *DivisorError) Error() string {
	return fmt.Sprintf("incexc: divisor %d is 0 (divisors must be positive)", e.Index+1)
}

// term is one inclusion–exclusion term: coef · ⌊x / lcm⌋, with coef taken modulo 2^64.
type term struct {
	lcm, coef uint64
}

// lcmUpTo returns lcm(a, b) and true when it is at most n, or false when it exceeds n (overflow of
// 64 bits included).
func lcmUpTo(a, b, n uint64) (uint64, bool) {
	g := gcd(a, b)
	hi, lo := bits.Mul64(a/g, b)
	if hi != 0 || lo > n {
		return 0, false
	}
	return lo, true
}

func gcd(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// prepare validates ds and returns the divisors that matter for counting in 1..n: those at most
// n, without repeats, without any that is a multiple of another (its multiples are already
// counted), in increasing order. one is true when 1 is among them (then every integer counts).
func prepare(n uint64, ds []uint64) (kept []uint64, one bool, err error) {
	for i, d := range ds {
		if d == 0 {
			return nil, false, &DivisorError{Index: i}
		}
		if d <= n {
			kept = append(kept, d)
		}
	}
	slices.Sort(kept)
	kept = slices.Compact(kept)
	if len(kept) > 0 && kept[0] == 1 {
		return []uint64{1}, true, nil
	}
	out := kept[:0]
	for _, d := range kept {
		multiple := false
		for _, e := range out {
			if d%e == 0 {
				multiple = true
				break
			}
		}
		if !multiple {
			out = append(out, d)
		}
	}
	return out, false, nil
}

// terms builds the inclusion–exclusion sum over the divisors ds (as returned by prepare) for the
// range 1..n, merging subsets with equal lcm into one term: after the divisors d1…dj have been
// processed, coefs[L] = Σ (−1)^(|S|+1) over the non-empty subsets S of {d1…dj} with lcm S = L ≤ n.
// Terms whose coefficient cancels to 0 are dropped. Arithmetic is modulo 2^64, which is exact
// because the final count lies in [0, 2^64).
func terms(n uint64, ds []uint64, maxTerms int) ([]term, error) {
	coefs := make(map[uint64]uint64)
	var delta []term
	for _, d := range ds {
		delta = delta[:0]
		for l, c := range coefs {
			if m, ok := lcmUpTo(l, d, n); ok {
				delta = append(delta, term{m, -c})
			}
		}
		delta = append(delta, term{d, 1})
		for _, t := range delta {
			c := coefs[t.lcm] + t.coef
			if c == 0 {
				delete(coefs, t.lcm)
			} else {
				coefs[t.lcm] = c
			}
		}
		if len(coefs) > maxTerms {
			return nil, &LimitError{Max: maxTerms}
		}
	}
	out := make([]term, 0, len(coefs))
	for l, c := range coefs {
		out = append(out, term{l, c})
	}
	return out, nil
}

func eval(ts []term, x uint64) uint64 {
	var s uint64
	for _, t := range ts {
		s += t.coef * (x / t.lcm)
	}
	return s
}

// Count returns how many integers in 1..n are divisible by at least one of the divisors ds, which
// may be any positive integers (not only primes; repeats allowed). It is CountLimit with
// DefaultMaxTerms.
func Count(n uint64, ds []uint64) (uint64, error) {
	return CountLimit(n, ds, DefaultMaxTerms)
}

// CountLimit returns how many integers in 1..n are divisible by at least one of ds, refusing with
// a *LimitError when more than maxTerms inclusion–exclusion terms would be needed, and with a
// *DivisorError when a divisor is 0. No arithmetic overflows, for any n < 2^64 and any divisors.
//
// Method. Divisors above n, repeats and multiples of other divisors are dropped first (they change
// nothing), leaving m′ ≤ m divisors. Then inclusion–exclusion,
//
//	count = Σ over non-empty S ⊆ {d1…dm′} of (−1)^(|S|+1) ⌊n / lcm S⌋,
//
// is built divisor by divisor with the subsets grouped by their lcm: a subset whose lcm exceeds n
// contributes nothing and neither does any superset, so it is pruned at once, and subsets with the
// same lcm share one term (their signs often cancel, and the term is then dropped).
//
// Cost. With T the largest number of distinct lcms alive at once (at most maxTerms), the time is
// O(m log m + m′² + m′·T) and the memory O(T). T never exceeds the number of subsets with lcm ≤ n,
// and pairwise-coprime divisors whose product is at most n do need all 2^m′ terms (for distinct
// primes that means m′ ≤ 15, since the product of any 16 primes exceeds 2^64). When all
// divisors divide one number H ≤ n, T is at most the number of divisors of H (at most 103 680 for
// H < 2^64), so 64 such divisors cost about 64·T steps rather than 2^64. The worst case is many
// small, nearly coprime divisors with a huge n (say the 62 primes below 300 and n ≈ 2^64): the
// number of distinct lcms below n is then in the billions and the limit refuses the count.
func CountLimit(n uint64, ds []uint64, maxTerms int) (uint64, error) {
	kept, one, err := prepare(n, ds)
	if err != nil {
		return 0, err
	}
	if one {
		return n, nil
	}
	ts, err := terms(n, kept, maxTerms)
	if err != nil {
		return 0, err
	}
	return eval(ts, n), nil
}

// CountRange returns how many integers x with lo ≤ x ≤ hi are divisible by at least one of ds,
// under the same rules and limit as Count. It returns 0 when lo > hi, and an error when lo = 0
// (the count would include 0, divisible by everything, and [0, 2^64−1] holds 2^64 integers).
func CountRange(lo, hi uint64, ds []uint64) (uint64, error) {
	if lo == 0 {
		return 0, fmt.Errorf("incexc: the range must start at 1 or above, not 0")
	}
	kept, one, err := prepare(hi, ds)
	if err != nil || lo > hi {
		return 0, err
	}
	if one {
		return hi - lo + 1, nil
	}
	ts, err := terms(hi, kept, DefaultMaxTerms)
	if err != nil {
		return 0, err
	}
	return eval(ts, hi) - eval(ts, lo-1), nil
}

// Union returns the size of the union of m sets A_0 … A_(m−1) from the sizes of their
// intersections, by inclusion–exclusion:
//
//	|A_0 ∪ … ∪ A_(m−1)| = Σ over non-empty S of (−1)^(|S|+1) · measure(S),
//
// where measure(S) is the size of the intersection of the sets A_i for i in S, given to measure as
// increasing indices (the slice is reused: copy it to keep it). The measure must be monotone — a
// larger S never has a larger intersection — because once measure(S) = 0 the supersets of S are
// skipped: their intersections are empty too. Subsets are visited depth first with an explicit
// stack (no recursion), in lexicographic order of their index lists.
//
// The result is exact whenever the true union size is below 2^64 (the sum is taken modulo 2^64).
// At most maxCalls calls of measure are made; beyond that Union returns a *LimitError. Without
// pruning, m sets need 2^m − 1 calls. It returns an error if m < 0.
func Union(m int, measure func(s []int) uint64, maxCalls int) (uint64, error) {
	if m < 0 {
		return 0, fmt.Errorf("incexc: negative number of sets %d", m)
	}
	var sum uint64
	calls := 0
	s := make([]int, 0, m)
	next := 0 // the index to try adding to s
	for {
		if next < m {
			s = append(s, next)
			if calls == maxCalls {
				return 0, &LimitError{Max: maxCalls}
			}
			calls++
			v := measure(s)
			if len(s)%2 == 1 {
				sum += v
			} else {
				sum -= v
			}
			if v != 0 {
				next++ // extend s by a later index
				continue
			}
			s = s[:len(s)-1] // prune the supersets of s; try the next sibling
			next++
			continue
		}
		if len(s) == 0 {
			return sum, nil
		}
		next = s[len(s)-1] + 1
		s = s[:len(s)-1]
	}
}

// Term is one term of inclusion–exclusion for the multiples in lo..hi of a list of divisors: a
// non-empty set of them (0-based positions, increasing), their least common multiple with
// Over set when it exceeds hi (the set then counts nothing), the multiples of it in lo..hi and
// the sign the term is added with (+1 for an odd set, −1 for an even one).
type Term struct {
	Divisors  []int
	LCM       uint64
	Over      bool
	Multiples uint64
	Sign      int
}

// Terms lists the 2^len(ds) − 1 terms of inclusion–exclusion for the multiples in lo..hi of ds
// (lo ≥ 1, every divisor positive), from the definition: their signed sum is CountRange(lo, hi,
// ds). The caller bounds len(ds).
func Terms(lo, hi uint64, ds []uint64) []Term {
	out := make([]Term, 0, 1<<len(ds)-1)
	for set := 1; set < 1<<len(ds); set++ {
		t := Term{Divisors: []int{}, Sign: -1, LCM: 1}
		for i, d := range ds {
			if set>>i&1 == 1 {
				t.Divisors = append(t.Divisors, i)
				t.Sign = -t.Sign
				if !t.Over {
					l, ok := lcmUpTo(t.LCM, d, hi)
					t.LCM, t.Over = l, !ok
				}
			}
		}
		if t.Over {
			t.LCM = 0
		} else {
			t.Multiples = hi/t.LCM - (lo-1)/t.LCM
		}
		out = append(out, t)
	}
	return out
}
