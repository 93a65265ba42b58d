package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"grundy/internal/cliarg"
	"grundy/query"
)

// The statuses of error documents: the HTTP statuses the web server answers them with.
const (
	StatusBadInput  = 400 // a malformed or impossible request (query.BadInput); the CLI exits 2
	StatusNotFound  = 404 // no such endpoint
	StatusOverLimit = 422 // work over a named limit (query.OverLimit) or the time budget; exit 2
	StatusInternal  = 500 // an internal failure (query.Internal); exit 1
	StatusCancelled = 503 // the caller gave up (query.Cancelled); exit 1
)

// ErrorDoc is the document of an error: {"error": message} with, for work over a limit, the
// limit's name and value, and the status it is answered with.
type ErrorDoc struct {
	Status int    `json:"-"`
	Msg    string `json:"error"`
	Limit  string `json:"limit,omitempty"`
	Max    any    `json:"max,omitempty"`
	// RetryAfter, in seconds, is when to try again (a busy server's 503, sent as Retry-After too).
	RetryAfter int `json:"retry_after_s,omitempty"`
}

// Error returns the message.
func (e *ErrorDoc) Error() string { return e.Msg }

// JSON returns the document as one JSON object and a newline.
func (e *ErrorDoc) JSON() []byte {
	b, err := Encode(e)
	if err != nil { // Max holds a value that cannot be written
		b, _ = Encode(&ErrorDoc{Msg: e.Msg, Limit: e.Limit})
	}
	return b
}

func badRequest(format string, args ...any) *ErrorDoc {
	return &ErrorDoc{Status: StatusBadInput, Msg: fmt.Sprintf(format, args...)}
}

func overLimit(name string, max any, format string, args ...any) *ErrorDoc {
	return &ErrorDoc{Status: StatusOverLimit, Msg: fmt.Sprintf(format, args...), Limit: name, Max: max}
}

// FromError maps any error onto its document. An *ErrorDoc is itself; a *query.Error goes by its
// kind: bad input 400, over a limit 422 naming the limit (the time budget, "budget_ms", when it
// names none), cancelled 503, internal 500 (as the command line exits 2, 2, 1, 1). Otherwise a
// malformed argument (cliarg) is 400, a context's deadline 422 naming the time budget, a
// cancelled context 503, anything else 500. budget is the time budget the call ran under.
func FromError(err error, budget time.Duration) *ErrorDoc {
	var ed *ErrorDoc
	var qe *query.Error
	switch {
	case errors.As(err, &ed):
		return ed
	case errors.As(err, &qe):
		return fromQuery(qe, budget)
	case cliarg.IsInput(err):
		return badRequest("%s", err.Error())
	case errors.Is(err, context.DeadlineExceeded):
		return overLimit("budget_ms", budget.Milliseconds(), "the request ran out of its time budget of %v", budget)
	case errors.Is(err, context.Canceled):
		return &ErrorDoc{Status: StatusCancelled, Msg: "request cancelled"}
	default:
		return &ErrorDoc{Status: StatusInternal, Msg: "internal failure: " + err.Error()}
	}
}

// fromQuery is the document of an error of package query.
func fromQuery(e *query.Error, budget time.Duration) *ErrorDoc {
	switch e.Kind {
	case query.BadInput:
		return badRequest("%s", e.Msg)
	case query.OverLimit:
		if e.Limit == "" {
			return overLimit("budget_ms", budget.Milliseconds(), "%s", e.Msg)
		}
		return overLimit(e.Limit, e.Max, "%s", e.Msg)
	case query.Cancelled:
		return &ErrorDoc{Status: StatusCancelled, Msg: "request cancelled"}
	}
	return &ErrorDoc{Status: StatusInternal, Msg: e.Msg}
}

// DecodeError is the 400 document of a body that cannot be read or does not decode as JSON.
func DecodeError(err error) *ErrorDoc {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return badRequest("the request body is empty; want a JSON object")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return badRequest("the request body is cut short: not complete JSON")
	case errors.As(err, &se):
		return badRequest("malformed JSON at byte %d: %v", se.Offset, err)
	case errors.As(err, &te):
		if te.Field != "" {
			return badRequest("field %q: want %s, got JSON %s (numbers go as strings, e.g. \"12\")", te.Field, te.Type, te.Value)
		}
		return badRequest("want a JSON object, got JSON %s", te.Value)
	default:
		return badRequest("%v", err)
	}
}
