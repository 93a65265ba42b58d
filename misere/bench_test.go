package misere

import (
	"context"
	"errors"
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

// BenchmarkStop measures how long quotients that keep growing take to be stopped by the default
// size limit: 0.76 (a run of failures at heap 12), Grundy's game (heap 29) and Dawson's Kayles
// (heap 34, through its quotient of heap 33). Each must end in a *SizeError.
func BenchmarkStop(b *testing.B) {
	for _, c := range []struct {
		code string
		n    int
	}{{"0.76", 12}, {"grundy", 29}, {"0.07", 34}} {
		b.Run(fmt.Sprintf("%s/N=%d", c.code, c.n), func(b *testing.B) {
			g := Octal(octal.MustParse(c.code))
			for b.Loop() {
				_, _, err := Compute(context.Background(), g, Options{MaxHeap: c.n})
				var se *SizeError
				if !errors.As(err, &se) || se.Heap != c.n {
					b.Fatalf("want a size error at heap %d, got %v", c.n, err)
				}
			}
		})
	}
}

// BenchmarkWhole measures the time to the certified quotient of the whole game (Compute with
// Prove, heap by heap until the periodicity theorem's check passes): 0.75 (heap 23) and Kayles
// (heap 169). Each must end proved. cpu-ms/op is the process's CPU time (user and system, all
// threads) per computation, which a loaded machine inflates less than the wall time.
func BenchmarkWhole(b *testing.B) {
	for _, code := range []string{"0.75", "0.77"} {
		b.Run(code, func(b *testing.B) {
			g := Octal(octal.MustParse(code))
			var q *Quotient
			cpu0 := cpuTime()
			for b.Loop() {
				var stop string
				var err error
				q, stop, err = Compute(context.Background(), g, Options{MaxHeap: 255, Prove: true})
				if err != nil || stop != StopProved {
					b.Fatalf("%s: %q %v", code, stop, err)
				}
			}
			b.ReportMetric((cpuTime()-cpu0).Seconds()*1000/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(q.MaxHeap()), "heap")
		})
	}
}
