package incexc_test

import (
	"fmt"

	"grundy/incexc"
)

func ExampleCount() {
	// 1..10 divisible by 2 or 3: 2, 3, 4, 6, 8, 9, 10.
	c, _ := incexc.Count(10, []uint64{2, 3})
	fmt.Println(c)
	// Divisors need not be primes, and n may be as large as 2^64 − 1.
	c, _ = incexc.Count(1<<64-1, []uint64{4, 6, 10})
	fmt.Println(c)
	// Output:
	// 7
	// 6763806160360168925
}

func ExampleCountRange() {
	c, _ := incexc.CountRange(11, 20, []uint64{4, 6}) // 12, 16, 18, 20
	fmt.Println(c)
	// Output: 4
}

func ExampleUnion() {
	// |A ∪ B ∪ C| for A = {1,2,3}, B = {3,4}, C = {4,5,6} from the sizes of the intersections.
	sets := []map[int]bool{{1: true, 2: true, 3: true}, {3: true, 4: true}, {4: true, 5: true, 6: true}}
	size, _ := incexc.Union(len(sets), func(s []int) uint64 {
		var n uint64
		for x := range sets[s[0]] {
			in := true
			for _, i := range s[1:] {
				in = in && sets[i][x]
			}
			if in {
				n++
			}
		}
		return n
	}, 1000)
	fmt.Println(size)
	// Output: 6
}
