package octal

import (
	"context"
	"testing"
)

func benchCompute(b *testing.B, code string, to int, opt Options) {
	c := MustParse(code)
	opt.To = to
	var res *Result
	for b.Loop() {
		var err error
		res, err = Compute(context.Background(), c, opt)
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(res.ComputedTo+1)*float64(b.N)/b.Elapsed().Seconds(), "heaps/s")
	if res.PairEvaluations > 0 {
		b.ReportMetric(float64(res.PairEvaluations)*float64(b.N)/b.Elapsed().Seconds(), "pairs/s")
	}
}

// BenchmarkOctal1777To1e6 is 0.1777 to 10^6 heaps (sparse method).
func BenchmarkOctal1777To1e6(b *testing.B) { benchCompute(b, "0.1777", 1e6, Options{KeepGoing: true}) }

// BenchmarkOctal1777To1e7 is 0.1777 to 10^7 heaps: the headline figure (ogs: 2.2 s on one core).
func BenchmarkOctal1777To1e7(b *testing.B) { benchCompute(b, "0.1777", 1e7, Options{KeepGoing: true}) }

// BenchmarkOctalQuadratic is the quadratic loop forced on 0.6 to 10^5 heaps; pairs/s is the
// number of option evaluations per second.
func BenchmarkOctalQuadratic(b *testing.B) {
	benchCompute(b, "0.6", 1e5, Options{KeepGoing: true, Method: MethodQuadratic})
}
