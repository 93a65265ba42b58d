// Package offline answers the page's requests without a server: it is the engine of the static
// site that cmd/grundy-site writes, compiled to WebAssembly (cmd/grundy-site) and run by the page in
// a Web Worker. It takes a request as the page posts it to `grundy serve` (the path, such as
// "/api/solve", and the JSON body) and returns what the server would answer: the status and the
// same JSON document, answer or error, computed by the same code (package api over package query)
// under the same limits, which the site carries from the server's defaults (site.json).
//
// What is the server's alone stays with the page's loader (web/site/js/engine.js): the time budget
// is held from outside, by terminating the worker that runs over it (WebAssembly has one thread,
// so a computation that never yields could not notice its own deadline), and requests wait their
// turn for a worker as the server's wait for a heavy-job slot.
//
// The package imports no net/http, so it builds for js/wasm; its tests run on the build machine
// and compare its answers with the server's.
package offline

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"grundy/api"
	"grundy/query"
)

// Limits are the limits of the server that the page reads from GET /api/info (web.Limits, in
// its JSON form), those that bound a request's work here. The static site carries them in
// site.json; its other limits (worker processes' memory, the queue, the answers held) are a
// server's alone.
type Limits struct {
	MaxBodyBytes   int64 `json:"max_body_bytes"`
	MaxSeq         int   `json:"max_seq"`
	MaxTable       int   `json:"max_table"`
	MaxArgs        int   `json:"max_args"`
	MaxScriptBytes int   `json:"max_script_bytes"`
	MaxScriptTo    int   `json:"max_script_to"`
	BudgetMillis   int64 `json:"budget_ms"`
	MaxAnswerBytes int   `json:"max_answer_bytes"`
	// MaxHeavy is how many heavy requests run at once: the page's loader sets it to its number
	// of workers.
	MaxHeavy int `json:"max_heavy"`
}

// Query returns the limits of package query for l, as the server gives them to every request:
// query.Web's for the time budget, with the server's own arguments, sequences, scripts and tables.
func (l Limits) Query() query.Limits {
	q := query.Web(time.Duration(l.BudgetMillis) * time.Millisecond)
	q.MaxArgs = l.MaxArgs
	q.MaxSeq = uint64(l.MaxSeq)
	q.MaxScriptBytes = l.MaxScriptBytes
	q.MaxScriptSeq = uint64(l.MaxScriptTo)
	q.MaxTable = l.MaxTable
	return q
}

// Budget is the time budget of one request.
func (l Limits) Budget() time.Duration { return time.Duration(l.BudgetMillis) * time.Millisecond }

// Info is what the static site says of itself in site.json: the document of the server's GET
// /api/info (limits, endpoints and features), which the page reads instead.
type Info struct {
	Limits    Limits   `json:"limits"`
	Endpoints []string `json:"endpoints"`
	Features  []string `json:"features"`
}

// Engine answers the page's requests. It holds no state between requests but its limits and
// endpoints.
type Engine struct {
	lim       Limits
	endpoints []string
}

// StreamPath is the endpoint the page reads a sequence's progress from: the body of /api/seq,
// answered line by line on the server, and here as progress calls and one answer.
const StreamPath = "/api/seq/stream"

// New returns the engine of a site described by info (site.json). It refuses an info whose limits
// are missing, which would bound nothing.
func New(info []byte) (*Engine, error) {
	var in Info
	if err := json.Unmarshal(info, &in); err != nil {
		return nil, fmt.Errorf("site.json: %v", err)
	}
	l := in.Limits
	if l.MaxBodyBytes <= 0 || l.MaxSeq <= 0 || l.MaxTable <= 0 || l.MaxArgs <= 0 || l.MaxScriptBytes <= 0 || l.MaxScriptTo <= 0 || l.BudgetMillis <= 0 || l.MaxAnswerBytes <= 0 {
		return nil, fmt.Errorf("site.json: the limits are incomplete: %+v", l)
	}
	return &Engine{lim: l, endpoints: in.Endpoints}, nil
}

// Call answers body, posted by the page to path (e.g. "/api/solve"; "/api/rules" takes no body),
// as the server would: the status and the JSON document (its answer or its error, with a final
// newline). For StreamPath, progress (when not nil) is called as the sequence is computed, and
// the answer is /api/seq's.
func (e *Engine) Call(path string, body []byte, progress func(done, target int64)) (int, []byte) {
	name, ok := e.endpoint(path)
	if !ok {
		return errorDoc(&api.ErrorDoc{Status: api.StatusNotFound,
			Msg: fmt.Sprintf("no endpoint POST %s (the API is POST /api/solve, /api/seq, /api/nim, …; see the README)", path)})
	}
	if int64(len(body)) > e.lim.MaxBodyBytes {
		return errorDoc(&api.ErrorDoc{Status: 413, Msg: fmt.Sprintf("the request body is larger than the limit of %d bytes", e.lim.MaxBodyBytes),
			Limit: "max_body_bytes", Max: e.lim.MaxBodyBytes})
	}
	if name == "rules" && len(body) == 0 {
		body = []byte("{}") // GET /api/rules
	}
	var opts []query.Options
	if path == StreamPath && progress != nil {
		opts = append(opts, query.Options{Progress: progress})
	}
	lim := e.lim.Query()
	ctx, cancel := context.WithTimeout(context.Background(), lim.Budget)
	defer cancel()
	b, ed := api.Call(ctx, name, body, lim, opts...)
	if ed != nil {
		return errorDoc(ed)
	}
	if len(b) > e.lim.MaxAnswerBytes && name != "rules" { // the catalogue is the server's own, never refused
		return errorDoc(&api.ErrorDoc{Status: api.StatusOverLimit, Limit: "max_answer_bytes", Max: e.lim.MaxAnswerBytes,
			Msg: fmt.Sprintf("the answer is over the limit of %d bytes (max_answer_bytes)", e.lim.MaxAnswerBytes)})
	}
	return 200, b
}

// OverBudget is the error document of a request stopped at the end of its time budget, with its
// status: what the server answers then, and what the page's loader answers when it terminates a
// worker that ran past the budget.
func (e *Engine) OverBudget() (int, []byte) {
	return errorDoc(api.FromError(context.DeadlineExceeded, e.lim.Budget()))
}

// endpoint returns the name in package api of the endpoint at path, if the site offers it.
func (e *Engine) endpoint(path string) (string, bool) {
	if path == StreamPath {
		path = "/api/seq"
	}
	if !slices.Contains(e.endpoints, path) {
		return "", false
	}
	return strings.TrimPrefix(path, "/api/"), true
}

func errorDoc(ed *api.ErrorDoc) (int, []byte) { return ed.Status, ed.JSON() }
