package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime/debug"
	"slices"

	"grundy/query"
)

// Request is a decoded request of one endpoint, ready to be answered.
type Request struct {
	endpoint string
	query    any // a pointer to the request of package query
	heavy    bool
	answer   func(ctx context.Context, lim query.Limits, o query.Options) (any, error)
}

// Endpoint returns the name of the request's endpoint.
func (r *Request) Endpoint() string { return r.endpoint }

// Query returns the request of package query that the body decoded to, as a pointer
// (*query.SolveRequest for "solve", …), for callers that look at it before answering.
func (r *Request) Query() any { return r.query }

// Heavy reports whether answering the request may be heavy work: every request of an endpoint
// that computes, and of "nim" the table and wide operations. A server runs heavy requests in its
// heavy-job slots; the field operations of "nim" and "rules" answer at once.
func (r *Request) Heavy() bool { return r.heavy }

// Answer computes the request's answer under lim and ctx: a document of package report, which
// [Encode] writes. Options are read by the endpoints whose query function takes them (seq,
// octal, guess: Progress). Errors are those of package query; [FromError] maps them.
func (r *Request) Answer(ctx context.Context, lim query.Limits, opts ...query.Options) (any, error) {
	var o query.Options
	if len(opts) > 0 {
		o = opts[0]
	}
	return r.answer(ctx, lim, o)
}

// endpoint is how one endpoint decodes and answers its requests.
type endpoint struct {
	decode func(body []byte) (*Request, *ErrorDoc)
}

// bind makes the endpoint called name of a request type R, whose requests are heavy when heavy
// says so, answered by f.
func bind[R any](name string, heavy func(*R) bool, f func(context.Context, R, query.Limits, query.Options) (any, error)) endpoint {
	return endpoint{decode: func(body []byte) (*Request, *ErrorDoc) {
		req := new(R)
		if e := DecodeInto(body, req); e != nil {
			return nil, e
		}
		return &Request{endpoint: name, query: req, heavy: heavy(req),
			answer: func(ctx context.Context, lim query.Limits, o query.Options) (any, error) {
				return f(ctx, *req, lim, o)
			}}, nil
	}}
}

func always[R any](*R) bool { return true }
func never[R any](*R) bool  { return false }

// orNil returns v as an answer, or no answer with err: a nil pointer must not become a non-nil
// interface holding it.
func orNil[T any](v T, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	return v, nil
}

// names lists the endpoints in the order Endpoints gives them.
var names = []string{"solve", "seq", "octal", "scan", "misere", "nim", "basis", "count", "script", "play", "guess", "graph", "rules"}

// lookup returns the endpoint called name.
func lookup(name string) (endpoint, bool) {
	switch name {
	case "solve":
		return bind("solve", always, func(ctx context.Context, r query.SolveRequest, l query.Limits, _ query.Options) (any, error) {
			return orNil(query.Solve(ctx, r, l))
		}), true
	case "seq":
		return bind("seq", always, func(ctx context.Context, r query.SeqRequest, l query.Limits, o query.Options) (any, error) {
			return orNil(query.Seq(ctx, r, l, o))
		}), true
	case "octal":
		return bind("octal", always, func(ctx context.Context, r query.OctalRequest, l query.Limits, o query.Options) (any, error) {
			// Requests are plain data: the files and catalogue of Options are the command line's.
			return orNil(query.Octal(ctx, r, l, query.Options{Progress: o.Progress, Status: o.Status}))
		}), true
	case "scan":
		return bind("scan", always, func(ctx context.Context, r query.ScanRequest, l query.Limits, _ query.Options) (any, error) {
			return orNil(query.Scan(ctx, r, l))
		}), true
	case "misere":
		return bind("misere", always, func(ctx context.Context, r query.MisereRequest, l query.Limits, _ query.Options) (any, error) {
			return orNil(query.Misere(ctx, r, l))
		}), true
	case "nim":
		heavy := func(r *query.NimRequest) bool { return r.Op == "table" || r.Wide }
		return bind("nim", heavy, func(ctx context.Context, r query.NimRequest, l query.Limits, _ query.Options) (any, error) {
			return orNil(query.Nim(ctx, r, l))
		}), true
	case "basis":
		return bind("basis", never, func(ctx context.Context, r query.BasisRequest, l query.Limits, _ query.Options) (any, error) {
			return orNil(query.Basis(ctx, r, l))
		}), true
	case "count":
		return bind("count", always, func(ctx context.Context, r query.CountRequest, l query.Limits, _ query.Options) (any, error) {
			return orNil(query.Count(ctx, r, l))
		}), true
	case "script":
		return bind("script", always, func(ctx context.Context, r query.ScriptRequest, l query.Limits, _ query.Options) (any, error) {
			return orNil(query.Script(ctx, r, l))
		}), true
	case "play":
		return bind("play", always, func(ctx context.Context, r query.PlayRequest, l query.Limits, _ query.Options) (any, error) {
			return orNil(query.Play(ctx, r, l))
		}), true
	case "guess":
		return bind("guess", always, func(ctx context.Context, r query.GuessRequest, l query.Limits, o query.Options) (any, error) {
			return orNil(query.Guess(ctx, r, l, query.Options{Progress: o.Progress}))
		}), true
	case "graph":
		return bind("graph", always, func(ctx context.Context, r query.GraphRequest, l query.Limits, _ query.Options) (any, error) {
			return orNil(query.Graph(ctx, r, l))
		}), true
	case "rules":
		return bind("rules", never, func(ctx context.Context, r query.RulesRequest, l query.Limits, _ query.Options) (any, error) {
			return orNil(query.Rules(ctx, r, l))
		}), true
	}
	return endpoint{}, false
}

// Endpoints returns the names of the endpoints, each answered by the query function of the same
// name (query.Solve for "solve"): solve, seq, octal, scan, misere, nim, basis, count, script, play,
// guess, graph and rules. A server may offer only some of them.
func Endpoints() []string { return slices.Clone(names) }

// Decode reads body, the request document of the endpoint called name, strictly: one JSON
// object with no field the endpoint's request type does not know. An unknown endpoint is a 404
// document, a malformed body a 400.
func Decode(name string, body []byte) (*Request, *ErrorDoc) {
	ep, ok := lookup(name)
	if !ok {
		return nil, &ErrorDoc{Status: StatusNotFound, Msg: fmt.Sprintf("no endpoint %q (the endpoints are %v)", name, names)}
	}
	return ep.decode(body)
}

// DecodeInto decodes body into v strictly: one JSON object, with no field v does not know. Its
// error is the 400 document that says what is wrong, and where.
func DecodeInto(body []byte, v any) *ErrorDoc {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return DecodeError(err)
	}
	// Only JSON's white space after the object: the common case, without a second Decode.
	if len(bytes.TrimLeft(body[dec.InputOffset():], " \t\n\r")) == 0 {
		return nil
	}
	if err := dec.Decode(new(json.RawMessage)); err != io.EOF {
		if err == nil {
			return badRequest("the request body must hold exactly one JSON object")
		}
		return DecodeError(err)
	}
	return nil
}

// Encode returns v as one JSON document and a newline, as both faces print answers
// (query.Encode).
func Encode(v any) ([]byte, error) {
	var buf bytes.Buffer
	if err := query.Encode(&buf, v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Call answers body, a request of the endpoint called name, under lim and ctx: the answer
// document, or the error document (a panic in the computation is an internal error, not a
// crash). opts are as for [Request.Answer].
func Call(ctx context.Context, name string, body []byte, lim query.Limits, opts ...query.Options) ([]byte, *ErrorDoc) {
	req, e := Decode(name, body)
	if e != nil {
		return nil, e
	}
	b, err := safely(func() ([]byte, error) {
		v, err := req.Answer(ctx, lim, opts...)
		if err != nil {
			return nil, err
		}
		return Encode(v)
	})
	if err != nil {
		return nil, FromError(err, lim.Budget)
	}
	return b, nil
}

// safely calls f, turning a panic into an internal error.
func safely(f func() ([]byte, error)) (b []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			b, err = nil, fmt.Errorf("panic: %v\n%s", p, debug.Stack())
		}
	}()
	return f()
}
