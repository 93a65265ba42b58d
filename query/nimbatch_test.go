package query

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"testing"
)

// BenchmarkNimBatch measures `grundy nim mul --batch` in process on 100,000 random 64-bit pairs
// (parse, multiply, format); ns/op is per line. scripts/bench-nim-batch.sh compares the whole
// program with the seed's C++ program.
func BenchmarkNimBatch(b *testing.B) {
	const lines = 100000
	rng := rand.New(rand.NewPCG(5, 6))
	var in bytes.Buffer
	for range lines {
		fmt.Fprintf(&in, "%d %d\n", rng.Uint64(), rng.Uint64())
	}
	data := in.Bytes()
	b.SetBytes(int64(len(data)) / lines)
	for b.Loop() {
		if err := NimBatch(context.Background(), bytes.NewReader(data), io.Discard, false); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/lines, "ns/line")
}
