package main

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestComputingCommandsBounds (issue 26): the computing commands whose flags cobra parses (count,
// basis, nim table, octal scan) take --timeout and --max-memory as solve does: on a heavy input a
// tiny bound ends the command with exit 2, naming the flag that raises it, and a bad value is
// refused with solve's message.
func TestComputingCommandsBounds(t *testing.T) {
	var nums strings.Builder
	for i := range 1 << 21 {
		nums.WriteString(strconv.Itoa(1+i*2654435761%(1<<62)) + " ")
	}
	for _, c := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{nums.String(), []string{"count", "18446744073709551615", "-", "--timeout", "1ms"}, "time budget of 1ms; raise it with --timeout"},
		{nums.String(), []string{"basis", "rank", "-", "--timeout", "1ms"}, "raise it with --timeout"},
		{"", []string{"octal", "scan", "0.??", "--to", "100000", "--timeout", "1ms"}, "raise it with --timeout"},
		{"", []string{"octal", "scan", "0.??", "--to", "1000000", "--max-memory", "1"}, "memory limit of 1 MiB; raise it with --max-memory"},
		// A nim table is at most 1024×1024 (under a second): its flags are read as solve's.
		{"", []string{"nim", "table", "8", "--timeout", "0s"}, "--timeout: want a positive duration"},
		{"", []string{"nim", "table", "8", "--max-memory", "lots"}, "--max-memory \"lots\": want a memory limit such as 512M, 2G"},
	} {
		start := time.Now()
		_, errOut, code := runCLI(t, c.stdin, c.args...)
		t.Logf("grundy %s: %v", strings.Join(c.args, " "), time.Since(start).Round(time.Millisecond))
		if code != exitInput || !strings.Contains(errOut, c.want) {
			t.Errorf("grundy %s: exit %d, %q", strings.Join(c.args, " "), code, errOut)
		}
	}
}

// TestPlayBounds (issue 26): play's --timeout and --max-memory bound the engine's thinking on each
// move for a ruleset too (they bounded scripts only): a move that needs the Grundy values of a huge
// heap of the grundy game (a third of a second) stops at a tiny --timeout with exit 2, naming the flag.
func TestPlayBounds(t *testing.T) {
	for _, c := range []struct{ flag, value, want string }{
		{"--timeout", "1ms", "time budget of 1ms; raise it with --timeout"},
	} {
		args := []string{"play", "grundy-game", "65536", "--first", "engine", c.flag, c.value}
		if _, errOut, code := runCLI(t, "", args...); code != exitInput || !strings.Contains(errOut, c.want) {
			t.Errorf("grundy %s: exit %d, %q", strings.Join(args, " "), code, errOut)
		}
	}
}
