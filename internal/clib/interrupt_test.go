//go:build unix

package clib

import (
	"strings"
	"syscall"
	"testing"
	"time"
)

const longOctal = `{"code": "0.6", "to": "100000000"}`

// A SIGINT written to the wakeup pipe stops the calls that run with Interrupt, at once; other
// signals' numbers are read and leave them alone; a call given a count that has moved since
// stops before it starts; calls without Interrupt are not stopped.
func TestInterrupt(t *testing.T) {
	l := New()
	fd, err := l.Wakeup()
	if err != nil {
		t.Fatal(err)
	}
	if fd2, _ := l.Wakeup(); fd2 != fd {
		t.Fatalf("a second pipe: %d, %d", fd, fd2)
	}
	write := func(b ...byte) {
		if _, err := syscall.Write(fd, b); err != nil {
			t.Fatal(err)
		}
	}
	type answer struct {
		doc    []byte
		status int
	}
	run := func(body string, o Options) chan answer {
		ch := make(chan answer, 1)
		go func() {
			doc, status := l.Call("octal", []byte(body), o)
			ch <- answer{doc, status}
		}()
		return ch
	}
	o := Options{Interrupt: true, Seen: l.Interrupts()}
	plainID := l.Begin() // a call without Interrupt, stopped by its own Cancel only
	defer l.End(plainID)
	plain := make(chan answer, 1)
	go func() {
		doc, status := l.Run(plainID, "octal", []byte(longOctal), Options{})
		plain <- answer{doc, status}
	}()
	ch := run(longOctal, o)
	time.Sleep(100 * time.Millisecond)
	write(10, 15, 17) // SIGUSR1, SIGTERM, SIGCHLD: not interrupts
	select {
	case a := <-ch:
		t.Fatalf("stopped by another signal: %d %s", a.status, a.doc)
	case <-time.After(200 * time.Millisecond):
	}
	start := time.Now()
	write(sigint)
	a := <-ch
	if a.status != 503 || time.Since(start) > time.Second {
		t.Fatalf("%d %s after %v", a.status, a.doc, time.Since(start))
	}
	if l.Interrupts() != o.Seen+1 {
		t.Fatalf("%d interrupts counted, want %d", l.Interrupts(), o.Seen+1)
	}
	select {
	case a := <-plain:
		t.Fatalf("a call without Interrupt stopped: %d %.100s", a.status, a.doc)
	default:
	}
	// The count moved since o.Seen: the call stops at once, whatever it asks.
	start = time.Now()
	if a := <-run(longOctal, o); a.status != 503 || time.Since(start) > time.Second {
		t.Fatalf("stale count: %d %s after %v", a.status, a.doc, time.Since(start))
	}
	o.Seen = l.Interrupts()
	if a := <-run(`{"code": "0.07", "to": "100"}`, o); a.status != 200 || !strings.Contains(string(a.doc), `"code":"0.07"`) {
		t.Fatalf("after the interrupt: %d %.100s", a.status, a.doc)
	}
	// A call of the table (Run on the calling goroutine) stops the same way.
	id := l.Begin()
	defer l.End(id)
	ch = make(chan answer, 1)
	go func() {
		doc, status := l.Run(id, "octal", []byte(longOctal), o)
		ch <- answer{doc, status}
	}()
	time.Sleep(100 * time.Millisecond)
	write(sigint)
	if a := <-ch; a.status != 503 {
		t.Fatalf("Run: %d %s", a.status, a.doc)
	}
	select {
	case a := <-plain:
		t.Fatalf("a call without Interrupt stopped: %d %.100s", a.status, a.doc)
	default:
	}
	l.Cancel(plainID)
	if a := <-plain; a.status != 503 {
		t.Fatalf("cancelled: %d %.100s", a.status, a.doc)
	}
}
