// Package clib is the C library of grundy (cmd/libgrundy) as plain Go: a table of calls, each a
// request of package api answered under the command line's limits, cancellable from another
// thread, with its progress readable while it runs and the values of a sequence kept for the
// caller's own buffer; and the batch nim-product. cmd/libgrundy only converts C's arguments.
//
// Limits. A call runs with query.CLI()'s limits and the command line's octal memory budget (3/4
// of the memory available, query.MemoryBudget), under the caller's context. A call's
// Timeout and MaxMemory are those of the command line's --timeout and --max-memory: the scripts'
// own budgets (time, heap growth), octal's memory budget (which refuses up front a "to" that does
// not fit), and, for everything, worker.Bound's watch in this process, which cancels the
// computation once the process's resident memory or Go heap has grown by MaxMemory (an over-limit
// error naming max_memory). In a library the memory bound is a watchdog on growth, not a hard cap:
// there is no copy of the process to kill.
package clib

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"grundy/api"
	"grundy/internal/worker"
	"grundy/query"
	"grundy/report"
)

// Grace is how long a call waits, once cancelled, for its computation to stop before it returns
// anyway (the computation then runs on in the background until it notices, and its answer is
// dropped).
const Grace = 2 * time.Second

// Library is the table of calls of one process. Its zero value is not usable; call New.
type Library struct {
	mu    sync.Mutex
	next  uint64
	calls map[uint64]*call
	intr  *interrupts
	base  query.Limits // cliLimits(), made once
}

// call is one call's context and what it leaves for the caller.
type call struct {
	ctx         context.Context
	cancel      context.CancelFunc
	done, total atomic.Int64
	mu          sync.Mutex
	out         chan result   // the answer of the request Start started
	timeout     time.Duration // its Options.Timeout
	values      any           // []uint32 or []uint64, kept by Options.KeepValues
}

// New returns an empty table of calls.
func New() *Library { return NewCounting(new(atomic.Uint64)) }

// NewCounting returns an empty table of calls that counts the interrupts it reads from its
// wakeup pipe in count: memory a C caller may read without calling in (cmd/libgrundy allocates
// it with C's allocator).
func NewCounting(count *atomic.Uint64) *Library {
	return &Library{calls: map[uint64]*call{}, intr: &interrupts{count: count, watching: map[uint64]context.CancelFunc{}},
		base: cliLimits()}
}

// Begin makes a new call and returns its id (never 0). End it with End.
func (l *Library) Begin() uint64 {
	ctx, cancel := context.WithCancel(context.Background())
	l.mu.Lock()
	defer l.mu.Unlock()
	l.next++
	l.calls[l.next] = &call{ctx: ctx, cancel: cancel}
	return l.next
}

func (l *Library) get(id uint64) *call {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.calls[id]
}

// Cancel cancels the call's computation, from any thread; false for an unknown id.
func (l *Library) Cancel(id uint64) bool {
	c := l.get(id)
	if c == nil {
		return false
	}
	c.cancel()
	return true
}

// End cancels the call and forgets it and its kept values.
func (l *Library) End(id uint64) {
	l.mu.Lock()
	c := l.calls[id]
	delete(l.calls, id)
	l.mu.Unlock()
	if c != nil {
		c.cancel()
	}
}

// Progress returns the work done and the work asked for of the call's computation, as its
// query function reports them (octal and seq of a code: heaps; guess: positions); 0, 0 before
// the first report or for an unknown id.
func (l *Library) Progress(id uint64) (done, total int64) {
	if c := l.get(id); c != nil {
		return c.done.Load(), c.total.Load()
	}
	return 0, 0
}

// Options are the bounds of one call, as the command line's flags give them, and whether to keep
// a sequence's values out of its document.
type Options struct {
	// Timeout bounds the computation's time (--timeout); 0: none.
	Timeout time.Duration
	// MaxMemory bounds its memory growth in bytes (--max-memory); 0: none.
	MaxMemory uint64
	// KeepValues keeps the values of a sequence's answer (seq, octal) out of its document, for
	// Values and CopyValues.
	KeepValues bool
	// Interrupt lets an interrupt (Interrupts) cancel the call's computation, as Cancel would:
	// one read from the wakeup pipe while it runs, or one counted after Seen, the count that the
	// caller read before it handed the pipe to its signal handler.
	Interrupt bool
	Seen      uint64
}

// Limits returns the limits a call of the endpoint called name with o runs under: query.CLI()
// with, for the endpoints that compute octal games (octal, seq), the octal memory budget of the
// command line (read from the machine, so only for them); each bound of o in the limits that the
// matching flag sets.
func Limits(name string, o Options) query.Limits { return limits(cliLimits(), name, o) }

// cliLimits is query.CLI() with the library's keywords for raising its limits.
func cliLimits() query.Limits {
	lim := query.CLI()
	lim.Raise = map[string]string{"script_timeout": "timeout=", "script_memory_mib": "max_memory=", "max_seq": "max_memory="}
	return lim
}

// limits is Limits from lim, cliLimits' (whose Raise is only read, so one map serves every call).
func limits(lim query.Limits, name string, o Options) query.Limits {
	if name == "octal" || name == "seq" {
		lim.OctalBytes, _, _ = query.MemoryBudget("")
	}
	if o.Timeout > 0 {
		lim.ScriptTimeout = o.Timeout
		lim.Budget = o.Timeout
	}
	if o.MaxMemory > 0 {
		lim.ScriptMemory = o.MaxMemory
		lim.OctalBytes = int64(min(o.MaxMemory, 1<<62))
	}
	return lim
}

// Run answers body, a request of the endpoint called name, as call id, on the calling goroutine
// (no hand-over to another thread: the cheapest call), and returns as Wait does. Cancel still
// stops the computation, but Run returns only when it has stopped.
func (l *Library) Run(id uint64, name string, body []byte, o Options) (doc []byte, status int) {
	l.start(id, name, body, o, true)
	doc, status, _ = l.Wait(id, -1)
	return doc, status
}

// Call answers body, a request of the endpoint called name, on the calling goroutine as a call
// of its own that no id names and that keeps no values: Begin, Run and End in one, without the
// table of calls. It returns the answer document and 200, or the error document and its status.
// body is read only while Call runs. With o.Interrupt, an interrupt stops it as Cancel would.
func (l *Library) Call(name string, body []byte, o Options) (doc []byte, status int) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c := &call{ctx: ctx, cancel: cancel}
	o.KeepValues = false
	return answered(l.answer(c, name, body, o), o.Timeout)
}

// result is a computation's answer, or its error.
type result struct {
	b   []byte
	err error
}

// Start starts answering body, a request of the endpoint called name, as call id; Wait gives the
// answer. A call answers one request at a time: Start while one runs (not yet waited for to its
// end) does nothing. The values kept are the last request's. body must not change until Wait
// has the answer.
func (l *Library) Start(id uint64, name string, body []byte, o Options) {
	l.start(id, name, body, o, false)
}

// start is Start, computing on the calling goroutine when here is true.
func (l *Library) start(id uint64, name string, body []byte, o Options, here bool) {
	c := l.get(id)
	if c == nil {
		return
	}
	out := make(chan result, 1)
	c.mu.Lock()
	if c.out != nil { // one request at a time: Wait gives the running one's answer
		c.mu.Unlock()
		return
	}
	c.out, c.timeout = out, o.Timeout
	c.mu.Unlock()
	if here {
		out <- l.answer(c, name, body, o)
	} else {
		go func() { out <- l.answer(c, name, body, o) }()
	}
}

// answer computes the answer of body, a request of the endpoint called name, under c's context
// and o's bounds: the request decoded, answered under Limits, encoded. A panic is an internal
// error, not a crash.
func (l *Library) answer(c *call, name string, body []byte, o Options) (r result) {
	defer func() {
		if p := recover(); p != nil {
			r = result{nil, fmt.Errorf("panic: %v\n%s", p, debug.Stack())}
		}
	}()
	if o.Interrupt {
		defer l.intr.watch(c.cancel, o.Seen)()
	}
	if err := c.ctx.Err(); err != nil { // cancelled before it began: nothing to compute
		return result{err: &query.Error{Kind: query.Cancelled, Msg: "cancelled", Err: err}}
	}
	req, e := api.Decode(name, body)
	if e != nil {
		return result{err: e}
	}
	lim := limits(l.base, name, o)
	opts := query.Options{Progress: func(d, t int64) { c.done.Store(d); c.total.Store(t) }}
	var v any
	b := worker.Bounds{Timeout: o.Timeout, MaxMemory: o.MaxMemory, Slack: 100 * time.Millisecond, Grace: Grace}
	err, cause := worker.Bound(c.ctx, b, func(ctx context.Context) error {
		var err error
		v, err = req.Answer(ctx, lim, opts)
		return err
	}, nil)
	if err != nil {
		return result{err: boundError(err, cause, b)}
	}
	if o.KeepValues {
		v = c.keep(v)
	}
	r.b, r.err = api.Encode(v)
	return r
}

// answered is r as a document and its status: the answer and 200, or the error document
// (api.ErrorDoc; timeout is the call's, for the message of a timeout).
func answered(r result, timeout time.Duration) ([]byte, int) {
	if r.err != nil {
		e := api.FromError(r.err, timeout)
		return e.JSON(), e.Status
	}
	return r.b, 200
}

// Wait waits up to d (d < 0: until the end) for the answer of the request Start started on call
// id: the answer document and status 200, or the error document and its status
// (api.ErrorDoc); done is false when d ran out first. Once the call is cancelled it waits at most
// Grace for the computation to stop, and then answers that it was cancelled, whatever the
// computation does.
func (l *Library) Wait(id uint64, d time.Duration) (doc []byte, status int, done bool) {
	c := l.get(id)
	if c == nil {
		e := &api.ErrorDoc{Status: api.StatusInternal, Msg: fmt.Sprintf("no call %d (Begin makes one)", id)}
		return e.JSON(), e.Status, true
	}
	c.mu.Lock()
	out, timeout := c.out, c.timeout
	c.mu.Unlock()
	if out == nil {
		e := &api.ErrorDoc{Status: api.StatusInternal, Msg: fmt.Sprintf("call %d has no request (Start gives it one)", id)}
		return e.JSON(), e.Status, true
	}
	var expire <-chan time.Time
	if d >= 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		expire = t.C
	}
	var r result
	select {
	case r = <-out:
	case <-expire:
		return nil, 0, false
	case <-c.ctx.Done():
		t := time.NewTimer(Grace)
		defer t.Stop()
		select {
		case r = <-out:
		case <-t.C:
			r.err = &query.Error{Kind: query.Cancelled, Msg: "cancelled; the computation did not stop within " + Grace.String() + " and runs on in the background"}
		}
	}
	c.mu.Lock()
	c.out = nil // answered: the call may take another request
	c.mu.Unlock()
	doc, status = answered(r, timeout)
	return doc, status, true
}

// boundError is the error of a computation that worker.Bound stopped, as the command line
// reports it: over max_memory or over the timeout, naming the keyword that raises it.
func boundError(err, cause error, b worker.Bounds) error {
	switch {
	case errors.Is(cause, worker.ErrOverMemory):
		return query.Limitf("max_memory", b.MaxMemory>>20, "the computation went over its memory limit of %d MiB; raise it with max_memory=", b.MaxMemory>>20)
	case errors.Is(cause, context.DeadlineExceeded) && query.KindOf(err) != query.BadInput:
		var qe *query.Error
		if errors.As(err, &qe) && qe.Limit != "" && qe.Limit != "timeout" && qe.Limit != "budget_ms" && qe.Limit != "script_timeout" {
			return err // over another limit, which it names
		}
		return query.Limitf("timeout", b.Timeout.String(), "the computation ran out of its time budget of %v; raise it with timeout=", b.Timeout)
	case errors.Is(cause, context.Canceled):
		return &query.Error{Kind: query.Cancelled, Msg: "cancelled", Err: err}
	}
	return err
}

// keep takes the values out of a sequence's answer, keeps them in c, and returns the answer
// without them.
func (c *call) keep(v any) any {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch a := v.(type) {
	case report.Octal:
		c.values, a.Values = a.Values, nil
		return a
	case query.OctalSeq:
		c.values, a.Values = a.Values, nil
		return a
	case report.RulesetSeq:
		c.values, a.Values = a.Values, nil
		return a
	case report.Seq:
		c.values, a.Values = a.Values, nil
		return a
	}
	return v
}

// Values returns how many values the call keeps and the largest; ok is false when it keeps none.
func (l *Library) Values(id uint64) (n int, largest uint64, ok bool) {
	c := l.get(id)
	if c == nil {
		return 0, 0, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	switch vs := c.values.(type) {
	case []uint32:
		for _, v := range vs {
			largest = max(largest, uint64(v))
		}
		return len(vs), largest, true
	case []uint64:
		for _, v := range vs {
			largest = max(largest, v)
		}
		return len(vs), largest, true
	}
	return 0, 0, false
}

// CopyValues copies the values the call keeps into dst, a []uint16, []uint32 or []uint64 of
// their number, and forgets them. A value that does not fit dst's type, or a length that
// differs, is an error, and nothing is forgotten.
func (l *Library) CopyValues(id uint64, dst any) error {
	c := l.get(id)
	if c == nil {
		return fmt.Errorf("no call %d", id)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	var err error
	switch vs := c.values.(type) {
	case []uint32:
		err = copyInto(dst, vs)
	case []uint64:
		err = copyInto(dst, vs)
	default:
		return errors.New("the call keeps no values")
	}
	if err == nil {
		c.values = nil
	}
	return err
}

func copyInto[V uint32 | uint64](dst any, vs []V) error {
	switch d := dst.(type) {
	case []uint16:
		return narrow(d, vs)
	case []uint32:
		return narrow(d, vs)
	case []uint64:
		return narrow(d, vs)
	}
	return fmt.Errorf("values go into 16-, 32- or 64-bit unsigned integers, not %T", dst)
}

func narrow[D uint16 | uint32 | uint64, V uint32 | uint64](dst []D, vs []V) error {
	if len(dst) != len(vs) {
		return fmt.Errorf("a buffer of %d values for %d", len(dst), len(vs))
	}
	for i, v := range vs {
		if uint64(D(v)) != uint64(v) {
			return fmt.Errorf("value %d at %d does not fit the buffer's %T", v, i, dst[0])
		}
		dst[i] = D(v)
	}
	return nil
}
