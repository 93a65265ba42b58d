package clib

import (
	"context"
	"sync"
	"sync/atomic"
)

// sigint is the number of SIGINT, the byte a signal handler writes for it.
const sigint = 2

// interrupts counts the interrupts that a C caller's signal handler writes to the library's
// wakeup pipe, and cancels the calls that watch for them.
type interrupts struct {
	count *atomic.Uint64

	once sync.Once
	fd   int // the pipe's write end, once made
	err  error

	mu       sync.Mutex
	pipe     *pipe // its read end, once made
	next     uint64
	watching map[uint64]context.CancelFunc
}

// Interrupts returns how many interrupts the library has read from its wakeup pipe.
func (l *Library) Interrupts() uint64 { return l.intr.count.Load() }

// Wakeup returns the write end of the library's wakeup pipe, made (and its reader started) on
// the first call: a non-blocking descriptor for a signal handler to write a signal's number to,
// one byte a signal, as CPython's handler does to the descriptor given to signal.set_wakeup_fd.
// Each SIGINT (2) read from it counts in Interrupts and cancels the calls running with
// Options.Interrupt; other signals are read and left alone. A call with Options.Interrupt reads
// what the pipe holds as it ends, so that a signal written while it ran counts before it returns
// (and a later call's Seen includes it). The pipe lives as long as the process.
func (l *Library) Wakeup() (int, error) {
	in := l.intr
	in.once.Do(func() {
		var p *pipe
		in.fd, p, in.err = wakeupPipe()
		if in.err != nil {
			return
		}
		in.mu.Lock()
		in.pipe = p
		in.mu.Unlock()
		go in.read(p)
	})
	return in.fd, in.err
}

// read waits in the runtime's poller for the pipe to hold something and reads it, until the pipe
// fails.
func (in *interrupts) read(p *pipe) {
	for p.await(func() bool {
		in.mu.Lock()
		defer in.mu.Unlock()
		in.drainLocked()
		return false // wait for more
	}) == nil {
	}
}

// drainLocked reads what the pipe holds, without waiting: each SIGINT counts and cancels the
// calls watching. in.mu is held.
func (in *interrupts) drainLocked() {
	if in.pipe == nil {
		return
	}
	var buf [64]byte
	for {
		n := in.pipe.readNow(buf[:])
		if n <= 0 {
			return
		}
		for _, b := range buf[:n] {
			if b == sigint {
				in.count.Add(1)
				for _, cancel := range in.watching {
					cancel()
				}
			}
		}
	}
}

// watch makes cancel run on the next interrupt, or at once if one was counted after seen, until
// the function it returns is called, which first reads what the pipe holds.
func (in *interrupts) watch(cancel context.CancelFunc, seen uint64) (unwatch func()) {
	in.mu.Lock()
	in.next++
	k := in.next
	in.watching[k] = cancel
	in.mu.Unlock()
	// After the call is in the map: an interrupt counted later cancels it there.
	if in.count.Load() != seen {
		cancel()
	}
	return func() {
		in.mu.Lock()
		in.drainLocked()
		delete(in.watching, k)
		in.mu.Unlock()
	}
}
