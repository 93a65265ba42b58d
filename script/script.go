// Package script runs games that users write in Starlark (go.starlark.net), a small dialect of
// Python, and offers them to the engine of package game.
//
// A script defines
//
//	def moves(pos):     # required: the list of the positions one move reaches from pos
//	def split(pos):     # optional: a list of independent components of pos, or None
//
// Positions are ints, strings, or tuples of them (nested tuples too). A position is known to the
// engine by its canonical literal, the Starlark repr of the value: 7, "xx.x", (3, 4), (1,).
// Literals on the command line are parsed by [ParsePosition].
//
// Scripts run sandboxed: no load() of other files, no file, network or clock access (the
// Starlark core has none), print() goes nowhere, and three budgets bound a run: a number of
// Starlark execution steps, a wall-clock time, and the growth of the Go heap, all counted from
// [Load] over everything the script executes. Running out of any is an error that names the
// limit ([*BudgetError]).
// Errors in the script show file:line:col; a moves or split that returns something other than a
// list of positions is an error naming the position it was called with.
package script

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"strings"
	"sync/atomic"
	"time"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	"grundy/internal/heapwatch"
)

// Default budgets of a script run.
const (
	DefaultMaxSteps  = 100_000_000
	DefaultTimeout   = 10 * time.Second
	DefaultMaxMemory = 1 << 30
)

// memoryPoll is how often a run's heap is sampled against its memory budget.
const memoryPoll = 2 * time.Millisecond

// checkSteps is how many Starlark steps a run takes between the checks of its clock and of its
// heap that the thread itself makes (Game.onSteps): a few hundred microseconds of Starlark.
const checkSteps = 1 << 13

// Limits are the budgets of a script run, all counted from Load: MaxSteps Starlark execution
// steps, Timeout of wall clock, and MaxMemory bytes of growth of the Go heap. Zero values take the
// defaults.
//
// The memory budget is a guard against a script that would exhaust the machine (a list of a
// billion elements), not an exact account: the heap is the whole process's (the engine's memo,
// and other goroutines' work, count too), it includes garbage not yet collected, and it is sampled
// every few milliseconds, so a run can overshoot by what it allocates in that time (a single
// Starlark operation allocates at most about 1 GiB).
//
// The clock and the heap are checked twice over: by a timer and a watch on other goroutines, and
// by the Starlark thread itself every few thousand steps. The second needs no other goroutine to
// run, so the budgets hold where Go runs one goroutine at a time and never preempts a busy one
// (WebAssembly); the first stops a run that is stuck in one long builtin, where it can.
type Limits struct {
	MaxSteps  uint64
	Timeout   time.Duration
	MaxMemory uint64
}

// BudgetError reports that a script ran out of one of its budgets.
type BudgetError struct {
	// Budget is "steps", "time" or "memory".
	Budget string
	// Steps, Timeout or Memory is the budget that ran out.
	Steps   uint64
	Timeout time.Duration
	Memory  uint64
}

// Error says which budget ran out and the flag that raises it.
func (e *BudgetError) Error() string {
	switch e.Budget {
	case "steps":
		return fmt.Sprintf("the script ran out of its step budget (%d Starlark steps; raise it with --max-steps)", e.Steps)
	case "memory":
		return fmt.Sprintf("the script ran out of its memory budget (the heap grew by more than %d MiB; raise it with --max-memory)", e.Memory>>20)
	}
	return fmt.Sprintf("the script ran out of its time budget (%v; raise it with --timeout)", e.Timeout)
}

// Limit names the budget that ran out and its value: "script_steps" (steps), "script_memory_mib"
// (MiB of heap growth) or "script_timeout" (the duration, written as time.Duration writes it).
func (e *BudgetError) Limit() (name string, max any) {
	switch e.Budget {
	case "steps":
		return "script_steps", e.Steps
	case "memory":
		return "script_memory_mib", e.Memory >> 20
	}
	return "script_timeout", e.Timeout.String()
}

// Reasons a run was stopped from outside the Starlark thread (Game.stopped).
const (
	stopTime = 1 + iota
	stopMemory
	stopContext
)

// Game is a game defined by a Starlark script. Its positions are canonical literals (strings);
// it implements game.Game, game.Fallible and game.FallibleSplitter. Call Close when done with it,
// to stop its timer and its memory watch. A Game is not safe for concurrent use.
type Game struct {
	file    string
	thread  *starlark.Thread
	moves   starlark.Callable
	split   starlark.Callable
	lim     Limits
	timer   *time.Timer
	done    chan struct{}    // closed by Close: ends the memory watch
	end     time.Time        // the time budget's end, which onSteps checks
	heap    *heapwatch.Watch // the thread's own measure of the heap (onSteps)
	stopped atomic.Int32     // 0, stopTime, stopMemory or stopContext
	ctx     context.Context  // the caller's context (LoadContext), checked by onSteps and call
	unwatch func() bool      // stops the watch of ctx (Close)
	vals    map[string]starlark.Value
}

// dialect returns the Starlark dialect of game scripts: while loops, sets, top-level control flow
// and recursion allowed (the budgets bound them).
func dialect() *syntax.FileOptions {
	return &syntax.FileOptions{Set: true, While: true, TopLevelControl: true, GlobalReassign: true, Recursion: true}
}

// Load runs the script src (named file in messages) and returns its game. The budgets start now.
func Load(file string, src []byte, lim Limits) (*Game, error) {
	return loadWith(context.Background(), file, src, lim, true)
}

// LoadContext is Load for a run that also stops when ctx is done, at load or in any later call:
// the call then fails with ctx's error (context.Canceled), within a few thousand Starlark steps.
// A deadline of ctx before the time budget's end ends the budget there: once passed, it is
// reported as the time budget. The thread checks ctx itself, so this holds with one goroutine too
// (WebAssembly).
func LoadContext(ctx context.Context, file string, src []byte, lim Limits) (*Game, error) {
	return loadWith(ctx, file, src, lim, true)
}

// loadWith is LoadContext; without watchers, only the thread's own checks (onSteps) hold the time
// and memory budgets and watch ctx, as where other goroutines cannot run while the script does.
func loadWith(ctx context.Context, file string, src []byte, lim Limits, watchers bool) (*Game, error) {
	if lim.MaxSteps == 0 {
		lim.MaxSteps = DefaultMaxSteps
	}
	if lim.Timeout <= 0 {
		lim.Timeout = DefaultTimeout
	}
	if lim.MaxMemory == 0 {
		lim.MaxMemory = DefaultMaxMemory
	}
	g := &Game{file: file, lim: lim, vals: make(map[string]starlark.Value), done: make(chan struct{}), ctx: ctx,
		unwatch: func() bool { return false }}
	g.thread = &starlark.Thread{
		Name:  file,
		Print: func(*starlark.Thread, string) {},
		Load: func(*starlark.Thread, string) (starlark.StringDict, error) {
			return nil, errors.New("load() is not available in game scripts")
		},
	}
	heapwatch.Settle(lim.MaxMemory / 8)
	g.end, g.heap = time.Now().Add(lim.Timeout), heapwatch.New()
	if dl, ok := ctx.Deadline(); ok && dl.Before(g.end) {
		g.end = dl // so that ctx's deadline, once passed, is the end of the time budget (stopContext)
	}
	g.thread.OnMaxSteps = g.onSteps
	g.thread.SetMaxExecutionSteps(min(lim.MaxSteps, checkSteps))
	g.timer = time.AfterFunc(lim.Timeout, func() {
		if watchers {
			g.stop(stopTime)
		}
	})
	if watchers {
		go g.watchMemory(heapwatch.New())
		g.unwatch = context.AfterFunc(ctx, g.stopContext)
	}
	globals, err := starlark.ExecFileOptions(dialect(), g.thread, file, src, nil)
	if err != nil {
		g.Close()
		return nil, g.wrap(err, "")
	}
	mv, ok := globals["moves"]
	if !ok {
		g.Close()
		return nil, fmt.Errorf("%s defines no function moves(pos)", file)
	}
	if g.moves, ok = mv.(starlark.Callable); !ok {
		g.Close()
		return nil, fmt.Errorf("%s: moves is a %s, not a function", file, mv.Type())
	}
	if sp, ok := globals["split"]; ok && sp != starlark.None {
		if g.split, ok = sp.(starlark.Callable); !ok {
			g.Close()
			return nil, fmt.Errorf("%s: split is a %s, not a function", file, sp.Type())
		}
	}
	return g, nil
}

// Close stops the game's timer and memory watch. The game must not be used afterwards.
func (g *Game) Close() {
	g.timer.Stop()
	g.unwatch()
	select {
	case <-g.done:
	default:
		close(g.done)
	}
}

// stop cancels the run for the given reason, unless it was stopped already.
func (g *Game) stop(reason int32) {
	if g.stopped.CompareAndSwap(0, reason) {
		what := "time budget"
		switch reason {
		case stopMemory:
			what = "memory budget"
		case stopContext:
			what = "context done"
		}
		g.thread.Cancel(what)
	}
}

// stopContext stops the run because its context is done: for the time budget if the budget's end
// has passed (always so for ctx's deadline, at or after the end), else for ctx.
func (g *Game) stopContext() {
	if !time.Now().Before(g.end) {
		g.stop(stopTime)
		return
	}
	g.stop(stopContext)
}

// onSteps is the thread's own check, every checkSteps steps: past the step budget it stops the
// run (as Starlark would), past the time or the memory budget it stops it for that budget, when
// the caller's context is done it stops it for that, and otherwise it lets the run take
// checkSteps more steps.
func (g *Game) onSteps(th *starlark.Thread) {
	steps := th.ExecutionSteps()
	switch {
	case steps >= g.lim.MaxSteps:
		th.Cancel("too many steps")
	case !time.Now().Before(g.end):
		g.stop(stopTime)
	case g.ctx.Err() != nil:
		g.stopContext()
	case g.heap.Grown() > g.lim.MaxMemory:
		g.stop(stopMemory)
	default:
		th.SetMaxExecutionSteps(min(g.lim.MaxSteps, steps+checkSteps))
	}
}

// watchMemory stops the run when the heap has grown by more than the memory budget since heap
// was made, sampling it every memoryPoll until Close.
func (g *Game) watchMemory(heap *heapwatch.Watch) {
	t := time.NewTicker(memoryPoll)
	defer t.Stop()
	for {
		select {
		case <-g.done:
			return
		case <-t.C:
			if heap.Grown() > g.lim.MaxMemory {
				g.stop(stopMemory)
				return
			}
		}
	}
}

// budgetError returns the error of a run stopped from outside, or nil.
func (g *Game) budgetError() error {
	switch g.stopped.Load() {
	case stopTime:
		return &BudgetError{Budget: "time", Timeout: g.lim.Timeout}
	case stopMemory:
		return &BudgetError{Budget: "memory", Memory: g.lim.MaxMemory}
	case stopContext:
		return g.ctx.Err()
	}
	return nil
}

// Steps returns the Starlark execution steps the script has used so far.
func (g *Game) Steps() uint64 { return g.thread.ExecutionSteps() }

// HasSplit reports whether the script defines split.
func (g *Game) HasSplit() bool { return g.split != nil }

// Position parses a position literal (see [ParsePosition]) and returns its canonical form, the
// key by which the game knows it.
func (g *Game) Position(literal string) (string, error) {
	v, err := ParsePosition(literal)
	if err != nil {
		return "", err
	}
	k := v.String()
	g.vals[k] = v
	return k, nil
}

// value returns the Starlark value of a canonical position.
func (g *Game) value(p string) (starlark.Value, error) {
	if v, ok := g.vals[p]; ok {
		return v, nil
	}
	v, err := ParsePosition(p)
	if err != nil {
		return nil, err
	}
	g.vals[p] = v
	return v, nil
}

// Moves yields the options of p; it yields nothing if the script fails (TryMoves reports why).
func (g *Game) Moves(p string) iter.Seq[string] {
	seq, err := g.TryMoves(p)
	if err != nil {
		return func(func(string) bool) {}
	}
	return seq
}

// TryMoves calls the script's moves(p) and returns the options, or an error: the script failed
// (file:line:col), ran out of a budget, or returned something other than a list of positions.
func (g *Game) TryMoves(p string) (iter.Seq[string], error) {
	opts, err := g.call(g.moves, "moves", p, false)
	if err != nil {
		return nil, err
	}
	return func(yield func(string) bool) {
		for _, o := range opts {
			if !yield(o) {
				return
			}
		}
	}, nil
}

// TrySplit calls the script's split(p), if it defines one: None means p does not split; a list
// gives the components.
func (g *Game) TrySplit(p string) ([]string, bool, error) {
	if g.split == nil {
		return nil, false, nil
	}
	comps, err := g.call(g.split, "split", p, true)
	if err != nil {
		return nil, false, err
	}
	return comps, comps != nil, nil
}

// Split is TrySplit without the error (an error means no split); the solver uses TrySplit.
func (g *Game) Split(p string) ([]string, bool) {
	comps, ok, err := g.TrySplit(p)
	return comps, ok && err == nil
}

// call runs fn(p) and checks that it returned a list of positions (or None, if noneOK; then the
// result is nil).
func (g *Game) call(fn starlark.Callable, name, p string, noneOK bool) ([]string, error) {
	if !time.Now().Before(g.end) {
		g.stop(stopTime)
	} else if g.ctx.Err() != nil {
		g.stopContext()
	}
	if err := g.budgetError(); err != nil {
		return nil, err
	}
	v, err := g.value(p)
	if err != nil {
		return nil, err
	}
	res, err := starlark.Call(g.thread, fn, starlark.Tuple{v}, nil)
	if err != nil {
		return nil, g.wrap(err, name)
	}
	if res == starlark.None && noneOK {
		return nil, nil
	}
	list, ok := res.(*starlark.List)
	if !ok {
		return nil, fmt.Errorf("%s returned %s, want a list of positions", name, describe(res))
	}
	out := make([]string, list.Len())
	if noneOK {
		out = make([]string, list.Len(), list.Len()+1) // non-nil even when empty
	}
	for i := range list.Len() {
		e := list.Index(i)
		if err := checkPosition(e, 0); err != nil {
			return nil, fmt.Errorf("%s returned a bad position at index %d (%s): %v", name, i, describe(e), err)
		}
		k := e.String()
		if _, ok := g.vals[k]; !ok {
			g.vals[k] = e
		}
		out[i] = k
	}
	return out, nil
}

// describe names a value for a message: its type and, if short, its repr.
func describe(v starlark.Value) string {
	s := v.String()
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return fmt.Sprintf("%s %s", v.Type(), s)
}

// wrap turns a Starlark error into a message with file:line:col, or a *BudgetError.
func (g *Game) wrap(err error, fn string) error {
	if g.thread.ExecutionSteps() >= g.lim.MaxSteps {
		return &BudgetError{Budget: "steps", Steps: g.lim.MaxSteps}
	}
	if err := g.budgetError(); err != nil {
		return err
	}
	var ee *starlark.EvalError
	if errors.As(err, &ee) {
		// The innermost frame of the script itself gives the place.
		for i := len(ee.CallStack) - 1; i >= 0; i-- {
			fr := ee.CallStack[i]
			if fr.Pos.Filename() == g.file {
				msg := ee.Msg
				if i < len(ee.CallStack)-1 {
					msg = ee.CallStack[len(ee.CallStack)-1].Name + ": " + msg
				}
				return fmt.Errorf("%s: in %s: %s", fr.Pos, fr.Name, msg)
			}
		}
		return errors.New(ee.Msg)
	}
	// Syntax and resolve errors already start with file:line:col.
	return errors.New(strings.TrimSpace(err.Error()))
}
