package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime/metrics"
	"strconv"
	"time"

	"grundy/internal/worker"
	"grundy/query"
)

// cliBounds are the bounds of one solve or seq computation: --timeout and --max-memory, for
// rulesets and scripts alike. A zero field is no bound.
type cliBounds struct {
	timeout   time.Duration
	maxMemory uint64 // bytes of growth of the process's memory over what it held at the start
}

// boundsOf returns the bounds of a command: the flags when given; for a script, its budgets (the
// defaults of the flags) in any case; for a ruleset without the flags, none.
func boundsOf(g gameArgs, lim query.Limits, isScript bool) cliBounds {
	var b cliBounds
	if _, ok := g.own["timeout"]; ok || isScript {
		b.timeout = lim.ScriptTimeout
	}
	if _, ok := g.own["max-memory"]; ok || isScript {
		b.maxMemory = lim.ScriptMemory
	}
	return b
}

// errOverMemory is the cause of a computation cancelled for its memory.
var errOverMemory = errors.New("over the memory limit")

// boundsGrace is how long a computation has to stop after its context is cancelled before the
// process ends itself (a Starlark builtin in the middle of one huge allocation cannot stop).
const boundsGrace = 2 * time.Second

// timeoutSlack is how much later than --timeout a bounded context ends.
const timeoutSlack = 100 * time.Millisecond

// memoryPoll is how often the memory of a bounded computation is read.
const memoryPoll = 10 * time.Millisecond

// envBoundedChild marks the copy of the command that a bounded command runs under supervision.
const envBoundedChild = "GRUNDY_BOUNDED_CHILD"

// childExit is the end of a command run under supervision: its exit status, its output already
// written by the child.
type childExit struct{ code int }

func (e *childExit) Error() string { return "exit status " + strconv.Itoa(e.code) }

// supervise runs this command again, as it is, in a child process with the same standard streams,
// and watches it from outside (internal/worker.Supervise): killed when its memory passes a
// quarter more than maxMemory (plus room for the program itself), or boundsGrace after its
// timeout or after the user's interrupt, which the child sees and handles itself. This is what
// holds a bound against a computation that cannot even notice it: a Starlark builtin copying
// gigabytes in one memmove keeps every goroutine of its process waiting.
func (a *app) supervise(ctx context.Context, exe string, b cliBounds) error {
	cmd := exec.Command(exe, a.args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = a.stdin, a.stdout, a.stderr
	cmd.Env = append(os.Environ(), envBoundedChild+"=1")
	kill, cancel := context.WithCancel(context.WithoutCancel(ctx))
	defer cancel()
	if b.timeout > 0 {
		kill, cancel = context.WithTimeout(kill, b.timeout+boundsGrace)
		defer cancel()
	}
	stop := context.AfterFunc(ctx, func() { time.AfterFunc(boundsGrace, cancel) })
	defer stop()
	var maxRSS uint64
	if b.maxMemory > 0 {
		maxRSS = b.maxMemory + b.maxMemory/4 + 64<<20
	}
	err := worker.Supervise(kill, cmd, maxRSS, memoryPoll)
	var ee *exec.ExitError
	var le *worker.LimitError
	switch {
	case err == nil:
		return &childExit{exitOK}
	case errors.As(err, &ee) && ee.ExitCode() >= 0:
		return &childExit{ee.ExitCode()}
	case errors.As(err, &le):
		return query.Limitf("max_memory", b.maxMemory>>20, "the computation went over its memory limit of %d MiB; raise it with --max-memory", b.maxMemory>>20)
	case errors.Is(err, context.DeadlineExceeded):
		return query.Limitf("timeout", b.timeout.String(), "the computation ran out of its time budget of %v; raise it with --timeout", b.timeout)
	case errors.Is(err, context.Canceled):
		return &query.Error{Kind: query.Cancelled, Msg: "interrupted", Err: err}
	}
	return internalf("running the computation: %v", err)
}

// bounded runs f under b, in this process: its context ends at the timeout, and is cancelled when
// the process's resident memory, or its Go heap, has grown by more than maxMemory (by an eighth
// more, so that a script's own watch of that limit speaks first). A computation over a bound is
// reported as over the limit (exit 2), naming the flag that raises it. Should f not return within
// boundsGrace after that, or its memory grow by a quarter more, the process reports it and exits
// with status 2 at once (when a.exit is set, as it is for the real command).
//
// The real command (a.exit set) first hands the whole command to a supervised copy of itself
// (see supervise), in which bounded then runs f in-process as described: the copy gives the
// friendly answers, the supervisor the guarantee. Tests that call run stay in one process.
func (a *app) bounded(ctx context.Context, b cliBounds, f func(context.Context) error) error {
	if b.timeout <= 0 && b.maxMemory == 0 {
		return f(ctx)
	}
	if a.exit != nil && os.Getenv(envBoundedChild) == "" {
		if exe, err := os.Executable(); err == nil {
			return a.supervise(ctx, exe, b)
		}
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	if b.timeout > 0 {
		var stop context.CancelFunc
		// A moment more than the timeout, so that a script's own clock (the same timeout, from
		// when it is loaded) speaks first, with its own message.
		ctx, stop = context.WithTimeout(ctx, b.timeout+timeoutSlack)
		defer stop()
	}
	memMsg := fmt.Sprintf("the computation went over its memory limit of %d MiB; raise it with --max-memory", b.maxMemory>>20)
	timeMsg := fmt.Sprintf("the computation ran out of its time budget of %v; raise it with --timeout", b.timeout)
	done := make(chan struct{})
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		var tick <-chan time.Time
		if b.maxMemory > 0 {
			t := time.NewTicker(memoryPoll)
			defer t.Stop()
			tick = t.C
		}
		mem := newMemoryWatch()
		for {
			select {
			case <-done:
				return
			case <-tick:
				// An eighth more, so that a script's own watch (of the same limit) speaks first.
				if mem.grown() <= b.maxMemory+b.maxMemory/8+8<<20 {
					continue
				}
				cancel(errOverMemory)
			case <-ctx.Done():
			}
			break
		}
		// Cancelled: f has boundsGrace to return, and its memory may grow by a quarter more.
		end := func() {
			if a.exit == nil {
				return
			}
			msg := timeMsg
			if errors.Is(context.Cause(ctx), errOverMemory) {
				msg = memMsg
			} else if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
				return // the user's Ctrl-C: theirs to repeat
			}
			fmt.Fprintf(a.stderr, "grundy: %s\n", msg)
			a.exit(exitInput)
		}
		grace := time.NewTimer(boundsGrace)
		defer grace.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick:
				if mem.grown() > b.maxMemory+b.maxMemory/4+16<<20 {
					cancel(errOverMemory)
					end()
					return
				}
			case <-grace.C:
				end()
				return
			}
		}
	}()
	err := f(ctx)
	close(done)
	<-watched
	switch {
	case err == nil:
		return nil
	case errors.Is(context.Cause(ctx), errOverMemory):
		return query.Limitf("max_memory", b.maxMemory>>20, "%s", memMsg)
	case errors.Is(ctx.Err(), context.DeadlineExceeded) && query.KindOf(err) != query.BadInput:
		var qe *query.Error
		if errors.As(err, &qe) && qe.Limit != "" && qe.Limit != "timeout" && qe.Limit != "budget_ms" {
			return err // over another limit, which it names
		}
		return query.Limitf("timeout", b.timeout.String(), "%s", timeMsg)
	}
	return err
}

// memoryWatch measures how much a process's memory has grown since it was made: its resident
// memory (what the machine gives it) and its Go heap (what it has asked for, touched or not).
type memoryWatch struct {
	sample          []metrics.Sample
	baseRSS, baseGo uint64
}

func newMemoryWatch() *memoryWatch {
	m := &memoryWatch{sample: []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}}
	m.baseRSS, m.baseGo = residentBytes(), m.heap()
	return m
}

func (m *memoryWatch) heap() uint64 {
	metrics.Read(m.sample)
	if m.sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return m.sample[0].Value.Uint64()
}

// grown returns the larger growth of the two measures, in bytes.
func (m *memoryWatch) grown() uint64 {
	var g uint64
	if r := residentBytes(); r > m.baseRSS {
		g = r - m.baseRSS
	}
	if h := m.heap(); h > m.baseGo {
		g = max(g, h-m.baseGo)
	}
	return g
}

// residentBytes is this process's resident set size (0 where unknown).
func residentBytes() uint64 {
	n, _ := worker.Resident(os.Getpid())
	return n
}
