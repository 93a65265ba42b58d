package octal

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// tempsIn lists the files of dir other than name.
func tempsIn(t *testing.T, dir, name string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		if e.Name() != name {
			out = append(out, e.Name())
		}
	}
	return out
}

func smallCheckpoint(t *testing.T) *Checkpoint {
	t.Helper()
	res, err := Compute(context.Background(), MustParse(".16"), Options{To: 3000, KeepGoing: true})
	if err != nil {
		t.Fatal(err)
	}
	return res.Checkpoint()
}

// TestSaveAfterKill: the temporary files a killed save leaves (this version's one name, and the
// numbered names of the earlier versions, six of which a user found after twelve kills) are
// reused or removed by the next save, which still writes a checkpoint that loads.
func TestSaveAfterKill(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "c.ckpt")
	for _, stale := range []string{"c.ckpt.tmp", "c.ckpt.tmp1234567", "c.ckpt.tmp98"} {
		if err := os.WriteFile(filepath.Join(dir, stale), []byte("half a checkpoint"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// a file that only looks alike stays
	keep := filepath.Join(dir, "c.ckpt.tmp-notes")
	if err := os.WriteFile(keep, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	cp := smallCheckpoint(t)
	for range 3 {
		if err := cp.SaveFile(path); err != nil {
			t.Fatal(err)
		}
	}
	if got := tempsIn(t, dir, "c.ckpt"); !slices.Equal(got, []string{"c.ckpt.tmp-notes"}) {
		t.Fatalf("after the saves the directory holds %v besides the checkpoint", got)
	}
	back, err := LoadFile(path, 0)
	if err != nil || back.Len() != cp.Len() {
		t.Fatalf("load: %v", err)
	}
}

// TestSaveKilledForReal kills a process that saves checkpoints in a loop, twelve times, and finds
// at most one temporary file afterwards (none after the next save).
func TestSaveKilledForReal(t *testing.T) {
	if os.Getenv("GRUNDY_SAVE_LOOP") != "" {
		cp := smallCheckpoint(t)
		for {
			if err := cp.SaveFile(os.Getenv("GRUNDY_SAVE_LOOP")); err != nil {
				t.Fatal(err)
			}
		}
	}
	if testing.Short() {
		t.Skip("starts twelve processes")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "c.ckpt")
	for i := range 12 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestSaveKilledForReal$")
		cmd.Env = append(os.Environ(), "GRUNDY_SAVE_LOOP="+path)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(50+37*i) * time.Millisecond)
		cmd.Process.Kill()
		cmd.Wait()
	}
	if got := tempsIn(t, dir, "c.ckpt"); len(got) > 1 {
		t.Fatalf("after twelve kills: %v", got)
	}
	cp := smallCheckpoint(t)
	if err := cp.SaveFile(path); err != nil {
		t.Fatal(err)
	}
	if got := tempsIn(t, dir, "c.ckpt"); len(got) != 0 {
		t.Fatalf("after a save: %v", got)
	}
}

// TestCheckWritable: a missing directory, a file in place of the directory, a directory in place
// of the file and (when not root) a read-only directory are refused before any computation; a good
// path is accepted and left as it was.
func TestCheckWritable(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"", filepath.Join(dir, "missing", "c.ckpt"), filepath.Join(file, "c.ckpt"), dir} {
		if err := CheckWritable(bad); err == nil {
			t.Errorf("CheckWritable(%q) = nil", bad)
		}
	}
	if os.Geteuid() != 0 {
		ro := filepath.Join(dir, "ro")
		if err := os.Mkdir(ro, 0o555); err != nil {
			t.Fatal(err)
		}
		if err := CheckWritable(filepath.Join(ro, "c.ckpt")); err == nil {
			t.Errorf("a read-only directory was accepted")
		}
	}
	good := filepath.Join(dir, "c.ckpt")
	if err := CheckWritable(good); err != nil {
		t.Fatal(err)
	}
	if got := tempsIn(t, dir, "f"); len(got) != 0 && !(os.Geteuid() != 0 && slices.Equal(got, []string{"ro"})) {
		t.Fatalf("CheckWritable left %v", got)
	}
	// an existing checkpoint stays as it is
	cp := smallCheckpoint(t)
	if err := cp.SaveFile(good); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(good)
	if err := CheckWritable(good); err != nil {
		t.Fatal(err)
	}
	if after, _ := os.ReadFile(good); string(after) != string(before) {
		t.Fatal("CheckWritable changed the checkpoint")
	}
}
