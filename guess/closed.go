package guess

import (
	"fmt"
	"math/bits"
	"strings"
)

// term is a function of n in the closed-form grammar: its text, size (for the order of the
// search), period when it is periodic (0 otherwise), and the least n it is defined for.
type term struct {
	key    string
	size   int
	period int
	from   int
	f      func(n uint64) uint64
}

// baseTerms returns the grammar's terms, in order of size: n; n mod k; ⌊n/k⌋; n ⊕ c; popcount(n)
// mod 2; the 2-adic valuation v2(n) and the ruler function 2^v2(n) (n ≥ 1), and of n+1;
// ⌊n/k⌋ mod m.
func baseTerms() []term {
	ts := []term{{key: "n", size: 1, f: func(n uint64) uint64 { return n }}}
	ts = append(ts,
		term{key: "popcount(n) mod 2", size: 2, f: func(n uint64) uint64 { return uint64(bits.OnesCount64(n) & 1) }},
		term{key: "v2(n)", size: 2, from: 1, f: func(n uint64) uint64 { return uint64(bits.TrailingZeros64(n)) }},
		term{key: "2^v2(n)", size: 2, from: 1, f: func(n uint64) uint64 { return n & -n }},
	)
	for k := uint64(2); k <= 16; k++ {
		ts = append(ts, term{key: fmt.Sprintf("n mod %d", k), size: 2, period: int(k), f: func(n uint64) uint64 { return n % k }})
	}
	for k := uint64(2); k <= 8; k++ {
		ts = append(ts, term{key: fmt.Sprintf("⌊n/%d⌋", k), size: 2, f: func(n uint64) uint64 { return n / k }})
	}
	for c := uint64(1); c <= 15; c++ {
		ts = append(ts, term{key: fmt.Sprintf("n ⊕ %d", c), size: 2, f: func(n uint64) uint64 { return n ^ c }})
	}
	ts = append(ts,
		term{key: "v2(n+1)", size: 3, f: func(n uint64) uint64 { return uint64(bits.TrailingZeros64(n + 1)) }},
		term{key: "2^v2(n+1)", size: 3, f: func(n uint64) uint64 { return (n + 1) & -(n + 1) }},
	)
	for k := uint64(2); k <= 8; k++ {
		for m := uint64(2); m <= 8; m++ {
			ts = append(ts, term{key: fmt.Sprintf("⌊n/%d⌋ mod %d", k, m), size: 3, period: int(k * m), f: func(n uint64) uint64 { return n / k % m }})
		}
	}
	return ts
}

// closedForm is a candidate a·t(n) + b, checked from heap from on.
type closedForm struct {
	t    term
	a    uint64
	b    int64
	from int
}

func (c closedForm) size() int {
	s := c.t.size
	if c.a != 1 {
		s++
	}
	if c.b != 0 {
		s++
	}
	return s + c.from
}

// key writes the form canonically: "2·⌊n/3⌋ + 1".
func (c closedForm) key() string {
	s := c.t.key
	if c.a != 1 {
		if strings.Contains(s, " ") {
			s = "(" + s + ")"
		}
		s = fmt.Sprintf("%d·%s", c.a, s)
	}
	switch {
	case c.b > 0:
		s += fmt.Sprintf(" + %d", c.b)
	case c.b < 0:
		s += fmt.Sprintf(" − %d", -c.b)
	}
	return s
}

// at returns the form's value at n, and false where it would be negative.
func (c closedForm) at(n uint64) (uint64, bool) {
	v := int64(c.a*c.t.f(n)) + c.b
	return uint64(v), v >= 0
}

// firstMismatch returns the first n ≥ c.from (and ≥ the term's own start) where the form
// differs from g, or len(g).
func (c closedForm) firstMismatch(g []uint64) int {
	for n := c.from; n < len(g); n++ {
		if v, ok := c.at(uint64(n)); !ok || v != g[n] {
			return n
		}
	}
	return len(g)
}

// closedForms returns the candidates in order of size: a·t(n) + b for the base terms t, a ∈
// {1..4}, b ∈ {−3..3}, holding from heap from ∈ {t's start .. t's start + 2} (the values below
// are stated as exceptions).
func closedForms() []closedForm {
	var out []closedForm
	for _, t := range baseTerms() {
		for a := uint64(1); a <= 4; a++ {
			for b := int64(-3); b <= 3; b++ {
				for from := t.from; from <= t.from+2; from++ {
					out = append(out, closedForm{t: t, a: a, b: b, from: from})
				}
			}
		}
	}
	// A stable sort by size keeps the grammar's order within a size.
	sortStable(out, func(c closedForm) int { return c.size() })
	return out
}

// sortStable sorts xs by key, keeping the order of equal keys (a counting sort: keys are small).
func sortStable[T any](xs []T, key func(T) int) {
	maxK := 0
	for _, x := range xs {
		maxK = max(maxK, key(x))
	}
	buckets := make([][]T, maxK+1)
	for _, x := range xs {
		buckets[key(x)] = append(buckets[key(x)], x)
	}
	i := 0
	for _, b := range buckets {
		i += copy(xs[i:], b)
	}
}
