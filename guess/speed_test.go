//go:build unix

package guess

import (
	"context"
	"syscall"
	"testing"
	"time"
)

// cpuTime returns the CPU time (user and system) this process has used.
func cpuTime(t *testing.T) time.Duration {
	t.Helper()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestScriptGuessSpeed: what `grundy guess --script examples/powers-of-two.star --to 10000` does
// (the script's values to 10^4, the library built, the guess) costs at most 2 s of CPU, all the
// process's threads counted: the bound of 2 s, measured in CPU time so that other work on
// a shared machine does not count. Skipped under the race detector and -short.
func TestScriptGuessSpeed(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("a timing")
	}
	start := cpuTime(t)
	g := scriptValues(t, "../../examples/powers-of-two.star", "", 10000)
	table := cpuTime(t)
	lib, err := NewLibrary(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	r, err := Sequence(context.Background(), g, Options{Name: "powers-of-two", Library: lib})
	if err != nil {
		t.Fatal(err)
	}
	end := cpuTime(t)
	t.Logf("CPU: table %v, library and guess %v", table-start, end-table)
	if f := find(r, "closed-form"); f == nil || f.Key != "n mod 3" {
		t.Errorf("powers of two: %+v", r.Findings)
	}
	if end-start > 2*time.Second {
		t.Errorf("CPU %v, over 2 s", end-start)
	}
}
