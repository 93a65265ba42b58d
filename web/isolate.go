package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"time"

	"grundy/internal/worker"
)

// Heavy work in worker processes. A server with Limits.Isolate hands each heavy request, as plain
// data (the endpoint's path, the raw JSON body and the limits), to a child process of its own
// executable; the child serves it with the same handler, without workers, and sends back the
// status and the body. The parent kills the child at the request's deadline or when its resident
// memory passes MemoryMiB, and frees the heavy-job slot only once the child is gone: no
// computation outlives its budget or holds more than its memory, whatever it does inside.

// IsWorker reports whether this process was started as a worker by a server with Limits.Isolate.
// A program that serves with Isolate must check it at the very start of main (and of TestMain in
// tests that start such a server) and then exit with WorkerMain's status.
func IsWorker() bool { return worker.Requested() }

// WorkerMain serves the one request a worker process is given and returns its exit status.
func WorkerMain() int { return worker.Main(serveTask) }

// workerTask is a heavy request handed to a worker.
type workerTask struct {
	Path   string          `json:"path"`
	Body   json.RawMessage `json:"body"`
	Limits Limits          `json:"limits"`
}

// answerHeader is room for the status line a worker writes before its answer.
const answerHeader = 16

// serveTask serves a workerTask with a server of the same limits and no workers. Its answer is
// the status in decimal, a newline, and the body.
func serveTask(ctx context.Context, task []byte) ([]byte, error) {
	var t workerTask
	if err := json.Unmarshal(task, &t); err != nil {
		return nil, fmt.Errorf("decoding the task: %v", err)
	}
	lim := t.Limits
	lim.Isolate = false
	lim.Budget = time.Duration(lim.BudgetMillis) * time.Millisecond
	s := New(lim)
	r, err := http.NewRequestWithContext(ctx, "POST", t.Path, bytes.NewReader(t.Body))
	if err != nil {
		return nil, err
	}
	r.Header.Set("Content-Type", "application/json")
	rec := &recorder{header: http.Header{}, status: http.StatusOK}
	s.mux.ServeHTTP(rec, r)
	return append([]byte(strconv.Itoa(rec.status)+"\n"), rec.body.Bytes()...), nil
}

// recorder is the http.ResponseWriter of a request served in a worker.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
	wrote  bool
}

func (r *recorder) Header() http.Header { return r.header }

func (r *recorder) WriteHeader(status int) {
	if !r.wrote {
		r.status, r.wrote = status, true
	}
}

func (r *recorder) Write(b []byte) (int, error) {
	r.wrote = true
	return r.body.Write(b)
}

// startWorkers starts the pool of worker processes of a server with Limits.Isolate.
func (s *Server) startWorkers() {
	exe, err := os.Executable()
	if err != nil {
		s.poolErr = fmt.Errorf("cannot find this program to start workers: %v", err)
		return
	}
	s.pool, s.poolErr = worker.NewPool(worker.Config{Path: exe, MaxRSS: uint64(s.limits.MemoryMiB) << 20, Warm: s.limits.MaxHeavy,
		MaxAnswer: s.limits.MaxAnswerBytes + answerHeader})
}

// Close stops the server's idle worker processes; requests under way finish. Call it when the
// server is done with.
func (s *Server) Close() error {
	if s.pool != nil {
		return s.pool.Close()
	}
	return nil
}

// runWorker serves a heavy request in a worker process while holding a heavy-job slot (waiting
// for one as runHeavy does) and room for its answer in ans, and returns the worker's status and
// body. The slot is freed when the
// worker is gone: killed at the end of the time budget (counted from when it has the slot) or of
// ctx, or over MemoryMiB (a 422 naming memory_mib).
func (s *Server) runWorker(ctx context.Context, path string, body []byte, ans *held) (int, []byte, error) {
	if s.poolErr != nil {
		return 0, nil, s.poolErr
	}
	if err := s.acquire(ctx); err != nil {
		return 0, nil, err
	}
	defer s.release()
	if err := ans.reserve(); err != nil {
		return 0, nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, s.limits.Budget)
	defer cancel()
	task, err := json.Marshal(workerTask{Path: path, Body: body, Limits: s.limits})
	if err != nil {
		return 0, nil, err
	}
	out, err := s.pool.Run(ctx, task)
	var le *worker.LimitError
	var ae *worker.AnswerError
	switch {
	case errors.As(err, &le):
		return 0, nil, overLimit("memory_mib", s.limits.MemoryMiB, "the computation went over its memory limit of %d MiB", s.limits.MemoryMiB)
	case errors.As(err, &ae):
		return 0, nil, s.answerTooLarge()
	case err != nil:
		return 0, nil, err
	}
	line, rest, ok := bytes.Cut(out, []byte("\n"))
	status, err := strconv.Atoi(string(line))
	if !ok || err != nil {
		return 0, nil, fmt.Errorf("the worker's answer starts %q", out[:min(len(out), 40)])
	}
	return status, rest, nil
}
