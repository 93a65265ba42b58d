package query

import (
	"context"
	"errors"

	"grundy/game"
	"grundy/internal/cliarg"
	"grundy/rules"
	"grundy/script"
)

// classify turns any error of an answering function into an *Error with its kind: limits and
// budgets are OverLimit naming the limit, a malformed request BadInput, the caller's giving up
// Cancelled. inScript says the error comes from running a user's script, where every failure
// that is not a budget (an error in the script, a bad return value, a cycle) is the script's
// fault, so BadInput; elsewhere an unknown error is Internal.
func classify(err error, lim Limits, inScript bool) error {
	if err == nil {
		return nil
	}
	var qe *Error
	var be *script.BudgetError
	var le *game.LimitError
	var re *rules.LimitError
	switch {
	case errors.As(err, &qe):
		return qe
	case errors.As(err, &be) && be.Limit == "steps":
		return wrap(lim.over("script_steps", be.Steps, "the script ran out of its step budget (%d Starlark steps)", be.Steps), err)
	case errors.As(err, &be) && be.Limit == "memory":
		return wrap(lim.over("script_memory_mib", be.Memory>>20, "the script ran out of its memory budget (the heap grew by more than %d MiB)", be.Memory>>20), err)
	case errors.As(err, &be):
		if lim.Budget > 0 && (lim.ScriptTimeout <= 0 || lim.ScriptTimeout >= lim.Budget) {
			return wrap(lim.over("budget_ms", lim.Budget.Milliseconds(), "the script ran out of the request's time budget of %v", lim.Budget), err)
		}
		return wrap(lim.over("script_timeout", be.Timeout.String(), "the script ran out of its time budget (%v)", be.Timeout), err)
	case errors.As(err, &re):
		return wrap(lim.over(re.Limit, re.Max, "%v", re), err)
	case errors.As(err, &le) && inScript:
		return wrap(lim.over("script_positions", le.Limit, "%v", err), err)
	case errors.As(err, &le):
		return wrap(lim.over("max_positions", le.Limit, "%v", err), err)
	case errors.Is(err, context.DeadlineExceeded):
		if lim.Budget > 0 {
			return wrap(lim.over("budget_ms", lim.Budget.Milliseconds(), "the request ran out of its time budget of %v", lim.Budget), err)
		}
		return &Error{Kind: OverLimit, Msg: err.Error(), Limit: "timeout", Err: err}
	case errors.Is(err, context.Canceled):
		return &Error{Kind: Cancelled, Msg: "cancelled", Err: err}
	case errors.Is(err, game.ErrCycle) && inScript:
		return &Error{Kind: BadInput, Msg: err.Error() + " (loopy play, --loopy or \"loopy\": true, gives the outcomes of games with cycles, draws included)", Err: err}
	case cliarg.IsInput(err), inScript:
		return &Error{Kind: BadInput, Msg: err.Error(), Err: err}
	}
	return &Error{Kind: Internal, Msg: "internal failure: " + err.Error(), Err: err}
}

// wrap sets e's underlying error and returns it.
func wrap(e *Error, err error) *Error {
	e.Err = err
	return e
}
