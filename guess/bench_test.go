package guess

import (
	"context"
	"testing"
)

// BenchmarkLibraryBuild: building the library of known sequences (what the first guess of a
// process pays).
func BenchmarkLibraryBuild(b *testing.B) {
	for b.Loop() {
		if _, err := NewLibrary(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSequenceLookup: guessing on g(0..10^4) of a game equal to subtract {1, 2} (n mod 3),
// the library built: periods, closed forms, the lookup and the known games' facts.
func BenchmarkSequenceLookup(b *testing.B) {
	lib := library(b)
	g := mexSeq([]int{1, 2}, 10000)
	for b.Loop() {
		if _, err := Sequence(context.Background(), g, Options{Library: lib}); err != nil {
			b.Fatal(err)
		}
	}
}
