package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync/atomic"
	"time"

	"grundy/api"
	"grundy/query"
)

// Progress is a line of POST /api/seq/stream while the computation runs: Done of Target values
// computed so far.
type Progress struct {
	Done   int `json:"done"`
	Target int `json:"target"`
}

// streamEnd is the last line of POST /api/seq/stream: the answer of /api/seq, or the error with the
// status /api/seq would have given.
type streamEnd struct {
	Result any       `json:"result,omitempty"`
	Error  *apiError `json:"error,omitempty"`
	Status int       `json:"status,omitempty"`
}

// progressEvery is how often a progress line is written.
const progressEvery = 100 * time.Millisecond

// seqStream answers POST /api/seq/stream: the body of /api/seq, and the answer as
// newline-delimited JSON: {"done": d, "target": t} lines while a take-and-break code is computed
// (rulesets compute at once and send none), then one last line, {"result": <the answer of
// /api/seq>} or {"error": {...}, "status": <the status /api/seq would have given>}. Malformed
// requests and requests over the limits get the plain error answers of /api/seq instead.
func (s *Server) seqStream(w http.ResponseWriter, r *http.Request) {
	body, ae := s.readBody(w, r)
	var req *api.Request
	if ae == nil {
		req, ae = api.Decode("seq", body)
	}
	if ae != nil {
		writeError(w, ae)
		return
	}
	// The time budget starts once the request has a heavy-job slot (in runHeavy, runWorker).
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	var done, target atomic.Int64
	finished := make(chan struct{})
	var b []byte
	var runErr error
	ans := &held{s: s} // the answer's memory, until it is sent
	defer ans.done()
	go func() {
		defer close(finished)
		if s.pool != nil && req.Query().(*SeqRequest).Code == "" {
			// Rulesets answer at once, without progress: in a worker, as /api/seq.
			b, runErr = s.seqInWorker(ctx, body, ans)
		} else {
			progress := query.Options{Progress: func(d, t int64) { done.Store(d); target.Store(t) }}
			b, runErr = s.runHeavy(ctx, func(ctx context.Context) (any, error) {
				return req.Answer(ctx, s.queryLimits(), progress)
			}, ans)
		}
		if runErr == nil {
			runErr = s.checkAnswer(b)
		}
	}()
	tick := time.NewTicker(progressEvery)
	defer tick.Stop()
	// The status line waits one progress interval: a request that fails at once (malformed, over
	// a limit) gets the plain error answer of /api/seq with its status.
	select {
	case <-finished:
		if runErr != nil {
			writeError(w, s.asAPIError(runErr))
			return
		}
	case <-tick.C:
	}
	w.Header().Set("Content-Type", "application/x-ndjson; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	flusher, _ := w.(http.Flusher)
	last := int64(-1)
	for {
		select {
		case <-finished:
			end := streamEnd{}
			if runErr != nil {
				ae := s.asAPIError(runErr)
				end.Error, end.Status = ae, ae.Status
				line, _ := encode(end)
				w.Write(line)
			} else {
				// The answer is already JSON: wrap it without decoding it again.
				w.Write([]byte(`{"result":`))
				w.Write(b[:len(b)-1]) // without its newline
				w.Write([]byte("}\n"))
			}
			return
		case <-tick.C:
			if d := done.Load(); d != last && target.Load() > 0 {
				last = d
				line, _ := encode(Progress{Done: int(d), Target: int(target.Load())})
				if _, err := w.Write(line); err != nil {
					cancel()
				}
				if flusher != nil {
					flusher.Flush()
				}
			}
		}
	}
}

// seqInWorker answers /api/seq's body in a worker process, its error answers as *apiError.
func (s *Server) seqInWorker(ctx context.Context, body []byte, ans *held) ([]byte, error) {
	status, b, err := s.runWorker(ctx, "/api/seq", body, ans)
	if err != nil || status == http.StatusOK {
		return b, err
	}
	ae := &apiError{Status: status}
	if err := json.Unmarshal(b, ae); err != nil {
		return nil, fmt.Errorf("the worker's error answer %q: %v", b, err)
	}
	return nil, ae
}
