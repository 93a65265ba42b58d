package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"grundy/internal/cliarg"
	"grundy/internal/worker"
	"grundy/query"
)

// boundsOf returns the bounds of one solve or seq computation (--timeout and --max-memory, for
// rulesets and scripts alike): the flags when given; for a script, its budgets (the defaults of
// the flags) in any case; for a ruleset without the flags, none. A computation has two seconds
// to stop after a bound ends it before the process ends itself (a Starlark builtin in the middle
// of one huge allocation cannot stop); its context ends a moment after the timeout, so that a
// script's own clock (the same timeout, from when it is loaded) speaks first.
func boundsOf(g gameArgs, lim query.Limits, isScript bool) worker.Bounds {
	b := worker.Bounds{Slack: 100 * time.Millisecond, Grace: 2 * time.Second, Poll: 10 * time.Millisecond}
	if _, ok := g.Own["timeout"]; ok || isScript {
		b.Timeout = lim.ScriptTimeout
	}
	if _, ok := g.Own["max-memory"]; ok || isScript {
		b.MaxMemory = lim.ScriptMemory
	}
	return b
}

// boundLimits returns the command line's limits with --timeout and --max-memory, when given, as
// the script budgets that boundsOf reads.
func boundLimits(g gameArgs) (query.Limits, error) {
	lim := query.CLI()
	if s, ok := g.Own["timeout"]; ok {
		d, err := time.ParseDuration(s)
		if err != nil || d <= 0 {
			return lim, badInput("--timeout: want a positive duration such as 30s or 2m, got %q", s)
		}
		lim.ScriptTimeout = d
	}
	if s, ok := g.Own["max-memory"]; ok {
		v, err := cliarg.Memory(s)
		if err != nil {
			return lim, badInput("--max-memory %v", err)
		}
		lim.ScriptMemory = v
	}
	return lim, nil
}

// addBoundFlags declares --timeout and --max-memory on a command whose flags cobra parses; its
// RunE runs its computation with boundedCmd.
func addBoundFlags(fl *pflag.FlagSet) {
	fl.String("timeout", "", "stop after this long (30s, 2m), exit 2 (default: none)")
	fl.String("max-memory", "", "stop past this much memory (512M, 2G; a bare number is MiB), exit 2 (default: none)")
}

// boundedCmd runs f under cmd's --timeout and --max-memory (addBoundFlags), as solve runs a
// ruleset's computation (see bounded).
func (a *app) boundedCmd(cmd *cobra.Command, f func(context.Context) error) error {
	g := gameArgs{Own: map[string]string{}}
	cmd.Flags().Visit(func(fl *pflag.Flag) { g.Own[fl.Name] = fl.Value.String() })
	lim, err := boundLimits(g)
	if err != nil {
		return err
	}
	return a.bounded(cmd.Context(), boundsOf(g, lim, false), f)
}

func memoryMsg(b worker.Bounds) string {
	return fmt.Sprintf("the computation went over its memory limit of %s; raise it with --max-memory", cliarg.FormatMemory(b.MaxMemory))
}

func timeMsg(b worker.Bounds) string {
	return fmt.Sprintf("the computation ran out of its time budget of %v; raise it with --timeout", b.Timeout)
}

// bounded runs f under b. The real command (a.exit set) hands the whole command to a copy of
// itself with the same standard streams, watched from outside (worker.SuperviseBounded): the copy
// gives the friendly answers, the supervisor the guarantee. In the copy, and in tests that call
// run, f runs in this process under worker.Bound: a computation over a bound is reported as over
// the limit (exit 2), naming the flag that raises it; one that does not stop within the grace is
// reported at once and ends the process (when a.exit is set).
func (a *app) bounded(ctx context.Context, b worker.Bounds, f func(context.Context) error) error {
	if a.exit != nil && !worker.IsCopy() && (b.Timeout > 0 || b.MaxMemory > 0) {
		if err := worker.RunCopy(ctx, a.args, a.stdin, a.stdout, a.stderr, b); !errors.Is(err, worker.ErrNoCopy) {
			return superviseError(err, b)
		}
	}
	return a.boundHere(b)(ctx, f)
}

// boundHere returns what runs a function under b in this process (worker.Bound), as bounded does
// in the copy: for a part of a command, such as the engine's thinking on one move of play.
func (a *app) boundHere(b worker.Bounds) func(context.Context, func(context.Context) error) error {
	return func(ctx context.Context, f func(context.Context) error) error {
		err, cause := worker.Bound(ctx, b, f, func(cause error) {
			msg := timeMsg(b)
			switch {
			case a.exit == nil:
				return
			case errors.Is(cause, worker.ErrOverMemory):
				msg = memoryMsg(b)
			case !errors.Is(cause, context.DeadlineExceeded):
				return // the user's Ctrl-C: theirs to repeat
			}
			fmt.Fprintf(a.stderr, "grundy: %s\n", msg)
			a.exit(exitInput)
		})
		switch {
		case err == nil:
			return nil
		case errors.Is(cause, worker.ErrOverMemory):
			return query.Limitf("max_memory", b.MaxMemory>>20, "%s", memoryMsg(b))
		case errors.Is(cause, context.DeadlineExceeded) && query.KindOf(err) != query.BadInput:
			var qe *query.Error
			if errors.As(err, &qe) && qe.Limit != "" && qe.Limit != "timeout" && qe.Limit != "budget_ms" {
				return err // over another limit, which it names
			}
			return query.Limitf("timeout", b.Timeout.String(), "%s", timeMsg(b))
		}
		return err
	}
}

// superviseError is the error of a supervised copy's end: its exit status (a *worker.CopyExit,
// which runApp returns as it is), or the bound it was killed for.
func superviseError(err error, b worker.Bounds) error {
	var le *worker.LimitError
	switch {
	case errors.As(err, new(*worker.CopyExit)):
		return err
	case errors.As(err, &le):
		return query.Limitf("max_memory", b.MaxMemory>>20, "%s", memoryMsg(b))
	case errors.Is(err, context.DeadlineExceeded):
		return query.Limitf("timeout", b.Timeout.String(), "%s", timeMsg(b))
	case errors.Is(err, context.Canceled):
		return &query.Error{Kind: query.Cancelled, Msg: "interrupted", Err: err}
	}
	return internalf("running the computation: %v", err)
}
