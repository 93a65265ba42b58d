package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDefaultMaxMemoryUnderUlimit: without --max-memory, octal's budget is what the process may
// really take: under `ulimit -v` of 1 GiB, 2^32 heaps of 0.77 are refused at once (exit 2, naming
// --max-memory) instead of the runtime dying out of memory.
func TestDefaultMaxMemoryUnderUlimit(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's runtime needs more address space than the limit")
	}
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	g := grundyCmd("octal", "0.77", "--to", "4294967296", "--summary")
	cmd := exec.Command("sh", append([]string{"-c", `ulimit -v 1048576 && exec "$@"`, "sh", g.Path}, g.Args[1:]...)...)
	cmd.Env = g.Env
	out, err := cmd.CombinedOutput()
	ee, _ := err.(*exec.ExitError)
	if ee == nil || ee.ExitCode() != exitInput || strings.Contains(string(out), "fatal error") ||
		!strings.Contains(string(out), "--max-memory") || !strings.Contains(string(out), "ulimit -v") {
		t.Fatalf("under ulimit -v 1 GiB: %v, %s", err, out)
	}
}
