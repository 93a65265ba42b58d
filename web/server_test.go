package web

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// post sends body to path on h and returns the status and the decoded JSON answer.
func post(t *testing.T, h http.Handler, path, body string) (int, map[string]any) {
	t.Helper()
	req := httptest.NewRequest("POST", path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var v map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
		t.Fatalf("POST %s %s: status %d, answer is not a JSON object: %q", path, body, rec.Code, rec.Body.String())
	}
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("POST %s: Content-Type %q", path, ct)
	}
	return rec.Code, v
}

// wantError asserts an error answer with the given status whose message contains want.
func wantError(t *testing.T, h http.Handler, path, body string, status int, want string) map[string]any {
	t.Helper()
	code, v := post(t, h, path, body)
	msg, _ := v["error"].(string)
	if code != status || !strings.Contains(msg, want) {
		t.Fatalf("POST %s %s: %d %v; want %d with error containing %q", path, body, code, v, status, want)
	}
	return v
}

// echoReq is the request of the test endpoints.
type echoReq struct {
	Args []string `json:"args"`
	Wait bool     `json:"wait"`
	Hold bool     `json:"hold"`
}

// testServer is a Server with extra endpoints for testing the shared machinery: /api/test/echo
// answers its args; /api/test/heavy is heavy and, when asked to wait, waits for its context to end
// (or for release to be closed), counting how many run at once.
type testServer struct {
	*Server
	running, peak atomic.Int64
	sawCancel     atomic.Int64
	release       chan struct{}
	began         chan time.Time // when not nil, each heavy job sends its deadline here first
}

func newTestServer(lim Limits) *testServer {
	ts := &testServer{Server: New(lim), release: make(chan struct{})}
	ts.mux.HandleFunc("POST /api/test/echo", endpoint(ts.Server, nil, func(ctx context.Context, r *echoReq) (any, error) {
		if err := ts.checkArgs("args", r.Args); err != nil {
			return nil, err
		}
		if len(r.Args) == 1 && r.Args[0] == "panic" {
			panic("boom")
		}
		return map[string]any{"args": r.Args}, nil
	}))
	ts.mux.HandleFunc("POST /api/test/heavy", endpoint(ts.Server, always[echoReq], func(ctx context.Context, r *echoReq) (any, error) {
		if ts.began != nil {
			dl, _ := ctx.Deadline()
			ts.began <- dl
		}
		n := ts.running.Add(1)
		defer ts.running.Add(-1)
		for {
			p := ts.peak.Load()
			if n <= p || ts.peak.CompareAndSwap(p, n) {
				break
			}
		}
		if r.Hold {
			<-ts.release
		}
		if r.Wait {
			select {
			case <-ctx.Done():
				ts.sawCancel.Add(1)
				return nil, ctx.Err()
			case <-ts.release:
			}
		}
		return map[string]any{"ok": true}, nil
	}))
	return ts
}

func TestLimitsEndpoint(t *testing.T) {
	s := New(Limits{MaxSeq: 77})
	req := httptest.NewRequest("GET", "/api/info", nil)
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	var info Info
	if err := json.Unmarshal(rec.Body.Bytes(), &info); err != nil || rec.Code != 200 {
		t.Fatalf("%d %q: %v", rec.Code, rec.Body.String(), err)
	}
	got := info.Limits
	if got.MaxSeq != 77 || got.MaxTable != DefaultLimits().MaxTable || got.BudgetMillis != DefaultLimits().Budget.Milliseconds() {
		t.Fatalf("limits %+v", got)
	}
}

func TestPageIsServedWithPolicy(t *testing.T) {
	s := New(Limits{})
	paths := []string{"/", "/style.css"}
	modules, _ := fs.Glob(assets, "static/js/*.js")
	for _, m := range modules {
		paths = append(paths, strings.TrimPrefix(m, "static"))
	}
	if len(modules) < 5 {
		t.Fatalf("the page's modules: %v", modules)
	}
	for _, path := range paths {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code != 200 || rec.Body.Len() == 0 {
			t.Fatalf("GET %s: %d, %d bytes", path, rec.Code, rec.Body.Len())
		}
		// A browser runs a module only when it comes as JavaScript.
		if ct := rec.Header().Get("Content-Type"); strings.HasSuffix(path, ".js") && !strings.HasPrefix(ct, "text/javascript") {
			t.Fatalf("GET %s: Content-Type %q", path, ct)
		}
		if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
			t.Fatalf("GET %s: CSP %q", path, csp)
		}
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", "/../../etc/passwd", nil))
	if rec.Code == 200 && strings.Contains(rec.Body.String(), "root:") {
		t.Fatal("served a file from outside the embedded page")
	}
	rec = httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", "/nosuchfile.txt", nil))
	if rec.Code != 404 {
		t.Fatalf("GET /nosuchfile.txt: %d", rec.Code)
	}
}

func TestStrictDecoding(t *testing.T) {
	ts := newTestServer(Limits{MaxBodyBytes: 200, MaxArgs: 3})
	const p = "/api/test/echo"
	code, v := post(t, ts, p, `{"args":["1","2"]}`)
	if code != 200 || len(v["args"].([]any)) != 2 {
		t.Fatalf("good request: %d %v", code, v)
	}
	wantError(t, ts, p, `{"args":["1"],"extra":1}`, 400, `unknown field "extra"`)
	wantError(t, ts, p, `{"args":["1"]} {}`, 400, "exactly one JSON object")
	wantError(t, ts, p, `{"args":["1"]`, 400, "cut short")
	wantError(t, ts, p, ``, 400, "empty")
	wantError(t, ts, p, `{"args":[1]}`, 400, "as strings")
	wantError(t, ts, p, `[1]`, 400, "want a JSON object")
	wantError(t, ts, p, `{"args":["1"],}`, 400, "malformed JSON")
	v = wantError(t, ts, p, `{"args":["`+strings.Repeat("9", 300)+`"]}`, 413, "limit of 200 bytes")
	if v["limit"] != "max_body_bytes" {
		t.Fatalf("413 answer %v does not name the limit", v)
	}
	v = wantError(t, ts, p, `{"args":["1","2","3","4"]}`, 422, "limit is 3")
	if v["limit"] != "max_args" || v["max"] != 3.0 {
		t.Fatalf("422 answer %v does not name the limit", v)
	}
	wantError(t, ts, p, `{"args":["panic"]}`, 500, "internal failure")

	// Not JSON: refused before reading, so that other sites cannot post forms here.
	req := httptest.NewRequest("POST", p, strings.NewReader(`{"args":[]}`))
	req.Header.Set("Content-Type", "text/plain")
	rec := httptest.NewRecorder()
	ts.ServeHTTP(rec, req)
	if rec.Code != http.StatusUnsupportedMediaType {
		t.Fatalf("text/plain body: %d", rec.Code)
	}
	// Wrong method: JSON 405 naming the methods; unknown path: JSON 404 (issue 13: every error
	// has the JSON shape).
	for _, c := range []struct {
		method, path string
		status       int
		allow        string
	}{
		{"GET", p, 405, "POST"},
		{"PUT", "/api/solve", 405, "POST"},
		{"DELETE", "/api/rules", 405, "GET, HEAD"},
		{"PUT", "/", 405, "GET, HEAD"},
		{"POST", "/index.html", 405, "GET, HEAD"},
		{"POST", "/api/nosuch", 404, ""},
		{"GET", "/api/nosuch", 404, ""},
		{"PATCH", "/api/nosuch", 404, ""},
		{"GET", "/nosuchfile.txt", 404, ""},
		{"PUT", "/nosuchfile.txt", 404, ""},
	} {
		rec = httptest.NewRecorder()
		ts.ServeHTTP(rec, httptest.NewRequest(c.method, c.path, strings.NewReader("{}")))
		var v map[string]any
		err := json.Unmarshal(rec.Body.Bytes(), &v)
		if rec.Code != c.status || err != nil || v["error"] == nil || rec.Header().Get("Allow") != c.allow ||
			!strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
			t.Fatalf("%s %s: %d %q (Allow %q), want %d JSON (Allow %q)", c.method, c.path, rec.Code, rec.Body.String(), rec.Header().Get("Allow"), c.status, c.allow)
		}
	}
}

func TestTimeBudget(t *testing.T) {
	ts := newTestServer(Limits{Budget: 50 * time.Millisecond})
	v := wantError(t, ts, "/api/test/heavy", `{"wait":true}`, 422, "time budget")
	if v["limit"] != "budget_ms" || v["max"] != 50.0 {
		t.Fatalf("answer %v", v)
	}
	deadline := time.Now().Add(5 * time.Second)
	for ts.sawCancel.Load() != 1 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if ts.sawCancel.Load() != 1 {
		t.Fatal("the job never saw its context end")
	}
}

func TestHeavyJobsAreCapped(t *testing.T) {
	ts := newTestServer(Limits{MaxHeavy: 2, Budget: 5 * time.Second})
	srv := httptest.NewServer(ts)
	defer srv.Close()
	var wg sync.WaitGroup
	codes := make(chan int, 8)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := http.Post(srv.URL+"/api/test/heavy", "application/json", strings.NewReader(`{"wait":true}`))
			if err != nil {
				t.Error(err)
				return
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			codes <- resp.StatusCode
		}()
	}
	// Wait until two jobs run, check no third starts, then release them all.
	deadline := time.Now().Add(5 * time.Second)
	for ts.running.Load() < 2 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(50 * time.Millisecond)
	if r := ts.running.Load(); r != 2 {
		t.Fatalf("%d heavy jobs running, want exactly 2", r)
	}
	close(ts.release)
	wg.Wait()
	close(codes)
	for c := range codes {
		if c != 200 {
			t.Fatalf("status %d", c)
		}
	}
	if p := ts.peak.Load(); p != 2 {
		t.Fatalf("peak of %d heavy jobs at once, want 2", p)
	}
}

func TestBusyServerAnswers503(t *testing.T) {
	// A budget far beyond the test, so that only the client going away can end the job's context
	// (with a short one, a stall before cancel() lets the budget answer 422 first).
	ts := newTestServer(Limits{MaxHeavy: 1, Budget: time.Minute})
	srv := httptest.NewServer(ts)
	defer srv.Close()
	defer close(ts.release)
	// Fill the only slot with a job whose client goes away: the job sees the cancellation.
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "POST", srv.URL+"/api/test/heavy", strings.NewReader(`{"wait":true}`))
	req.Header.Set("Content-Type", "application/json")
	errc := make(chan error, 1)
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		errc <- err
	}()
	deadline := time.Now().Add(5 * time.Second)
	for ts.running.Load() < 1 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	cancel()
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Fatalf("client: %v", err)
	}
	for ts.sawCancel.Load() != 1 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if ts.sawCancel.Load() != 1 {
		t.Fatal("the job did not see its client go away")
	}

	// Now hold the slot with a job that ignores its context: its request runs out of budget (422),
	// but the job keeps its slot until it ends, so later requests find the server busy (503).
	ts2 := newTestServer(Limits{MaxHeavy: 1, Budget: 100 * time.Millisecond})
	done := make(chan int, 1)
	go func() {
		code, _ := post(t, ts2, "/api/test/heavy", `{"hold":true}`)
		done <- code
	}()
	for ts2.running.Load() < 1 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if code := <-done; code != 422 {
		t.Fatalf("first job: %d, want 422 (time budget)", code)
	}
	wantError(t, ts2, "/api/test/heavy", `{}`, 503, "server busy")
	close(ts2.release)
	for ts2.running.Load() != 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if code, v := post(t, ts2, "/api/test/heavy", `{}`); code != 200 {
		t.Fatalf("after release: %d %v", code, v)
	}
}

func TestServeShutsDownGracefully(t *testing.T) {
	ln, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := New(Limits{})
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- s.Serve(ctx, ln, 2*time.Second) }()
	resp, err := http.Get("http://" + ln.Addr().String() + "/api/info")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("status %d", resp.StatusCode)
	}
	// On loopback, requests addressed to another host name are refused (DNS rebinding).
	for host, want := range map[string]int{"evil.example": 403, "localhost": 200, "[::1]:8080": 200, "127.0.0.1": 200, "10.0.0.1": 403} {
		req, _ := http.NewRequest("GET", "http://"+ln.Addr().String()+"/api/info", nil)
		req.Host = host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Fatalf("Host %s: %d, want %d", host, resp.StatusCode, want)
		}
	}
	cancel()
	select {
	case err := <-errc:
		if err != nil {
			t.Fatalf("Serve: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not return after cancel")
	}
	if _, err := http.Get("http://" + ln.Addr().String() + "/api/info"); err == nil {
		t.Fatal("still answering after shutdown")
	}
}

func TestListenRefusesAllInterfacesByAccident(t *testing.T) {
	if _, err := Listen(":0"); err == nil || !strings.Contains(err.Error(), "every interface") {
		t.Fatalf("Listen(:0): %v", err)
	}
	if _, err := Listen("nonsense"); err == nil {
		t.Fatal("Listen(nonsense) succeeded")
	}
}
