// Package refdata reads the public reference data kept in the repository under testdata/reference/
// (OEIS sequences and published tables, each file with its source and licence in its header; see
// testdata/reference/README.md), for tests that check results against independent truth.
package refdata

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Dir returns the reference directory, testdata/reference under the module root (the nearest
// directory above the working directory holding go.mod). It calls t.Fatal when the directory is
// absent: the data is part of the repository, so a missing directory is a broken checkout, never a
// reason to skip.
func Dir(t testing.TB) string {
	t.Helper()
	dir, err := find()
	if err != nil {
		t.Fatalf("refdata: %v", err)
	}
	return dir
}

// find looks for testdata/reference under the module root above the working directory.
func find() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			ref := filepath.Join(d, "testdata", "reference")
			st, err := os.Stat(ref)
			if err != nil {
				return "", err
			}
			if !st.IsDir() {
				return "", fmt.Errorf("%s is not a directory", ref)
			}
			return ref, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no go.mod above %s", wd)
		}
	}
}

// Path returns the path of the named reference file (relative to the reference directory), calling
// t.Fatal when the file is absent.
func Path(t testing.TB, name string) string {
	t.Helper()
	p := filepath.Join(Dir(t), filepath.FromSlash(name))
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("refdata: %v", err)
	}
	return p
}

// Term is one line "n a(n)" of an OEIS-style b-file.
type Term struct {
	N     int64
	Value uint64
}

// Sequence reads an OEIS-style file: '#' header lines, then lines "n a(n)". Blank lines are skipped.
func Sequence(t testing.TB, name string) []Term {
	t.Helper()
	f, err := os.Open(Path(t, name))
	if err != nil {
		t.Fatalf("refdata: %v", err)
	}
	defer f.Close()
	terms, err := parseSequence(f.Name(), bufio.NewScanner(f))
	if err != nil {
		t.Fatalf("refdata: %v", err)
	}
	return terms
}

func parseSequence(name string, sc *bufio.Scanner) ([]Term, error) {
	var terms []Term
	for line := 1; sc.Scan(); line++ {
		s := strings.TrimSpace(sc.Text())
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		f := strings.Fields(s)
		if len(f) != 2 {
			return nil, fmt.Errorf("%s:%d: want \"n a(n)\", got %q", name, line, s)
		}
		n, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		v, err := strconv.ParseUint(f[1], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		terms = append(terms, Term{N: n, Value: v})
	}
	return terms, sc.Err()
}
