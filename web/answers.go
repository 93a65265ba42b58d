package web

import (
	"fmt"
	"net/http"
	"sync"
	"time"
)

// answerBudget counts the bytes of the heavy answers a server holds, against Limits.AnswerMiB.
type answerBudget struct {
	mu        sync.Mutex
	used, max int64
}

// take reserves n bytes, or reports false when they do not fit.
func (a *answerBudget) take(n int64) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.used+n > a.max {
		return false
	}
	a.used += n
	return true
}

// give returns n bytes reserved by take.
func (a *answerBudget) give(n int64) {
	a.mu.Lock()
	a.used -= n
	a.mu.Unlock()
}

// inUse returns the bytes reserved now.
func (a *answerBudget) inUse() int64 {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.used
}

// held is the reservation of one request's answer: MaxAnswerBytes while the answer is computed,
// then its size until the request ends.
type held struct {
	s *Server
	n int64
}

// reserve reserves room for an answer of the largest size, or returns the 503 answer of a server
// whose answers already fill Limits.AnswerMiB.
func (h *held) reserve() error {
	n := int64(h.s.limits.MaxAnswerBytes)
	if !h.s.answers.take(n) {
		return h.s.busy(fmt.Sprintf("server busy: the answers being computed or sent already fill the %d MiB set aside for them (answer_mib); try again",
			h.s.limits.AnswerMiB))
	}
	h.n += n
	return nil
}

// trim keeps the reservation at size bytes, once the answer's size is known.
func (h *held) trim(size int) {
	if h.n > int64(size) {
		h.s.answers.give(h.n - int64(size))
		h.n = int64(size)
	}
}

// done returns the whole reservation.
func (h *held) done() {
	h.s.answers.give(h.n)
	h.n = 0
}

// checkAnswer refuses an answer of more than MaxAnswerBytes.
func (s *Server) checkAnswer(b []byte) error {
	if len(b) > s.limits.MaxAnswerBytes {
		return s.answerTooLarge()
	}
	return nil
}

// answerTooLarge is the 422 answer of a request whose answer is over MaxAnswerBytes.
func (s *Server) answerTooLarge() *apiError {
	return overLimit("max_answer_bytes", s.limits.MaxAnswerBytes, "the answer is over the limit of %d bytes (max_answer_bytes)", s.limits.MaxAnswerBytes)
}

// minClientRate is the slowest reading, in bytes a second, that a client is given time for once
// its answer is ready (on top of one time budget): an answer that its client does not take by
// then is dropped, and with it the memory it held.
const minClientRate = 256 << 10

// writeDeadline gives the client of w until one budget plus the time to read size bytes at
// minClientRate to take its answer.
func (s *Server) writeDeadline(w http.ResponseWriter, size int) {
	d := s.limits.Budget + time.Duration(size)*time.Second/minClientRate
	http.NewResponseController(w).SetWriteDeadline(time.Now().Add(d)) // not every writer has one (tests' recorders)
}
