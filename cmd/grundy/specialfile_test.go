//go:build unix

package main

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestPathArgumentsSpecialFiles: a FIFO that nobody writes to, given where the command reads a
// file (a script, a checkpoint to resume), is refused at once with exit 2 instead of blocking the
// command in open(), beyond --timeout and deaf to SIGTERM.
func TestPathArgumentsSpecialFiles(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	for _, args := range [][]string{
		{"solve", "--script", fifo, "--timeout", "2s", "3"},
		{"seq", "--script", fifo, "--to", "10"},
		{"misere", "--script", fifo},
		{"octal", "0.6", "--to", "1000", "--resume", fifo},
	} {
		if errOut, code, ok := runAtOnce(t, args...); ok && (code != exitInput || !strings.Contains(errOut, "not a regular file")) {
			t.Errorf("grundy %s: exit %d, %q", strings.Join(args, " "), code, errOut)
		}
	}
}

// TestSeqToZero: --to 0 is g(0) for the take-and-break rulesets too, at once (it used to mean no
// limit and ran for ever).
func TestSeqToZero(t *testing.T) {
	for _, args := range [][]string{
		{"seq", "kayles", "--to", "0"},
		{"seq", "dawson-kayles", "--to", "0"},
		{"seq", "grundy-game", "--to", "0"},
		{"seq", "octal", "--code", "0.07", "--to", "0"},
		{"octal", "0.07", "--to", "0"},
	} {
		done := make(chan map[string]any, 1)
		go func() { done <- decodeJSON(t, "", args...) }()
		select {
		case v := <-done:
			if vals, _ := v["values"].([]any); len(vals) != 1 || vals[0] != 0.0 {
				t.Errorf("grundy %s: %v, want values [0]", strings.Join(args, " "), v)
			}
		case <-time.After(5 * time.Second):
			t.Errorf("grundy %s: still running after 5 s", strings.Join(args, " "))
		}
	}
}

// TestValuesFileFIFO: --values-file naming a FIFO that nobody reads fails at once, saying so,
// instead of blocking the command in open() for ever once its values are computed.
func TestValuesFileFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	if errOut, code, ok := runAtOnce(t, "octal", "0.07", "--to", "100", "--values-file", fifo); ok && (code == exitOK || !strings.Contains(errOut, "nobody is reading")) {
		t.Errorf("--values-file FIFO: exit %d, %q", code, errOut)
	}
}

// runAtOnce runs grundy with args and returns its stderr and exit status; ok is false, and the
// test fails, when the command has not ended within 5 s (blocked on a FIFO, say).
func runAtOnce(t *testing.T, args ...string) (errOut string, code int, ok bool) {
	t.Helper()
	type result struct {
		errOut string
		code   int
	}
	done := make(chan result, 1)
	go func() { _, errOut, code := runCLI(t, "", args...); done <- result{errOut, code} }()
	select {
	case r := <-done:
		return r.errOut, r.code, true
	case <-time.After(5 * time.Second):
		t.Errorf("grundy %s: still blocked after 5 s", strings.Join(args, " "))
		return "", 0, false
	}
}

// TestOutputFileFIFO: an output file (seq --plot, nim table --png/--svg) naming a FIFO that nobody
// reads fails at once with exit 2, saying so, instead of blocking the command in open() for ever;
// /dev/null still takes the output.
func TestOutputFileFIFO(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"fifo.svg", "fifo.png"} {
		if err := syscall.Mkfifo(filepath.Join(dir, name), 0o600); err != nil {
			t.Skipf("no FIFOs here: %v", err)
		}
	}
	svg, png := filepath.Join(dir, "fifo.svg"), filepath.Join(dir, "fifo.png")
	for _, args := range [][]string{
		{"seq", "kayles", "--to", "10", "--plot", svg},
		{"seq", "kayles", "--to", "10", "--plot", png},
		{"nim", "table", "4", "--png", png},
		{"nim", "table", "4", "--svg", svg},
	} {
		if errOut, code, ok := runAtOnce(t, args...); ok && (code != exitInput || !strings.Contains(errOut, "is a FIFO with no reader")) {
			t.Errorf("grundy %s: exit %d, %q", strings.Join(args, " "), code, errOut)
		}
	}
	if _, errOut, code := runCLI(t, "", "nim", "table", "4", "--svg", "/dev/null"); code != exitOK {
		t.Errorf("nim table --svg /dev/null: exit %d, %q", code, errOut)
	}
}
