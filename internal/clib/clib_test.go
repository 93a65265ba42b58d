package clib

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"grundy/nimber"
	"grundy/octal"
)

func TestRunKeepsValues(t *testing.T) {
	l := New()
	id := l.Begin()
	defer l.End(id)
	doc, status := l.Run(id, "octal", []byte(`{"code": "0.07", "to": "1000"}`), Options{KeepValues: true})
	if status != 200 || strings.Contains(string(doc), `"values"`) {
		t.Fatalf("%d %s", status, doc)
	}
	n, largest, ok := l.Values(id)
	if !ok || n != 1001 {
		t.Fatalf("values: %d %v", n, ok)
	}
	want, err := octal.Reference(context.Background(), octal.MustParse("0.07"), 1000)
	if err != nil {
		t.Fatal(err)
	}
	got := make([]uint16, n)
	if err := l.CopyValues(id, got); err != nil {
		t.Fatal(err)
	}
	var top uint64
	for i, w := range want {
		if uint64(got[i]) != uint64(w) {
			t.Fatalf("g(%d) = %d, want %d", i, got[i], w)
		}
		top = max(top, uint64(w))
	}
	if top != largest {
		t.Fatalf("largest %d, want %d", largest, top)
	}
	if err := l.CopyValues(id, got); err == nil {
		t.Fatal("values copied twice")
	}
	// A ruleset's sequence keeps 64-bit values; a buffer too narrow for them is refused.
	doc, status = l.Run(id, "seq", []byte(`{"ruleset": "subtract", "flags": {"set": "1,2"}, "to": "20"}`), Options{KeepValues: true})
	if status != 200 {
		t.Fatalf("%d %s", status, doc)
	}
	if n, _, _ := l.Values(id); n != 21 {
		t.Fatalf("%d values", n)
	}
	if err := l.CopyValues(id, make([]uint16, 20)); err == nil {
		t.Fatal("a short buffer accepted")
	}
	if err := l.CopyValues(id, make([]int64, 21)); err == nil {
		t.Fatal("a signed buffer accepted")
	}
	got64 := make([]uint64, 21)
	if err := l.CopyValues(id, got64); err != nil || got64[4] != 1 || got64[5] != 2 {
		t.Fatalf("%v %v", got64, err)
	}
}

func TestNarrowRefuses(t *testing.T) {
	if err := narrow(make([]uint16, 2), []uint32{1, 70000}); err == nil {
		t.Fatal("70000 into 16 bits")
	}
}

// A cancelled call returns at once with a 503 document, and the library goes on answering.
func TestCancel(t *testing.T) {
	l := New()
	id := l.Begin()
	go func() {
		for {
			if d, _ := l.Progress(id); d > 0 {
				break
			}
			time.Sleep(5 * time.Millisecond)
		}
		l.Cancel(id)
	}()
	start := time.Now()
	doc, status := l.Run(id, "octal", []byte(`{"code": "0.6", "to": "100000000"}`), Options{})
	if status != 503 || time.Since(start) > Grace {
		t.Fatalf("%d %s after %v", status, doc, time.Since(start))
	}
	l.End(id)
	id = l.Begin()
	defer l.End(id)
	if doc, status := l.Run(id, "nim", []byte(`{"op": "mul", "args": ["2", "3"]}`), Options{}); status != 200 || !strings.Contains(string(doc), `"result":"1"`) {
		t.Fatalf("after a cancel: %d %s", status, doc)
	}
}

// The command line's --timeout and --max-memory: over-limit documents naming them.
func TestBounds(t *testing.T) {
	l := New()
	id := l.Begin()
	defer l.End(id)
	var e struct{ Error, Limit string }
	doc, status := l.Run(id, "octal", []byte(`{"code": "0.6", "to": "100000000"}`), Options{Timeout: 100 * time.Millisecond})
	if json.Unmarshal(doc, &e); status != 422 || e.Limit != "timeout" {
		t.Fatalf("timeout: %d %s", status, doc)
	}
	// Octal's own memory budget refuses, up front, a "to" that does not fit.
	doc, status = l.Run(id, "octal", []byte(`{"code": "0.6", "to": "100000000"}`), Options{MaxMemory: 1 << 20})
	if json.Unmarshal(doc, &e); status != 422 || e.Limit != "max_seq" || !strings.Contains(e.Error, "max_memory=") {
		t.Fatalf("octal budget: %d %s", status, doc)
	}
	// The watch in the process, at the computation's own checkpoints: a graph of 2^21 nodes
	// holds 48 MiB of adjacency while the engine runs, past the bound (2 MiB + 2/8 + 8 MiB), when
	// graphgame.Values first checks its context, which reads the memory: it does so at its first
	// check, so the answer does not depend on how soon the computation ends or the poll runs.
	// The collection first leaves no garbage of the cases above to be swept while the heap's
	// growth is measured, which would hide the graph's.
	runtime.GC()
	doc, status = l.Run(id, "graph", []byte(`{"nodes": 2097152, "edges": []}`), Options{MaxMemory: 2 << 20})
	if json.Unmarshal(doc, &e); status != 422 || e.Limit != "max_memory" {
		t.Fatalf("memory watch: %d %.200s", status, doc)
	}
}

func TestRunErrors(t *testing.T) {
	l := New()
	if _, status := l.Run(99, "nim", []byte(`{}`), Options{}); status != 500 {
		t.Fatalf("unknown call: %d", status)
	}
	id := l.Begin()
	defer l.End(id)
	for _, c := range []struct {
		endpoint, body string
		status         int
	}{{"nope", `{}`, 404}, {"nim", `{`, 400}, {"nim", `{"op": "mul", "args": ["x", "1"]}`, 400}} {
		if doc, status := l.Run(id, c.endpoint, []byte(c.body), Options{}); status != c.status {
			t.Errorf("%s %s: %d %s", c.endpoint, c.body, status, doc)
		}
	}
}

func TestNimMul(t *testing.T) {
	l := New()
	r := rand.New(rand.NewPCG(3, 4))
	n := 3*nimChunk + 17
	a, b := make([]uint64, n), make([]uint64, n)
	edge := []uint64{0, 1, 2, 1<<64 - 1, 1 << 63}
	for i := range a {
		a[i], b[i] = r.Uint64(), r.Uint64()
		if i < len(edge)*len(edge) {
			a[i], b[i] = edge[i/len(edge)], edge[i%len(edge)]
		}
	}
	out := make([]uint64, n)
	if err := l.NimMul(0, out, a, b); err != nil {
		t.Fatal(err)
	}
	for i := range a {
		if out[i] != nimber.Mul(a[i], b[i]) {
			t.Fatalf("%d ⊗ %d = %d, want %d", a[i], b[i], out[i], nimber.Mul(a[i], b[i]))
		}
	}
	if err := l.NimMul(0, out[:3], a, b); err == nil {
		t.Fatal("lengths that differ accepted")
	}
	id := l.Begin()
	l.Cancel(id)
	if err := l.NimMul(id, out, a, b); err == nil {
		t.Fatal("a cancelled call multiplied")
	}
}

// Calls from many goroutines at once give the answers of one.
func TestConcurrent(t *testing.T) {
	l := New()
	body := []byte(`{"ruleset": "kayles", "position": ["3", "5", "7"], "misere": true}`)
	id := l.Begin()
	want, _ := l.Run(id, "solve", body, Options{})
	l.End(id)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			id := l.Begin()
			defer l.End(id)
			if got, status := l.Run(id, "solve", body, Options{}); status != 200 || string(got) != string(want) {
				t.Errorf("%d %s, want %s", status, got, want)
			}
		})
	}
	wg.Wait()
}

// Start and Wait: a wait that runs out says so, and the answer comes with a later wait; a request
// started while one runs is ignored, a wait without a request is an error, not a hang.
func TestStartWait(t *testing.T) {
	l := New()
	id := l.Begin()
	defer l.End(id)
	l.Start(id, "octal", []byte(`{"code": "0.6", "to": "300000"}`), Options{})
	if _, _, done := l.Wait(id, time.Millisecond); done {
		t.Skip("the machine computed 0.6 to 300,000 within a millisecond")
	}
	l.Start(id, "nim", []byte(`{"op": "mul", "args": ["2", "3"]}`), Options{}) // ignored: one runs
	var doc []byte
	var status int
	for done := false; !done; {
		doc, status, done = l.Wait(id, 10*time.Millisecond)
	}
	if status != 200 || !strings.Contains(string(doc), `"code":"0.6"`) {
		t.Fatalf("%d %.200s", status, doc)
	}
	if _, status, done := l.Wait(id, -1); status != 500 || !done {
		t.Fatalf("second wait: %d", status)
	}
	l.Start(id, "nim", []byte(`{"op": "mul", "args": ["2", "3"]}`), Options{})
	if doc, status, _ := l.Wait(id, -1); status != 200 || !strings.Contains(string(doc), `"result":"1"`) {
		t.Fatalf("next request: %d %s", status, doc)
	}
	if _, status, _ := l.Wait(l.Begin(), -1); status != 500 {
		t.Fatalf("wait without a request: %d", status)
	}
}
