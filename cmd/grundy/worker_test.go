package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"

	"grundy/internal/worker"
	"grundy/web"
)

// envTestAsMain makes this test binary run as grundy itself (see TestBoundsHoldOutOfProcess).
const envTestAsMain = "GRUNDY_TEST_AS_MAIN"

// TestMain lets this test binary serve as the worker process of the servers its tests start, as
// main does for grundy itself, and as grundy itself when a test runs it so; it stops the throwaway
// PostgreSQL server if a test started one.
func TestMain(m *testing.M) {
	if web.IsWorker() {
		os.Exit(web.WorkerMain())
	}
	if os.Getenv(envTestAsMain) == "1" {
		main()
	}
	pg.Main(m)
}

// TestServeKillsAHog checks that `grundy serve` runs heavy requests in worker processes by
// default: a script that allocates gigabytes in one builtin gets 422 naming memory_mib, and the
// server answers the next request.
func TestServeKillsAHog(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	var errOut strings.Builder
	codec := make(chan int, 1)
	go func() {
		codec <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--json", "--memory-mib", "200"}, strings.NewReader(""), pw, &errOut)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("reading the address: %v", err)
	}
	go io.Copy(io.Discard, pr)
	var v struct{ URL string }
	if err := json.Unmarshal([]byte(line), &v); err != nil {
		t.Fatalf("first line %q: %v", line, err)
	}
	post := func(body string) (int, map[string]any) {
		t.Helper()
		resp, err := http.Post(v.URL+"api/script", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var ans map[string]any
		if err := json.NewDecoder(resp.Body).Decode(&ans); err != nil {
			t.Fatal(err)
		}
		return resp.StatusCode, ans
	}
	code, ans := post(`{"source":"def moves(n):\n    l = [0] * (1<<28)\n    return []\n","to":1}`)
	if code != 422 || ans["limit"] != "memory_mib" || ans["max"] != 200.0 {
		t.Fatalf("hog: %d %v; want 422 naming memory_mib, max 200", code, ans)
	}
	code, ans = post(`{"source":"def moves(n):\n    return [n - 1] if n else []\n","to":3}`)
	if code != 200 {
		t.Fatalf("after the hog: %d %v", code, ans)
	}
	cancel()
	if code := <-codec; code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
	// Stopping the server reaps the workers it started ahead: none is left behind.
	if self, err := os.Readlink("/proc/self/exe"); err == nil {
		for _, kid := range worker.Children(os.Getpid()) {
			if exe, err := os.Readlink("/proc/" + strconv.Itoa(kid) + "/exe"); err == nil && exe == self {
				t.Errorf("worker process %d still alive after the server stopped", kid)
			}
		}
	}
}
