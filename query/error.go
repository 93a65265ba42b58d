package query

import (
	"context"
	"errors"
	"fmt"

	"grundy/internal/cliarg"
)

// Kind classifies an *Error by whose fault it is and so how each face reports it.
type Kind int

// The kinds of error. The zero Kind is Internal, so that an unclassified error is never blamed on
// the user.
const (
	Internal  Kind = iota // a failure that is not the user's fault: exit 1, HTTP 500
	BadInput              // a malformed or impossible request: exit 2, HTTP 400
	OverLimit             // work beyond a named limit: exit 2, HTTP 422
	Cancelled             // the caller gave up: exit 1, HTTP 503
)

// String returns the kind's name: "internal", "bad_input", "over_limit" or "cancelled".
func (k Kind) String() string {
	switch k {
	case BadInput:
		return "bad_input"
	case OverLimit:
		return "over_limit"
	case Cancelled:
		return "cancelled"
	}
	return "internal"
}

// Error is the error every answering function returns. Msg is fit to show to a user as it is.
// For OverLimit, Limit names the limit (as /api/info and the flags name it, e.g. "max_seq",
// "budget_ms", "memory_mib") and Max is its value.
type Error struct {
	Kind  Kind
	Msg   string
	Limit string
	Max   any
	Err   error // the underlying error, if any (for errors.Is/As); not shown
}

// Error returns the message.
func (e *Error) Error() string { return e.Msg }

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// Badf returns a BadInput error with a formatted message.
func Badf(format string, args ...any) *Error {
	return &Error{Kind: BadInput, Msg: fmt.Sprintf(format, args...)}
}

// Limitf returns an OverLimit error naming the limit and its value, with a formatted message.
func Limitf(limit string, max any, format string, args ...any) *Error {
	return &Error{Kind: OverLimit, Msg: fmt.Sprintf(format, args...), Limit: limit, Max: max}
}

// Internalf returns an Internal error with a formatted message.
func Internalf(format string, args ...any) *Error {
	return &Error{Kind: Internal, Msg: fmt.Sprintf(format, args...)}
}

// KindOf returns the kind of err: the Kind of an *Error it wraps; BadInput for a malformed
// argument (*cliarg.Error); Cancelled for a cancelled context; OverLimit for a deadline (the
// caller's time budget); Internal for anything else.
func KindOf(err error) Kind {
	var e *Error
	switch {
	case errors.As(err, &e):
		return e.Kind
	case cliarg.IsInput(err):
		return BadInput
	case errors.Is(err, context.DeadlineExceeded):
		return OverLimit
	case errors.Is(err, context.Canceled):
		return Cancelled
	}
	return Internal
}

// Classify returns err as an *Error of its kind, as this package's answering functions classify
// the errors they meet (a limit OverLimit naming it, a cancelled context Cancelled, anything
// unknown Internal): for the answering functions outside query (package sweep).
func Classify(err error, lim Limits) error { return classify(err, lim, false) }
