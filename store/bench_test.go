package store

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
)

// BenchmarkSave measures the catalogue's write rate: one op saves one new row (an upsert, one
// transaction), through one connection after another as a shard does, on each backend. The
// PostgreSQL server is the tests' throwaway cluster on loopback, with its default durability
// (fsync on, synchronous commit); SQLite is in WAL mode (synchronous FULL by default: one sync a
// commit too).
func BenchmarkSave(b *testing.B) {
	for _, backend := range backends {
		b.Run(backend, func(b *testing.B) {
			db := mustOpen(b, newTarget(b, backend))
			ctx := context.Background()
			b.ResetTimer()
			for i := range b.N {
				r := Record{Code: fmt.Sprintf("0.%d", i), ComputedTo: int64(i), Period: 12, Preperiod: 71, Proved: true, Method: "sparse"}
				if _, err := db.Save(ctx, r); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}

// BenchmarkSaveParallel is BenchmarkSave with 8 writers at once (4 connections), as the shards of
// a sweep write together: SQLite serializes them; PostgreSQL commits them side by side.
func BenchmarkSaveParallel(b *testing.B) {
	for _, backend := range backends {
		b.Run(backend, func(b *testing.B) {
			db := mustOpen(b, newTarget(b, backend))
			ctx := context.Background()
			var next atomic.Int64
			b.SetParallelism(4)
			b.ResetTimer()
			b.RunParallel(func(p *testing.PB) {
				for p.Next() {
					i := next.Add(1)
					r := Record{Code: fmt.Sprintf("0.%d", i), ComputedTo: i, Period: 12, Preperiod: 71, Proved: true, Method: "sparse"}
					if _, err := db.Save(ctx, r); err != nil {
						b.Error(err)
						return
					}
				}
			})
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}
