package xorbasis_test

import (
	"fmt"

	"grundy/xorbasis"
)

func ExampleBasis() {
	var b xorbasis.Basis
	for _, v := range []uint64{13, 9, 6} {
		fmt.Println("insert", v, "independent:", b.Insert(v))
	}
	mx, _ := b.Max()
	fmt.Println("rank", b.Rank(), "max", mx)
	w, ok := b.Represent(2)
	fmt.Println("2 in span:", ok, "witness (indices):", w) // 9 ^ 6 ^ 13 = 2
	// Output:
	// insert 13 independent: true
	// insert 9 independent: true
	// insert 6 independent: true
	// rank 3 max 15
	// 2 in span: true witness (indices): [0 1 2]
}

func ExampleBasis_KthSmallest() {
	// HDU 3949: only non-empty subsets count, so 0 appears only when the numbers are dependent.
	var b xorbasis.Basis
	b.Insert(1)
	b.Insert(2)
	for k := uint64(1); k <= 4; k++ {
		v, ok := b.KthSmallest(k)
		fmt.Println(k, v, ok)
	}
	b.Insert(3) // 1^2^3 = 0: now 0 is the smallest
	v, _ := b.KthSmallest(1)
	fmt.Println("after inserting 3, k=1:", v)
	// Output:
	// 1 1 true
	// 2 2 true
	// 3 3 true
	// 4 0 false
	// after inserting 3, k=1: 0
}

func ExampleNewNim() {
	res, ok := xorbasis.NewNim([]uint64{5, 5, 6, 6, 5, 5})
	fmt.Println(ok, res.Taken, "kept heaps", res.Kept)
	// Output: true 21 kept heaps [0 2]
}

func ExampleZeroSubset() {
	// Hungergame: the first player wins exactly when some boxes XOR to 0.
	boxes := []uint64{3, 5, 9, 6}
	w, ok := xorbasis.ZeroSubset(boxes)
	fmt.Println(ok, w) // 3 ^ 5 ^ 6 = 0
	// Output: true [0 1 3]
}

func ExamplePrefixBasis() {
	pb := xorbasis.NewPrefixBasis([]uint64{8, 1, 2, 4, 12})
	m, _ := pb.MaxXor(1, 4) // a[1:4] = 1, 2, 4
	fmt.Println(m)
	m, _ = pb.MaxXor(3, 5) // 4, 12
	fmt.Println(m)
	// Output:
	// 7
	// 12
}

func ExampleRank() {
	rows := make([]xorbasis.Bits, 3)
	for i := range rows {
		rows[i] = xorbasis.NewBits(200)
	}
	rows[0].SetBit(199, true)
	rows[1].SetBit(0, true)
	rows[2].SetBit(199, true)
	rows[2].SetBit(0, true) // row 2 = row 0 + row 1
	fmt.Println(xorbasis.Rank(rows))
	// Output: 2
}
