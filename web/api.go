package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"runtime/debug"
	"strconv"
	"time"

	"grundy/api"
	"grundy/query"
)

// apiError is an error answer: an HTTP status and the document {"error", "limit", "max"} (see
// api.ErrorDoc).
type apiError = api.ErrorDoc

// overLimit is the 422 answer for a request whose work exceeds the limit called name.
func overLimit(name string, max any, format string, args ...any) *apiError {
	return &apiError{Status: http.StatusUnprocessableEntity, Msg: fmt.Sprintf(format, args...), Limit: name, Max: max}
}

// asAPIError maps any error to its answer (api.FromError under the server's time budget): a
// *query.Error by its kind, bad input 400, over a limit 422 naming the limit, cancelled 503,
// internal 500 (as the command line exits 2, 2, 1, 1).
func (s *Server) asAPIError(err error) *apiError { return api.FromError(err, s.limits.Budget) }

// writeJSON writes v as the JSON body of a response with the given status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := encode(v)
	if err != nil {
		status = http.StatusInternalServerError
		b, _ = encode(&apiError{Msg: "internal failure: encoding the answer: " + err.Error()})
	}
	writeRaw(w, status, b)
}

// encode returns v as JSON followed by a newline.
func encode(v any) ([]byte, error) { return api.Encode(v) }

// writeError writes the answer of an error, with its Retry-After header when it has one.
func writeError(w http.ResponseWriter, ae *apiError) {
	if ae.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(ae.RetryAfter))
	}
	writeJSON(w, ae.Status, ae)
}

// writeRaw writes b, a JSON document, as the body of a response with the given status.
func writeRaw(w http.ResponseWriter, status int, b []byte) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(b)
}

// readBody reads the request body, which must be application/json and at most MaxBodyBytes long.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request) ([]byte, *apiError) {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "application/json" {
		// Insisting on application/json also makes a browser on another site ask permission first
		// (a CORS preflight, which this server never grants) before it can post here.
		return nil, &apiError{Status: http.StatusUnsupportedMediaType, Msg: "the request body must be JSON (Content-Type: application/json)"}
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.limits.MaxBodyBytes))
	if err != nil {
		return nil, s.decodeError(err)
	}
	return body, nil
}

// decodeBytes decodes body into v strictly: one JSON object, with no field v does not know.
func (s *Server) decodeBytes(body []byte, v any) *apiError { return api.DecodeInto(body, v) }

// decodeError is the answer of a body that cannot be read: 413 over MaxBodyBytes, else 400.
func (s *Server) decodeError(err error) *apiError {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return &apiError{Status: http.StatusRequestEntityTooLarge,
			Msg:   fmt.Sprintf("the request body is larger than the limit of %d bytes", mbe.Limit),
			Limit: "max_body_bytes", Max: mbe.Limit}
	}
	return api.DecodeError(err)
}

// endpoint adapts a JSON handler: it decodes the request into a fresh *Req and answers it as
// serve does, heavy when heavy(req) is true. A nil heavy means never heavy.
func endpoint[Req any](s *Server, heavy func(*Req) bool, do func(ctx context.Context, req *Req) (any, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, ae := s.readBody(w, r)
		req := new(Req)
		if ae == nil {
			ae = s.decodeBytes(body, req)
		}
		if ae != nil {
			writeError(w, ae)
			return
		}
		s.serve(w, r, body, heavy != nil && heavy(req), req, func(ctx context.Context) (any, error) { return do(ctx, req) })
	}
}

// apiEndpoint is the handler of the endpoint of package api called name: the request decoded
// by api.Decode and answered by its query function under the server's limits, as serve does.
func (s *Server) apiEndpoint(name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, ae := s.readBody(w, r)
		var req *api.Request
		if ae == nil {
			req, ae = api.Decode(name, body)
		}
		if ae != nil {
			writeError(w, ae)
			return
		}
		s.serve(w, r, body, req.Heavy(), req.Query(), func(ctx context.Context) (any, error) { return req.Answer(ctx, s.queryLimits()) })
	}
}

// serve answers a decoded request (req, decoded from body) by do, under the request's time
// budget (and, when heavy, holding one of the heavy-job slots, in a worker process when the
// server has them, the budget starting once it has its slot), and writes the answer or the error.
func (s *Server) serve(w http.ResponseWriter, r *http.Request, body []byte, heavy bool, req any, do func(ctx context.Context) (any, error)) {
	if heavy {
		if err := s.precheck(req); err != nil {
			writeError(w, s.asAPIError(err))
			return
		}
	}
	status := http.StatusOK
	var b []byte
	var err error
	ans := &held{s: s} // the heavy answer's memory, until it is sent
	defer ans.done()
	switch {
	case heavy && s.pool != nil:
		// The worker decodes the same body and comes back here, without a pool.
		status, b, err = s.runWorker(r.Context(), r.URL.Path, body, ans)
	case heavy:
		b, err = s.runHeavy(r.Context(), do, ans)
	default:
		ctx, cancel := context.WithTimeout(r.Context(), s.limits.Budget)
		defer cancel()
		var v any
		if v, err = safely(ctx, do); err == nil {
			b, err = encode(v)
		}
	}
	if err == nil {
		err = s.checkAnswer(b)
	}
	if err != nil {
		b = nil
		ans.done()
		writeError(w, s.asAPIError(err))
		return
	}
	ans.trim(len(b))
	s.writeDeadline(w, len(b))
	writeRaw(w, status, b)
}

// safely calls f, turning a panic into an internal error.
func safely(ctx context.Context, f func(context.Context) (any, error)) (v any, err error) {
	defer func() {
		if p := recover(); p != nil {
			v, err = nil, fmt.Errorf("panic: %v\n%s", p, debug.Stack())
		}
	}()
	return f(ctx)
}

// runHeavy runs f and encodes its answer as JSON while holding a heavy-job slot, under the time
// budget counted from when it has the slot, and room for its answer in ans (a 503 when the
// answers held already fill Limits.AnswerMiB). It waits for the slot as acquire does. The slot is
// held until f returns and its answer is encoded, even when the budget or ctx ends first and the
// request has been answered, so that the number of heavy computations alive at once, and the
// memory they hold, never exceed MaxHeavy of them: computations that honour their context stop
// promptly, the others run to their end (which only a worker process bounds: see runWorker).
func (s *Server) runHeavy(ctx context.Context, f func(context.Context) (any, error), ans *held) ([]byte, error) {
	if err := s.acquire(ctx); err != nil {
		return nil, err
	}
	if err := ans.reserve(); err != nil {
		s.release()
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, s.limits.Budget)
	defer cancel()
	type result struct {
		b   []byte
		err error
	}
	done := make(chan result, 1)
	go func() {
		defer s.release()
		v, err := safely(ctx, f)
		var b []byte
		if err == nil {
			b, err = encode(v)
		}
		done <- result{b, err}
	}()
	select {
	case r := <-done:
		return r.b, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// acquire takes a heavy-job slot for a request whose context is ctx. When every slot is taken it
// waits its turn (first come, first served) among at most MaxQueue waiting requests, for at most
// the time budget: time enough for every running job to end, since each is stopped at its budget.
// A request that finds the queue full, or waits the whole budget, is answered 503 with a
// Retry-After of one budget. Waiting does not count against the request's own budget, which
// starts once it has the slot: one client's heavy request never eats another's.
func (s *Server) acquire(ctx context.Context) error {
	select {
	case s.heavy <- struct{}{}:
	default:
		if err := s.wait(ctx); err != nil {
			return err
		}
	}
	n := s.heavyRunning.Add(1)
	for p := s.heavyPeak.Load(); n > p && !s.heavyPeak.CompareAndSwap(p, n); p = s.heavyPeak.Load() {
	}
	return nil
}

// wait is acquire's wait in the queue, when no slot is free at once.
func (s *Server) wait(ctx context.Context) error {
	if s.waiting.Add(1) > int64(s.limits.MaxQueue) {
		s.waiting.Add(-1)
		return s.busy(fmt.Sprintf("server busy: all %d heavy-job slots are taken and %d more requests are waiting for one (max_queue); try again",
			s.limits.MaxHeavy, s.limits.MaxQueue))
	}
	defer s.waiting.Add(-1)
	t := time.NewTimer(s.limits.Budget)
	defer t.Stop()
	select {
	case s.heavy <- struct{}{}:
		return nil
	case <-t.C:
		return s.busy(fmt.Sprintf("server busy: all %d heavy-job slots stayed taken for the %v this request waited; try again",
			s.limits.MaxHeavy, s.limits.Budget))
	case <-ctx.Done():
		return ctx.Err()
	}
}

// busy is the 503 answer of a request that found no heavy-job slot, with a Retry-After of one
// time budget (by when every job running now has ended).
func (s *Server) busy(msg string) *apiError {
	return &apiError{Status: http.StatusServiceUnavailable, Msg: msg,
		RetryAfter: int((s.limits.Budget + time.Second - 1) / time.Second)}
}

// release gives back the slot taken by acquire.
func (s *Server) release() {
	s.heavyRunning.Add(-1)
	<-s.heavy
}

// always is the heavy predicate of endpoints whose every request is heavy.
func always[Req any](*Req) bool { return true }

// checkArgs refuses more than MaxArgs argument strings.
func (s *Server) checkArgs(what string, args []string) error {
	if len(args) > s.limits.MaxArgs {
		return overLimit("max_args", s.limits.MaxArgs, "%s has %d entries: the limit is %d", what, len(args), s.limits.MaxArgs)
	}
	return nil
}

// queryLimits returns the limits of package query in force on this server: query.Web's, with
// the server's own configuration of arguments, sequences, scripts and time.
func (s *Server) queryLimits() query.Limits {
	l := query.Web(s.limits.Budget)
	l.MaxArgs = s.limits.MaxArgs
	l.MaxSeq = uint64(s.limits.MaxSeq)
	l.MaxScriptBytes = s.limits.MaxScriptBytes
	l.MaxScriptSeq = uint64(s.limits.MaxScriptTo)
	l.MaxTable = s.limits.MaxTable
	return l
}
