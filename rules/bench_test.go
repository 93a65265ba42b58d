package rules

import (
	"context"
	"fmt"
	"testing"

	"grundy/game"
)

// BenchmarkCatalogue compares, on all 4,681 Nim positions of at most 4 heaps of at most 7, the
// closed form (Analyze: value and every winning move) with the generic engine answering the same
// questions from the move relation (one solver for the whole run, so its memo is shared).
func BenchmarkCatalogue(b *testing.B) {
	r, _ := New("nim", nil)
	ps := upTo(4, 0, 7)
	b.Run("closed-form", func(b *testing.B) {
		for range b.N {
			for _, p := range ps {
				if _, err := r.Analyze(context.Background(), p); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.ReportMetric(float64(b.N*len(ps))/b.Elapsed().Seconds(), "positions/s")
	})
	b.Run("engine", func(b *testing.B) {
		for range b.N {
			s := game.NewSolver(EngineGame(r))
			for _, p := range ps {
				k := Canonical(r, p).Key()
				if _, err := s.Value(k); err != nil {
					b.Fatal(err)
				}
				if _, err := s.WinningMoves(k); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.ReportMetric(float64(b.N*len(ps))/b.Elapsed().Seconds(), "positions/s")
	})
}

// BenchmarkHuge answers positions far beyond any search: 1,000 Nim heaps near 2^64, Wythoff at
// 2^64-1, Turning Corners with 1,000 coins at 64-bit coordinates.
func BenchmarkHuge(b *testing.B) {
	huge := func(name string, flags map[string]string, args []string) {
		r, err := New(name, flags)
		if err != nil {
			b.Fatal(err)
		}
		p, err := r.Parse(args)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			for range b.N {
				if _, err := r.Analyze(context.Background(), p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	var heaps, coins []string
	for i := range 1000 {
		heaps = append(heaps, fmt.Sprintf("%#x", uint64(0xfffffffffff00000)+uint64(i)*7919))
		coins = append(coins, fmt.Sprintf("%#x,%#x", uint64(0xfedcba9876543210)+uint64(i)*104729, uint64(0x123456789abcdef0)^uint64(i)))
	}
	huge("nim", nil, heaps)
	huge("wythoff", nil, []string{"0xffffffffffffffff", "0xfffffffffffffffe"})
	huge("corners", nil, coins)
}
