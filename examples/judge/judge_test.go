// Package judge_test runs every judge program under examples/judge on its test cases: the official
// samples copied from the statements and generated cases whose expected output comes from a brute
// force written straight from the problem's rules (brute_test.go).
//
// Each program is built once (without -race, into a temporary directory) and run on every
// testdata/*.in file of its directory; its output must equal the matching .out file byte for byte,
// except where the judge accepts any valid answer (CF 1310F), where a checker validates it.
//
// Regenerate the generated cases with
//
//	go test ./examples/judge -run TestJudge -update
package judge_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "regenerate the gen*.in/.out cases of every problem from its brute force")

// problem describes one judge program and how its answers are checked.
type problem struct {
	name string
	// brute answers an input from the problem's rules alone (exhaustive search on small inputs).
	brute func(in string) (string, error)
	// gen returns the i-th generated input (small enough for brute) and, for problems without a
	// brute force, one valid answer known by construction.
	gen func(r *rand.Rand, i int) (in, answer string)
	// ngen is how many generated cases testdata holds.
	ngen int
	// check, when set, validates an output instead of comparing it with the .out file
	// (for judges that accept any valid answer). The .out file then holds one valid answer.
	check func(in, out string) error
}

var problems = []problem{
	{name: "p2197", brute: bruteP2197, gen: genP2197, ngen: 6},
	{name: "p4279", brute: bruteP4279, gen: genP4279, ngen: 6},
	{name: "p4301", brute: bruteP4301, gen: genP4301, ngen: 25},
	{name: "p3185", brute: bruteP3185, gen: genP3185, ngen: 6},
	{name: "p1857", brute: bruteP1857, gen: genP1857, ngen: 8},
	{name: "p4363", brute: bruteP4363, gen: genP4363, ngen: 25},
	{name: "p2490", brute: bruteP2490, gen: genP2490, ngen: 30},
	{name: "p5363", brute: bruteP5363, gen: genP5363, ngen: 30},
	{name: "p4077", brute: bruteP4077, gen: genP4077, ngen: 4},
	{name: "hdu3404", brute: bruteHDU3404, gen: genHDU3404, ngen: 4},
	{name: "hdu1848", brute: bruteHDU1848, gen: genHDU1848, ngen: 3},
	{name: "hdu2897", brute: bruteHDU2897, gen: genHDU2897, ngen: 4},
	{name: "hdu1536", brute: bruteHDU1536, gen: genHDU1536, ngen: 4},
	{name: "hdu3949", brute: bruteHDU3949, gen: genHDU3949, ngen: 5},
	{name: "cf1310f", brute: nil, gen: genCF1310F, ngen: 3, check: checkCF1310F},
	{name: "nimproduct64", brute: bruteNimProduct64, gen: genNimProduct64, ngen: 3},
}

func TestJudge(t *testing.T) {
	binDir := t.TempDir()
	for _, p := range problems {
		t.Run(p.name, func(t *testing.T) {
			if *update {
				regenerate(t, p)
			}
			if _, err := os.Stat(filepath.Join(p.name, "main.go")); err != nil {
				t.Fatalf("%s/main.go: %v", p.name, err)
			}
			bin := build(t, binDir, p.name)
			ins, err := filepath.Glob(filepath.Join(p.name, "testdata", "*.in"))
			if err != nil {
				t.Fatal(err)
			}
			if len(ins) == 0 {
				t.Fatalf("no test cases in %s/testdata", p.name)
			}
			for _, inPath := range ins {
				name := strings.TrimSuffix(filepath.Base(inPath), ".in")
				in := readFile(t, inPath)
				want := readFile(t, strings.TrimSuffix(inPath, ".in")+".out")
				got := runProgram(t, bin, in)
				if p.check != nil {
					if err := p.check(in, got); err != nil {
						t.Errorf("%s: %v\noutput:\n%s", name, err, clip(got))
					}
					if err := p.check(in, want); err != nil {
						t.Errorf("%s: the recorded answer fails the checker: %v", name, err)
					}
					continue
				}
				if got != want {
					t.Errorf("%s: output differs\n got:\n%s\nwant:\n%s", name, clip(got), clip(want))
				}
			}
			// Malformed input: a clear error on stderr and exit status 1, never a panic.
			for _, bad := range []string{"", "x\n", "-1\n", "99999999999999999999999\n", "3\n"} {
				stderr, code := runFailing(t, bin, bad)
				if code != 1 || !strings.HasPrefix(stderr, p.name+": ") || strings.Contains(stderr, "panic") {
					t.Errorf("input %q: exit status %d, stderr %q; want status 1 and a message starting %q", bad, code, stderr, p.name+": ")
				}
			}
		})
	}
}

// TestGeneratedCasesMatchBrute re-derives every generated expected output with the brute force,
// so a hand-edited or stale .out file cannot pass unnoticed.
func TestGeneratedCasesMatchBrute(t *testing.T) {
	for _, p := range problems {
		if p.brute == nil {
			continue
		}
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			ins, _ := filepath.Glob(filepath.Join(p.name, "testdata", "gen*.in"))
			if len(ins) != p.ngen {
				t.Fatalf("%d generated cases on disk, want %d (run with -update)", len(ins), p.ngen)
			}
			for _, inPath := range ins {
				in := readFile(t, inPath)
				want := readFile(t, strings.TrimSuffix(inPath, ".in")+".out")
				got, err := p.brute(in)
				if err != nil {
					t.Fatalf("%s: brute: %v", inPath, err)
				}
				if got != want {
					t.Errorf("%s: brute force gives\n%s\nthe file says\n%s", inPath, clip(got), clip(want))
				}
			}
		})
	}
}

// TestSamplesMatchBrute checks the brute forces themselves on the official samples they can handle.
func TestSamplesMatchBrute(t *testing.T) {
	for _, p := range problems {
		if p.brute == nil {
			continue
		}
		ins, _ := filepath.Glob(filepath.Join(p.name, "testdata", "sample*.in"))
		for _, inPath := range ins {
			if _, err := os.Stat(strings.TrimSuffix(inPath, ".in") + ".nobrute"); err == nil {
				continue // a sample too large for exhaustive search
			}
			in := readFile(t, inPath)
			want := readFile(t, strings.TrimSuffix(inPath, ".in")+".out")
			got, err := p.brute(in)
			if err != nil {
				t.Errorf("%s: brute: %v", inPath, err)
				continue
			}
			if got != want {
				t.Errorf("%s: brute force gives\n%s\nthe sample says\n%s", inPath, clip(got), clip(want))
			}
		}
	}
}

// TestCheckerCF1310F makes sure the special judge rejects wrong answers.
func TestCheckerCF1310F(t *testing.T) {
	in := "3\n2 3\n8 2\n5 1\n"
	if err := checkCF1310F(in, "2\n-1\n0\n"); err != nil {
		t.Fatalf("valid answer rejected: %v", err)
	}
	for _, bad := range []string{"3\n-1\n0\n", "2\n5\n0\n", "2\n-1\n1\n", "2\n-1\n", "-1\n-1\n0\n", "2\n-1\n0\n7\n"} {
		if err := checkCF1310F(in, bad); err == nil {
			t.Errorf("wrong answer %q accepted", bad)
		}
	}
}

func regenerate(t *testing.T, p problem) {
	dir := filepath.Join(p.name, "testdata")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	old, _ := filepath.Glob(filepath.Join(dir, "gen*"))
	for _, f := range old {
		os.Remove(f)
	}
	r := rand.New(rand.NewPCG(uint64(len(p.name)), 20261122))
	for i := 1; i <= p.ngen; i++ {
		in, out := p.gen(r, i)
		if p.brute != nil {
			var err error
			if out, err = p.brute(in); err != nil {
				t.Fatalf("gen %d: brute: %v", i, err)
			}
		}
		if p.check != nil {
			if err := p.check(in, out); err != nil {
				t.Fatalf("gen %d: the constructed answer fails the checker: %v", i, err)
			}
		}
		base := filepath.Join(dir, fmt.Sprintf("gen%02d", i))
		writeFile(t, base+".in", in)
		writeFile(t, base+".out", out)
	}
}

func build(t *testing.T, binDir, name string) string {
	t.Helper()
	bin := filepath.Join(binDir, name)
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	cmd := exec.Command("go", "build", "-o", bin, "./"+name)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build ./%s: %v\n%s", name, err, out)
	}
	return bin
}

func runProgram(t *testing.T, bin, in string) string {
	t.Helper()
	cmd := exec.Command(bin)
	cmd.Stdin = strings.NewReader(in)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s: %v\nstderr: %s", filepath.Base(bin), err, stderr.String())
	}
	return stdout.String()
}

// runFailing runs bin on in and returns its stderr and exit status.
func runFailing(t *testing.T, bin, in string) (string, int) {
	t.Helper()
	cmd := exec.Command(bin)
	cmd.Stdin = strings.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if err == nil {
		return stderr.String(), 0
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		t.Fatalf("%s: %v", filepath.Base(bin), err)
	}
	return stderr.String(), ee.ExitCode()
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func writeFile(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func clip(s string) string {
	if len(s) > 600 {
		return s[:600] + "…"
	}
	return s
}
