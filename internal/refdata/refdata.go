// Package refdata reads the public reference data kept beside the module in ../shared/reference/
// (OEIS-style sequences and published tables), for tests that check results against independent truth.
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

// Dir returns the reference directory: ../shared/reference relative to the module root (the nearest
// directory above the working directory holding go.mod). It calls t.Skip when the directory is absent.
func Dir(t testing.TB) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatalf("refdata: %v", err)
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			ref := filepath.Join(d, "..", "shared", "reference")
			if st, err := os.Stat(ref); err == nil && st.IsDir() {
				return ref
			}
			t.Skipf("refdata: reference data not found at %s (it lives beside the module as ../shared/reference)", ref)
		}
		if filepath.Dir(d) == d {
			t.Skip("refdata: no go.mod above the working directory")
		}
	}
}

// Path returns the path of the named reference file (relative to the reference directory), calling
// t.Skip when the reference directory is absent and t.Fatal when the file is.
func Path(t testing.TB, name string) string {
	t.Helper()
	p := filepath.Join(Dir(t), name)
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
