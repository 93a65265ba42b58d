package web

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"grundy/internal/worker"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

var soak = flag.Int("soak", 0, "send the hostile requests this many more rounds, two clients at once (TestHostileRequests)")

// hostile are the requests of issue 13 that outran their budget and memory in-process: a misère
// search that grows without end, and scripts whose Starlark builtins allocate gigabytes or recurse
// a million levels deep inside one step. limit is the limit that must stop each: the search's own
// byte budget, the worker's memory, or (for the one that neither allocates much nor checks its
// context) the time budget.
//
// Under the race detector, whose shadow memory roughly doubles a worker's resident memory, the
// tartan search's 32 MiB of keys may pass 256 MiB of resident memory before its own budget:
// memory_mib is then an answer as good (see limitOK).
var hostile = []struct{ name, path, body, limit string }{
	{"tartan misère", "/api/solve", `{"ruleset":"tartan","flags":{"rows":"ruler","cols":"ruler"},"position":["1000000,1000000"],"misere":true}`, "search_mib"},
	{"list repeat", "/api/script", scriptBody("l = [0] * (1<<28)\n    return []"), "memory_mib"},
	{"list range", "/api/script", scriptBody("l = list(range(1<<28))\n    return []"), "memory_mib"},
	{"sorted range", "/api/script", scriptBody("l = sorted(range(1<<27))\n    return []"), "memory_mib"},
	{"join", "/api/script", scriptBody(`s = "".join(["abcdefgh"]*(1<<27))` + "\n    return []"), "memory_mib"},
	{"deep str", "/api/script", scriptBody("l = []\n    for i in range(1000000):\n        l = [l]\n    s = str(l)\n    return []"), "budget_ms"},
}

// limitOK reports whether an answer naming the limit got is right for a hostile request that
// its limit want must stop.
func limitOK(got any, want string) bool {
	return got == want || raceBuild && want == "search_mib" && got == "memory_mib"
}

// scriptBody is the body of /api/script for a game whose moves(n) runs code and to 3.
func scriptBody(code string) string {
	b, _ := json.Marshal(map[string]any{"source": "def moves(n):\n    " + code + "\n", "to": 3})
	return string(b)
}

// treeRSS is the resident memory, in bytes, of this process and of its children that run this
// same executable (the server's workers; not the browser the browser tests start).
func treeRSS(t *testing.T) uint64 {
	t.Helper()
	self, err := os.Readlink("/proc/self/exe")
	if err != nil {
		t.Skip("no /proc")
	}
	total, _ := worker.Resident(os.Getpid())
	for _, kid := range worker.Children(os.Getpid()) {
		if exe, err := os.Readlink("/proc/" + strconv.Itoa(kid) + "/exe"); err == nil && exe == self {
			n, _ := worker.Resident(kid)
			total += n
		}
	}
	return total
}

// sendJSON posts body to url+path and returns the status and the decoded answer.
func sendJSON(client *http.Client, url, path, body string) (int, map[string]any, error) {
	resp, err := client.Post(url+path, "application/json", strings.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, nil, err
	}
	var v map[string]any
	if err := json.Unmarshal(b, &v); err != nil {
		return resp.StatusCode, nil, fmt.Errorf("status %d, answer not JSON: %q", resp.StatusCode, b)
	}
	return resp.StatusCode, v, nil
}

// TestHostileRequests sends each hostile request to a server with workers and 256 MiB per
// worker: each must get a 422 JSON answer naming the limit that stops it, the server and its
// workers must stay under 2 GiB of resident memory all along, no heavy slot may stay taken, and a
// normal heavy request right after must be served. With -soak N, N more rounds follow, two
// clients at once.
//
// The bounds are on the work, not on the clock, so that a loaded machine cannot fail it: the
// requests stopped by memory or by their search's budget go to a server whose time budget
// (a minute) they never come near, so that each must be stopped by its own limit; the one stopped
// by time goes to a server with a 2 s budget, and must be answered by the end of it plus a margin
// that only a server not enforcing its budget would need (that request runs for minutes if let).
func TestHostileRequests(t *testing.T) {
	if testing.Short() {
		t.Skip("starts worker processes; skipped with -short")
	}
	const tight, margin = 2 * time.Second, 20 * time.Second
	roomy := New(Limits{Isolate: true, Budget: time.Minute, MemoryMiB: 256, MaxHeavy: 2})
	defer roomy.Close()
	timed := New(Limits{Isolate: true, Budget: tight, MemoryMiB: 256, MaxHeavy: 2})
	defer timed.Close()
	roomySrv, timedSrv := httptest.NewServer(roomy), httptest.NewServer(timed)
	defer roomySrv.Close()
	defer timedSrv.Close()
	client := &http.Client{Timeout: 5 * time.Minute}

	var peak atomic.Uint64
	stop := make(chan struct{})
	var watch sync.WaitGroup
	watch.Add(1)
	go func() {
		defer watch.Done()
		for {
			if r := treeRSS(t); r > peak.Load() {
				peak.Store(r)
			}
			select {
			case <-stop:
				return
			case <-time.After(10 * time.Millisecond):
			}
		}
	}()

	send := func(name, path, body, limit string) error {
		url := roomySrv.URL
		if limit == "budget_ms" {
			url = timedSrv.URL
		}
		start := time.Now()
		code, v, err := sendJSON(client, url, path, body)
		took := time.Since(start)
		switch {
		case err != nil:
			return fmt.Errorf("%s: %v", name, err)
		case code != http.StatusUnprocessableEntity:
			return fmt.Errorf("%s: status %d %v; want 422", name, code, v)
		case v["error"] == nil:
			return fmt.Errorf("%s: answer %v has no error message", name, v)
		case !limitOK(v["limit"], limit):
			return fmt.Errorf("%s: answer %v names the limit %v; want %s", name, v, v["limit"], limit)
		case limit == "budget_ms" && took > tight+margin:
			return fmt.Errorf("%s: answered after %v, budget %v", name, took, tight)
		}
		t.Logf("%s: %d in %v: %v (limit %v)", name, code, took.Round(time.Millisecond), v["error"], v["limit"])
		return nil
	}
	normal := func() error {
		code, v, err := sendJSON(client, roomySrv.URL, "/api/script", `{"source":"def moves(n):\n    return [n - k for k in [1, 3, 4] if k <= n]\n","to":20}`)
		if err != nil || code != 200 || len(v["values"].([]any)) != 21 {
			return fmt.Errorf("normal script after hostile requests: %d %v %v", code, v, err)
		}
		code, v, err = sendJSON(client, roomySrv.URL, "/api/solve", `{"ruleset":"nim","flags":{},"position":["3","4","5"],"misere":true}`)
		if err != nil || code != 200 || v["outcome"] != "N" {
			return fmt.Errorf("normal solve after hostile requests: %d %v %v", code, v, err)
		}
		return nil
	}
	free := func() error {
		for _, s := range []*Server{roomy, timed} {
			if n := s.heavyRunning.Load(); n != 0 {
				return fmt.Errorf("%d heavy slots still taken after every answer", n)
			}
		}
		return nil
	}

	for _, h := range hostile {
		if err := send(h.name, h.path, h.body, h.limit); err != nil {
			t.Error(err)
		}
		if err := free(); err != nil {
			t.Errorf("after %s: %v", h.name, err)
		}
		if err := normal(); err != nil {
			t.Error(err)
		}
	}
	// More rounds, two clients at once: as many requests as slots, so none waits for one.
	rounds := 1 + *soak
	for round := range rounds {
		var wg sync.WaitGroup
		errs := make(chan error, 2*len(hostile))
		for c := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range hostile {
					h := hostile[(i+c*3)%len(hostile)]
					if err := send(h.name, h.path, h.body, h.limit); err != nil {
						errs <- fmt.Errorf("round %d: %v", round, err)
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		if err := normal(); err != nil {
			t.Error(err)
		}
	}
	close(stop)
	watch.Wait()
	t.Logf("peak resident memory of the server and its workers: %d MiB", peak.Load()>>20)
	if p := peak.Load(); p >= 2<<30 {
		t.Errorf("the server and its workers reached %d MiB of resident memory; want under 2 GiB", p>>20)
	}
	if err := free(); err != nil {
		t.Error(err)
	}
}

// TestWorkerAnswersAsInProcess checks that a request served by a worker gets the same status and
// body as in-process, answers and errors alike, and that /api/info shows the memory limit.
func TestWorkerAnswersAsInProcess(t *testing.T) {
	if testing.Short() {
		t.Skip("starts worker processes; skipped with -short")
	}
	iso := New(Limits{Isolate: true, MemoryMiB: 300})
	defer iso.Close()
	plain := New(Limits{})
	for _, c := range []struct{ path, body string }{
		{"/api/solve", `{"ruleset":"nim","flags":{},"position":["3","4","5"]}`},
		{"/api/solve", `{"ruleset":"nim","flags":{},"position":["x"]}`},
		{"/api/seq", `{"ruleset":"subtract","flags":{"set":"1,3,4"},"to":50}`},
		{"/api/seq", `{"code":"0.07","to":100}`},
		{"/api/script", `{"source":"def moves(n):\n    return [n - 1] if n else []\n","to":5}`},
		{"/api/script", `{"source":"def moves(n):\n    return undefined\n","to":5}`},
		{"/api/play", `{"ruleset":"nim","flags":{},"position":["1","2"],"engine":true}`},
		{"/api/nim", `{"op":"table","args":["8"]}`},
	} {
		// Timings differ from run to run.
		got := seconds.ReplaceAllString(rawPost(t, iso, c.path, c.body), "")
		want := seconds.ReplaceAllString(rawPost(t, plain, c.path, c.body), "")
		if got != want {
			t.Errorf("POST %s %s:\nworker     %s\nin-process %s", c.path, c.body, got, want)
		}
	}
	rec := httptest.NewRecorder()
	iso.ServeHTTP(rec, httptest.NewRequest("GET", "/api/info", nil))
	var info Info
	if err := json.Unmarshal(rec.Body.Bytes(), &info); err != nil || !info.Limits.Isolate || info.Limits.MemoryMiB != 300 {
		t.Fatalf("/api/info: %s (%v)", rec.Body.String(), err)
	}
}

var seconds = regexp.MustCompile(`"seconds":[0-9.e+-]+`)

// rawPost returns the status and the body of a POST.
func rawPost(t *testing.T, h http.Handler, path, body string) string {
	t.Helper()
	req := httptest.NewRequest("POST", path, bytes.NewReader([]byte(body)))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return strconv.Itoa(rec.Code) + " " + rec.Body.String()
}

// BenchmarkSmallHeavyRequest measures what a worker process costs a small heavy request
// (/api/solve nim 3 4 5): in-process; in a worker, back to back (each request waits for the
// worker started ahead of it, still starting); and in a worker, apart (the timer stops until the
// worker started ahead is waiting, as when requests come from a person at a browser).
func BenchmarkSmallHeavyRequest(b *testing.B) {
	const body = `{"ruleset":"nim","flags":{},"position":["3","4","5"]}`
	for _, c := range []struct {
		name           string
		isolate, apart bool
	}{{"isolate=false", false, false}, {"isolate=true", true, false}, {"isolate=true,apart", true, true}} {
		b.Run(c.name, func(b *testing.B) {
			s := New(Limits{Isolate: c.isolate})
			defer s.Close()
			for b.Loop() {
				if c.apart {
					b.StopTimer()
					for s.pool.Idle() == 0 {
						time.Sleep(100 * time.Microsecond)
					}
					b.StartTimer()
				}
				req := httptest.NewRequest("POST", "/api/solve", strings.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				rec := httptest.NewRecorder()
				s.ServeHTTP(rec, req)
				if rec.Code != 200 {
					b.Fatalf("%d %s", rec.Code, rec.Body.String())
				}
			}
		})
	}
}

// TestWorkersReapedOnClose: a server with workers keeps some started ahead, and Close leaves no
// worker process behind.
func TestWorkersReapedOnClose(t *testing.T) {
	if testing.Short() {
		t.Skip("starts worker processes; skipped with -short")
	}
	self, err := os.Readlink("/proc/self/exe")
	if err != nil {
		t.Skip("no /proc")
	}
	workers := func() int {
		n := 0
		for _, kid := range worker.Children(os.Getpid()) {
			if exe, err := os.Readlink("/proc/" + strconv.Itoa(kid) + "/exe"); err == nil && exe == self {
				n++
			}
		}
		return n
	}
	if n := workers(); n != 0 {
		t.Skipf("%d worker processes of another test are alive", n)
	}
	s := New(Limits{Isolate: true, MaxHeavy: 2})
	if got := rawPost(t, s, "/api/solve", `{"ruleset":"nim","flags":{},"position":["3","4","5"]}`); !strings.HasPrefix(got, "200 ") {
		t.Fatalf("solve: %s", got)
	}
	for deadline := time.Now().Add(time.Minute); s.pool.Idle() < 2; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d workers started ahead after a minute; want 2", s.pool.Idle())
		}
	}
	if n := workers(); n < 2 {
		t.Fatalf("%d worker processes alive with 2 started ahead", n)
	}
	s.Close()
	if n := workers(); n != 0 {
		t.Fatalf("%d worker processes alive after Close", n)
	}
}
