package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestGuess: the command's contract: one JSON document, exit 2 on bad input, the README's
// examples.
func TestGuess(t *testing.T) {
	out, _, code := runCLI(t, "", "guess", "nim", "--to", "50", "--json")
	var r struct {
		Findings []struct{ Key, Status string }
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || code != 0 || len(r.Findings) == 0 || r.Findings[0].Status != "proved" {
		t.Errorf("guess nim --json: %d %v %q", code, err, out)
	}
	if _, stderr, code := runCLI(t, "", "guess", "nmi"); code != 2 || !strings.HasPrefix(stderr, "grundy:") {
		t.Errorf("guess nmi: %d %q", code, stderr)
	}
	if _, stderr, code := runCLI(t, "", "guess", "nim", "--heaps", "x"); code != 2 {
		t.Errorf("guess --heaps x: %d %q", code, stderr)
	}
	out, _, code = runCLI(t, "", "guess", "--script", "../../examples/corners.star", "--heaps", "2", "--to", "16")
	if code != 0 || !strings.Contains(out, "[conjecture] g(x, y) = x ⊗ y") {
		t.Errorf("guess corners script: %d %q", code, out)
	}
	out, _, code = runCLI(t, "", "guess", "--script", "../../examples/powers-of-two.star", "--to", "3000")
	if code != 0 || !strings.Contains(out, "1. [conjecture] g(n) = n mod 3") || !strings.Contains(out, "equal to subtract --set 1,2") {
		t.Errorf("guess powers-of-two: %d %q", code, out)
	}
}
