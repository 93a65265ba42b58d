package octal

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestScan: a scan's results are the codes' own computations, in the codes' order (a code whose
// pilot proves its period is not computed again, one that does not is computed to To); a work
// bound refuses before the long runs and names a heap that fits it, which a scan to that heap
// then accepts; a soft stop in the past answers no code, and stopped; a cancelled context is
// the context's error.
func TestScan(t *testing.T) {
	ctx := context.Background()
	codes := []Code{MustParse("0.07"), MustParse("0.6"), MustParse("0.137"), MustParse("4.7")}
	const to = 3000
	res, err := Scan(ctx, codes, ScanOptions{To: to})
	if err != nil || res.Stopped || len(res.Results) != len(codes) {
		t.Fatalf("scan: %d results, stopped %v, %v", len(res.Results), res.Stopped, err)
	}
	for i, c := range codes {
		r := res.Results[i]
		want, err := Compute(ctx, c, Options{To: to})
		if err != nil {
			t.Fatal(err)
		}
		if r.Code != c || r.Proved != want.Proved || r.Period != want.Period || r.Preperiod != want.Preperiod {
			t.Fatalf("%v: scanned %v period %d/%d proved %v, computed period %d/%d proved %v", c, r.Code, r.Period, r.Preperiod, r.Proved, want.Period, want.Preperiod, want.Proved)
		}
		if !r.Proved && r.ComputedTo < to {
			t.Fatalf("%v: unproved, computed to %d only", c, r.ComputedTo)
		}
		for n := 0; n <= min(r.ComputedTo, want.ComputedTo); n++ {
			a, _ := r.Value(n)
			b, _ := want.Value(n)
			if a != b {
				t.Fatalf("%v: g(%d) = %d in the scan, %d computed", c, n, a, b)
			}
		}
	}
	if !res.Results[0].Proved || res.Results[0].Period != 34 {
		t.Fatalf("0.07: period %d proved %v, want 34 proved", res.Results[0].Period, res.Results[0].Proved)
	}

	_, err = Scan(ctx, codes, ScanOptions{To: 1 << 20, MaxWork: 1 << 24})
	var we *WorkError
	if !errors.As(err, &we) || we.To != 1<<20 || we.Max != 1<<24 || we.Fits <= PilotTo || we.Fits >= 1<<20 {
		t.Fatalf("a scan over its work bound: %v", err)
	}
	if _, err := Scan(ctx, codes, ScanOptions{To: we.Fits, MaxWork: 1 << 24}); err != nil {
		t.Fatalf("a scan to heap %d, which the work error said fits: %v", we.Fits, err)
	}

	res, err = Scan(ctx, codes, ScanOptions{To: to, Soft: time.Now().Add(-time.Second)})
	if err != nil || !res.Stopped || len(res.Results) != 0 {
		t.Fatalf("a soft stop in the past: %d results, stopped %v, %v", len(res.Results), res.Stopped, err)
	}

	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Scan(cctx, codes, ScanOptions{To: to}); !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled scan: %v", err)
	}
}

// TestComputeFiles: a run with files writes its checkpoint (LastGood: the number of values it
// holds) and values; a second run resumes from the checkpoint to a larger heap with the same
// values as one run from scratch; a resume of another code, or of a damaged file, is a
// *ResumeError before any work.
func TestComputeFiles(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	c := MustParse("0.6")
	f := Files{Checkpoint: filepath.Join(dir, "a.ckpt"), ValuesFile: filepath.Join(dir, "a.txt")}
	r1, saved, err := ComputeFiles(ctx, c, Options{To: 2000}, f)
	if err != nil || saved.CheckpointErr != nil || saved.ValuesErr != nil || saved.LastGood != 2001 {
		t.Fatalf("first run: %+v, %v", saved, err)
	}
	if st, err := os.Stat(f.ValuesFile); err != nil || st.Size() == 0 {
		t.Fatalf("values file: %v", err)
	}
	r2, saved, err := ComputeFiles(ctx, c, Options{To: 5000}, Files{Resume: f.Checkpoint, Checkpoint: filepath.Join(dir, "b.ckpt")})
	if err != nil || saved.LastGood != 5001 {
		t.Fatalf("resumed run: %+v, %v", saved, err)
	}
	want, err := Compute(ctx, c, Options{To: 5000})
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n <= 5000; n++ {
		a, _ := r2.Value(n)
		b, _ := want.Value(n)
		if a != b || n <= 2000 && func() bool { x, _ := r1.Value(n); return x != b }() {
			t.Fatalf("g(%d): resumed %d, from scratch %d", n, a, b)
		}
	}
	var re *ResumeError
	if _, _, err := ComputeFiles(ctx, MustParse("0.07"), Options{To: 5000}, Files{Resume: f.Checkpoint}); !errors.As(err, &re) {
		t.Fatalf("resuming another code's checkpoint: %v", err)
	}
	bad := filepath.Join(dir, "bad.ckpt")
	if err := os.WriteFile(bad, []byte("not a checkpoint"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ComputeFiles(ctx, c, Options{To: 5000}, Files{Resume: bad}); !errors.As(err, &re) {
		t.Fatalf("resuming a damaged file: %v", err)
	}
}
