package api

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"grundy/internal/cliarg"
	"grundy/query"
)

// seconds matches the timing of an answer, which differs from run to run.
var seconds = regexp.MustCompile(`"seconds":[0-9.e+-]+`)

// Each endpoint answers as its query function does, byte for byte.
func TestCallIsQuery(t *testing.T) {
	ctx := context.Background()
	lim := query.CLI()
	enc := func(v any, err error) []byte {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		b, err := Encode(v)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	cases := []struct {
		endpoint, body string
		want           []byte
	}{
		{"solve", `{"ruleset": "kayles", "position": ["3", "5", "7"], "misere": true}`,
			enc(query.Solve(ctx, query.SolveRequest{Ruleset: "kayles", Position: []string{"3", "5", "7"}, Misere: true}, lim))},
		{"seq", `{"ruleset": "lasker", "to": "40"}`, enc(query.Seq(ctx, query.SeqRequest{Ruleset: "lasker", To: "40"}, lim))},
		{"octal", `{"code": "0.137", "to": "300"}`, enc(query.Octal(ctx, query.OctalRequest{Code: "0.137", To: "300"}, lim))},
		{"misere", `{"game": "0.07", "max_heap": "12"}`, enc(query.Misere(ctx, query.MisereRequest{Game: "0.07", MaxHeap: "12"}, lim))},
		{"nim", `{"op": "mul", "args": ["12", "9"]}`, enc(query.Nim(ctx, query.NimRequest{Op: "mul", Args: []string{"12", "9"}}, lim))},
		{"basis", `{"op": "rank", "numbers": ["3", "5", "6"]}`, enc(query.Basis(ctx, query.BasisRequest{Op: "rank", Numbers: []string{"3", "5", "6"}}, lim))},
		{"count", `{"n": "100", "divisors": ["2", "3"]}`, enc(query.Count(ctx, query.CountRequest{N: "100", Divisors: []string{"2", "3"}}, lim))},
		{"nim", `{"op": "mul", "batch": "12 9\n0x10 3\n"}`, enc(query.Nim(ctx, query.NimRequest{Op: "mul", Batch: "12 9\n0x10 3\n"}, lim))},
		{"scan", `{"pattern": "0.?", "to": "200"}`, enc(query.Scan(ctx, query.ScanRequest{Pattern: "0.?", To: "200"}, lim))},
		{"rules", `{}`, enc(query.Rules(ctx, query.RulesRequest{}, lim))},
		{"graph", `{"nodes": 3, "edges": [[0, 1], [1, 0], [1, 2]]}`, enc(query.Graph(ctx, query.GraphRequest{Nodes: 3, Edges: [][2]int{{0, 1}, {1, 0}, {1, 2}}}, lim))},
	}
	for _, c := range cases {
		got, e := Call(ctx, c.endpoint, []byte(c.body), lim)
		if e != nil {
			t.Fatalf("%s %s: %d %s", c.endpoint, c.body, e.Status, e.Msg)
		}
		if got, want := seconds.ReplaceAll(got, []byte(`"seconds":0`)), seconds.ReplaceAll(c.want, []byte(`"seconds":0`)); !bytes.Equal(got, want) {
			t.Errorf("%s %s:\n got %s\nwant %s", c.endpoint, c.body, got, c.want)
		}
	}
	if got, want := len(Endpoints()), len(names); got != want || len(cases) < 8 {
		t.Fatalf("Endpoints: %d names", got)
	}
	for _, name := range Endpoints() {
		if _, ok := lookup(name); !ok {
			t.Errorf("endpoint %q is listed but has no request type", name)
		}
	}
}

// Bodies that are not one JSON object of the endpoint's request type are 400 documents saying
// what is wrong; an unknown endpoint is 404.
func TestDecodeErrors(t *testing.T) {
	cases := []struct {
		endpoint, body string
		status         int
		want           string
	}{
		{"solve", ``, StatusBadInput, "empty"},
		{"solve", `{"ruleset": "nim"`, StatusBadInput, "cut short"},
		{"solve", `{"ruleset": nim}`, StatusBadInput, "malformed JSON at byte"},
		{"solve", `{"ruleset": "nim", "color": "red"}`, StatusBadInput, "unknown field"},
		{"solve", `{"ruleset": 7}`, StatusBadInput, `field "ruleset"`},
		{"solve", `[1, 2]`, StatusBadInput, "want a JSON object"},
		{"solve", `{} {}`, StatusBadInput, "exactly one JSON object"},
		{"solve", "{} \f", StatusBadInput, "malformed JSON"},
		{"solve", `{} x`, StatusBadInput, "malformed JSON"},
		{"frobnicate", `{}`, StatusNotFound, `no endpoint "frobnicate"`},
	}
	for _, c := range cases {
		b, e := Call(context.Background(), c.endpoint, []byte(c.body), query.CLI())
		if e == nil || e.Status != c.status || !strings.Contains(e.Msg, c.want) || b != nil {
			t.Errorf("%s %q: %v %s; want %d %q", c.endpoint, c.body, e, b, c.status, c.want)
		}
	}
	// White space after the object is no second document.
	if _, e := Decode("solve", []byte("{\"ruleset\": \"nim\"} \r\n\t ")); e != nil {
		t.Errorf("trailing white space: %v", e)
	}
}

// The heavy requests are those that compute: a server runs them in its slots.
func TestHeavy(t *testing.T) {
	for _, c := range []struct {
		endpoint, body string
		heavy          bool
	}{
		{"nim", `{"op": "mul", "args": ["2", "3"]}`, false},
		{"nim", `{"op": "table", "args": ["8"]}`, true},
		{"nim", `{"op": "mul", "args": ["2", "3"], "wide": true}`, true},
		{"nim", `{"op": "mul", "batch": "2 3"}`, false},
		{"rules", `{}`, false},
		{"basis", `{"op": "rank", "numbers": ["3"]}`, false},
		{"count", `{"n": "10", "divisors": ["3"]}`, true},
		{"scan", `{"pattern": "0.?"}`, true},
		{"solve", `{"ruleset": "nim", "position": ["1"]}`, true},
		{"seq", `{"ruleset": "nim", "to": "3"}`, true},
	} {
		req, e := Decode(c.endpoint, []byte(c.body))
		if e != nil {
			t.Fatal(e)
		}
		if req.Heavy() != c.heavy || req.Endpoint() != c.endpoint {
			t.Errorf("%s %s: heavy %v", c.endpoint, c.body, req.Heavy())
		}
	}
	req, _ := Decode("solve", []byte(`{"ruleset": "nim", "position": ["1", "2"]}`))
	if q, ok := req.Query().(*query.SolveRequest); !ok || q.Ruleset != "nim" || len(q.Position) != 2 {
		t.Fatalf("Query() = %#v", req.Query())
	}
}

// Errors map onto the documents and statuses of the contract.
func TestFromError(t *testing.T) {
	budget := 1500 * time.Millisecond
	_, cerr := cliarg.Uint64("x")
	given := &ErrorDoc{Status: 503, Msg: "busy", RetryAfter: 2}
	cases := []struct {
		err    error
		status int
		limit  string
		max    any
		msg    string
	}{
		{query.Badf("bad %d", 1), StatusBadInput, "", nil, "bad 1"},
		{query.Limitf("max_seq", 10, "too long"), StatusOverLimit, "max_seq", 10, "too long"},
		{query.Limitf("", nil, "slow"), StatusOverLimit, "budget_ms", int64(1500), "slow"},
		{&query.Error{Kind: query.Cancelled, Msg: "stopped at 7"}, StatusCancelled, "", nil, "request cancelled"},
		{query.Internalf("oops"), StatusInternal, "", nil, "oops"},
		{cerr, StatusBadInput, "", nil, cerr.Error()},
		{fmt.Errorf("run: %w", context.DeadlineExceeded), StatusOverLimit, "budget_ms", int64(1500), "time budget of 1.5s"},
		{fmt.Errorf("run: %w", context.Canceled), StatusCancelled, "", nil, "request cancelled"},
		{errors.New("disk on fire"), StatusInternal, "", nil, "internal failure: disk on fire"},
		{fmt.Errorf("wrapped: %w", given), 503, "", nil, "busy"},
	}
	for _, c := range cases {
		e := FromError(c.err, budget)
		if e.Status != c.status || e.Limit != c.limit || e.Max != c.max || !strings.Contains(e.Msg, c.msg) {
			t.Errorf("FromError(%v) = %+v; want %d %q %v %q", c.err, e, c.status, c.limit, c.max, c.msg)
		}
	}
	if got := string(FromError(query.Limitf("max_seq", 10, "too long"), budget).JSON()); got != `{"error":"too long","limit":"max_seq","max":10}`+"\n" {
		t.Fatalf("JSON %s", got)
	}
	if got := string((&ErrorDoc{Msg: "x", Max: func() {}}).JSON()); got != `{"error":"x"}`+"\n" {
		t.Fatalf("JSON of an unwritable max: %s", got)
	}
}

// A call whose context ends stops the computation and says so: cancelled, or over the time
// budget at a deadline.
func TestCallContext(t *testing.T) {
	body := []byte(`{"code": "0.6", "to": "100000000"}`)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(50 * time.Millisecond); cancel() }()
	start := time.Now()
	_, e := Call(ctx, "octal", body, query.CLI())
	if e == nil || e.Status != StatusCancelled || time.Since(start) > 5*time.Second {
		t.Fatalf("cancelled: %v after %v", e, time.Since(start))
	}
	lim := query.CLI()
	lim.Budget = 50 * time.Millisecond
	ctx, cancel = context.WithTimeout(context.Background(), lim.Budget)
	defer cancel()
	_, e = Call(ctx, "octal", body, lim)
	if e == nil || e.Status != StatusOverLimit || e.Limit != "budget_ms" || e.Max != int64(50) {
		t.Fatalf("deadline: %+v", e)
	}
}

// Limits are the caller's: the web's refuse what the command line's allow.
func TestCallLimits(t *testing.T) {
	body := []byte(`{"ruleset": "nim", "to": "200000"}`)
	if _, e := Call(context.Background(), "seq", body, query.Web(time.Second)); e == nil || e.Limit != "max_seq" {
		t.Fatalf("web limits: %v", e)
	}
	if _, e := Call(context.Background(), "seq", body, query.CLI()); e != nil {
		t.Fatalf("CLI limits: %v", e)
	}
}
