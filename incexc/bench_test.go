package incexc

import "testing"

// forty returns the 40 divisors 20, 21, …, 59 (30 remain after multiples such as 40 = 2·20 are
// dropped; none of them is prime-only, so lcms collide often).
func forty() []uint64 {
	ds := make([]uint64, 0, 40)
	for d := uint64(20); d < 60; d++ {
		ds = append(ds, d)
	}
	return ds
}

var sink uint64

// BenchmarkCount40 is Count with 40 small divisors and N = 10^6: lcm-merged terms.
func BenchmarkCount40(b *testing.B) {
	ds := forty()
	for b.Loop() {
		c, err := Count(1e6, ds)
		if err != nil || c != 505361 {
			b.Fatalf("%d %v", c, err)
		}
		sink = c
	}
}

// BenchmarkCount40DFS is the baseline for BenchmarkCount40: the seed's depth-first walk over
// subsets with lcm pruning but no merging of equal lcms (dfsCount in the tests).
func BenchmarkCount40DFS(b *testing.B) {
	ds := forty()
	for b.Loop() {
		c := dfsCount(1e6, ds)
		if c != 505361 {
			b.Fatalf("%d", c)
		}
		sink = c
	}
}

// BenchmarkCount40N1e12 is Count with the same divisors and N = 10^12, where the DFS baseline
// would walk far too many subsets to time (it already takes minutes at N = 10^9).
func BenchmarkCount40N1e12(b *testing.B) {
	ds := forty()
	for b.Loop() {
		c, err := Count(1e12, ds)
		if err != nil {
			b.Fatal(err)
		}
		sink = c
	}
}
