package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/cli from what the command prints")

// TestGolden runs every case of testdata/cli/*.txtar through the command line in-process and
// compares its exit status, stdout and stderr with the file. A case is one txtar archive:
//
//	# what the case shows (comment lines start with #)
//	grundy solve nim 3 4 5
//	exit 0
//	-- stdin --      (optional: what the command reads)
//	-- game.star --  (optional: any other file, written to a fresh folder named $WORK in the command line)
//	-- stdout --
//	-- stderr --
//
// Timings are the one thing that changes from run to run: they are masked (see mask) before the
// comparison. `go test ./cmd/grundy -run Golden -update` rewrites the exit, stdout and stderr of every
// case from what the command prints now; adding a case is adding a file with its command line.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "cli", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no golden files in testdata/cli")
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(name, func(t *testing.T) { runGolden(t, file) })
	}
}

// goldenCase is one parsed golden file.
type goldenCase struct {
	comments []string // the comment lines, kept as written
	args     []string // the command line after "grundy"
	line     string   // the command line as written
	exit     int
	hasExit  bool
	stdin    string
	extra    []txtar.File // files for $WORK
	stdout   string
	stderr   string
}

func parseGolden(data []byte) (*goldenCase, error) {
	ar := txtar.Parse(data)
	c := &goldenCase{}
	for _, l := range strings.Split(strings.TrimRight(string(ar.Comment), "\n"), "\n") {
		switch {
		case l == "" || strings.HasPrefix(l, "#"):
			c.comments = append(c.comments, l)
		case strings.HasPrefix(l, "grundy"):
			if c.line != "" {
				return nil, fmt.Errorf("two command lines: %q and %q", c.line, l)
			}
			args, err := splitArgs(strings.TrimPrefix(l, "grundy"))
			if err != nil {
				return nil, err
			}
			c.line, c.args = l, args
		case strings.HasPrefix(l, "exit "):
			n, err := strconv.Atoi(strings.TrimPrefix(l, "exit "))
			if err != nil {
				return nil, fmt.Errorf("bad exit line %q", l)
			}
			c.exit, c.hasExit = n, true
		default:
			return nil, fmt.Errorf("unexpected line %q (want # comment, grundy …, or exit N)", l)
		}
	}
	if c.line == "" {
		return nil, fmt.Errorf("no command line (a line starting grundy)")
	}
	for _, f := range ar.Files {
		switch f.Name {
		case "stdin":
			c.stdin = string(f.Data)
		case "stdout":
			c.stdout = string(f.Data)
		case "stderr":
			c.stderr = string(f.Data)
		default:
			c.extra = append(c.extra, f)
		}
	}
	return c, nil
}

// format writes the case back as a golden file.
func (c *goldenCase) format() []byte {
	var comment bytes.Buffer
	for _, l := range c.comments {
		comment.WriteString(l + "\n")
	}
	fmt.Fprintf(&comment, "%s\nexit %d\n", c.line, c.exit)
	ar := &txtar.Archive{Comment: comment.Bytes()}
	if c.stdin != "" {
		ar.Files = append(ar.Files, txtar.File{Name: "stdin", Data: []byte(c.stdin)})
	}
	ar.Files = append(ar.Files, c.extra...)
	ar.Files = append(ar.Files,
		txtar.File{Name: "stdout", Data: []byte(c.stdout)},
		txtar.File{Name: "stderr", Data: []byte(c.stderr)})
	return txtar.Format(ar)
}

func runGolden(t *testing.T, file string) {
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	c, err := parseGolden(data)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	args := c.args
	work := ""
	if len(c.extra) > 0 {
		work = t.TempDir()
		for _, f := range c.extra {
			if err := os.WriteFile(filepath.Join(work, f.Name), f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		args = make([]string, len(c.args))
		for i, a := range c.args {
			args[i] = strings.ReplaceAll(a, "$WORK", work)
		}
	}
	var out, errOut bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(c.stdin), &out, &errOut)
	gotOut, gotErr := mask(out.String(), work), mask(errOut.String(), work)
	// A txtar file ends each of its files with a newline: a missing final one is added here too.
	gotOut, gotErr = endLine(gotOut), endLine(gotErr)
	if *update {
		c.exit, c.stdout, c.stderr = code, gotOut, gotErr
		if err := os.WriteFile(file, c.format(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !c.hasExit {
		t.Fatalf("%s: no exit line (run with -update to fill the case in)", file)
	}
	if code != c.exit {
		t.Errorf("%s: exit %d, want %d (stderr %q)", c.line, code, c.exit, gotErr)
	}
	if gotOut != c.stdout {
		t.Errorf("%s: stdout differs\n got: %q\nwant: %q", c.line, gotOut, c.stdout)
	}
	if gotErr != c.stderr {
		t.Errorf("%s: stderr differs\n got: %q\nwant: %q", c.line, gotErr, c.stderr)
	}
}

// What changes between runs of the same command: timings, and the kernels an octal answer names
// (those this process has used so far, chosen for its processor): the field is left out.
var (
	jsonSeconds = regexp.MustCompile(`"seconds":[0-9.eE+-]+`)
	textSeconds = regexp.MustCompile(`\(\d+(\.\d+)? s\)`)
	jsonKernels = regexp.MustCompile(`,"kernels":\{[^{}]*\}`)
)

// mask replaces timings, kernels and the case's temporary folder by fixed text.
func mask(s, work string) string {
	if work != "" {
		s = strings.ReplaceAll(s, work, "$WORK")
	}
	s = jsonSeconds.ReplaceAllString(s, `"seconds":0`)
	s = jsonKernels.ReplaceAllString(s, "")
	return textSeconds.ReplaceAllString(s, "(T s)")
}

// endLine adds a final newline to non-empty s without one.
func endLine(s string) string {
	if s != "" && !strings.HasSuffix(s, "\n") {
		return s + "\n"
	}
	return s
}

// splitArgs splits a command line into words as a shell would for the simple cases: words are
// separated by spaces, and a word may be quoted with '…' (taken as written) or "…" (\" and \\
// escaped).
func splitArgs(s string) ([]string, error) {
	var args []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == ' ' || ch == '\t':
			if inWord {
				args = append(args, cur.String())
				cur.Reset()
				inWord = false
			}
		case ch == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unclosed ' in %q", s)
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case ch == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
					i++
				}
				cur.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, fmt.Errorf("unclosed \" in %q", s)
			}
			inWord = true
		default:
			cur.WriteByte(ch)
			inWord = true
		}
	}
	if inWord {
		args = append(args, cur.String())
	}
	return args, nil
}

func TestSplitArgs(t *testing.T) {
	got, err := splitArgs(` solve --script x.star '"xx"' "a \"b\"" c`)
	want := []string{"solve", "--script", "x.star", `"xx"`, `a "b"`, "c"}
	if err != nil || strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("splitArgs = %q, %v; want %q", got, err, want)
	}
	if _, err := splitArgs(`'open`); err == nil {
		t.Fatal("unclosed quote accepted")
	}
}
