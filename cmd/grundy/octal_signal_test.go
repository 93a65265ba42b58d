//go:build unix

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"syscall"
	"testing"
	"time"

	"grundy/octal"
)

// TestOctalSignalSavesAndResumes (issue 16): Ctrl-C (SIGINT) and SIGTERM stop a long Officers run
// in its own process; it writes its checkpoint and exits 1 saying where it stopped and how to go
// on, and a run resumed from that checkpoint reports the values and statistics of an
// uninterrupted run. (The resumed run goes to a heap the interrupted one may or may not have
// passed: either way it must agree with the fresh run.)
func TestOctalSignalSavesAndResumes(t *testing.T) {
	const to = "200000"
	fresh := decodeJSON(t, "", "octal", "0.6", "--to", to)
	delete(fresh, "seconds")
	stopped := regexp.MustCompile(`interrupted at heap (\d+): checkpoint saved to (\S+); continue with --resume`)
	for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM} {
		cp := filepath.Join(t.TempDir(), "officers.ckpt")
		cmd := grundyCmd("octal", "0.6", "--to", "16777215", "--summary", "--checkpoint", cp, "--checkpoint-every", "20ms")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(2 * time.Minute)
		for {
			if _, err := os.Stat(cp); err == nil {
				break
			}
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				t.Fatalf("%v: no checkpoint after 2 minutes", sig)
			}
			time.Sleep(10 * time.Millisecond)
		}
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		err := cmd.Wait()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 1 {
			t.Fatalf("%v: %v, want exit 1; stderr %q", sig, err, stderr.String())
		}
		m := stopped.FindStringSubmatch(stderr.String())
		if m == nil || m[2] != cp {
			t.Fatalf("%v: stderr %q does not say where it stopped and that it saved %s", sig, stderr.String(), cp)
		}
		at, _ := strconv.Atoi(m[1])
		saved, err := octal.LoadFile(cp, 0)
		if err != nil || saved.Len() != at {
			t.Fatalf("%v: stopped at heap %d, checkpoint %v with %d values", sig, at, err, saved.Len())
		}
		resumed := decodeJSON(t, "", "octal", "0.6", "--to", to, "--resume", cp)
		delete(resumed, "seconds")
		if f, r := jsonText(t, fresh), jsonText(t, resumed); f != r {
			t.Errorf("%v: resumed from heap %d:\n%s\nuninterrupted:\n%s", sig, at, r, f)
		}
	}
}
