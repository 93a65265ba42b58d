package poscount

import (
	"fmt"
	"math/big"
	"slices"
	"testing"
)

// win decides by exhaustive search (explicit stack, memo) whether the player to move wins; a
// position without moves is lost.
func win[S comparable](start S, moves func(S) []S, memo map[S]bool) bool {
	type frame struct {
		pos  S
		opts []S
		next int
	}
	stack := []frame{{pos: start, opts: moves(start)}}
	for len(stack) > 0 {
		top := len(stack) - 1
		f := &stack[top]
		if _, ok := memo[f.pos]; ok {
			stack = stack[:top]
			continue
		}
		pushed, won := false, false
		for ; f.next < len(f.opts); f.next++ {
			v, ok := memo[f.opts[f.next]]
			if !ok {
				stack = append(stack, frame{pos: f.opts[f.next], opts: moves(f.opts[f.next])})
				pushed = true
				break
			}
			if !v {
				won = true
				break
			}
		}
		if !pushed {
			memo[f.pos] = won
			stack = stack[:top]
		}
	}
	return memo[start]
}

// nimKMoves lists the moves of Moore's Nim_k on up to four heaps: reduce 1..k heaps.
func nimKMoves(k int) func([4]int) [][4]int {
	return func(h [4]int) [][4]int {
		var out [][4]int
		for sub := 1; sub < 16; sub++ {
			var idx []int
			for i := 0; i < 4; i++ {
				if sub>>i&1 == 1 {
					idx = append(idx, i)
				}
			}
			if len(idx) > k || slices.ContainsFunc(idx, func(i int) bool { return h[i] == 0 }) {
				continue
			}
			// Every way to lower each chosen heap to a smaller size.
			cur := make([]int, len(idx))
			for {
				n := h
				for j, i := range idx {
					n[i] = cur[j]
				}
				slices.Sort(n[:])
				out = append(out, n)
				j := 0
				for j < len(idx) && cur[j] == h[idx[j]]-1 {
					cur[j] = 0
					j++
				}
				if j == len(idx) {
					break
				}
				cur[j]++
			}
		}
		return out
	}
}

// forTuples calls f on every tuple of n non-negative integers with sum at most max.
func forTuples(n, max int, f func([]int)) {
	t := make([]int, n)
	for {
		f(t)
		i := 0
		for i < n {
			t[i]++
			sum := 0
			for _, v := range t {
				sum += v
			}
			if sum <= max {
				break
			}
			t[i] = 0
			i++
		}
		if i == n {
			return
		}
	}
}

func TestMooreAgainstGameSearch(t *testing.T) {
	const maxTotal = 9
	for k := 1; k <= 4; k++ {
		memo := map[[4]int]bool{}
		moves := nimKMoves(k)
		for heaps := 0; heaps <= 4; heaps++ {
			want := make([]uint64, maxTotal+1)
			forTuples(heaps, maxTotal, func(h []int) {
				var p [4]int
				copy(p[:], h)
				slices.Sort(p[:])
				if !win(p, moves, memo) {
					sum := 0
					for _, v := range h {
						sum += v
					}
					want[sum]++
				}
			})
			got, err := Moore(heaps, k, maxTotal, 1<<32)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, want) {
				t.Errorf("Moore(%d heaps, k=%d) = %v, game search gives %v", heaps, k, got, want)
			}
		}
	}
}

func TestStaircaseAgainstGameSearch(t *testing.T) {
	const maxTotal = 7
	memo := map[[5]int]bool{}
	moves := func(x [5]int) [][5]int {
		var out [][5]int
		for i := 0; i < 5; i++ { // x[i] is step i+1; x[0]'s coins fall to the ground
			for c := 1; c <= x[i]; c++ {
				n := x
				n[i] -= c
				if i > 0 {
					n[i-1] += c
				}
				out = append(out, n)
			}
		}
		return out
	}
	for steps := 0; steps <= 5; steps++ {
		want := make([]uint64, maxTotal+1)
		forTuples(steps, maxTotal, func(x []int) {
			var p [5]int
			copy(p[:], x)
			if !win(p, moves, memo) {
				sum := 0
				for _, v := range x {
					sum += v
				}
				want[sum]++
			}
		})
		got, err := Staircase(steps, maxTotal, 1<<32)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Errorf("Staircase(%d) = %v, game search gives %v", steps, got, want)
		}
	}
}

// TestMooreAgainstHeapDP checks larger cases against a different dynamic programme: heaps added
// one at a time, tracking the total and, digit by digit, how many heaps have the digit set
// (modulo k+1). Exact big-integer counts, then reduced.
func TestMooreAgainstHeapDP(t *testing.T) {
	for _, c := range []struct{ heaps, k, maxTotal int }{{6, 1, 90}, {5, 2, 60}, {7, 3, 50}, {3, 1, 127}} {
		const digits = 7
		base := c.k + 1
		nstates := 1
		for i := 0; i < digits; i++ {
			nstates *= base
		}
		// state(v) adds the digits of v to a count vector encoded in base k+1.
		addDigits := func(st, v int) int {
			out, mul := 0, 1
			for d := 0; d < digits; d++ {
				cnt := (st/mul%base + v>>d&1) % base
				out += cnt * mul
				mul *= base
			}
			return out
		}
		dp := make([][]*big.Int, c.maxTotal+1)
		for s := range dp {
			dp[s] = make([]*big.Int, nstates)
		}
		dp[0][0] = big.NewInt(1)
		for h := 0; h < c.heaps; h++ {
			next := make([][]*big.Int, c.maxTotal+1)
			for s := range next {
				next[s] = make([]*big.Int, nstates)
			}
			for s := 0; s <= c.maxTotal; s++ {
				for st, n := range dp[s] {
					if n == nil {
						continue
					}
					for v := 0; s+v <= c.maxTotal; v++ {
						ns := addDigits(st, v)
						if next[s+v][ns] == nil {
							next[s+v][ns] = new(big.Int)
						}
						next[s+v][ns].Add(next[s+v][ns], n)
					}
				}
			}
			dp = next
		}
		for _, mod := range []uint64{1_000_000_007, 1 << 32, 12, 1} {
			got, err := Moore(c.heaps, c.k, c.maxTotal, mod)
			if err != nil {
				t.Fatal(err)
			}
			for s := 0; s <= c.maxTotal; s++ {
				want := new(big.Int)
				if dp[s][0] != nil {
					want.Mod(dp[s][0], new(big.Int).SetUint64(mod))
				}
				if got[s] != want.Uint64() {
					t.Fatalf("Moore(%d, %d) mod %d at total %d = %d, want %d", c.heaps, c.k, mod, s, got[s], want)
				}
			}
		}
	}
}

func TestAddFree(t *testing.T) {
	c := []uint64{3, 0, 5, 1, 7, 2, 2, 9}
	binom := func(n, k int64) *big.Int { return new(big.Int).Binomial(n, k) }
	for parts := 0; parts <= 5; parts++ {
		for _, mod := range []uint64{1 << 32, 1_000_000_009, 5} {
			got, err := AddFree(c, parts, mod)
			if err != nil {
				t.Fatal(err)
			}
			for s := range c {
				want := new(big.Int)
				for u := 0; u <= s; u++ {
					var ways *big.Int
					if parts == 0 {
						ways = big.NewInt(0)
						if u == s {
							ways = big.NewInt(1)
						}
					} else {
						ways = binom(int64(s-u+parts-1), int64(parts-1))
					}
					want.Add(want, new(big.Int).Mul(ways, new(big.Int).SetUint64(c[u])))
				}
				want.Mod(want, new(big.Int).SetUint64(mod))
				if got[s] != want.Uint64() {
					t.Errorf("AddFree(parts=%d, mod=%d)[%d] = %d, want %d", parts, mod, s, got[s], want)
				}
			}
		}
	}
	if c[1] != 0 || c[7] != 9 {
		t.Error("AddFree modified its input")
	}
}

func TestErrors(t *testing.T) {
	cases := []func() error{
		func() error { _, err := Moore(-1, 1, 10, 7); return err },
		func() error { _, err := Moore(2, 0, 10, 7); return err },
		func() error { _, err := Moore(2, 1, -1, 7); return err },
		func() error { _, err := Moore(2, 1, MaxTotal+1, 7); return err },
		func() error { _, err := Moore(2, 1, 10, 0); return err },
		func() error { _, err := Moore(2, 1, 10, 1<<32+1); return err },
		func() error { _, err := Moore(MaxHeaps+1, 1, 10, 7); return err },
		func() error { _, err := Staircase(-3, 10, 7); return err },
		func() error { _, err := AddFree([]uint64{1}, -1, 7); return err },
		func() error { _, err := AddFree([]uint64{1}, 1, 0); return err },
	}
	for i, f := range cases {
		if err := f(); err == nil {
			t.Errorf("case %d: no error", i)
		}
	}
}

func BenchmarkMooreP5363(b *testing.B) {
	for b.Loop() {
		if _, err := Moore(25, 1, 150000, 1_000_000_009); err != nil {
			b.Fatal(err)
		}
	}
}

func ExampleMoore() {
	// Two-heap Nim: the P-positions are the pairs (a, a), one for each even total.
	c, _ := Moore(2, 1, 6, 1_000_000_007)
	fmt.Println(c)
	// Nim_2 on three heaps: every binary digit is set in 0 or 3 heaps, so the P-positions are
	// (a, a, a): one for each total divisible by 3.
	c, _ = Moore(3, 2, 6, 1_000_000_007)
	fmt.Println(c)
	// Output:
	// [1 0 1 0 1 0 1]
	// [1 0 0 1 0 0 1]
}

func ExampleStaircase() {
	// Two steps: the P-positions are those with no coin on step 1, so one for each total.
	c, _ := Staircase(2, 4, 1_000_000_007)
	fmt.Println(c)
	// Output:
	// [1 1 1 1 1]
}

func ExampleAddFree() {
	// Layouts of a 1×7 strip with one white and one black piece: the gap between them is a
	// one-heap Nim game (P only when empty), and the cells before and after are two free heaps.
	// The first player loses only when the pieces are adjacent: 6 of the C(7,2) = 21 layouts.
	c, _ := Moore(1, 1, 5, 1_000_000_007)
	layouts, _ := AddFree(c, 2, 1_000_000_007)
	fmt.Println(layouts[5])
	// Output:
	// 6
}
