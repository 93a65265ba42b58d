package misere_test

import (
	"context"
	"fmt"

	"grundy/misere"
)

// Misère Nim on heaps of at most 3 tokens: the tame quotient T₂.
func ExampleCompute() {
	q, stop, err := misere.Compute(context.Background(), misere.Nim(), misere.Options{MaxHeap: 3})
	if err != nil {
		panic(err)
	}
	fmt.Println("order", q.Order(), "P-portion", len(q.PPortion()), "stopped at", stop)
	for _, r := range q.Presentation() {
		fmt.Println(r)
	}
	for h, e := range q.Pretending() {
		fmt.Printf("heap %d -> %s\n", h, q.Name(e))
	}
	p, _ := q.Outcome([]int{1, 2, 3})
	fmt.Println("1+2+3 is a P-position:", p)
	// Output:
	// order 6 P-portion 2 stopped at max-heap
	// a² = 1
	// b³ = b
	// heap 0 -> 1
	// heap 1 -> a
	// heap 2 -> b
	// heap 3 -> ab
	// 1+2+3 is a P-position: true
}
