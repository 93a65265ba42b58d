package judge_test

// A slow nim multiplication written straight from the pseudo-code of the CF 1310F statement, kept
// independent of package nimber: it checks the nimber programs' answers.

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// pow2Products[i][j] = 2^i ⊙ 2^j, filled by the statement's multiply_powers_of_2.
var pow2Products = sync.OnceValue(func() *[64][64]uint64 {
	var t [64][64]uint64
	var done [64][64]bool
	// mulPow2 follows the statement; its recursion depth is bounded by the six levels of 2^(2^n)
	// below 2^64, whatever the arguments.
	var mulPow2 func(a, b uint64) uint64
	multiply := func(a, b uint64) uint64 {
		var ans uint64
		for p1 := 0; p1 < 64; p1++ {
			if a>>p1&1 == 0 {
				continue
			}
			for p2 := 0; p2 < 64; p2++ {
				if b>>p2&1 == 1 {
					ans ^= mulPow2(1<<p1, 1<<p2)
				}
			}
		}
		return ans
	}
	mulPow2 = func(a, b uint64) uint64 {
		i, j := log2(a), log2(b)
		if done[i][j] {
			return t[i][j]
		}
		var r uint64
		if a == 1 || b == 1 {
			r = a * b
		} else {
			n := 0
			for n+1 < 6 && uint64(1)<<(1<<(n+1)) <= max(a, b) {
				n++
			}
			power := uint64(1) << (1 << n)
			switch {
			case a >= power && b >= power:
				r = multiply(power*3/2, mulPow2(a/power, b/power))
			case a >= power:
				r = mulPow2(a/power, b) * power
			default:
				r = mulPow2(a, b/power) * power
			}
		}
		t[i][j], done[i][j] = r, true
		return r
	}
	for i := 0; i < 64; i++ {
		for j := 0; j < 64; j++ {
			mulPow2(1<<i, 1<<j)
		}
	}
	return &t
})

func log2(x uint64) int {
	n := 0
	for x > 1 {
		x >>= 1
		n++
	}
	return n
}

// slowNimMul is the statement's multiply(a, b).
func slowNimMul(a, b uint64) uint64 {
	t := pow2Products()
	var ans uint64
	for i := 0; a>>i != 0; i++ {
		if a>>i&1 == 0 {
			continue
		}
		for j := 0; b>>j != 0; j++ {
			if b>>j&1 == 1 {
				ans ^= t[i][j]
			}
		}
	}
	return ans
}

// slowNimPow is a^{⊙e} by square-and-multiply.
func slowNimPow(a, e uint64) uint64 {
	r := uint64(1)
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = slowNimMul(r, a)
		}
		a = slowNimMul(a, a)
	}
	return r
}

// primes of 2^64 − 1, the order of the multiplicative group of the field F_{2^64}.
var groupPrimes = []uint64{3, 5, 17, 257, 641, 65537, 6700417}

// slowNimOrder is the multiplicative order of a ≠ 0 (2^64 − 1 is square-free).
func slowNimOrder(a uint64) uint64 {
	ord := ^uint64(0)
	for _, p := range groupPrimes {
		if slowNimPow(a, ord/p) == 1 {
			ord /= p
		}
	}
	return ord
}

func TestSlowNimMulMatchesDefinition(t *testing.T) {
	// The statement's examples.
	for _, c := range [][3]uint64{{4, 4, 6}, {8, 8, 13}, {32, 64, 141}, {5, 6, 8}, {2, 2, 3}, {16, 16, 24}} {
		if got := slowNimMul(c[0], c[1]); got != c[2] {
			t.Errorf("%d ⊙ %d = %d, want %d", c[0], c[1], got, c[2])
		}
	}
	// Conway's mex definition on all pairs below 64.
	const n = 64
	var mex [n][n]uint64
	for a := 0; a < n; a++ {
		for b := 0; b < n; b++ {
			seen := map[uint64]bool{}
			for a2 := 0; a2 < a; a2++ {
				for b2 := 0; b2 < b; b2++ {
					seen[mex[a2][b]^mex[a][b2]^mex[a2][b2]] = true
				}
			}
			var m uint64
			for seen[m] {
				m++
			}
			mex[a][b] = m
			if got := slowNimMul(uint64(a), uint64(b)); got != m {
				t.Fatalf("%d ⊙ %d = %d, mex definition gives %d", a, b, got, m)
			}
		}
	}
	// Field laws on random 64-bit values.
	r := rand.New(rand.NewPCG(1, 2))
	for k := 0; k < 200; k++ {
		a, b, c := r.Uint64(), r.Uint64(), r.Uint64()
		if slowNimMul(a, b^c) != slowNimMul(a, b)^slowNimMul(a, c) || slowNimMul(slowNimMul(a, b), c) != slowNimMul(a, slowNimMul(b, c)) {
			t.Fatalf("field laws fail at %d %d %d", a, b, c)
		}
	}
}

// checkCF1310F is the special judge of CF 1310F: every printed x must satisfy a^x = b with
// 0 <= x < 2^64, and -1 is accepted only when b is not a power of a.
func checkCF1310F(in, out string) error {
	tk := newToks(in)
	t := tk.int()
	got := strings.Fields(out)
	if len(got) != t {
		return fmt.Errorf("%d answers for %d pairs", len(got), t)
	}
	for i := 0; i < t; i++ {
		a, b := tk.u64(), tk.u64()
		if got[i] == "-1" {
			if slowNimPow(b, slowNimOrder(a)) == 1 {
				return fmt.Errorf("pair %d (%d, %d): answered -1 but %d is a power of %d", i+1, a, b, b, a)
			}
			continue
		}
		x, err := strconv.ParseUint(got[i], 10, 64)
		if err != nil {
			return fmt.Errorf("pair %d: answer %q is not -1 nor a number below 2^64", i+1, got[i])
		}
		if p := slowNimPow(a, x); p != b {
			return fmt.Errorf("pair %d: %d^%d = %d, not %d", i+1, a, x, p, b)
		}
	}
	return tk.err
}

// genCF1310F makes pairs with a known answer: b = a^x for a random x, or b outside the subfield
// that holds a (so no power of a reaches it).
func genCF1310F(r *rand.Rand, i int) (string, string) {
	var in, out strings.Builder
	const t = 12
	fmt.Fprintln(&in, t)
	for k := 0; k < t; k++ {
		var a uint64
		switch r.IntN(4) {
		case 0:
			a = 1 + r.Uint64N(255) // in F_256
		case 1:
			a = 1 + r.Uint64N(1<<32-1) // in F_{2^32}
		default:
			a = 1 + r.Uint64N(1<<63)
		}
		if a < 1<<32 && r.IntN(2) == 0 {
			b := 1<<32 + r.Uint64N(1<<63) // outside F_{2^32}, hence not a power of a
			fmt.Fprintf(&in, "%d %d\n", a, b)
			out.WriteString("-1\n")
			continue
		}
		x := r.Uint64()
		fmt.Fprintf(&in, "%d %d\n", a, slowNimPow(a, x))
		fmt.Fprintf(&out, "%d\n", x)
	}
	return in.String(), out.String()
}
