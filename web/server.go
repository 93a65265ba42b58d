package web

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"path"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"grundy/internal/worker"
	"grundy/query"
)

// DefaultAddr is the address `grundy serve` listens on unless told otherwise: loopback only.
const DefaultAddr = "127.0.0.1:8080"

// Limits bounds the work one request may ask for. The zero value of a field means "use the default"
// (see DefaultLimits).
type Limits struct {
	// MaxBodyBytes caps the size of a request body; larger bodies get 413.
	MaxBodyBytes int64 `json:"max_body_bytes"`
	// MaxSeq caps "to" in /api/seq: the largest heap whose Grundy value is computed.
	MaxSeq int `json:"max_seq"`
	// MaxTable caps the side of the nim-product table of /api/nim's "table" operation.
	MaxTable int `json:"max_table"`
	// MaxArgs caps the number of argument strings (heaps, coins, …) in one request.
	MaxArgs int `json:"max_args"`
	// MaxScriptBytes caps the size of a Starlark script sent to /api/script.
	MaxScriptBytes int `json:"max_script_bytes"`
	// MaxScriptTo caps "to" of a script's table of values (/api/script, /api/seq with a script).
	MaxScriptTo int `json:"max_script_to"`
	// MaxMisereHeap is the largest "max_heap" of /api/misere, query.MaxMisereHeap, served for the
	// page (set by the server; ignored on input).
	MaxMisereHeap int `json:"max_misere_heap"`
	// MaxOctalHeap is the largest heap of Grundy's game (and of a code whose period is not
	// proved) that /api/solve and /api/play take, query.MaxOctalHeap, served for the page (set by
	// the server; ignored on input).
	MaxOctalHeap int `json:"max_octal_heap"`
	// MaxList is the most pairs of a batch of nim-products, MaxScanCodes the most codes of a scan,
	// MaxScanTo its largest heap and MaxScanWork its estimated work (octal.Code.Cost): query.Web's,
	// served for the page (set by the server; ignored on input).
	MaxList      int   `json:"max_list"`
	MaxScanCodes int   `json:"max_scan_codes"`
	MaxScanTo    int   `json:"max_scan_to"`
	MaxScanWork  int64 `json:"max_scan_work"`
	// Budget is the time one request may compute. A heavy request's budget starts once it has a
	// heavy-job slot; it may first wait as long again for one (see MaxQueue).
	Budget time.Duration `json:"-"`
	// BudgetMillis mirrors Budget for the page (set by the server; ignored on input).
	BudgetMillis int64 `json:"budget_ms"`
	// MaxHeavy caps the number of heavy jobs running at once.
	MaxHeavy int `json:"max_heavy"`
	// MaxQueue caps the number of heavy requests waiting for a slot, each for at most Budget;
	// a request beyond it, or one that waits the whole Budget, is answered 503 with Retry-After.
	MaxQueue int `json:"max_queue"`
	// Isolate runs each heavy job in a worker process (see IsWorker), killed at the end of its
	// budget or when its resident memory passes MemoryMiB.
	Isolate bool `json:"isolated"`
	// MemoryMiB caps the resident memory of one worker process, in MiB (enforced with Isolate).
	MemoryMiB int `json:"memory_mib"`
	// MaxAnswerBytes caps the size of one answer: a larger one is a 422 naming max_answer_bytes.
	MaxAnswerBytes int `json:"max_answer_bytes"`
	// AnswerMiB caps the memory of the heavy answers the server holds at once, in MiB: each
	// counted at MaxAnswerBytes from when it has its heavy-job slot until its size is known, then
	// at its size until it has been sent (or its client has given up). A heavy request that finds
	// no room is answered 503 (busy, with Retry-After) before it is computed, so clients that
	// never read their answers cannot pile them up in the server.
	AnswerMiB int `json:"answer_mib"`
}

// DefaultLimits returns the limits `grundy serve` uses: generous for a person at a browser, small
// enough that a few dozen simultaneous worst-case requests fit in memory. Heavy jobs may use every
// processor but one, which stays free for light requests and the page (see the load test). The
// limits of the work itself (sequences, tables, arguments, scripts) are query.Web's.
func DefaultLimits() Limits {
	const budget = 10 * time.Second
	q := query.Web(budget)
	return Limits{
		MaxBodyBytes:   64 << 10,
		MaxSeq:         int(q.MaxSeq),
		MaxTable:       q.MaxTable,
		MaxArgs:        q.MaxArgs,
		MaxScriptBytes: q.MaxScriptBytes,
		MaxScriptTo:    int(q.MaxScriptSeq),
		Budget:         budget,
		MaxHeavy:       max(1, runtime.GOMAXPROCS(0)-1),
		MaxQueue:       32,
		MemoryMiB:      512,
		MaxAnswerBytes: 16 << 20,
		AnswerMiB:      128,
	}
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	if l.MaxBodyBytes <= 0 {
		l.MaxBodyBytes = d.MaxBodyBytes
	}
	if l.MaxSeq <= 0 {
		l.MaxSeq = d.MaxSeq
	}
	if l.MaxTable <= 0 {
		l.MaxTable = d.MaxTable
	}
	if l.MaxArgs <= 0 {
		l.MaxArgs = d.MaxArgs
	}
	if l.MaxScriptBytes <= 0 {
		l.MaxScriptBytes = d.MaxScriptBytes
	}
	if l.MaxScriptTo <= 0 {
		l.MaxScriptTo = d.MaxScriptTo
	}
	l.MaxMisereHeap = query.MaxMisereHeap
	l.MaxOctalHeap = query.MaxOctalHeap
	q := query.Web(0)
	l.MaxList, l.MaxScanCodes, l.MaxScanTo, l.MaxScanWork = q.MaxList, q.MaxScanCodes, q.MaxScanTo, q.MaxScanWork
	if l.Budget <= 0 {
		l.Budget = d.Budget
	}
	if l.MaxHeavy <= 0 {
		l.MaxHeavy = d.MaxHeavy
	}
	if l.MaxQueue <= 0 {
		l.MaxQueue = d.MaxQueue
	}
	if l.MemoryMiB <= 0 {
		l.MemoryMiB = d.MemoryMiB
	}
	if l.MaxAnswerBytes <= 0 {
		l.MaxAnswerBytes = d.MaxAnswerBytes
	}
	if l.AnswerMiB <= 0 {
		l.AnswerMiB = d.AnswerMiB
	}
	// Room for at least one answer of the largest size.
	l.AnswerMiB = max(l.AnswerMiB, (l.MaxAnswerBytes+1<<20-1)>>20)
	l.BudgetMillis = l.Budget.Milliseconds()
	return l
}

// Server is the handler of the page and the API. Its zero value is not usable; call New.
type Server struct {
	limits    Limits
	heavy     chan struct{} // semaphore: one token per running heavy job
	mux       *http.ServeMux
	static    fs.FS    // the page's files
	endpoints []string // the API endpoints this build offers, for /api/info
	features  []string // optional abilities of those endpoints (e.g. "seq:code"), for /api/info

	heavyRunning, heavyPeak atomic.Int64 // heavy jobs running now, and the most ever at once
	waiting                 atomic.Int64 // heavy requests waiting for a slot
	answers                 answerBudget // the bytes of heavy answers held (Limits.AnswerMiB)

	pool    *worker.Pool // the worker processes of heavy jobs, with Limits.Isolate
	poolErr error        // why there is no pool, with Limits.Isolate
}

// Info is the answer of GET /api/info: the limits in force and what this build of the server offers.
type Info struct {
	Limits    Limits   `json:"limits"`
	Endpoints []string `json:"endpoints"`
	Features  []string `json:"features"`
}

// New returns a Server enforcing lim (zero fields take their defaults). With lim.Isolate it starts
// worker processes: call Close when done with it.
func New(lim Limits) *Server {
	lim = lim.withDefaults()
	s := &Server{limits: lim, heavy: make(chan struct{}, lim.MaxHeavy), mux: http.NewServeMux(),
		answers: answerBudget{max: int64(lim.AnswerMiB) << 20}}
	static, err := fs.Sub(assets, "static")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	s.static = static
	s.mux.Handle("GET /", s.staticFiles())
	s.mux.HandleFunc("/", s.fallback) // every other method and path: a JSON 404 or 405
	s.mux.HandleFunc("GET /api/info", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, Info{Limits: s.limits, Endpoints: s.endpoints, Features: s.features})
	})
	s.mux.HandleFunc("GET /api/", s.fallback)
	s.mux.HandleFunc("POST /api/", s.fallback)
	s.routes()
	if lim.Isolate {
		s.startWorkers()
	}
	return s
}

// handle registers an API endpoint and lists it in /api/info.
func (s *Server) handle(method, path string, h http.Handler) {
	s.mux.Handle(method+" "+path, h)
	s.endpoints = append(s.endpoints, path)
}

// Limits returns the limits the server enforces, defaults filled in.
func (s *Server) Limits() Limits { return s.limits }

// ServeHTTP serves the page under / and the API under /api/.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'self'; connect-src 'self' blob:; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; frame-ancestors 'none'")
	h.Set("Referrer-Policy", "no-referrer")
	// The mux answers a path that is not in canonical form (/api//nim) with a redirect and an
	// HTML body; the API answers JSON, whatever the path.
	if p := r.URL.Path; p != path.Clean(p) && strings.HasPrefix(path.Clean(p), "/api/") && !strings.HasSuffix(p, "/") {
		writeJSON(w, http.StatusNotFound, &apiError{Msg: fmt.Sprintf("no endpoint %s %s: the path is not in canonical form (%s)", r.Method, p, path.Clean(p))})
		return
	}
	s.mux.ServeHTTP(w, r)
}

// Serve answers HTTP requests on ln until ctx is cancelled, then shuts down gracefully: it stops
// accepting, lets running requests finish for up to grace, and returns. It returns nil after a
// shutdown caused by ctx, and the server's error otherwise.
func (s *Server) Serve(ctx context.Context, ln net.Listener, grace time.Duration) error {
	var h http.Handler = s
	if tcp, ok := ln.Addr().(*net.TCPAddr); ok && tcp.IP.IsLoopback() {
		h = loopbackOnly(s)
	}
	hs := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      2*s.limits.Budget + 15*time.Second, // a wait for a slot, then the work
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    16 << 10,
		// Requests do not end with ctx: at shutdown those under way finish (within grace).
		BaseContext: func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	err := hs.Shutdown(sctx)
	if serr := <-errc; serr != nil && !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	if errors.Is(err, context.DeadlineExceeded) {
		hs.Close()
		return fmt.Errorf("web: requests still running after %v of graceful shutdown; closed them", grace)
	}
	return err
}

// loopbackOnly refuses requests whose Host is not a loopback name: a server listening on loopback
// is meant for this machine's browser, and a web page elsewhere that points its own host name at
// 127.0.0.1 (DNS rebinding) must not reach it.
func loopbackOnly(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if h, _, err := net.SplitHostPort(host); err == nil {
			host = h
		}
		host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
		ip := net.ParseIP(host)
		if !strings.EqualFold(host, "localhost") && (ip == nil || !ip.IsLoopback()) {
			writeJSON(w, http.StatusForbidden, &apiError{Msg: fmt.Sprintf("this server listens on loopback and answers only requests addressed to localhost, not %q", r.Host)})
			return
		}
		next.ServeHTTP(w, r)
	})
}

// Listen opens a TCP listener on addr ("host:port"; DefaultAddr when empty). It refuses an address
// without a host, which would listen on every interface: to do that on purpose, say 0.0.0.0:PORT.
func Listen(addr string) (net.Listener, error) {
	if addr == "" {
		addr = DefaultAddr
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("address %q: %v (want host:port, e.g. %s)", addr, err, DefaultAddr)
	}
	if strings.TrimSpace(host) == "" {
		return nil, fmt.Errorf("address %q has no host and would listen on every interface; write 0.0.0.0%s to mean that", addr, addr)
	}
	return net.Listen("tcp", addr)
}
