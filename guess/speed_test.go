//go:build unix

package guess

import (
	"context"
	"strings"
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
// a shared machine does not count. Skipped under the race detector and -short (scripts/test.sh
// runs it without either).
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

// TestManyCandidatesSpeed: Nim's values match the first values of dozens of codes that may leave
// three heaps, whose values cost about n³ to compute: to 10^4 the guess skips them (a note says
// so) and costs well under a second of CPU; to 300 it compares them, in a few seconds at most.
func TestManyCandidatesSpeed(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("a timing")
	}
	lib := library(t)
	for _, c := range []struct {
		n    int
		most time.Duration
		note bool
	}{{10000, time.Second, true}, {300, 5 * time.Second, false}} {
		g := make([]uint64, c.n+1)
		for i := range g {
			g[i] = uint64(i)
		}
		start := cpuTime(t)
		r, err := Sequence(context.Background(), g, Options{Library: lib})
		if err != nil {
			t.Fatal(err)
		}
		took := cpuTime(t) - start
		t.Logf("n = %d: CPU %v, note %q", c.n, took, r.Note)
		if took > c.most {
			t.Errorf("n = %d: CPU %v, over %v", c.n, took, c.most)
		}
		if strings.Contains(r.Note, "three heaps") != c.note || withIdentity(r, "nim", 0, false) == nil {
			t.Errorf("n = %d: note %q, findings %+v", c.n, r.Note, r.Findings)
		}
	}
}
