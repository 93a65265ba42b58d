// Package poscount counts the positions of heap games by outcome: how many tuples of heap sizes
// with a given total are P-positions (the player to move loses), modulo a number of the caller's
// choosing.
//
// Counting problems about games ("how many starting layouts does the first player win?") reduce,
// through a game's theory, to counting tuples of heaps with a fixed total whose heaps satisfy a
// digit-wise condition. The counts here are computed by a dynamic programme over binary digits, in
// time proportional to (number of binary digits of the total) × total × heaps, never by listing
// positions:
//
//   - [Moore] counts the P-positions of Moore's Nim_k (a move reduces between 1 and k heaps), which
//     include ordinary Nim (k = 1);
//   - [Staircase] counts the P-positions of staircase Nim;
//   - [AddFree] adds heaps that do not take part in the game (cells that are free to hold any
//     number of empty squares, the ground of a staircase), to turn counts of game positions into
//     counts of board layouts.
//
// All counts are taken modulo mod, with 1 <= mod <= 2^32 (so that products fit in 64 bits); mod
// need not be prime. Ordered tuples are counted: (1, 2) and (2, 1) are two positions.
package poscount

import "fmt"

// MaxTotal is the largest total the functions accept; the result slices hold MaxTotal+1 counts.
const MaxTotal = 1 << 26

// MaxHeaps is the largest number of heaps the functions accept.
const MaxHeaps = 1 << 16

func checkArgs(heaps, maxTotal int, mod uint64) error {
	switch {
	case heaps < 0 || heaps > MaxHeaps:
		return fmt.Errorf("poscount: %d heaps: the number of heaps must be between 0 and %d", heaps, MaxHeaps)
	case maxTotal < 0 || maxTotal > MaxTotal:
		return fmt.Errorf("poscount: total %d: totals must be between 0 and %d", maxTotal, MaxTotal)
	case mod == 0 || mod > 1<<32:
		return fmt.Errorf("poscount: modulus %d: it must be between 1 and 2^32", mod)
	}
	return nil
}

// binomials returns C(n, j) mod mod for j = 0..n, by Pascal's rule (mod need not be prime).
func binomials(n int, mod uint64) []uint64 {
	row := make([]uint64, n+1)
	row[0] = 1 % mod
	for i := 1; i <= n; i++ {
		for j := i; j > 0; j-- {
			row[j] = (row[j] + row[j-1]) % mod
		}
	}
	return row
}

// Moore returns c with len(c) = maxTotal+1, where c[s] is the number, modulo mod, of ordered tuples
// (h_1, …, h_heaps) of non-negative integers with h_1 + … + h_heaps = s that are P-positions of
// Moore's Nim_k: the game where a move removes a positive number of stones from each of between 1
// and k heaps. By Moore's theorem those are the tuples in which, for every binary digit, the number
// of heaps having that digit set is divisible by k+1. With k = 1 this is ordinary Nim, whose
// P-positions are the tuples of nim-sum 0.
//
// Moore returns an error if k < 1, heaps is outside [0, MaxHeaps], maxTotal outside [0, MaxTotal]
// or mod outside [1, 2^32]. With zero heaps the only tuple is the empty one, of total 0.
func Moore(heaps, k, maxTotal int, mod uint64) ([]uint64, error) {
	if err := checkArgs(heaps, maxTotal, mod); err != nil {
		return nil, err
	}
	if k < 1 {
		return nil, fmt.Errorf("poscount: Nim_%d: k must be at least 1", k)
	}
	binom := binomials(heaps, mod)
	c := make([]uint64, maxTotal+1)
	c[0] = 1 % mod
	// Digit by digit: choose how many heaps (a multiple j of k+1) have digit b set, and which
	// (C(heaps, j) ways); that adds j·2^b to the total. Updating totals in decreasing order lets
	// c hold both the old counts (below s) and the new ones (from s up).
	step := k + 1
	for b := 0; b < 63 && 1<<b <= maxTotal; b++ {
		unit := 1 << b
		for s := maxTotal; s >= 0; s-- {
			acc := c[s]
			for j := step; j <= heaps && j*unit <= s; j += step {
				acc += c[s-j*unit] * binom[j] % mod
			}
			c[s] = acc % mod
		}
	}
	return c, nil
}

// Staircase returns c with len(c) = maxTotal+1, where c[s] is the number, modulo mod, of positions
// (x_1, …, x_steps) of staircase Nim with x_1 + … + x_steps = s that are P-positions. In staircase
// Nim, x_i coins lie on step i (the ground, step 0, is not counted) and a move carries a positive
// number of coins from one step i >= 1 down to step i−1. The P-positions are those where the coins
// on the odd-numbered steps have nim-sum 0 (the even steps play no part).
//
// Staircase returns an error if steps is outside [0, MaxHeaps], maxTotal outside [0, MaxTotal]
// or mod outside [1, 2^32].
func Staircase(steps, maxTotal int, mod uint64) ([]uint64, error) {
	if err := checkArgs(steps, maxTotal, mod); err != nil {
		return nil, err
	}
	odd, err := Moore((steps+1)/2, 1, maxTotal, mod)
	if err != nil {
		return nil, err
	}
	return AddFree(odd, steps/2, mod)
}

// AddFree returns the counts after adding parts free heaps, which may hold any number of stones and
// do not affect the outcome: out[s] = Σ_{t <= s} c[t] · C(s−t+parts−1, parts−1) modulo mod, the
// number of ways to complete a counted position of total t by parts free heaps with total s−t.
// With parts = 0 it returns c reduced modulo mod, in a new slice; c itself is never modified.
//
// AddFree returns an error if parts is outside [0, MaxHeaps] or mod outside [1, 2^32].
func AddFree(c []uint64, parts int, mod uint64) ([]uint64, error) {
	if err := checkArgs(parts, 0, mod); err != nil {
		return nil, err
	}
	out := make([]uint64, len(c))
	for s, v := range c {
		out[s] = v % mod
	}
	// One free heap = one prefix sum: out[s] = Σ_{t <= s} in[t].
	for ; parts > 0; parts-- {
		var run uint64
		for s := range out {
			run += out[s]
			if run >= mod {
				run -= mod
			}
			out[s] = run
		}
	}
	return out, nil
}
