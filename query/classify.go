package query

import (
	"context"
	"errors"
	"strings"

	"grundy/game"
	"grundy/internal/cliarg"
	"grundy/scriptgame"
)

// classify turns any error of an answering function into an *Error with its kind: limits and
// budgets are OverLimit naming the limit, a malformed request BadInput, the caller's giving up
// Cancelled. inScript says the error comes from running a user's script, where every failure
// that is not a budget (an error in the script, a bad return value, a cycle) is the script's
// fault, so BadInput (but the engine's own failures, scriptgame.InternalError); elsewhere an
// unknown error is Internal.
func classify(err error, lim Limits, inScript bool) error {
	if err == nil {
		return nil
	}
	var qe *Error
	var le Limiter
	var ie *scriptgame.InternalError
	switch {
	case errors.As(err, &qe):
		return qe
	case errors.As(err, &le):
		return wrap(overLimit(le, err, lim, inScript), err)
	case errors.Is(err, context.DeadlineExceeded):
		if lim.Budget > 0 {
			return wrap(lim.over("budget_ms", lim.Budget.Milliseconds(), "the request ran out of its time budget of %v", lim.Budget), err)
		}
		return &Error{Kind: OverLimit, Msg: err.Error(), Limit: "timeout", Err: err}
	case errors.Is(err, context.Canceled):
		return &Error{Kind: Cancelled, Msg: "cancelled", Err: err}
	case errors.Is(err, game.ErrCycle) && inScript:
		return &Error{Kind: BadInput, Msg: err.Error() + " (loopy play, --loopy or \"loopy\": true, gives the outcomes of games with cycles, draws included)", Err: err}
	case errors.As(err, &ie): // the engine's own failure while running a script
		return &Error{Kind: Internal, Msg: ie.Msg, Err: err}
	case cliarg.IsInput(err), inScript:
		return &Error{Kind: BadInput, Msg: err.Error(), Err: err}
	}
	return &Error{Kind: Internal, Msg: "internal failure: " + err.Error(), Err: err}
}

// Limiter is implemented by every error of the library that refuses work over a limit: the
// engine's (game), the catalogue's (rules), octal's, incexc's, the misère quotient's
// (misere.SizeError), a script's budgets (script.BudgetError) and a worker's memory
// (internal/worker). Limit names the limit and gives its value.
type Limiter interface {
	error
	Limit() (name string, max any)
}

// overLimit is the *Error of a limit error le (found in err): OverLimit naming the limit, with the
// message the faces show.
func overLimit(le Limiter, err error, lim Limits, inScript bool) *Error {
	name, max := le.Limit()
	switch name {
	case "script_steps":
		return lim.over(name, max, "the script ran out of its step budget (%d Starlark steps)", max)
	case "script_memory_mib":
		return lim.over(name, max, "the script ran out of its memory budget (the heap grew by more than %d MiB)", max)
	case "script_timeout":
		if lim.Budget > 0 && (lim.ScriptTimeout <= 0 || lim.ScriptTimeout >= lim.Budget) {
			return lim.over("budget_ms", lim.Budget.Milliseconds(), "the script ran out of the request's time budget of %v", lim.Budget)
		}
		return lim.over(name, max, "the script ran out of its time budget (%v)", max)
	case "max_positions":
		if inScript {
			name = "script_positions"
		}
		return lim.over(name, max, "%v", err)
	case "max_terms":
		// A count too large for inclusion–exclusion is refused as bad input: no flag raises it.
		return Badf("this count needs more than %d inclusion–exclusion terms (the limit): use fewer or larger divisors, or a smaller N", max)
	case "max_size":
		return lim.over(name, max, "%s", strings.TrimPrefix(err.Error(), "misere: "))
	case "max_seq":
		return lim.over(name, max, "%v", err)
	}
	return lim.over(name, max, "%v", le)
}

// wrap sets e's underlying error and returns it.
func wrap(e *Error, err error) *Error {
	e.Err = err
	return e
}
