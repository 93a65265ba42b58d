package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"grundy/octal"
)

// TestProgress: a forced bar writes its count to stderr; an interrupted bar ends where it stood,
// not at 100%; without a terminal and unforced there is no bar, and its methods do nothing.
func TestProgress(t *testing.T) {
	var errOut bytes.Buffer
	a := &app{stderr: &errOut}
	bar := a.newProgress(true, 10, "test", "codes")
	bar.add(10)
	bar.finish()
	if out := errOut.String(); !strings.Contains(out, "10/10") || !strings.Contains(out, "test") {
		t.Fatalf("stderr %q", out)
	}
	errOut.Reset()
	bar = a.newProgress(true, 10, "test", "codes")
	bar.add(4)
	bar.finish()
	if out := errOut.String(); strings.Contains(out, "10/10") || strings.Contains(out, "100%") {
		t.Fatalf("an interrupted bar claims to be done: %q", out)
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

// TestStatusLine: the octal status line says what is known — heaps done, rate, the bound — and
// gives a percentage only of --to, so a run stopped early (a proof, Ctrl-C) never shows 100%.
func TestStatusLine(t *testing.T) {
	var errOut bytes.Buffer
	a := &app{stderr: &errOut}
	l := a.newStatusLine("0.1777")
	l.update(octal.Status{Done: 1000, Limit: 6_200_000_000})
	l.start = l.start.Add(-2 * time.Second) // as if two seconds passed
	l.update(octal.Status{Done: 4_000_000, Limit: 6_200_000_000, ProofAt: 9_000_000})
	l.end()
	out := errOut.String()
	for _, want := range []string{"0.1777: 4.0M heaps", "heaps/s", "memory bound 6.2G heaps", "would be proved at 9.0M"} {
		if !strings.Contains(out, want) {
			t.Errorf("status line %q lacks %q", out, want)
		}
	}
	if strings.Contains(out, "%") {
		t.Errorf("a percentage of an end that is not known: %q", out)
	}
	errOut.Reset()
	l = a.newStatusLine(".16")
	l.update(octal.Status{Done: 250, Limit: 1001, LimitIsTo: true})
	l.end()
	if out := errOut.String(); !strings.Contains(out, "25.0% of --to 1000") {
		t.Errorf("with --to: %q", out)
	}
	var nilLine *statusLine
	nilLine.end() // does nothing
}
