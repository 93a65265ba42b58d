package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"testing"
	"time"

	"grundy/octal"
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

// TestOctalFailedSave (issue 26, item 10): when saving the checkpoint fails (here: its temporary
// file's name is taken by a directory, as a full disk would refuse it), the run says so, does not
// claim a checkpoint was saved, and names the last good one, which resumes.
func TestOctalFailedSave(t *testing.T) {
	cp := t.TempDir() + "/o.ckpt"
	type result struct {
		errOut string
		code   int
	}
	done := make(chan result, 1)
	go func() {
		_, errOut, code := runCLI(t, "", "octal", "0.6", "--to", "4000000000", "--summary", "--checkpoint", cp, "--checkpoint-every", "50ms", "--timeout", "60s")
		done <- result{errOut, code}
	}()
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if _, err := os.Stat(cp); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no checkpoint after 30 s")
		}
	}
	// A save in progress holds the temporary file's name for a moment (longer under -race):
	// wait for it to be renamed away, then take the name.
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(time.Millisecond) {
		err := os.Mkdir(cp+".tmp", 0o755)
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrExist) || time.Now().After(deadline) {
			t.Fatal(err)
		}
	}
	r := <-done
	good, err := octal.LoadFile(cp, 0)
	if err != nil {
		t.Fatalf("the last good checkpoint: %v", err)
	}
	if r.code != exitInternal || strings.Contains(r.errOut, "checkpoint saved") || !strings.Contains(r.errOut, "could not be saved") ||
		!strings.Contains(r.errOut, fmt.Sprintf("the last good checkpoint is %s, of heaps 0..%d", cp, good.Len()-1)) {
		t.Errorf("a failed save: exit %d, %q", r.code, r.errOut)
	}
	t.Logf("%s", r.errOut)
}

// TestJSONErrorDocument (issue 26, item 12): with --json a command that fails still prints one
// JSON document on stdout, the error's (with the limit and its value for a limit), beside the
// message on stderr; one that printed its answer before failing prints no second document.
func TestJSONErrorDocument(t *testing.T) {
	for _, c := range []struct {
		args  []string
		code  int
		limit string
	}{
		{[]string{"solve", "nim", "x", "--json"}, exitInput, ""},
		{[]string{"--json", "frobnicate"}, exitInput, ""},
		{[]string{"octal", "grundy", "--to", "4294967295", "--max-memory", "2G", "--json"}, exitInput, "max_seq"},
	} {
		out, errOut, code := runCLI(t, "", c.args...)
		var v map[string]any
		dec := json.NewDecoder(strings.NewReader(out))
		if code != c.code || dec.Decode(&v) != nil || dec.More() || v["error"] == nil || !strings.HasPrefix(errOut, "grundy: ") {
			t.Errorf("grundy %s: exit %d, stdout %q, stderr %q", strings.Join(c.args, " "), code, out, errOut)
			continue
		}
		if c.limit != "" && (v["limit"] != c.limit || v["max"] == nil) {
			t.Errorf("grundy %s: %v, want the limit %s and its value", strings.Join(c.args, " "), v, c.limit)
		}
	}
	cp := t.TempDir() + "/o.ckpt"
	out, _, code := runCLI(t, "", "octal", "0.6", "--to", "4000000000", "--summary", "--checkpoint", cp, "--timeout", "500ms", "--json")
	dec := json.NewDecoder(strings.NewReader(out))
	var v map[string]any
	if code != exitInput || dec.Decode(&v) != nil || dec.More() || v["code"] != "0.6" {
		t.Errorf("an answer, then a limit: exit %d, stdout %q", code, out)
	}
}
