package main

import (
	"regexp"
	"strings"
	"testing"
)

var elapsed = regexp.MustCompile(`[0-9.]+ (s|ms)\b`)

// TestMaxMemorySyntax: every --max-memory reads one syntax (cliarg.Memory): 1G, 1024 (MiB) and
// 1073741824B are one limit everywhere, a bad value gets the same message from every command,
// and octal's older bare number of bytes still reads as bytes.
func TestMaxMemorySyntax(t *testing.T) {
	commands := [][]string{
		{"count", "10", "2"},
		{"basis", "rank", "3", "5"},
		{"nim", "table", "4"},
		{"solve", "nim", "3", "4"},
		{"seq", "subtract", "--set", "1,2", "--to", "10"},
		{"misere", "0.07", "--max-heap", "5"},
		{"octal", "0.07", "--to", "100"},
		{"octal", "scan", "0.0?", "--to", "100"},
	}
	for _, c := range commands {
		var first string
		for _, v := range []string{"1G", "1024", "1073741824B", "1gib", "1000000000"} {
			out, errOut, code := runCLI(t, "", append(append([]string{}, c...), "--max-memory", v)...)
			if code != 0 {
				t.Errorf("grundy %s --max-memory %s: exit %d, %q", strings.Join(c, " "), v, code, errOut)
				continue
			}
			out = elapsed.ReplaceAllString(out, "T")
			if first == "" {
				first = out
			} else if out != first {
				t.Errorf("grundy %s --max-memory %s: another answer than with 1G:\n%s\n%s", strings.Join(c, " "), v, out, first)
			}
		}
		for _, v := range []string{"lots", "0", "1.5G", "512K", "1000B"} {
			wantBadInput(t, "--max-memory \""+v+"\": want a memory limit such as 512M, 2G", "", append(append([]string{}, c...), "--max-memory", v)...)
		}
	}
}
