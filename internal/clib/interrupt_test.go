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
	// Stopped, not run to its end (which takes minutes); how soon depends on the machine's load.
	start := time.Now()
	write(sigint)
	a := <-ch
	if a.status != 503 || time.Since(start) > 5*time.Second {
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
	// The count moved since o.Seen: the call stops before it begins, whatever it asks.
	start = time.Now()
	if a := <-run(longOctal, o); a.status != 503 || time.Since(start) > 500*time.Millisecond {
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

// Every interrupt written before a call with Interrupt returns has been counted when it returns,
// so that the next call's Seen includes it (and an interrupt that Python has already raised as
// KeyboardInterrupt never cancels a later call).
func TestInterruptCountedByReturn(t *testing.T) {
	l := New()
	fd, err := l.Wakeup()
	if err != nil {
		t.Fatal(err)
	}
	body := []byte(`{"ruleset": "nim", "position": ["3", "4", "5"]}`)
	for i := range 200 {
		seen := l.Interrupts()
		if _, err := syscall.Write(fd, []byte{sigint}); err != nil {
			t.Fatal(err)
		}
		l.Call("solve", body, Options{Interrupt: true, Seen: seen})
		if got := l.Interrupts(); got != seen+1 {
			t.Fatalf("call %d: %d interrupts counted by its return, want %d", i, got, seen+1)
		}
		if doc, status := l.Call("solve", body, Options{Interrupt: true, Seen: seen + 1}); status != 200 {
			t.Fatalf("call %d after it: %d %s", i, status, doc)
		}
	}
}
