package octal

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteValuesFile: the values file of 0.07 to heap 200 holds one "n g(n)" line a heap, equal
// to the definitional values; CheckValuesFile refuses a directory and a missing directory and
// leaves nothing behind where it accepts.
func TestWriteValuesFile(t *testing.T) {
	c, err := Parse("0.07")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Compute(context.Background(), c, Options{To: 200, KeepGoing: true})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "v.txt")
	if err := CheckValuesFile(path); err != nil {
		t.Fatalf("CheckValuesFile(%s) = %v", path, err)
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Fatalf("CheckValuesFile left %v", left)
	}
	if err := WriteValuesFile(path, res, 200); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := Reference(context.Background(), c, 200)
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	for i, v := range ref {
		fmt.Fprintf(&want, "%d %d\n", i, v)
	}
	if string(got) != want.String() {
		t.Errorf("values file differs from the definition:\n%.200s", got)
	}
	for _, bad := range []string{dir, filepath.Join(dir, "missing", "v.txt")} {
		if err := CheckValuesFile(bad); err == nil {
			t.Errorf("CheckValuesFile(%s) = nil", bad)
		}
	}
}
