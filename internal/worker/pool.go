package worker

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// Config describes the children of a Pool.
type Config struct {
	// Path is the executable to start (usually os.Executable()); Args its arguments after the
	// program name. The child must call Main when Requested reports true.
	Path string
	Args []string
	// Env is added to the parent's environment for the child (EnvVar and the limits are added
	// by the Pool).
	Env []string
	// MaxRSS is the resident memory, in bytes, at which a child is killed; it must be positive.
	MaxRSS uint64
	// Poll is how often the child's resident memory is read; zero means DefaultPoll.
	Poll time.Duration
	// Warm is how many children are kept started ahead, waiting for a task.
	Warm int
	// MaxAnswer caps the size of an answer in bytes; zero means DefaultMaxAnswer.
	MaxAnswer int
}

// Defaults of Config.
const (
	DefaultPoll      = 5 * time.Millisecond
	DefaultMaxAnswer = 64 << 20
)

// LimitError reports a child killed, or failed, for using more memory than Config.MaxRSS.
type LimitError struct {
	MaxRSS uint64 // the limit, bytes
	RSS    uint64 // the resident memory seen when it was killed (0 when it failed by itself)
}

// Limit names the limit, "memory_mib", and its value in MiB.
func (e *LimitError) Limit() (name string, max any) { return "memory_mib", e.MaxRSS >> 20 }

// Error says which limit was passed.
func (e *LimitError) Error() string {
	if e.RSS > 0 {
		return fmt.Sprintf("worker: killed at %d MiB of resident memory: the limit is %d MiB", e.RSS>>20, e.MaxRSS>>20)
	}
	return fmt.Sprintf("worker: ran out of its memory limit of %d MiB", e.MaxRSS>>20)
}

// AnswerError reports a child whose answer was over Config.MaxAnswer bytes (the answer is
// dropped).
type AnswerError struct {
	Max int // the limit, bytes
}

// Limit names the limit, "max_answer_bytes", and its value.
func (e *AnswerError) Limit() (name string, max any) { return "max_answer_bytes", e.Max }

// Error says which limit was passed.
func (e *AnswerError) Error() string {
	return fmt.Sprintf("worker: the answer is over %d bytes", e.Max)
}

// ExitError reports a child that ended without answering: killed by a signal it was not sent by
// the Pool, crashed, or its task's function returned an error.
type ExitError struct {
	State  string // how the process ended, e.g. "exit status 2"
	Stderr string // the start of what it wrote on stderr
}

// Error describes how the child ended.
func (e *ExitError) Error() string {
	msg := strings.TrimSpace(e.Stderr)
	if msg == "" {
		return "worker: " + e.State
	}
	return "worker: " + e.State + ": " + msg
}

// ErrClosed is returned by Run after Close.
var ErrClosed = errors.New("worker: pool closed")

// Pool runs tasks in children of Config.Path, one child per task. It is safe for concurrent use;
// it does not cap how many tasks run at once (the caller does).
type Pool struct {
	cfg Config

	mu       sync.Mutex
	idle     []*proc
	starting int           // children being started ahead
	started  chan struct{} // closed, and replaced, whenever a start ahead ends
	closed   bool
	bg       sync.WaitGroup // the goroutines of the starts ahead

	starts atomic.Int64 // processes started, for the tests
}

// NewPool returns a Pool of children described by cfg; it starts cfg.Warm of them at once, in the
// background.
func NewPool(cfg Config) (*Pool, error) {
	if cfg.Path == "" {
		return nil, errors.New("worker: no executable")
	}
	if cfg.MaxRSS == 0 {
		return nil, errors.New("worker: no memory limit")
	}
	if cfg.Poll <= 0 {
		cfg.Poll = DefaultPoll
	}
	if cfg.MaxAnswer <= 0 {
		cfg.MaxAnswer = DefaultMaxAnswer
	}
	p := &Pool{cfg: cfg, started: make(chan struct{})}
	p.refill()
	return p, nil
}

// Run hands task to a child and returns its answer. It kills the child when ctx ends (returning
// ctx.Err()) or when its resident memory passes MaxRSS (returning a *LimitError), and returns only
// when the child is gone. A child that ends without answering gives an *ExitError (a *LimitError
// when it ran out of memory by itself).
func (p *Pool) Run(ctx context.Context, task []byte) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	c, err := p.get(ctx)
	if err != nil {
		return nil, err
	}
	defer p.refill()
	return c.run(ctx, task, p.cfg)
}

// Idle returns the number of children started ahead and waiting for a task.
func (p *Pool) Idle() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.idle)
}

// get returns a started child: a warm one if there is one alive; else the next one being started
// ahead, waited for (starting a second process beside it would only slow both down); else a new
// one.
func (p *Pool) get(ctx context.Context) (*proc, error) {
	p.mu.Lock()
	for {
		if p.closed {
			p.mu.Unlock()
			return nil, ErrClosed
		}
		for len(p.idle) > 0 {
			c := p.idle[len(p.idle)-1]
			p.idle = p.idle[:len(p.idle)-1]
			select {
			case <-c.done: // died while waiting (killed from outside): drop it
				continue
			default:
			}
			p.mu.Unlock()
			return c, nil
		}
		if p.starting == 0 {
			break
		}
		started := p.started
		p.mu.Unlock()
		select {
		case <-started:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		p.mu.Lock()
	}
	p.mu.Unlock()
	return p.start()
}

// refill starts children in the background until Warm of them are idle or starting.
func (p *Pool) refill() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for !p.closed && len(p.idle)+p.starting < p.cfg.Warm {
		p.starting++
		p.bg.Add(1)
		go func() {
			defer p.bg.Done()
			c, err := p.start()
			p.mu.Lock()
			defer p.mu.Unlock()
			p.starting--
			close(p.started)
			p.started = make(chan struct{})
			switch {
			case err != nil:
				// Run starts one itself when none is idle, and reports the error there.
			case p.closed:
				c.kill()
			default:
				p.idle = append(p.idle, c)
			}
		}()
	}
}

// Close stops the idle children and makes later Runs fail with ErrClosed; Runs under way finish.
func (p *Pool) Close() error {
	p.mu.Lock()
	p.closed = true
	idle := p.idle
	p.idle = nil
	p.mu.Unlock()
	p.bg.Wait()
	for _, c := range idle {
		c.kill()
	}
	return nil
}

// proc is one started child.
type proc struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	out    *capped
	errOut *head
	done   chan struct{} // closed when the child has been waited for
	err    error         // Wait's error, set before done is closed
}

// start starts a child.
func (p *Pool) start() (*proc, error) {
	p.starts.Add(1)
	cfg := p.cfg
	cmd := exec.Command(cfg.Path, cfg.Args...)
	cmd.Env = append(os.Environ(), cfg.Env...)
	cmd.Env = append(cmd.Env, EnvVar+"=1", envMaxRSS+"="+strconv.FormatUint(cfg.MaxRSS, 10))
	// Die with the server even if it is killed without the chance to close our stdin.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	c := &proc{cmd: cmd, out: &capped{max: cfg.MaxAnswer}, errOut: &head{max: 4 << 10}, done: make(chan struct{})}
	cmd.Stdout, cmd.Stderr = c.out, c.errOut
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("worker: %w", err)
	}
	c.stdin = stdin
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("worker: %w", err)
	}
	go func() {
		c.err = cmd.Wait()
		close(c.done)
	}()
	return c, nil
}

// kill ends the child and waits until it is gone.
func (c *proc) kill() {
	c.cmd.Process.Kill()
	c.stdin.Close()
	<-c.done
}

func (c *proc) run(ctx context.Context, task []byte, cfg Config) ([]byte, error) {
	var timeout time.Duration
	if dl, ok := ctx.Deadline(); ok {
		timeout = max(time.Until(dl), time.Millisecond)
	}
	go func() {
		// The task goes in while the child is watched: a child that does not read it is killed
		// like any other. The pipe's error is the child's business (it is gone or will be).
		c.stdin.Write([]byte(strconv.FormatInt(int64(timeout), 10) + "\n"))
		c.stdin.Write(task)
		c.stdin.Close()
	}()
	tick := time.NewTicker(cfg.Poll)
	defer tick.Stop()
	for {
		select {
		case <-c.done:
			return c.answer(cfg)
		case <-ctx.Done():
			c.kill()
			return nil, ctx.Err()
		case <-tick.C:
			if rss, err := Resident(c.cmd.Process.Pid); err == nil && rss > cfg.MaxRSS {
				c.kill()
				return nil, &LimitError{MaxRSS: cfg.MaxRSS, RSS: rss}
			}
		}
	}
}

// answer is the result of a child that ended by itself.
func (c *proc) answer(cfg Config) ([]byte, error) {
	stderr := c.errOut.String()
	switch {
	case c.err == nil && c.out.over:
		return nil, &AnswerError{Max: cfg.MaxAnswer}
	case c.err == nil:
		return c.out.buf.Bytes(), nil
	case outOfMemory(stderr):
		return nil, &LimitError{MaxRSS: cfg.MaxRSS}
	}
	return nil, &ExitError{State: c.err.Error(), Stderr: stderr}
}

// outOfMemory reports whether a crashed child's stderr says it ran out of memory: an allocation
// refused under the address-space limit, or a goroutine stack over the cap Main sets.
func outOfMemory(stderr string) bool {
	return strings.Contains(stderr, "out of memory") || strings.Contains(stderr, "stack exceeds") ||
		strings.Contains(stderr, "cannot allocate memory")
}

// capped is a buffer that keeps at most max bytes and notes whether more came.
type capped struct {
	buf  bytes.Buffer
	max  int
	over bool
}

func (w *capped) Write(b []byte) (int, error) {
	if room := w.max - w.buf.Len(); len(b) > room {
		w.over = true
		w.buf.Write(b[:max(room, 0)])
		return len(b), nil
	}
	return w.buf.Write(b)
}

// head keeps the first max bytes written to it: a Go crash says why in its first line, before the
// goroutine dump.
type head struct {
	b   []byte
	max int
}

func (w *head) Write(b []byte) (int, error) {
	if room := w.max - len(w.b); room > 0 {
		w.b = append(w.b, b[:min(room, len(b))]...)
	}
	return len(b), nil
}

func (w *head) String() string { return string(w.b) }

// Supervise runs cmd (not yet started) to its end under the same watch as a Pool's children: it
// kills the process when ctx ends, returning ctx.Err(), or when its resident memory passes
// maxRSS (polled every poll), returning a *LimitError, and returns only once it is gone.
// Otherwise it returns what cmd.Wait returns (nil, or an *exec.ExitError for a non-zero status).
// The process's standard streams are the caller's to set, e.g. to this process's own.
func Supervise(ctx context.Context, cmd *exec.Cmd, maxRSS uint64, poll time.Duration) error {
	if poll <= 0 {
		poll = DefaultPoll
	}
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	tick := time.NewTicker(poll)
	defer tick.Stop()
	for {
		select {
		case err := <-done:
			return err
		case <-ctx.Done():
			cmd.Process.Kill()
			<-done
			return ctx.Err()
		case <-tick.C:
			if rss, err := Resident(cmd.Process.Pid); err == nil && maxRSS > 0 && rss > maxRSS {
				cmd.Process.Kill()
				<-done
				return &LimitError{MaxRSS: maxRSS, RSS: rss}
			}
		}
	}
}
