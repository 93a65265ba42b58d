package octal

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheckpointRoundTrip(t *testing.T) {
	ctx := context.Background()
	c := MustParse(".16")
	full, err := Compute(ctx, c, Options{To: 5000, KeepGoing: true})
	if err != nil {
		t.Fatal(err)
	}
	// Stop at 2000 by cancelling from the progress callback, save, load, resume.
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	part, err := Compute(cctx, c, Options{To: 5000, KeepGoing: true, Progress: func(done, _ int) {
		if done >= 2000 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) || part == nil || part.ComputedTo < 2000 || part.ComputedTo >= 5000 {
		t.Fatalf("cancelled run: %v, %+v", err, part)
	}
	path := filepath.Join(t.TempDir(), "cp")
	if err := part.Checkpoint().SaveFile(path); err != nil {
		t.Fatal(err)
	}
	cp, err := LoadFile(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	if cp.Code != c || cp.Len() != part.ComputedTo+1 {
		t.Fatalf("loaded %v with %d values, want %v with %d", cp.Code, cp.Len(), c, part.ComputedTo+1)
	}
	res, err := Compute(ctx, c, Options{To: 5000, KeepGoing: true, Resume: cp})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i <= 5000; i++ {
		a, _ := res.Value(i)
		b, _ := full.Value(i)
		if a != b {
			t.Fatalf("resumed g(%d) = %d, uninterrupted %d", i, a, b)
		}
	}
	if _, err := Compute(ctx, MustParse(".07"), Options{To: 5000, Resume: cp}); err == nil || !strings.Contains(err.Error(), "checkpoint is of 0.16") {
		t.Fatalf("resuming another code: %v", err)
	}
}

func TestCheckpointDamage(t *testing.T) {
	res, err := Compute(context.Background(), MustParse(".77"), Options{To: 300, KeepGoing: true})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := res.Checkpoint().WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	if _, err := ReadCheckpoint(bytes.NewReader(good), 0); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadCheckpoint(bytes.NewReader(good), 100); err == nil {
		t.Error("a checkpoint over the value limit was accepted")
	}
	for i := 0; i < len(good); i += 7 {
		bad := bytes.Clone(good)
		bad[i] ^= 0x10
		if _, err := ReadCheckpoint(bytes.NewReader(bad), 0); !errors.Is(err, ErrBadCheckpoint) {
			t.Fatalf("flipping a bit of byte %d: %v", i, err)
		}
	}
	for _, n := range []int{0, 10, 40, len(good) - 1} {
		if _, err := ReadCheckpoint(bytes.NewReader(good[:n]), 0); !errors.Is(err, ErrBadCheckpoint) {
			t.Fatalf("truncated to %d bytes: %v", n, err)
		}
	}
	if _, err := ReadCheckpoint(bytes.NewReader(append(bytes.Clone(good), 0)), 0); !errors.Is(err, ErrBadCheckpoint) {
		t.Fatalf("trailing byte: %v", err)
	}
}

func FuzzReadCheckpoint(f *testing.F) {
	res, _ := Compute(context.Background(), MustParse(".07"), Options{To: 100, KeepGoing: true})
	var buf bytes.Buffer
	res.Checkpoint().WriteTo(&buf)
	f.Add(buf.Bytes())
	f.Add([]byte(checkpointMagic))
	f.Fuzz(func(t *testing.T, b []byte) {
		cp, err := ReadCheckpoint(bytes.NewReader(b), 1<<16)
		if err != nil {
			return
		}
		var out bytes.Buffer
		if _, err := cp.WriteTo(&out); err != nil || !bytes.Equal(out.Bytes(), b) {
			t.Fatalf("accepted checkpoint does not round-trip: %v", err)
		}
	})
}

func TestLimits(t *testing.T) {
	c := MustParse(".77")
	_, err := Compute(context.Background(), c, Options{To: 1 << 30, MaxBytes: 64 << 20})
	var le *LimitError
	if !errors.As(err, &le) || le.MaxTo != MaxTo(c, 64<<20) || !strings.Contains(err.Error(), "memory limit of 64.0 MiB") {
		t.Fatalf("over the budget: %v", err)
	}
	if _, err := Compute(context.Background(), c, Options{}); err == nil {
		t.Fatal("no To and no MaxBytes accepted")
	}
	res, err := Compute(context.Background(), c, Options{MaxBytes: 16 << 20})
	if err != nil || !res.Proved {
		t.Fatalf("until proved within a budget: %v %+v", err, res)
	}
}

// TestWiden makes the 16-bit array "overflow" at values of 3 bits, so that Compute moves to 32-bit
// values mid-run, and checks the values, the checkpoint of 32-bit values and a resume from it.
func TestWiden(t *testing.T) {
	ctx := context.Background()
	c := MustParse(".77")
	want, _ := Reference(ctx, c, 400)
	res, err := Compute(ctx, c, Options{To: 400, KeepGoing: true, narrowBits: 2})
	if err != nil {
		t.Fatal(err)
	}
	if res.v32 == nil {
		t.Fatal("the array was not widened")
	}
	for i, w := range want {
		if v, _ := res.Value(i); v != w {
			t.Fatalf("widened g(%d) = %d, want %d", i, v, w)
		}
	}
	var buf bytes.Buffer
	if _, err := res.Checkpoint().WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	cp, err := ReadCheckpoint(&buf, 0)
	if err != nil || cp.v32 == nil || cp.Len() != 401 {
		t.Fatalf("32-bit checkpoint: %v", err)
	}
	more, err := Compute(ctx, c, Options{To: 1000, Resume: cp})
	if err != nil || !more.Proved || more.Period != 12 || more.Preperiod != 71 {
		t.Fatalf("resumed from 32-bit values: %v %+v", err, more)
	}
}
