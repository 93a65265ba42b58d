package misere

import (
	"context"
	"fmt"
	"testing"

	"grundy/octal"
)

// BenchmarkQuotient measures Compute for heaps 0..N of Dawson's Kayles (0.07), Kayles (0.77) and
// 0.75, with the order reached as a metric.
func BenchmarkQuotient(b *testing.B) {
	for _, c := range []struct {
		code string
		ns   []int
	}{{"0.07", []int{16, 20, 24}}, {"0.77", []int{20, 30, 40}}, {"0.75", []int{30, 60, 120}}} {
		g := Octal(octal.MustParse(c.code))
		for _, n := range c.ns {
			b.Run(fmt.Sprintf("%s/N=%d", c.code, n), func(b *testing.B) {
				var q *Quotient
				for b.Loop() {
					var err error
					q, _, err = Compute(context.Background(), g, Options{MaxHeap: n})
					if err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(q.Order()), "elements")
			})
		}
	}
}
