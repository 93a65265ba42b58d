package worker

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"grundy/internal/heapwatch"
)

// ErrOverMemory is the cause of a context that Bound cancelled because the process's memory grew
// past its bound.
var ErrOverMemory = errors.New("over the memory limit")

// Bounds are the bounds of a computation that Bound runs in this process. A zero Timeout or
// MaxMemory is no bound of that kind.
type Bounds struct {
	// Timeout ends the computation's context Slack after it (so that a bound the computation
	// watches itself, with the same timeout, speaks first).
	Timeout, Slack time.Duration
	// MaxMemory is the growth, in bytes, of the process's resident memory or of its Go heap over
	// what they were when Bound was called. The context is cancelled (cause ErrOverMemory) past an
	// eighth more than MaxMemory plus 8 MiB, again so that a computation's own watch of the same
	// bound speaks first. The memory is read at every Poll and, at most once a millisecond, when
	// the computation asks its context's Err whether to stop (its own checkpoints), so that a
	// computation that checks its context stops near its bound even when the poll's goroutine
	// is starved: within what it allocates between two checks.
	MaxMemory uint64
	// Poll is how often the memory is read (10 ms when 0).
	Poll time.Duration
	// Grace is how long the computation has to return once its context was cancelled for a bound,
	// and a quarter more than MaxMemory plus 16 MiB how far its memory may grow meanwhile, before
	// Bound calls its stuck function.
	Grace time.Duration
}

// Bound runs f with a context that ends at b.Timeout (plus b.Slack) and is cancelled with cause
// ErrOverMemory when the process's memory grows past b.MaxMemory (see Bounds). It returns f's
// error and why the context ended: ErrOverMemory, context.DeadlineExceeded or context.Canceled
// (the caller's context), or nil when it did not.
//
// A computation that cannot notice its context (a Starlark builtin in the middle of one huge
// allocation) would run on: should f not return within b.Grace after its context ended, or its
// memory grow by a quarter more meanwhile, stuck (if not nil) is called with the same cause, on
// another goroutine, while f still runs. The command line's stuck reports the bound and ends the
// process.
func Bound(ctx context.Context, b Bounds, f func(context.Context) error, stuck func(cause error)) (err, cause error) {
	if b.Timeout <= 0 && b.MaxMemory == 0 {
		return f(ctx), nil
	}
	poll := b.Poll
	if poll <= 0 {
		poll = 10 * time.Millisecond
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	if b.Timeout > 0 {
		var stop context.CancelFunc
		ctx, stop = context.WithTimeout(ctx, b.Timeout+b.Slack)
		defer stop()
	}
	causeOf := func() error {
		if errors.Is(context.Cause(ctx), ErrOverMemory) {
			return ErrOverMemory
		}
		return ctx.Err()
	}
	soft := b.MaxMemory + b.MaxMemory/8 + 8<<20 // past it the context is cancelled
	if b.MaxMemory > 0 {
		// The watches' base (here and in the watch below) leaves out garbage made before.
		heapwatch.Settle(b.MaxMemory / 8)
		ctx = newCheckedContext(ctx, soft, cancel)
	}
	done := make(chan struct{})
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		var tick <-chan time.Time
		if b.MaxMemory > 0 {
			t := time.NewTicker(poll)
			defer t.Stop()
			tick = t.C
		}
		mem := NewMemoryWatch()
	watch:
		for {
			select {
			case <-done:
				return
			case <-tick:
				if mem.Grown() <= soft {
					continue
				}
				cancel(ErrOverMemory)
				break watch
			case <-ctx.Done():
				break watch
			}
		}
		// Cancelled: f has Grace to return, and its memory may grow by a quarter more.
		end := func() {
			if stuck != nil {
				stuck(causeOf())
			}
		}
		grace := time.NewTimer(b.Grace)
		defer grace.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick:
				if mem.Grown() > b.MaxMemory+b.MaxMemory/4+16<<20 {
					cancel(ErrOverMemory)
					end()
					return
				}
			case <-grace.C:
				end()
				return
			}
		}
	}()
	err = f(ctx)
	close(done)
	<-watched
	return err, causeOf()
}

// checkedContext is a context whose Err reads the process's memory growth (at most once every
// checkEvery) and cancels the context with cause ErrOverMemory past limit: Bound's watch at the
// computation's own checkpoints.
type checkedContext struct {
	context.Context
	limit  uint64
	cancel context.CancelCauseFunc
	next   atomic.Int64 // the earliest time, in nanoseconds since start, of the next reading
	start  time.Time
	mu     sync.Mutex // held while reading mem (one reader at a time; others skip)
	mem    *MemoryWatch
}

// checkEvery is the least time between two readings of the memory by checkedContext.Err.
const checkEvery = time.Millisecond

func newCheckedContext(ctx context.Context, limit uint64, cancel context.CancelCauseFunc) *checkedContext {
	return &checkedContext{Context: ctx, limit: limit, cancel: cancel, start: time.Now(), mem: NewMemoryWatch()}
}

// Err is the context's error, after reading the memory if checkEvery has passed since the last
// reading.
func (c *checkedContext) Err() error {
	if err := c.Context.Err(); err != nil {
		return err
	}
	now := int64(time.Since(c.start))
	if now < c.next.Load() || !c.mu.TryLock() {
		return nil
	}
	over := c.mem.Grown() > c.limit
	c.next.Store(int64(time.Since(c.start)) + int64(checkEvery))
	c.mu.Unlock()
	if over {
		c.cancel(ErrOverMemory)
		return c.Context.Err()
	}
	return nil
}

// MemoryWatch measures how much this process's memory has grown since it was made: its resident
// memory (what the machine gives it) and its Go heap (what it has asked for, touched or not).
type MemoryWatch struct {
	heap    *heapwatch.Watch
	baseRSS uint64
}

// NewMemoryWatch starts measuring from now.
func NewMemoryWatch() *MemoryWatch {
	return &MemoryWatch{heap: heapwatch.New(), baseRSS: selfResident()}
}

// Grown returns the larger growth of the two measures since the watch was made, in bytes.
func (m *MemoryWatch) Grown() uint64 {
	var g uint64
	if r := selfResident(); r > m.baseRSS {
		g = r - m.baseRSS
	}
	return max(g, m.heap.Grown())
}

// selfResident is this process's resident set size (0 where unknown).
func selfResident() uint64 {
	n, _ := Resident(os.Getpid())
	return n
}

// SuperviseBounded runs cmd (not yet started: a copy of this program doing one computation under
// b, which it watches itself with Bound) to its end, and holds the bounds from outside, where a
// computation that cannot notice them cannot hold them up: the process is killed when its
// resident memory passes this process's (the copy's at rest: the same program) plus a quarter
// more than b.MaxMemory plus 16 MiB (a *LimitError; Bound's own last resort in the copy), b.Grace
// after b.Timeout (context.DeadlineExceeded), or b.Grace after ctx is cancelled (context.Canceled:
// the user's interrupt, which the child sees and handles itself meanwhile). Otherwise it returns
// what Supervise returns.
func SuperviseBounded(ctx context.Context, cmd *exec.Cmd, b Bounds) error {
	kill, cancel := context.WithCancel(context.WithoutCancel(ctx))
	defer cancel()
	if b.Timeout > 0 {
		kill, cancel = context.WithTimeout(kill, b.Timeout+b.Grace)
		defer cancel()
	}
	stop := context.AfterFunc(ctx, func() { time.AfterFunc(b.Grace, cancel) })
	defer stop()
	var maxRSS uint64
	if b.MaxMemory > 0 {
		maxRSS = selfResident() + b.MaxMemory + b.MaxMemory/4 + 16<<20
	}
	return Supervise(kill, cmd, maxRSS, b.Poll)
}

// EnvCopy marks a copy of the program that RunCopy started.
const EnvCopy = "GRUNDY_BOUNDED_CHILD"

// IsCopy reports whether this process is a copy started by RunCopy.
func IsCopy() bool { return os.Getenv(EnvCopy) != "" }

// ErrNoCopy is RunCopy's error when this program's executable cannot be found to run again.
var ErrNoCopy = errors.New("no executable to run a copy of")

// CopyExit is the end of a copy run by RunCopy: its exit status (its output was its own).
type CopyExit struct{ Code int }

// Error says the exit status.
func (e *CopyExit) Error() string { return "exit status " + strconv.Itoa(e.Code) }

// RunCopy runs this program again with args and the given standard streams, marked as a copy
// (IsCopy), under SuperviseBounded with b: the copy computes under Bound and gives the friendly
// answers, the supervisor holds the bounds whatever the copy does. A copy that ends by itself
// gives a *CopyExit with its status; otherwise the error is SuperviseBounded's (a *LimitError,
// context.DeadlineExceeded or context.Canceled), ErrNoCopy, or the failure to start it.
func RunCopy(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, b Bounds) error {
	exe, err := os.Executable()
	if err != nil {
		return ErrNoCopy
	}
	cmd := exec.Command(exe, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
	cmd.Env = append(os.Environ(), EnvCopy+"=1")
	err = SuperviseBounded(ctx, cmd, b)
	var ee *exec.ExitError
	switch {
	case err == nil:
		return &CopyExit{0}
	case errors.As(err, &ee) && ee.ExitCode() >= 0:
		return &CopyExit{ee.ExitCode()}
	}
	return err
}
