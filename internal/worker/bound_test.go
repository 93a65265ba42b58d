package worker

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

func TestBoundTimeout(t *testing.T) {
	err, cause := Bound(context.Background(), Bounds{Timeout: 30 * time.Millisecond, Grace: time.Second},
		func(ctx context.Context) error { <-ctx.Done(); return ctx.Err() }, nil)
	if !errors.Is(err, context.DeadlineExceeded) || !errors.Is(cause, context.DeadlineExceeded) {
		t.Fatalf("err %v, cause %v; want the deadline", err, cause)
	}
	err, cause = Bound(context.Background(), Bounds{Timeout: time.Minute}, func(context.Context) error { return nil }, nil)
	if err != nil || cause != nil {
		t.Fatalf("a computation within its bounds: err %v, cause %v", err, cause)
	}
}

func TestBoundMemory(t *testing.T) {
	var keep [][]byte
	err, cause := Bound(context.Background(), Bounds{MaxMemory: 32 << 20, Poll: time.Millisecond, Grace: 10 * time.Second},
		func(ctx context.Context) error {
			for i := 0; i < 1000; i++ { // 4 GiB at most, far more than the bound
				if ctx.Err() != nil {
					return ctx.Err()
				}
				b := make([]byte, 4<<20)
				for j := range b {
					b[j] = 1
				}
				keep = append(keep, b)
				time.Sleep(time.Millisecond)
			}
			return nil
		}, nil)
	if len(keep) >= 1000 || !errors.Is(cause, ErrOverMemory) || err == nil {
		t.Fatalf("after %d MiB: err %v, cause %v; want over memory", 4*len(keep), err, cause)
	}
}

func TestBoundStuck(t *testing.T) {
	var stuck atomic.Value
	called := make(chan struct{})
	// f never looks at ctx: it returns once stuck was called (or after a minute, and then the
	// check below fails), so that its return cannot beat the grace timer on a loaded machine.
	err, cause := Bound(context.Background(), Bounds{Timeout: 10 * time.Millisecond, Grace: 20 * time.Millisecond},
		func(ctx context.Context) error {
			select {
			case <-called:
			case <-time.After(time.Minute):
			}
			return nil
		},
		func(cause error) { stuck.Store(cause); close(called) })
	if err != nil || !errors.Is(cause, context.DeadlineExceeded) {
		t.Fatalf("err %v, cause %v", err, cause)
	}
	if c, _ := stuck.Load().(error); !errors.Is(c, context.DeadlineExceeded) {
		t.Fatalf("stuck was called with %v, want the deadline", c)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, cause = Bound(ctx, Bounds{Timeout: time.Minute}, func(ctx context.Context) error { return ctx.Err() }, nil)
	if !errors.Is(cause, context.Canceled) {
		t.Fatalf("the caller's cancellation: cause %v", cause)
	}
}

// TestCopyExitIsAnError: RunCopy's end of a copy is an error carrying the status (the command
// line's runApp returns that status as it is).
func TestCopyExitIsAnError(t *testing.T) {
	var err error = &CopyExit{Code: 2}
	var ce *CopyExit
	if !errors.As(err, &ce) || ce.Code != 2 || err.Error() != "exit status 2" {
		t.Fatalf("%v", err)
	}
}

// TestBoundMemoryAtCheckpoints: a computation that allocates as fast as it can, asking its
// context whether to stop after every MiB, is stopped below 1.5 times its bound even when the
// watch's own poll never comes (a starved goroutine on a loaded machine): the context checks the
// memory at the computation's checkpoints (ctx.Err), at most once a millisecond.
func TestBoundMemoryAtCheckpoints(t *testing.T) {
	const bound = 64 << 20
	var keep [][]byte
	mem := NewMemoryWatch()
	var grown uint64
	err, cause := Bound(context.Background(), Bounds{MaxMemory: bound, Poll: time.Hour, Grace: time.Hour},
		func(ctx context.Context) error {
			for i := 0; i < 2048; i++ { // 2 GiB at most
				if err := ctx.Err(); err != nil {
					grown = mem.Grown()
					return err
				}
				b := make([]byte, 1<<20)
				for j := 0; j < len(b); j += 4096 {
					b[j] = 1
				}
				keep = append(keep, b)
			}
			grown = mem.Grown()
			return nil
		}, nil)
	t.Logf("stopped after %d MiB kept, %d MiB grown (bound %d MiB)", len(keep), grown>>20, bound>>20)
	if !errors.Is(cause, ErrOverMemory) || err == nil {
		t.Fatalf("after %d MiB: err %v, cause %v; want over memory", len(keep), err, cause)
	}
	if grown > bound+bound/2 {
		t.Errorf("stopped only at %d MiB of growth, more than 1.5 × %d MiB", grown>>20, bound>>20)
	}
}
