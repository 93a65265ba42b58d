package main

import (
	"strings"
	"testing"
	"time"
)

// TestMisereBounds (issue 26, item 8): misere takes --timeout and --max-memory like solve and seq,
// and a computation over either stops there (exit 2, naming the flag); a flag of neither misere
// nor a ruleset is named as unknown, not as "flags apply to rulesets".
func TestMisereBounds(t *testing.T) {
	start := time.Now()
	_, errOut, code := runCLI(t, "", "misere", "4.7", "--max-heap", "255", "--max-size", "1048576", "--timeout", "1s")
	if code != exitInput || !strings.Contains(errOut, "time budget of 1s") || !strings.Contains(errOut, "--timeout") {
		t.Errorf("misere 4.7 --timeout 1s: exit %d, %q", code, errOut)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("misere 4.7 --timeout 1s took %v", d)
	}
	_, errOut, code = runCLI(t, "", "misere", "0.76", "--max-heap", "255", "--max-size", "1048576", "--max-memory", "64", "--timeout", "60s")
	if code != exitInput || !strings.Contains(errOut, "memory limit of 64 MiB") || !strings.Contains(errOut, "--max-memory") {
		t.Errorf("misere 0.76 --max-memory 64: exit %d, %q", code, errOut)
	}
	if out, errOut, code := runCLI(t, "", "misere", "0.75", "--max-heap", "8", "--timeout", "30s", "--max-memory", "512"); code != exitOK || !strings.Contains(out, "|Q| = 8") && !strings.Contains(out, "8") {
		t.Errorf("a small quotient within its bounds: exit %d, %q %q", code, out, errOut)
	}
	wantBadInput(t, "unknown flag frobnicate", "", "misere", "4.7", "--frobnicate", "1")
	_, errOut, _ = runCLI(t, "", "misere", "4.7", "--frobnicate", "1")
	if strings.Contains(errOut, "flags apply to rulesets") {
		t.Errorf("the message for an unknown flag: %q", errOut)
	}
}

// TestOctalTimeout (issue 26, item 8): octal takes --timeout: a run past it stops (exit 2, naming
// the flag), saying where, with its checkpoint saved for --resume.
func TestOctalTimeout(t *testing.T) {
	cp := t.TempDir() + "/o.ckpt"
	start := time.Now()
	_, errOut, code := runCLI(t, "", "octal", "0.6", "--to", "4000000000", "--summary", "--checkpoint", cp, "--timeout", "1s")
	if code != exitInput || !strings.Contains(errOut, "time budget of 1s") || !strings.Contains(errOut, "--timeout") ||
		!strings.Contains(errOut, "--resume "+cp) {
		t.Errorf("octal 0.6 --timeout 1s: exit %d, %q", code, errOut)
	}
	if d := time.Since(start); d > 15*time.Second {
		t.Errorf("octal 0.6 --timeout 1s took %v", d)
	}
	wantBadInput(t, "--timeout", "", "octal", "0.6", "--to", "100", "--timeout", "-1s")
}
