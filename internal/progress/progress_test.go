package progress

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"grundy/octal"
)

// TestProgress: a bar writes its count; an interrupted bar ends where it stood, not at 100%; the
// methods of a nil bar (no terminal) do nothing.
func TestProgress(t *testing.T) {
	var errOut bytes.Buffer
	bar := NewBar(&errOut, 10, "test", "codes")
	bar.Add(10)
	bar.Finish()
	if out := errOut.String(); !strings.Contains(out, "10/10") || !strings.Contains(out, "test") {
		t.Fatalf("stderr %q", out)
	}
	errOut.Reset()
	bar = NewBar(&errOut, 10, "test", "codes")
	bar.Add(4)
	bar.Finish()
	if out := errOut.String(); strings.Contains(out, "10/10") || strings.Contains(out, "100%") {
		t.Fatalf("an interrupted bar claims to be done: %q", out)
	}
	errOut.Reset()
	var quiet *Bar // what the command line draws on a stderr that is not a terminal
	quiet.Add(1)
	quiet.Set(2, 10)
	quiet.Finish()
	if errOut.Len() != 0 {
		t.Fatalf("a nil bar wrote %q", errOut.String())
	}
}

// TestStatusLine: the octal status line says what is known — heaps done, rate, the bound — and
// gives a percentage only of --to, so a run stopped early (a proof, Ctrl-C) never shows 100%.
func TestStatusLine(t *testing.T) {
	var errOut bytes.Buffer
	l := NewStatus(&errOut, "0.1777")
	l.Update(octal.Status{Done: 1000, Limit: 6_200_000_000})
	l.start = l.start.Add(-2 * time.Second) // as if two seconds passed
	l.Update(octal.Status{Done: 4_000_000, Limit: 6_200_000_000, ProofAt: 9_000_000})
	l.End()
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
	l = NewStatus(&errOut, ".16")
	l.Update(octal.Status{Done: 250, Limit: 1001, LimitIsTo: true})
	l.End()
	if out := errOut.String(); !strings.Contains(out, "25.0% of --to 1000") {
		t.Errorf("with --to: %q", out)
	}
	var nilLine *Status
	nilLine.End() // does nothing
}
