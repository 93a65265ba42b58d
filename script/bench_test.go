package script

import (
	"os"
	"strconv"
	"testing"
	"time"

	"grundy/game"
)

// BenchmarkStarlark measures games written in Starlark (BENCHMARKS.md, "Engine"): the Grundy
// values of subtract-a-square for heaps 0..2000 (about 28,000 moves), and Kayles rows 0..60 with
// split(), each from a fresh script.
func BenchmarkStarlark(b *testing.B) {
	run := func(b *testing.B, file string, positions int, pos func(int) string) {
		src, err := os.ReadFile(file)
		if err != nil {
			b.Fatal(err)
		}
		var searched int
		start := time.Now()
		for b.Loop() {
			g, err := Load(file, src, Limits{MaxSteps: 1 << 40, Timeout: time.Hour})
			if err != nil {
				b.Fatal(err)
			}
			s := game.NewSolver[string](g)
			for n := range positions {
				if _, err := s.Value(pos(n)); err != nil {
					b.Fatal(err)
				}
			}
			searched += s.Known()
			g.Close()
		}
		b.ReportMetric(float64(searched)/time.Since(start).Seconds(), "positions/s")
	}
	b.Run("subtract-square", func(b *testing.B) {
		run(b, "../examples/subtract-square.star", 2001, strconv.Itoa)
	})
	b.Run("kayles", func(b *testing.B) {
		run(b, "../examples/kayles.star", 61, func(n int) string {
			row := make([]byte, n+2)
			row[0], row[n+1] = '"', '"'
			for i := 1; i <= n; i++ {
				row[i] = 'x'
			}
			return string(row)
		})
	})
}
