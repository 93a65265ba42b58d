package worker

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestMain(m *testing.M) {
	if Requested() {
		os.Exit(Main(testHandler))
	}
	os.Exit(m.Run())
}

// sink keeps allocations alive so the compiler cannot drop them.
var sink [][]byte

// testHandler does the tasks of these tests: "echo TEXT", "spin" (ignores its context for ever),
// "grow" (touches 1 MiB after another, ignoring its context), "huge" (one 8 GiB allocation, then
// touches it), "deep" (unbounded recursion), "fail", "exit".
func testHandler(ctx context.Context, task []byte) ([]byte, error) {
	cmd, arg, _ := strings.Cut(string(task), " ")
	switch cmd {
	case "echo":
		return []byte(arg), nil
	case "deadline":
		dl, ok := ctx.Deadline()
		return []byte(strconv.FormatBool(ok && time.Until(dl) > 0)), nil
	case "spin":
		//lint:ignore SA5002 the task ignores its context on purpose, to be killed
		for {
		}
	case "grow":
		for {
			b := make([]byte, 1<<20)
			for i := range b {
				b[i] = 1
			}
			sink = append(sink, b)
		}
	case "huge":
		b := make([]byte, 8<<30)
		for i := 0; i < len(b); i += 4096 {
			b[i] = 1
		}
		sink = append(sink, b)
		return []byte("allocated"), nil
	case "deep":
		return []byte(strconv.Itoa(deep(1 << 40))), nil
	case "fail":
		return nil, errors.New("the task failed on purpose")
	case "exit":
		os.Exit(7)
	}
	return nil, fmt.Errorf("unknown task %q", task)
}

// deep recurses n levels, each with a frame of some size.
func deep(n int) int {
	var pad [64]int
	pad[n%64] = n
	if n == 0 {
		return 0
	}
	return deep(n-1) + pad[(n+1)%64]
}

func newTestPool(t *testing.T, maxRSS uint64, warm int) *Pool {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPool(Config{Path: exe, MaxRSS: maxRSS, Warm: warm})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		p.Close()
		if n := children(t); n != 0 {
			t.Errorf("%d children still alive after Close", n)
		}
	})
	return p
}

// children counts the live child processes of this process.
func children(t *testing.T) int {
	t.Helper()
	ents, err := os.ReadDir("/proc")
	if err != nil {
		t.Skip("no /proc")
	}
	me := strconv.Itoa(os.Getpid())
	n := 0
	for _, e := range ents {
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid …: comm may hold spaces, so split after the last ')'.
		s := string(b)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(f) > 1 && f[1] == me && f[0] != "Z" {
			n++
		}
	}
	return n
}

func TestEcho(t *testing.T) {
	p := newTestPool(t, 256<<20, 1)
	for i := range 3 {
		want := "hello " + strconv.Itoa(i)
		got, err := p.Run(context.Background(), []byte("echo "+want))
		if err != nil || string(got) != want {
			t.Fatalf("echo: %q, %v; want %q", got, err, want)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if got, err := p.Run(ctx, []byte("deadline")); err != nil || string(got) != "true" {
		t.Fatalf("the child does not see the deadline: %q, %v", got, err)
	}
}

func TestKilledAtDeadline(t *testing.T) {
	p := newTestPool(t, 256<<20, 1)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := p.Run(ctx, []byte("spin"))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("spin: %v; want the deadline", err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Fatalf("spin was stopped after %v", d)
	}
	// The pool still works after a kill.
	if got, err := p.Run(context.Background(), []byte("echo ok")); err != nil || string(got) != "ok" {
		t.Fatalf("after a kill: %q, %v", got, err)
	}
}

func TestKilledOverMemory(t *testing.T) {
	const maxRSS = 96 << 20
	p := newTestPool(t, maxRSS, 0)
	for _, task := range []string{"grow", "huge", "deep"} {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		_, err := p.Run(ctx, []byte(task))
		cancel()
		var le *LimitError
		if !errors.As(err, &le) || le.MaxRSS != maxRSS {
			t.Fatalf("%s: %v; want a *LimitError of %d", task, err, maxRSS)
		}
		// The poll is not instant: allow what a fast writer touches in a few polls.
		if le.RSS > maxRSS+64<<20 {
			t.Errorf("%s: killed only at %d MiB", task, le.RSS>>20)
		}
		t.Logf("%s: %v", task, err)
	}
}

func TestExitErrors(t *testing.T) {
	p := newTestPool(t, 256<<20, 0)
	_, err := p.Run(context.Background(), []byte("fail"))
	var ee *ExitError
	if !errors.As(err, &ee) || !strings.Contains(ee.Error(), "the task failed on purpose") {
		t.Fatalf("fail: %v; want an *ExitError with the message", err)
	}
	_, err = p.Run(context.Background(), []byte("exit"))
	if !errors.As(err, &ee) || !strings.Contains(ee.State, "exit status 7") {
		t.Fatalf("exit: %v; want an *ExitError with exit status 7", err)
	}
}

func TestCancelledBeforeStart(t *testing.T) {
	p := newTestPool(t, 256<<20, 0)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.Run(ctx, []byte("echo x")); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v; want context.Canceled", err)
	}
}

func TestConcurrentAndClosed(t *testing.T) {
	p := newTestPool(t, 256<<20, 2)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			want := strconv.Itoa(i)
			got, err := p.Run(context.Background(), []byte("echo "+want))
			if err != nil || string(got) != want {
				errs <- fmt.Errorf("task %d: %q, %v", i, got, err)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	p.Close()
	if _, err := p.Run(context.Background(), []byte("echo x")); !errors.Is(err, ErrClosed) {
		t.Fatalf("after Close: %v; want ErrClosed", err)
	}
}

// BenchmarkRun measures one task's round trip through a child: warm (started ahead) and cold.
func BenchmarkRun(b *testing.B) {
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	for _, warm := range []int{0, 2} {
		b.Run("warm="+strconv.Itoa(warm), func(b *testing.B) {
			p, err := NewPool(Config{Path: exe, MaxRSS: 256 << 20, Warm: warm})
			if err != nil {
				b.Fatal(err)
			}
			defer p.Close()
			for b.Loop() {
				if _, err := p.Run(context.Background(), []byte("echo x")); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func TestSupervise(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// A child of this test binary runs a task given on stdin, as a Pool's would.
	child := func(task string) *exec.Cmd {
		cmd := exec.Command(exe)
		cmd.Env = append(os.Environ(), EnvVar+"=1")
		cmd.Stdin = strings.NewReader("0\n" + task)
		return cmd
	}
	var out strings.Builder
	cmd := child("echo hi")
	cmd.Stdout = &out
	if err := Supervise(context.Background(), cmd, 256<<20, 0); err != nil || out.String() != "hi" {
		t.Fatalf("echo: %q, %v", out.String(), err)
	}
	var ee *exec.ExitError
	if err := Supervise(context.Background(), child("exit"), 256<<20, 0); !errors.As(err, &ee) || ee.ExitCode() != 7 {
		t.Fatalf("exit: %v; want exit status 7", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if err := Supervise(ctx, child("spin"), 256<<20, 0); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("spin: %v; want the deadline", err)
	}
	var le *LimitError
	if err := Supervise(context.Background(), child("grow"), 96<<20, 0); !errors.As(err, &le) {
		t.Fatalf("grow: %v; want a *LimitError", err)
	}
}

// TestWaitsForTheWarmChild: back to back, each task takes the child started ahead for it (waiting
// for it to finish starting) instead of starting a second process beside it, so n tasks start
// n+Warm processes in all; Close then reaps the one started ahead for a next task.
func TestWaitsForTheWarmChild(t *testing.T) {
	p := newTestPool(t, 256<<20, 1)
	const n = 5
	for i := range n {
		if got, err := p.Run(context.Background(), []byte("echo "+strconv.Itoa(i))); err != nil || string(got) != strconv.Itoa(i) {
			t.Fatalf("task %d: %q, %v", i, got, err)
		}
	}
	p.Close() // waits for the start ahead of a next task
	if s := p.starts.Load(); s != n+1 {
		t.Errorf("%d tasks back to back started %d processes; want %d (one ahead of each)", n, s, n+1)
	}
}

// TestCloseReapsStartsInFlight: children being started ahead when the pool closes are killed and
// waited for before Close returns; none is left idle, and a Run after Close fails.
func TestCloseReapsStartsInFlight(t *testing.T) {
	p := newTestPool(t, 256<<20, 4) // its cleanup counts the children left after Close
	p.Close()
	if n := children(t); n != 0 {
		t.Errorf("%d children alive right after Close", n)
	}
	if n := p.Idle(); n != 0 {
		t.Errorf("%d children idle after Close", n)
	}
	if _, err := p.Run(context.Background(), []byte("echo x")); !errors.Is(err, ErrClosed) {
		t.Errorf("Run after Close: %v; want ErrClosed", err)
	}
}
