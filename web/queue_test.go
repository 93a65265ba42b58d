package web

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// postAsync posts body to path in the background; the recorded answer comes on the channel.
func postAsync(h *testServer, path, body string) <-chan *httptest.ResponseRecorder {
	c := make(chan *httptest.ResponseRecorder, 1)
	go func() {
		req := httptest.NewRequest("POST", path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		c <- rec
	}()
	return c
}

// waitFor waits until n heavy requests wait for a slot: a state of the server, polled, not a
// guess of how long it takes to reach it.
func waitFor(t *testing.T, ts *testServer, n int64) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); ts.waiting.Load() != n; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d requests wait for a slot after a minute; want %d", ts.waiting.Load(), n)
		}
	}
}

// TestSecondHeavyClientWaits: while one heavy request holds the only slot, a second waits for it
// (not a 503), and its own time budget starts only once it has the slot.
func TestSecondHeavyClientWaits(t *testing.T) {
	const budget = 30 * time.Second
	ts := newTestServer(Limits{MaxHeavy: 1, Budget: budget})
	ts.began = make(chan time.Time, 2)
	first := postAsync(ts, "/api/test/heavy", `{"hold":true}`)
	<-ts.began
	second := postAsync(ts, "/api/test/heavy", `{}`)
	waitFor(t, ts, 1)
	time.Sleep(200 * time.Millisecond) // part of the scenario: the second waits a while
	released := time.Now()
	close(ts.release)
	// The budget counted from the slot ends at least a whole budget after the first let go of it
	// (counted from the arrival, it would end before).
	if dl := <-ts.began; !dl.After(released.Add(budget)) {
		t.Errorf("the second request's budget ends %v after the slot was freed; want at least %v", dl.Sub(released), budget)
	}
	for _, c := range []<-chan *httptest.ResponseRecorder{first, second} {
		if rec := <-c; rec.Code != 200 {
			t.Errorf("%d %s; want 200", rec.Code, rec.Body)
		}
	}
}

// TestBusyAnswers: a heavy request that finds MaxQueue others waiting gets a 503 at once, and one
// that waits a whole budget without a slot gets a 503 then; both say when to retry (one budget),
// in the Retry-After header and the JSON. Once the slot is free, a request is served.
func TestBusyAnswers(t *testing.T) {
	ts := newTestServer(Limits{MaxHeavy: 1, Budget: time.Second, MaxQueue: 2})
	ts.began = make(chan time.Time, 2)
	// A job that ignores its context: its request is answered at the end of its budget, but the
	// job keeps the slot until the test lets go of it.
	holder := postAsync(ts, "/api/test/heavy", `{"hold":true}`)
	<-ts.began
	waiter := postAsync(ts, "/api/test/heavy", `{}`)
	waitFor(t, ts, 1)
	second := postAsync(ts, "/api/test/heavy", `{}`)
	waitFor(t, ts, 2)
	busy := func(what string, rec *httptest.ResponseRecorder, want string) {
		t.Helper()
		body := rec.Body.String()
		if rec.Code != 503 || rec.Header().Get("Retry-After") != "1" || !strings.Contains(body, want) || !strings.Contains(body, `"retry_after_s":1`) {
			t.Errorf("%s: %d, Retry-After %q, %s; want 503 saying %q, Retry-After 1", what, rec.Code, rec.Header().Get("Retry-After"), body, want)
		}
	}
	busy("over max_queue", <-postAsync(ts, "/api/test/heavy", `{}`), "max_queue")
	busy("waited a budget", <-waiter, "stayed taken")
	busy("waited a budget", <-second, "stayed taken")
	if rec := <-holder; rec.Code != 422 || !strings.Contains(rec.Body.String(), "budget_ms") {
		t.Errorf("holder: %d %s; want 422 naming budget_ms", rec.Code, rec.Body)
	}
	close(ts.release)
	if rec := <-postAsync(ts, "/api/test/heavy", `{}`); rec.Code != 200 {
		t.Errorf("after the slot is free: %d %s; want 200", rec.Code, rec.Body)
	}
	if n := ts.waiting.Load(); n != 0 {
		t.Errorf("%d requests still counted as waiting", n)
	}
}
