package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestProgress: a forced bar writes its count to stderr; without a terminal and unforced there is
// no bar, and its methods do nothing.
func TestProgress(t *testing.T) {
	var errOut bytes.Buffer
	a := &app{stderr: &errOut}
	bar := a.newProgress(true, 10, "test", "heaps")
	bar.add(4)
	bar.set(10, 10)
	bar.finish()
	if out := errOut.String(); !strings.Contains(out, "10/10") || !strings.Contains(out, "test") {
		t.Fatalf("stderr %q", out)
	}
	errOut.Reset()
	quiet := a.newProgress(false, 10, "test", "heaps")
	if quiet != nil {
		t.Fatal("a bar on a stderr that is not a terminal")
	}
	quiet.add(1)
	quiet.set(2, 10)
	quiet.finish()
	if errOut.Len() != 0 {
		t.Fatalf("a nil bar wrote %q", errOut.String())
	}
}
