//go:build linux

package store

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// envReadOnlyDir names, in the copy of this test that runs inside a private mount namespace, the
// directory mounted read-only there.
const envReadOnlyDir = "GRUNDY_TEST_READONLY_DIR"

// TestReadOnlyCatalogue: a catalogue on a read-only file system can be listed (it is opened read
// only), and creating or writing one there is refused with a message that says "read-only". The
// directory is made read-only by permissions where they bind (not root), or else by a read-only
// bind mount in a private mount namespace (root, with unshare).
func TestReadOnlyCatalogue(t *testing.T) {
	dir := os.Getenv(envReadOnlyDir)
	if dir == "" {
		dir = t.TempDir()
		db := mustOpen(t, filepath.Join(dir, "c.db"))
		if _, err := db.Save(context.Background(), Record{Code: "0.07", ComputedTo: 100, MaxValue: 9}); err != nil {
			t.Fatal(err)
		}
		db.Close()
		os.Chmod(filepath.Join(dir, "c.db"), 0o444)
		os.Chmod(dir, 0o555)
		t.Cleanup(func() { os.Chmod(dir, 0o755) })
		if f, err := os.Create(filepath.Join(dir, "probe")); err == nil { // root: permissions do not bind
			f.Close()
			os.Remove(filepath.Join(dir, "probe"))
			unshare, err := exec.LookPath("unshare")
			if err != nil {
				t.Skip("running as root without unshare: no way to make a read-only directory")
			}
			cmd := exec.Command(unshare, "-m", "sh", "-c", `mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && exec "$2" -test.run '^TestReadOnlyCatalogue$' -test.v`,
				"sh", dir, os.Args[0])
			cmd.Env = append(os.Environ(), envReadOnlyDir+"="+dir)
			out, err := cmd.CombinedOutput()
			if err != nil && strings.Contains(string(out), "mount") && !strings.Contains(string(out), "--- FAIL") {
				t.Skipf("no read-only bind mount here: %v %s", err, out)
			}
			if err != nil || !strings.Contains(string(out), "--- PASS: TestReadOnlyCatalogue") {
				t.Fatalf("in a read-only mount: %v\n%s", err, out)
			}
			return
		}
	}
	ctx := context.Background()
	db, err := OpenContext(ctx, filepath.Join(dir, "c.db"), Options{MustExist: true, ReadOnly: true})
	if err != nil {
		t.Fatalf("opening for reading: %v", err)
	}
	rows, err := db.List(ctx)
	db.Close()
	if err != nil || len(rows) != 1 || rows[0].Code != "0.07" {
		t.Fatalf("listing: %v %+v", err, rows)
	}
	_, err = OpenContext(ctx, filepath.Join(dir, "new.db"), Options{})
	wantTargetError(t, err, "read-only")
	_, err = OpenContext(ctx, filepath.Join(dir, "c.db"), Options{})
	wantTargetError(t, err, "read-only")
}
