package main

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

func TestCountText(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"count", "10", "2", "3"}, "7\n"},
		{[]string{"count", "18446744073709551615", "1"}, "18446744073709551615\n"},
		{[]string{"count", "18446744073709551615", "4", "6", "10"}, "6763806160360168925\n"},
		{[]string{"count", "0", "2"}, "0\n"},
		{[]string{"count", "100", "4", "2", "0x8", "2"}, "50\n"},
		{[]string{"count", "--from", "11", "20", "4", "6"}, "4\n"},
		{[]string{"count", "20", "--from", "20", "7"}, "0\n"},
	}
	for _, c := range cases {
		out, errOut, code := runCLI(t, "", c.args...)
		if code != 0 || out != c.want {
			t.Errorf("grundy %s: %q (exit %d, %q), want %q", strings.Join(c.args, " "), out, code, errOut, c.want)
		}
	}
}

func TestCountAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 60 {
		n := r.Uint64N(300)
		lo := 1 + r.Uint64N(n+1)
		if lo > n {
			lo = 1
		}
		m := 1 + r.IntN(5)
		ds := make([]uint64, m)
		var sb strings.Builder
		for i := range ds {
			ds[i] = 1 + r.Uint64N(40)
			fmt.Fprintf(&sb, "%d ", ds[i])
		}
		var want uint64
		for x := max(lo, 1); x <= n; x++ {
			for _, d := range ds {
				if x%d == 0 {
					want++
					break
				}
			}
		}
		if n == 0 {
			lo = 1
			want = 0
		}
		args := []string{"count", "--from", strconv.FormatUint(lo, 10), strconv.FormatUint(n, 10), "-"}
		if n == 0 {
			args = []string{"count", "0", "-"}
		}
		v := decodeJSON(t, sb.String(), args...)
		if v["count"] != strconv.FormatUint(want, 10) || v["n"] != strconv.FormatUint(n, 10) {
			t.Fatalf("%v with %v: %v, want count %d", args, ds, v, want)
		}
	}
}

func TestCountBadInput(t *testing.T) {
	wantBadInput(t, "at least 2 argument", "", "count", "10")
	wantBadInput(t, "divisor 2 is 0", "", "count", "10", "3", "0")
	wantBadInput(t, "divisor 1 is 0", "0 5", "count", "10", "-")
	wantBadInput(t, "no divisors", "", "count", "10", "-")
	wantBadInput(t, "N:", "", "count", "--", "-5", "2")
	wantBadInput(t, "unknown shorthand flag", "", "count", "-5", "2")
	wantBadInput(t, "below 2^64", "", "count", "10", "18446744073709551616")
	wantBadInput(t, "negative", "", "count", "--", "10", "-3")
	wantBadInput(t, "--from must be at least 1", "", "count", "--from", "0", "10", "2")
	wantBadInput(t, "range is empty", "", "count", "--from", "11", "10", "2")
	wantBadInput(t, "--from:", "", "count", "--from", "x", "10", "2")
	// 62 primes below 300 with N near 2^64: refused, naming the limit, not run for ever.
	var primes []string
	for p := 2; p < 300; p++ {
		prime := true
		for q := 2; q*q <= p; q++ {
			if p%q == 0 {
				prime = false
			}
		}
		if prime {
			primes = append(primes, strconv.Itoa(p))
		}
	}
	wantBadInput(t, "(the limit)", "", append([]string{"count", "18446744073709551615"}, primes...)...)
}
