//go:build unix

package clib

import (
	"context"
	"syscall"
	"testing"
	"time"

	"grundy/api"
	"grundy/query"
)

// reportCPU starts measuring the process's CPU time (user and system, all threads: the garbage
// collector's too) and returns a function that reports it per operation as "cpu-ns/op": on a
// shared machine wall time is inflated by other processes, CPU time much less so.
func reportCPU(b *testing.B) func() {
	cpu := func() time.Duration {
		var u syscall.Rusage
		if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
			return 0
		}
		return time.Duration(u.Utime.Nano() + u.Stime.Nano())
	}
	start := cpu()
	return func() {
		if b.N > 0 {
			b.ReportMetric(float64(cpu()-start)/float64(b.N), "cpu-ns/op")
		}
	}
}

// BenchmarkRunSolve is the Go side of a small solve on a call of the table: begin, decode,
// solve, encode, end.
func BenchmarkRunSolve(b *testing.B) {
	defer reportCPU(b)()
	l := New()
	body := []byte(`{"ruleset":"nim","position":["3","4","5"]}`)
	for b.Loop() {
		id := l.Begin()
		l.Run(id, "solve", body, Options{})
		l.End(id)
	}
}

// BenchmarkCall is the Go side of a small solve through grundy_call, as from Python's main
// thread (watching for interrupts): decode, solve, encode.
func BenchmarkCall(b *testing.B) {
	defer reportCPU(b)()
	l := New()
	body := []byte(`{"ruleset":"nim","position":["3","4","5"]}`)
	for b.Loop() {
		l.Call("solve", body, Options{Interrupt: true})
	}
}

// BenchmarkCallParts are the parts of BenchmarkCall: decoding the request, the solve, encoding
// the answer; and a whole call of an unknown endpoint (no decoding: the least a call costs).
func BenchmarkCallParts(b *testing.B) {
	body := []byte(`{"ruleset":"nim","position":["3","4","5"]}`)
	req, _ := api.Decode("solve", body)
	v, _ := req.Answer(context.Background(), Limits("solve", Options{}))
	b.Run("decode", func(b *testing.B) {
		defer reportCPU(b)()
		for b.Loop() {
			api.Decode("solve", body)
		}
	})
	b.Run("solve", func(b *testing.B) {
		defer reportCPU(b)()
		lim := Limits("solve", Options{})
		r := query.SolveRequest{Ruleset: "nim", Position: []string{"3", "4", "5"}}
		for b.Loop() {
			query.Solve(context.Background(), r, lim)
		}
	})
	b.Run("encode", func(b *testing.B) {
		defer reportCPU(b)()
		for b.Loop() {
			api.Encode(v)
		}
	})
	b.Run("unknown-endpoint", func(b *testing.B) {
		defer reportCPU(b)()
		l := New()
		for b.Loop() {
			l.Call("nope", body, Options{Interrupt: true})
		}
	})
}

func BenchmarkLimits(b *testing.B) {
	for b.Loop() {
		Limits("solve", Options{})
	}
}
