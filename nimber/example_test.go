package nimber_test

import (
	"fmt"

	"grundy/nimber"
)

func ExampleMul() {
	fmt.Println(nimber.Mul(2, 2), nimber.Mul(4, 4), nimber.Mul(8, 8), nimber.Mul(5, 6))
	// A Fermat 2-power times a smaller value is the ordinary product; squared it is 3/2 of itself.
	fmt.Println(nimber.Mul(1<<32, 7) == 7<<32, nimber.Mul(1<<32, 1<<32) == 3<<31)
	// Output:
	// 3 6 13 8
	// true true
}

func ExampleMulSlice() {
	a := []uint64{2, 4, 8, 1 << 63}
	b := []uint64{3, 4, 8, 1}
	dst := make([]uint64, len(a))
	nimber.MulSlice(dst, a, b)
	fmt.Println(dst)
	// Output: [1 6 13 9223372036854775808]
}

func ExampleInv() {
	x := nimber.Inv(2)
	fmt.Println(x, nimber.Mul(2, x))
	// Output: 3 1
}

func ExampleDiv() {
	fmt.Println(nimber.Div(nimber.Mul(1234567, 89), 89))
	// Output: 1234567
}

func ExamplePow() {
	fmt.Println(nimber.Pow(2, 2), nimber.Pow(2, 3), nimber.Pow(8, 4))
	// Output: 3 1 10
}

func ExampleSqrt() {
	r := nimber.Sqrt(2)
	fmt.Println(r, nimber.Square(r))
	// Output: 3 2
}

func ExampleOrder() {
	fmt.Println(nimber.Order(2), nimber.Order(8), nimber.Order(nimber.Generator) == nimber.GroupOrder)
	// Output: 3 5 true
}

func ExampleLog() {
	e, ok := nimber.Log(12345)
	fmt.Println(ok, nimber.Pow(nimber.Generator, e) == 12345)
	// Output: true true
}

func ExampleLogBase() {
	// Codeforces 1310F: 8^x = 10 has x = 4; 8^x = 2 has no solution.
	x, ok := nimber.LogBase(8, 10)
	fmt.Println(x, ok)
	_, ok = nimber.LogBase(8, 2)
	fmt.Println(ok)
	// Output:
	// 4 true
	// false
}

func ExampleSolveQuadratic() {
	x, ok := nimber.SolveQuadratic(3)
	fmt.Println(x, x^1, ok, nimber.Mul(x, x)^x)
	// Output: 6 7 true 3
}

func ExampleBig() {
	// 2^64 is a Fermat 2-power: times a smaller value it is the ordinary product, squared it is
	// 3/2 of itself.
	f, _ := nimber.ParseBig("0x10000000000000000")
	fmt.Println(f.Mul(nimber.NewBig(5)).Text(16))
	fmt.Println(f.Square().Text(16))
	x, _ := nimber.ParseBig("123456789012345678901234567890")
	fmt.Println(x.Mul(x.Inv()))
	// Output:
	// 50000000000000000
	// 18000000000000000
	// 1
}

func ExampleParseBig() {
	x, err := nimber.ParseBig("0xffffffffffffffffffffffffffffffff")
	fmt.Println(x, x.FieldBits(), err)
	_, err = nimber.ParseBig("-5")
	fmt.Println(err)
	// Output:
	// 340282366920938463463374607431768211455 128 <nil>
	// nimber: "-5": negative numbers are not allowed
}
