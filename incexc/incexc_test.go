package incexc

import (
	"errors"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

// bruteCount counts 1..n divisible by some d, straight from the definition.
func bruteCount(n uint64, ds []uint64) uint64 {
	var c uint64
	for x := uint64(1); x <= n; x++ {
		for _, d := range ds {
			if x%d == 0 {
				c++
				break
			}
		}
	}
	return c
}

// bigInclusionExclusion is the textbook sum over all 2^m − 1 subsets, in big integers, with no
// pruning and no merging: the formula itself.
func bigInclusionExclusion(n uint64, ds []uint64) *big.Int {
	N := new(big.Int).SetUint64(n)
	sum := new(big.Int)
	for mask := 1; mask < 1<<len(ds); mask++ {
		l := big.NewInt(1)
		cnt := 0
		for i, d := range ds {
			if mask>>i&1 == 1 {
				cnt++
				D := new(big.Int).SetUint64(d)
				g := new(big.Int).GCD(nil, nil, l, D)
				l.Mul(l, D.Quo(D, g))
			}
		}
		q := new(big.Int).Quo(N, l)
		if cnt%2 == 1 {
			sum.Add(sum, q)
		} else {
			sum.Sub(sum, q)
		}
	}
	return sum
}

// dfsCount is the seed's method made safe: a depth-first walk over subsets (explicit stack) with
// an incrementally kept lcm, pruning a branch once the lcm exceeds n. No dedupe, no merging. It is
// the baseline of the benchmarks and a second opinion in the tests.
func dfsCount(n uint64, ds []uint64) uint64 {
	type frame struct {
		lcm  uint64
		next int
		odd  bool
	}
	var sum uint64
	stack := []frame{{lcm: 1, next: 0, odd: false}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.next == len(ds) {
			stack = stack[:len(stack)-1]
			continue
		}
		d := ds[f.next]
		f.next++
		l, ok := lcmUpTo(f.lcm, d, n)
		if !ok {
			continue
		}
		odd := !f.odd
		if odd {
			sum += n / l
		} else {
			sum -= n / l
		}
		stack = append(stack, frame{lcm: l, next: f.next, odd: odd})
	}
	return sum
}

func TestCountAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := uint64(0); n <= 60; n++ {
		for range 30 {
			m := r.IntN(7)
			ds := make([]uint64, m)
			for i := range ds {
				ds[i] = 1 + uint64(r.IntN(int(n)+10))
			}
			want := bruteCount(n, ds)
			got, err := Count(n, ds)
			if err != nil || got != want {
				t.Fatalf("Count(%d, %v) = %d, %v; want %d", n, ds, got, err, want)
			}
			if d := dfsCount(n, ds); d != want {
				t.Fatalf("dfsCount(%d, %v) = %d want %d", n, ds, d, want)
			}
		}
	}
}

// TestCountAgainstFormula checks big n and awkward divisors against the unpruned formula in big
// integers (m ≤ 12), including divisors near 2^64 whose products overflow.
func TestCountAgainstFormula(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 400 {
		var n uint64
		switch r.IntN(3) {
		case 0:
			n = 1<<64 - 1 - uint64(r.IntN(3))
		case 1:
			n = r.Uint64()
		default:
			n = r.Uint64N(1 << 40)
		}
		m := 1 + r.IntN(12)
		ds := make([]uint64, m)
		for i := range ds {
			switch r.IntN(4) {
			case 0:
				ds[i] = 2 + r.Uint64N(30)
			case 1:
				ds[i] = r.Uint64()>>uint(r.IntN(64)) | 1
			case 2:
				ds[i] = (2 + r.Uint64N(6)) * (2 + r.Uint64N(6)) * (1 + r.Uint64N(5))
			default:
				if i > 0 {
					ds[i] = ds[r.IntN(i)] * (1 + r.Uint64N(3)) // repeats and multiples
				} else {
					ds[i] = 1 + r.Uint64N(1000)
				}
				if ds[i] == 0 {
					ds[i] = 7
				}
			}
		}
		want := bigInclusionExclusion(n, ds)
		got, err := Count(n, ds)
		if err != nil || !want.IsUint64() || got != want.Uint64() {
			t.Fatalf("Count(%d, %v) = %d, %v; formula %v", n, ds, got, err, want)
		}
		if d := dfsCount(n, ds); d != got {
			t.Fatalf("dfsCount(%d, %v) = %d, Count %d", n, ds, d, got)
		}
	}
}

func TestCountEdges(t *testing.T) {
	max := uint64(1<<64 - 1)
	cases := []struct {
		n    uint64
		ds   []uint64
		want uint64
	}{
		{10, []uint64{2, 3}, 7}, // the seed's sample
		{0, []uint64{2}, 0},
		{max, []uint64{1}, max},
		{max, []uint64{1, 5}, max},
		{max, []uint64{max}, 1},
		{max, []uint64{max, max - 1}, 2},
		{max, []uint64{1 << 63, 3}, 1 + max/3 - 0}, // 2^63 is not a multiple of 3
		{max, nil, 0},
		{5, []uint64{6, 7}, 0},
		{100, []uint64{4, 2, 8, 2}, 50},
	}
	for _, c := range cases {
		got, err := Count(c.n, c.ds)
		if err != nil || got != c.want {
			t.Errorf("Count(%d, %v) = %d, %v; want %d", c.n, c.ds, got, err, c.want)
		}
	}
	_, err := Count(10, []uint64{3, 0})
	var de *DivisorError
	if !errors.As(err, &de) || de.Index != 1 || !strings.Contains(err.Error(), "divisor 2 is 0") {
		t.Errorf("divisor 0: %v", err)
	}
}

// TestCountManyDivisorsOfOneNumber: 64 divisors of 720720 ≤ n: without merging this is 2^64
// subsets, all with lcm ≤ n; with merging it is a few hundred terms.
func TestCountManyDivisorsOfOneNumber(t *testing.T) {
	const h = 720720 // 2^4·3^2·5·7·11·13: 240 divisors
	var ds []uint64
	for d := uint64(2); d <= h && len(ds) < 64; d++ {
		if h%d == 0 {
			ds = append(ds, d)
		}
	}
	if len(ds) != 64 {
		t.Fatalf("%d divisors", len(ds))
	}
	n := uint64(1<<64 - 1)
	got, err := CountLimit(n, ds, 10000)
	if err != nil {
		t.Fatal(err)
	}
	// 2 divides… not all of them: check by periodicity. The answer is (n / h)·c(h) + c(n mod h),
	// where c(x) counts 1..x by brute force.
	want := (n/h)*bruteCount(h, ds) + bruteCount(n%h, ds)
	if got != want || latticeCount(n, h, ds) != want {
		t.Fatalf("got %d want %d (lattice %d)", got, want, latticeCount(n, h, ds))
	}
	// And an antichain of 64 divisors of 897612484786617600 (103680 divisors): no divisor divides
	// another, so nothing is dropped before the merge.
	const H = 897612484786617600
	anti := antichainDivisors(H, 64)
	if len(anti) != 64 {
		t.Fatalf("antichain of %d", len(anti))
	}
	got, err = Count(n, anti)
	if err != nil {
		t.Fatal(err)
	}
	if want := latticeCount(n, H, anti); got != want {
		t.Fatalf("antichain: got %d want %d", got, want)
	}
}

// antichainDivisors returns k divisors of h none of which divides another: divisors with the same
// number of prime factors (with multiplicity), taken in increasing order.
func antichainDivisors(h uint64, k int) []uint64 {
	var primes []uint64
	x := h
	for p := uint64(2); p*p <= x; p++ {
		for x%p == 0 {
			primes = append(primes, p)
			x /= p
		}
	}
	if x > 1 {
		primes = append(primes, x)
	}
	// divisors with exactly half as many prime factors as h
	want := len(primes) / 2
	seen := map[uint64]bool{}
	var out []uint64
	type st struct {
		i    int
		d    uint64
		used int
	}
	stack := []st{{0, 1, 0}}
	for len(stack) > 0 && len(out) < k {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if s.used == want {
			if !seen[s.d] {
				seen[s.d] = true
				out = append(out, s.d)
			}
			continue
		}
		if s.i == len(primes) {
			continue
		}
		stack = append(stack, st{s.i + 1, s.d, s.used}, st{s.i + 1, s.d * primes[s.i], s.used + 1})
	}
	return out
}

// latticeCount counts 1..n divisible by some d when every d divides h, independently of
// inclusion–exclusion over the divisors: x is divisible by d exactly when gcd(x, h) is, so the
// count is the sum of f(g) = #{x ≤ n : gcd(x, h) = g} over the divisors g of h that some d
// divides. F(g) = ⌊n/g⌋ = Σ over multiples g′ of g (dividing h) of f(g′); the divisor lattice is a
// product of chains, one per prime, and inverting the sum along each chain gives f.
func latticeCount(n, h uint64, ds []uint64) uint64 {
	var ps []uint64
	var es []int
	x := h
	for p := uint64(2); p*p <= x; p++ {
		if x%p == 0 {
			e := 0
			for x%p == 0 {
				x /= p
				e++
			}
			ps, es = append(ps, p), append(es, e)
		}
	}
	if x > 1 {
		ps, es = append(ps, x), append(es, 1)
	}
	// Divisors in mixed radix: index = Σ e_k · stride_k.
	size := 1
	strides := make([]int, len(ps))
	for k := range ps {
		strides[k] = size
		size *= es[k] + 1
	}
	div := make([]uint64, size)
	for i := range div {
		d, r := uint64(1), i
		for k := range ps {
			e := r % (es[k] + 1)
			r /= es[k] + 1
			for ; e > 0; e-- {
				d *= ps[k]
			}
		}
		div[i] = d
	}
	f := make([]uint64, size)
	for i, d := range div {
		f[i] = n / d
	}
	for k := range ps {
		for i := range f {
			if (i/strides[k])%(es[k]+1) < es[k] {
				f[i] -= f[i+strides[k]]
			}
		}
	}
	var c uint64
	for i, g := range div {
		for _, d := range ds {
			if g%d == 0 {
				c += f[i]
				break
			}
		}
	}
	return c
}

// TestLatticeCountChecker validates the checker used above against brute force.
func TestLatticeCountChecker(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for range 200 {
		h := 1 + r.Uint64N(3000)
		var ds []uint64
		for d := uint64(1); d <= h; d++ {
			if h%d == 0 && r.IntN(3) == 0 {
				ds = append(ds, d)
			}
		}
		n := r.Uint64N(5000)
		if got, want := latticeCount(n, h, ds), bruteCount(n, ds); got != want {
			t.Fatalf("latticeCount(%d, %d, %v) = %d want %d", n, h, ds, got, want)
		}
	}
}

func TestLimitRefuses(t *testing.T) {
	var primes []uint64
	for p := uint64(2); p < 300; p++ {
		prime := true
		for q := uint64(2); q*q <= p; q++ {
			if p%q == 0 {
				prime = false
			}
		}
		if prime {
			primes = append(primes, p)
		}
	}
	_, err := CountLimit(1<<64-1, primes, 1000)
	var le *LimitError
	if !errors.As(err, &le) || le.Max != 1000 || !strings.Contains(err.Error(), "1000") {
		t.Fatalf("62 primes: %v", err)
	}
}

func TestCountRange(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		lo := 1 + r.Uint64N(80)
		hi := r.Uint64N(100)
		ds := []uint64{1 + r.Uint64N(12), 1 + r.Uint64N(12), 2 + r.Uint64N(30)}
		var want uint64
		for x := lo; x <= hi; x++ {
			for _, d := range ds {
				if x%d == 0 {
					want++
					break
				}
			}
		}
		got, err := CountRange(lo, hi, ds)
		if err != nil || got != want {
			t.Fatalf("CountRange(%d, %d, %v) = %d, %v; want %d", lo, hi, ds, got, err, want)
		}
	}
	max := uint64(1<<64 - 1)
	if got, err := CountRange(1, max, []uint64{1}); err != nil || got != max {
		t.Fatalf("full range with 1: %d %v", got, err)
	}
	if got, err := CountRange(max-9, max, []uint64{2}); err != nil || got != 5 {
		t.Fatalf("top range: %d %v", got, err)
	}
	if _, err := CountRange(0, 5, []uint64{2}); err == nil {
		t.Fatal("lo = 0 accepted")
	}
	if _, err := CountRange(3, 5, []uint64{0}); err == nil {
		t.Fatal("divisor 0 accepted")
	}
}

// TestUnion checks Union on random families of subsets of a small universe (bit masks), against
// the size of the union computed directly.
func TestUnion(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 500 {
		m := r.IntN(10)
		sets := make([]uint64, m)
		var union uint64
		for i := range sets {
			sets[i] = r.Uint64() & r.Uint64() & r.Uint64()
			union |= sets[i]
		}
		calls := 0
		got, err := Union(m, func(s []int) uint64 {
			calls++
			inter := ^uint64(0)
			for _, i := range s {
				inter &= sets[i]
			}
			return uint64(popcount(inter))
		}, 1<<20)
		if err != nil || got != uint64(popcount(union)) {
			t.Fatalf("Union = %d, %v; want %d", got, err, popcount(union))
		}
		if calls > 1<<m {
			t.Fatalf("%d calls for %d sets", calls, m)
		}
	}
	// Pruning: disjoint sets need only the m singletons and m(m−1)/2 pairs.
	calls := 0
	got, err := Union(40, func(s []int) uint64 {
		calls++
		if len(s) == 1 {
			return 3
		}
		return 0
	}, 1<<20)
	if err != nil || got != 120 || calls != 40+40*39/2 {
		t.Fatalf("disjoint: %d %v calls %d", got, err, calls)
	}
	// The limit is honoured.
	_, err = Union(30, func([]int) uint64 { return 1 }, 1000)
	var le *LimitError
	if !errors.As(err, &le) {
		t.Fatalf("limit: %v", err)
	}
	if _, err := Union(-1, nil, 10); err == nil {
		t.Fatal("negative m accepted")
	}
	if got, err := Union(0, nil, 0); err != nil || got != 0 {
		t.Fatal("empty union")
	}
}

func popcount(x uint64) int {
	c := 0
	for ; x != 0; x &= x - 1 {
		c++
	}
	return c
}

func FuzzCount(f *testing.F) {
	f.Add(uint16(10), uint8(2), uint8(3), uint8(0))
	f.Add(uint16(1000), uint8(4), uint8(6), uint8(9))
	f.Fuzz(func(t *testing.T, n uint16, a, b, c uint8) {
		ds := []uint64{uint64(a), uint64(b), uint64(c)}
		got, err := Count(uint64(n), ds)
		if a == 0 || b == 0 || c == 0 {
			if err == nil {
				t.Fatalf("divisor 0 accepted")
			}
			return
		}
		if want := bruteCount(uint64(n), ds); err != nil || got != want {
			t.Fatalf("Count(%d, %v) = %d, %v; want %d", n, ds, got, err, want)
		}
	})
}

// TestTerms checks that the signed multiples of the terms add up to the count of lo..hi divisible
// by some divisor, counted one by one, and that a set whose lcm is over hi counts nothing.
func TestTerms(t *testing.T) {
	for _, c := range []struct {
		lo, hi uint64
		ds     []uint64
	}{{1, 100, []uint64{2, 3, 5}}, {7, 60, []uint64{4, 6, 9, 10}}, {1, 12, []uint64{5, 7, 11}}, {5, 5, []uint64{1}}} {
		want := 0
		for x := c.lo; x <= c.hi; x++ {
			for _, d := range c.ds {
				if x%d == 0 {
					want++
					break
				}
			}
		}
		ts := Terms(c.lo, c.hi, c.ds)
		if len(ts) != 1<<len(c.ds)-1 {
			t.Fatalf("%v: %d terms", c.ds, len(ts))
		}
		got := 0
		for _, tm := range ts {
			if tm.Over != (tm.LCM == 0) || (tm.Over && tm.Multiples != 0) || (!tm.Over && tm.LCM > c.hi) {
				t.Errorf("%v: term %+v", c.ds, tm)
			}
			got += tm.Sign * int(tm.Multiples)
		}
		if got != want {
			t.Errorf("%d..%d %v: terms add to %d, want %d", c.lo, c.hi, c.ds, got, want)
		}
	}
}
