package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestSeqToZero: "to": 0 is the sequence g(0) = [0] for every one-heap ruleset, the take-and-break
// ones included (they used to read it as "no limit" and ran until the time budget, a 422).
func TestSeqToZero(t *testing.T) {
	s := New(Limits{})
	for _, body := range []string{
		`{"ruleset": "kayles", "to": 0}`,
		`{"ruleset": "dawson-kayles", "to": 0}`,
		`{"ruleset": "grundy-game", "to": 0}`,
		`{"ruleset": "octal", "flags": {"code": "0.07"}, "to": 0}`,
		`{"ruleset": "lasker", "to": 0}`,
		`{"code": "0.07", "to": 0}`,
	} {
		start := time.Now()
		code, v := post(t, s, "/api/seq", body)
		vals, _ := v["values"].([]any)
		if code != 200 || len(vals) != 1 || vals[0] != 0.0 {
			t.Errorf("%s: %d %v, want 200 with values [0]", body, code, v)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%s took %v", body, d)
		}
	}
}

// TestPlayStaysWithinLimits (issue 26, item 3): a move of a web game never leads to a position the
// next request refuses: kayles with 64 heaps of 3 (max_args) and the move that splits one into
// two is refused with 422 naming max_args, where it used to be played, leaving 65 heaps that the
// next /api/play refused.
func TestPlayStaysWithinLimits(t *testing.T) {
	s := New(Limits{})
	heaps := make([]string, 64)
	for i := range heaps {
		heaps[i] = "3"
	}
	step := func(move string) string {
		b, _ := json.Marshal(map[string]any{"ruleset": "kayles", "flags": map[string]string{}, "position": heaps, "move": move})
		return string(b)
	}
	code, v := post(t, s, "/api/play", step(""))
	if code != 200 {
		t.Fatalf("the start: %d %v", code, v["error"])
	}
	var split, keep string
	for _, m := range v["moves"].([]any) {
		mv := m.(map[string]any)
		if len(mv["to"].([]any)) > 64 && split == "" {
			split = mv["move"].(string)
		} else if len(mv["to"].([]any)) <= 64 && keep == "" {
			keep = mv["move"].(string)
		}
	}
	if split == "" {
		t.Fatal("no listed move splits a heap")
	}
	code, v = post(t, s, "/api/play", step(split))
	if code != 422 || v["limit"] != "max_args" {
		t.Fatalf("the move %q to 65 heaps: %d %v %v; want 422 naming max_args", split, code, v["limit"], v["error"])
	}
	// A move that keeps within the limit is played, and the engine's answer keeps within it too.
	code, v = post(t, s, "/api/play", step(keep))
	if code != 200 && !(code == 422 && v["limit"] == "max_args") {
		t.Fatalf("a move within the limit: %d %v", code, v["error"])
	}
	if code == 200 {
		if n := len(v["position"].([]any)); n > 64 {
			t.Fatalf("after the engine's answer: %d heaps", n)
		}
	}
}

// TestLoopySearchLimit (issue 26, item 12): the search limit of the rulesets with cycles is a 422
// naming search_positions, as every other search's, not a 400.
func TestLoopySearchLimit(t *testing.T) {
	s := New(Limits{})
	for _, body := range []string{
		`{"ruleset":"windup","flags":{"n":"1048576","set":"2,3"},"position":["524288"]}`,
		`{"ruleset":"square-but-one","flags":{},"position":["65536"]}`,
	} {
		code, v := post(t, s, "/api/solve", body)
		if code != 422 || v["limit"] != "search_positions" || v["max"] != float64(1<<18) {
			t.Errorf("%s: %d %v", body, code, v)
		}
	}
}

// TestUncleanAPIPath (issue 26, item 12): a path under /api that is not in canonical form
// (/api//nim) gets the API's JSON 404, not the mux's 307 redirect with an HTML body.
func TestUncleanAPIPath(t *testing.T) {
	s := New(Limits{})
	for _, p := range []string{"/api//nim", "/api/./nim", "/api/x/../nim", "//api/nim"} {
		for _, method := range []string{"GET", "POST"} {
			req := httptest.NewRequest(method, "/", strings.NewReader(`{"op":"add","args":["1","2"]}`))
			req.URL.Path = p
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			var v map[string]any
			if rec.Code != 404 || json.Unmarshal(rec.Body.Bytes(), &v) != nil || v["error"] == nil {
				t.Errorf("%s %s: %d %q", method, p, rec.Code, rec.Body.String())
			}
		}
	}
}

// TestShutdownFinishesRequests (issue 26, item 12): when Serve's context ends (SIGTERM to
// `grundy serve`), a request under way finishes and gets its answer within the grace, as
// `serve --help` says, instead of being cancelled.
func TestShutdownFinishesRequests(t *testing.T) {
	ln, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServer(Limits{})
	ts.began = make(chan time.Time, 1)
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- ts.Serve(ctx, ln, 10*time.Second) }()
	type answer struct {
		code int
		err  error
	}
	done := make(chan answer, 1)
	go func() {
		resp, err := http.Post("http://"+ln.Addr().String()+"/api/test/heavy", "application/json", strings.NewReader(`{"wait":true}`))
		if err != nil {
			done <- answer{0, err}
			return
		}
		resp.Body.Close()
		done <- answer{resp.StatusCode, nil}
	}()
	<-ts.began
	cancel() // the server is told to stop while the request runs
	time.Sleep(200 * time.Millisecond)
	close(ts.release) // the request's work ends
	if a := <-done; a.err != nil || a.code != 200 || ts.sawCancel.Load() != 0 {
		t.Errorf("a request under way at shutdown: %d %v (cancelled: %d)", a.code, a.err, ts.sawCancel.Load())
	}
	if err := <-errc; err != nil {
		t.Errorf("Serve: %v", err)
	}
}

// TestBadInputNotQueued (issue 26, item 12): a heavy request whose ruleset, flags or position are
// malformed is answered 400 at once, even when every heavy slot is taken, instead of waiting its
// turn and getting 503.
func TestBadInputNotQueued(t *testing.T) {
	ts := newTestServer(Limits{MaxHeavy: 1, Budget: time.Second})
	go func() {
		req := httptest.NewRequest("POST", "/api/test/heavy", strings.NewReader(`{"hold":true}`))
		req.Header.Set("Content-Type", "application/json")
		ts.ServeHTTP(httptest.NewRecorder(), req)
	}()
	for ts.running.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	defer close(ts.release)
	for _, c := range []struct{ path, body string }{
		{"/api/solve", `{"ruleset":"nosuch","position":["1"]}`},
		{"/api/solve", `{"ruleset":"nim","position":["x"]}`},
		{"/api/solve", `{"ruleset":"subtract","flags":{"set":"0"},"position":["1"]}`},
		{"/api/play", `{"ruleset":"nim","position":["-1"]}`},
		{"/api/seq", `{"ruleset":"nosuch","to":10}`},
	} {
		start := time.Now()
		code, v := post(t, ts, c.path, c.body)
		if code != 400 || time.Since(start) > 500*time.Millisecond {
			t.Errorf("%s %s with the slot taken: %d %v in %v", c.path, c.body, code, v["error"], time.Since(start))
		}
	}
}
