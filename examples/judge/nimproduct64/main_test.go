package main

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
)

func input(pairs int) []byte {
	r := rand.New(rand.NewPCG(64, 64))
	var b bytes.Buffer
	fmt.Fprintln(&b, pairs)
	for range pairs {
		fmt.Fprintln(&b, r.Uint64(), r.Uint64())
	}
	return b.Bytes()
}

func xorSlice(dst, a, b []uint64) {
	for i := range a {
		dst[i] = a[i] ^ b[i]
	}
}

func TestRun(t *testing.T) {
	var out strings.Builder
	if err := run(strings.NewReader("3\n5 6\n3141 5926\n18446744073709551615 18446744073709551615\n"), &out); err != nil {
		t.Fatal(err)
	}
	if got, want := out.String(), "8\n14994\n11290409524105353207\n"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// BenchmarkRun is the program on 10^5 random pairs; BenchmarkIOOnly is the same reading and
// writing with XOR in place of the nim-product. Their ratio shows how much the products add.
func BenchmarkRun(b *testing.B) {
	in := input(100_000)
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		if err := run(bytes.NewReader(in), io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkIOOnly(b *testing.B) {
	in := input(100_000)
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		if err := solve(bytes.NewReader(in), io.Discard, xorSlice); err != nil {
			b.Fatal(err)
		}
	}
}
