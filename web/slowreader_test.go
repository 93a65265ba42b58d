//go:build linux

package web

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// slowReaderScript is a game whose position "1" has k moves to strings of 200 kB, each a winning
// move: its solve answer lists them all, about 400 kB each.
func slowReaderBody(k int) string {
	src := fmt.Sprintf("def moves(n):\n    return [] if type(n) != \"int\" else [\"%%d\" %% i + \"y\" * 200000 for i in range(%d)]\n", k)
	b, _ := json.Marshal(map[string]any{"script": src, "position": []string{"1"}})
	return string(b)
}

// slowClient posts body to /api/solve on addr and never reads the answer, through a socket whose
// receive buffer is as small as the kernel allows, so that the answer waits in the server.
func slowClient(t *testing.T, addr, body string) net.Conn {
	t.Helper()
	d := net.Dialer{Control: func(_, _ string, c syscall.RawConn) error {
		c.Control(func(fd uintptr) { syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096) })
		return nil
	}}
	conn, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(conn, "POST /api/solve HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", addr, len(body), body)
	return conn
}

// TestSlowReaders (issue 26, item 1): clients that ask for big answers and never read them cannot
// make the server hold more than its documented bound — its own memory, max_heavy × memory_mib
// for its workers, and answer_mib for the answers it holds — however many come: past answer_mib
// the server answers 503 (busy, with Retry-After) before computing, and answers that cannot be
// delivered are dropped at their write deadline. A normal request is served all along and after.
// An answer over max_answer_bytes is a 422 naming it (item 2), not a 500.
func TestSlowReaders(t *testing.T) {
	if testing.Short() && os.Getenv("CI") != "true" {
		t.Skip("starts worker processes and some fifty clients; skipped with -short")
	}
	memMiB := 192
	if raceBuild { // the race detector's shadow memory about doubles a worker's
		memMiB = 448
	}
	lim := Limits{Isolate: true, MemoryMiB: memMiB, MaxHeavy: 1, Budget: 20 * time.Second, AnswerMiB: 64}
	s := New(lim)
	defer s.Close()
	srv := httptest.NewUnstartedServer(s)
	srv.Config.WriteTimeout = 2*s.limits.Budget + 15*time.Second // as Serve sets it
	srv.Start()
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	client := &http.Client{Timeout: time.Minute}

	code, v, err := sendJSON(client, srv.URL, "/api/solve", slowReaderBody(1))
	if err != nil || code != 200 {
		t.Fatalf("one small answer: %d %v %v", code, v["error"], err)
	}
	base := treeRSS(t)
	bound := base + uint64(s.limits.MaxHeavy*s.limits.MemoryMiB+s.limits.AnswerMiB)<<20
	var peak atomic.Uint64
	stop := make(chan struct{})
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		for {
			if r := treeRSS(t); r > peak.Load() {
				peak.Store(r)
			}
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()

	const clients = 12
	body := slowReaderBody(30) // about 12 MB of answer each
	conns := make([]net.Conn, 0, clients)
	for range clients {
		conns = append(conns, slowClient(t, addr, body))
		time.Sleep(200 * time.Millisecond)
	}
	// A normal heavy request while the slow readers hold what they hold.
	code, v, err = sendJSON(client, srv.URL, "/api/solve", `{"ruleset":"nim","flags":{},"position":["3","4","5"]}`)
	if err != nil || code != 200 && code != 503 {
		t.Errorf("a normal request among slow readers: %d %v %v", code, v["error"], err)
	}
	close(stop)
	<-watched
	statuses := map[int]int{}
	for _, c := range conns {
		c.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
		if resp, err := http.ReadResponse(bufio.NewReader(c), nil); err == nil {
			statuses[resp.StatusCode]++
		}
		c.Close()
	}
	t.Logf("tree RSS: %d MiB before, peak %d MiB, bound %d MiB; answers to the slow readers: %v",
		base>>20, peak.Load()>>20, bound>>20, statuses)
	// The race detector's shadow memory multiplies the server's own heap, so the bound is
	// checked without it (scripts/test.sh runs this test so too).
	if p := peak.Load(); p > bound && !raceBuild {
		t.Errorf("the server and its workers reached %d MiB: over the bound of %d MiB", p>>20, bound>>20)
	}
	if statuses[http.StatusServiceUnavailable] == 0 {
		t.Errorf("no slow reader was turned away with 503: %v", statuses)
	}
	// Once they have gone, their answers are dropped (at once, or at the latest a moment later).
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		code, v, err = sendJSON(client, srv.URL, "/api/solve", `{"ruleset":"nim","flags":{},"position":["3","4","5"]}`)
		if err == nil && code == 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a normal request after the slow readers: %d %v %v", code, v["error"], err)
		}
	}
	if n := s.answers.inUse(); n != 0 {
		t.Errorf("%d bytes of answers still reserved after every request ended", n)
	}
	// Item 2: an answer over max_answer_bytes is 422 naming it.
	code, v, err = sendJSON(client, srv.URL, "/api/solve", slowReaderBody(60))
	if err != nil || code != 422 || v["limit"] != "max_answer_bytes" || v["max"] != float64(s.limits.MaxAnswerBytes) {
		t.Errorf("an answer over the limit: %d %v %v %v; want 422 naming max_answer_bytes", code, v["error"], v["limit"], err)
	}
}
