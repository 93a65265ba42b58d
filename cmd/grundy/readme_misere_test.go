package main

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestReadmeMisereSession runs the researcher's session of the README's misère section — every
// code block that starts with "$ " — and compares the output pasted there with today's, so that
// the README's numbers stay the program's. A command is `grundy ARGS`, optionally fed by
// `printf '…' |` and cut by `| head -N`.
func TestReadmeMisereSession(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i := strings.Index(s, "### Misère play: misère quotients")
	if i < 0 {
		t.Fatal("README: no misère section")
	}
	s = s[i+1:]
	if j := strings.Index(s, "\n### "); j >= 0 {
		s = s[:j]
	}
	t.Chdir("../..") // the session runs from the repository's root
	blocks := regexp.MustCompile("(?s)```\n(\\$ [^\n]*)\n(.*?)```").FindAllStringSubmatch(s, -1)
	if len(blocks) < 5 {
		t.Fatalf("README: %d session blocks", len(blocks))
	}
	for _, m := range blocks {
		line, want := strings.TrimPrefix(m[1], "$ "), m[2]
		stdin, head := "", -1
		if rest, ok := strings.CutPrefix(line, "printf '"); ok {
			in, cmd, ok := strings.Cut(rest, "' | ")
			if !ok {
				t.Fatalf("README: cannot read %q", line)
			}
			stdin, line = strings.ReplaceAll(in, `\n`, "\n"), cmd
		}
		if cmd, n, ok := strings.Cut(line, " | head -"); ok {
			k, err := strconv.Atoi(n)
			if err != nil {
				t.Fatalf("README: cannot read %q", line)
			}
			line, head = cmd, k
		}
		args := strings.Fields(line)
		if args[0] != "grundy" {
			t.Fatalf("README: %q is not a grundy command", line)
		}
		out, errOut, code := runCLI(t, stdin, args[1:]...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", line, code, errOut)
		}
		if head >= 0 {
			lines := strings.SplitAfter(out, "\n")
			out = strings.Join(lines[:min(head, len(lines))], "")
		}
		if out != want {
			t.Errorf("README: the output of %s has changed; today it is:\n%s", line, out)
		}
	}
}
