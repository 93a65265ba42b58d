package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"grundy/query"
)

// runCLI runs the command line in-process and returns its stdout, stderr and exit status.
func runCLI(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), code
}

// wantBadInput asserts exit status 2 with a one-line "grundy:" message containing want.
func wantBadInput(t *testing.T, want string, stdin string, args ...string) {
	t.Helper()
	out, errOut, code := runCLI(t, stdin, args...)
	if code != exitInput {
		t.Fatalf("grundy %s: exit %d, want 2 (stdout %q, stderr %q)", strings.Join(args, " "), code, out, errOut)
	}
	if !strings.HasPrefix(errOut, "grundy: ") || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, want) {
		t.Fatalf("grundy %s: stderr %q, want one line starting grundy: containing %q", strings.Join(args, " "), errOut, want)
	}
}

// decodeJSON runs the command with --json and decodes its single JSON document.
func decodeJSON(t *testing.T, stdin string, args ...string) map[string]any {
	t.Helper()
	out, errOut, code := runCLI(t, stdin, append(args, "--json")...)
	if code != exitOK {
		t.Fatalf("grundy %s --json: exit %d, stderr %q", strings.Join(args, " "), code, errOut)
	}
	dec := json.NewDecoder(strings.NewReader(out))
	var v map[string]any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("grundy %s --json: %v in %q", strings.Join(args, " "), err, out)
	}
	if dec.More() {
		t.Fatalf("grundy %s --json printed more than one document: %q", strings.Join(args, " "), out)
	}
	return v
}

func TestUnknownCommandIsBadInput(t *testing.T) {
	wantBadInput(t, "unknown command", "", "frobnicate")
}

func TestUnknownFlagIsBadInput(t *testing.T) {
	wantBadInput(t, "unknown flag", "", "--nosuchflag")
}

func TestHelp(t *testing.T) {
	out, _, code := runCLI(t, "", "--help")
	if code != exitOK || !strings.Contains(out, "grundy") {
		t.Fatalf("help: exit %d, %q", code, out)
	}
}

func TestVersionJSON(t *testing.T) {
	v := decodeJSON(t, "", "version")
	if v["go"] == "" || v["version"] == nil {
		t.Fatalf("version JSON %v", v)
	}
	wantBadInput(t, "takes 0 argument", "", "version", "extra")
}

// TestExitCode: the exit status follows query.KindOf, as the web's status does: an error not
// known to be the user's is an internal failure (1), not bad input.
func TestExitCode(t *testing.T) {
	for _, c := range []struct {
		err  error
		want int
	}{
		{errors.New("something broke"), exitInternal},
		{badInput("bad"), exitInput},
		{query.Badf("bad"), exitInput},
		{query.Limitf("max_seq", 10, "over"), exitInput},
		{internalf("broke"), exitInternal},
		{context.Canceled, exitInternal},
		{context.DeadlineExceeded, exitInput},
	} {
		if got := exitCode(c.err); got != c.want {
			t.Errorf("exitCode(%v) = %d, want %d", c.err, got, c.want)
		}
	}
}

// TestNoProgressOffTerminal: without a terminal and unforced there is no bar (scripts and tests
// see none).
func TestNoProgressOffTerminal(t *testing.T) {
	var errOut bytes.Buffer
	a := &app{stderr: &errOut}
	if bar := a.newProgress(false, 10, "test", "heaps"); bar != nil {
		t.Fatal("a bar on a stderr that is not a terminal")
	}
	if bar := a.newProgress(true, 10, "test", "heaps"); bar == nil {
		t.Fatal("no bar when forced")
	}
}
