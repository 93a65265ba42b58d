package query

import (
	"context"
	"os"
	"testing"
)

// BenchmarkGuessScript: `grundy guess --script examples/powers-of-two.star --to 10000` in process:
// the script's table and the guess (the library built before the timing).
func BenchmarkGuessScript(b *testing.B) {
	src, err := os.ReadFile("../examples/powers-of-two.star")
	if err != nil {
		b.Fatal(err)
	}
	if _, err := Guess(context.Background(), GuessRequest{Ruleset: "nim", To: "50"}, CLI()); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Guess(context.Background(), GuessRequest{Script: string(src), To: "10000"}, CLI()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGuessScriptTable: the same script's table alone (`grundy seq --script … --to 10000`).
func BenchmarkGuessScriptTable(b *testing.B) {
	src, err := os.ReadFile("../examples/powers-of-two.star")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Seq(context.Background(), SeqRequest{Script: string(src), To: "10000", Summary: true}, CLI()); err != nil {
			b.Fatal(err)
		}
	}
}
