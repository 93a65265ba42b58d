package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
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

// TestMemoryBoundOvershoot: a computation that nothing inside the process can interrupt (one
// Starlark builtin filling 1 GiB) under --max-memory N is killed by the supervisor before its
// resident memory has grown by 1.5 N over a run at rest: the copy's limit counts from what the
// program takes at rest, not from zero plus a fixed 64 MiB.
func TestMemoryBoundOvershoot(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's shadow memory is resident memory too")
	}
	dir := t.TempDir()
	hog, rest := filepath.Join(dir, "hog.star"), filepath.Join(dir, "rest.star")
	if err := os.WriteFile(hog, []byte("def moves(n):\n    x = [0] * (1 << 26)\n    return []\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(rest, []byte("def moves(n):\n    return []\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	maxRSS := func(args ...string) (uint64, int, string) {
		cmd := grundyCmd(args...)
		out, _ := cmd.CombinedOutput()
		ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
		if !ok {
			t.Skip("no rusage here")
		}
		return uint64(ru.Maxrss) << 10, cmd.ProcessState.ExitCode(), string(out) // Linux: KiB
	}
	base, code, out := maxRSS("seq", "--script", rest, "--to", "3", "--max-memory", "160")
	if code != 0 {
		t.Fatalf("at rest: exit %d, %s", code, out)
	}
	const n = 160 << 20
	peak, code, out := maxRSS("seq", "--script", hog, "--to", "3", "--max-memory", "160")
	t.Logf("at rest %d MiB, the hog's peak %d MiB: grown %d MiB for a bound of %d MiB", base>>20, peak>>20, (peak-base)>>20, n>>20)
	if code != exitInput || !strings.Contains(out, "memory limit of 160 MiB") {
		t.Fatalf("the hog: exit %d, %s", code, out)
	}
	if peak > base+n+n/2 {
		t.Errorf("the hog grew by %d MiB before it was stopped, more than 1.5 × %d MiB", (peak-base)>>20, n>>20)
	}
}
