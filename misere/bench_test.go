package misere

import (
	"context"
	"fmt"
	"testing"

	"grundy/octal"
)

// BenchmarkQuotient measures Compute for heaps 0..N of Dawson's Kayles (0.07), Kayles (0.77),
// 0.75 and Nim, with the order reached as a metric.
func BenchmarkQuotient(b *testing.B) {
	for _, c := range []struct {
		g  Named
		ns []int
	}{
		{Octal(octal.MustParse("0.07")), []int{16, 20, 24, 30, 33}},
		{Octal(octal.MustParse("0.77")), []int{20, 30, 40, 60}},
		{Octal(octal.MustParse("0.75")), []int{30, 60, 120}},
		{Nim(), []int{31, 63}},
	} {
		for _, n := range c.ns {
			b.Run(fmt.Sprintf("%s/N=%d", c.g.Name(), n), func(b *testing.B) {
				var q *Quotient
				for b.Loop() {
					var err error
					q, _, err = Compute(context.Background(), c.g, Options{MaxHeap: n})
					if err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(q.Order()), "elements")
			})
		}
	}
}
