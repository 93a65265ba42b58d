package script

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"grundy/game"
	"grundy/internal/refdata"
)

func load(t *testing.T, name string, lim Limits) *Game {
	t.Helper()
	src, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	g, err := Load(filepath.Base(name), src, lim)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(g.Close)
	return g
}

func loadSrc(t *testing.T, src string, lim Limits) (*Game, error) {
	t.Helper()
	g, err := Load("game.star", []byte(src), lim)
	if g != nil {
		t.Cleanup(g.Close)
	}
	return g, err
}

func TestSubtractSquare(t *testing.T) {
	g := load(t, "../examples/subtract-square.star", Limits{})
	s := game.NewSolver[string](g)
	// The definition, in Go.
	want := make([]uint64, 301)
	for n := range want {
		seen := map[uint64]bool{}
		for k := 1; k*k <= n; k++ {
			seen[want[n-k*k]] = true
		}
		for seen[want[n]] {
			want[n]++
		}
	}
	for n := 300; n >= 0; n-- {
		v, err := s.Value(strconv.Itoa(n))
		if err != nil || v != want[n] {
			t.Fatalf("subtract-square %d: %d, %v; want %d", n, v, err, want[n])
		}
	}
}

func TestWythoff(t *testing.T) {
	g := load(t, "../examples/wythoff.star", Limits{})
	s := game.NewSolver[string](g)
	lower, upper := refdata.Sequence(t, "A000201.txt"), refdata.Sequence(t, "A001950.txt")
	isP := map[[2]uint64]bool{{0, 0}: true}
	for i := range min(len(lower), len(upper)) {
		if lower[i].N != upper[i].N {
			t.Fatal("A000201 and A001950 not aligned")
		}
		isP[[2]uint64{lower[i].Value, upper[i].Value}] = true
		isP[[2]uint64{upper[i].Value, lower[i].Value}] = true
	}
	for a := range uint64(22) {
		for b := range uint64(22) {
			pos, err := g.Position("(" + strconv.FormatUint(a, 10) + ", " + strconv.FormatUint(b, 10) + ")")
			if err != nil {
				t.Fatal(err)
			}
			out, err := s.Outcome(pos)
			if err != nil {
				t.Fatal(err)
			}
			if (out == game.PrevWins) != isP[[2]uint64{a, b}] {
				t.Fatalf("Wythoff (%d, %d): %v", a, b, out)
			}
		}
	}
}

func TestKayles(t *testing.T) {
	g := load(t, "../examples/kayles.star", Limits{})
	if !g.HasSplit() {
		t.Fatal("kayles.star: no split")
	}
	s := game.NewSolver[string](g)
	terms := refdata.Sequence(t, "A002186.txt")
	for _, term := range terms[:min(len(terms), 60)] {
		pos, err := g.Position(strconv.Quote(strings.Repeat("x", int(term.N))))
		if err != nil {
			t.Fatal(err)
		}
		v, err := s.Value(pos)
		if err != nil || v != term.Value {
			t.Fatalf("Kayles %d: %d, %v; A002186 says %d", term.N, v, err, term.Value)
		}
	}
	// A row with gaps is the sum of its runs; winning moves are options of the whole row.
	pos, _ := g.Position(`"xxx.x"`)
	v, err := s.Value(pos)
	if err != nil || v != 3^1 {
		t.Fatalf(`"xxx.x": %d, %v`, v, err)
	}
	win, err := s.WinningMoves(pos)
	if err != nil || len(win) == 0 {
		t.Fatalf("winning moves %v, %v", win, err)
	}
	for _, w := range win {
		if v, _ := s.Value(w); v != 0 {
			t.Fatalf("winning move to %s of value %d", w, v)
		}
	}
}

func wantErr(t *testing.T, err error, parts ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want one containing %q", parts)
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Fatalf("error %q does not contain %q", err, p)
		}
	}
}

func TestLoadErrors(t *testing.T) {
	_, err := loadSrc(t, "def moves(n):\n    return [n -]\n", Limits{})
	wantErr(t, err, "game.star:2:")
	_, err = loadSrc(t, "x = 1\n", Limits{})
	wantErr(t, err, "defines no function moves")
	_, err = loadSrc(t, "moves = 3\n", Limits{})
	wantErr(t, err, "moves is a int, not a function")
	_, err = loadSrc(t, "load('other.star', 'f')\ndef moves(n):\n    return []\n", Limits{})
	wantErr(t, err, "load() is not available")
	_, err = loadSrc(t, "def moves(n):\n    return []\nx = 1 // 0\n", Limits{})
	wantErr(t, err, "game.star:3:7", "division by zero")
	_, err = loadSrc(t, "def moves(n):\n    return []\nopen('/etc/passwd')\n", Limits{})
	wantErr(t, err, "game.star:3:1", "undefined: open")
	_, err = loadSrc(t, "def moves(n):\n    return []\nsplit = 'x'\n", Limits{})
	wantErr(t, err, "split is a string")
}

func TestRunErrors(t *testing.T) {
	cases := []struct {
		src, pos string
		want     []string
	}{
		{"def moves(n):\n    return [n - 1] if n > 0 else 1 // (n - n)\n", "3",
			[]string{"position 0", "game.star:2:", "in moves", "division by zero"}},
		{"def moves(n):\n    return (n - 1,)\n", "3", []string{"position 3", "moves returned tuple (2,), want a list"}},
		{"def moves(n):\n    return None\n", "3", []string{"position 3", "want a list"}},
		{"def moves(n):\n    return [1.5]\n", "3", []string{"position 3", "bad position at index 0 (float 1.5)", "not a float"}},
		{"def moves(n):\n    return [[1]]\n", "3", []string{"position 3", "not a list"}},
		{"def moves(n):\n    return [(1, [2])]\n", "(1, 2)", []string{"position (1, 2)", "not a list"}},
		{"def moves(n):\n    return [n + 1]\n", "3", []string{"step budget"}},
		{"def moves(n):\n    return [(n + 1) % 5]\n", "3", []string{"cycle", "3 → 4 → 0 → 1 → 2 → 3"}},
		{"def moves(s):\n    return [s]\n", `"ab"`, []string{"cycle", `"ab" → "ab"`}},
		{"def helper(n):\n    return n.nosuch\ndef moves(n):\n    return [helper(n)]\n", "2", []string{"game.star:2:", "in helper", "has no .nosuch"}},
		{"def moves(n):\n    return []\ndef split(n):\n    return 7\n", "2", []string{"position 2", "split returned int 7, want a list"}},
		{"def moves(n):\n    return []\ndef split(n):\n    return [2.0]\n", "2", []string{"position 2", "split returned a bad position"}},
	}
	for _, c := range cases {
		g, err := loadSrc(t, c.src, Limits{MaxSteps: 200_000})
		if err != nil {
			t.Fatalf("%q: %v", c.src, err)
		}
		pos, err := g.Position(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		_, err = game.NewSolver[string](g).Value(pos)
		wantErr(t, err, c.want...)
	}
}

func TestBudgets(t *testing.T) {
	g, err := loadSrc(t, "def moves(n):\n    while True:\n        pass\n", Limits{MaxSteps: 100_000})
	if err != nil {
		t.Fatal(err)
	}
	_, err = g.TryMoves("1")
	var be *BudgetError
	if !errors.As(err, &be) || be.Budget != "steps" || !strings.Contains(err.Error(), "100000") || !strings.Contains(err.Error(), "--max-steps") {
		t.Fatalf("steps: %v", err)
	}
	// The time budget starts at Load: should the loading goroutine stall past it (a loaded
	// machine), the load itself fails with the time budget; then load again, as the checks below
	// need the game.
	for tries := 1; ; tries++ {
		g, err = loadSrc(t, "def moves(n):\n    while True:\n        pass\n", Limits{MaxSteps: 1 << 62, Timeout: 50 * time.Millisecond})
		if err == nil {
			break
		}
		if !errors.As(err, &be) || be.Budget != "time" || tries == 5 {
			t.Fatalf("load with a time budget of 50ms: %v", err)
		}
	}
	start := time.Now()
	_, err = g.TryMoves("1")
	if !errors.As(err, &be) || be.Budget != "time" || !strings.Contains(err.Error(), "--timeout") {
		t.Fatalf("time: %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("the time budget of 50ms stopped the script after %v", d)
	}
	// Once out of time, every later call fails at once.
	if _, err := g.TryMoves("2"); !errors.As(err, &be) {
		t.Fatalf("after the timeout: %v", err)
	}
	// Top-level code counts too.
	_, err = loadSrc(t, "x = 0\nwhile True:\n    x += 1\ndef moves(n):\n    return []\n", Limits{MaxSteps: 10_000})
	if !errors.As(err, &be) || be.Budget != "steps" {
		t.Fatalf("top level: %v", err)
	}
}

// TestMemoryBudget: a script that keeps a growing list of large strings is stopped by its memory
// budget, inside moves and at the top level, with an error naming the budget and its flag.
func TestMemoryBudget(t *testing.T) {
	const hog = "def moves(n):\n    keep = []\n    for i in range(1000000):\n        keep.append('x' * 1000000 + str(i))\n    return []\n"
	g, err := loadSrc(t, hog, Limits{MaxSteps: 1 << 62, Timeout: time.Minute, MaxMemory: 64 << 20})
	if err != nil {
		t.Fatal(err)
	}
	_, err = g.TryMoves("1")
	var be *BudgetError
	if !errors.As(err, &be) || be.Budget != "memory" || !strings.Contains(err.Error(), "64 MiB") || !strings.Contains(err.Error(), "--max-memory") {
		t.Fatalf("memory: %v", err)
	}
	if _, err := g.TryMoves("2"); !errors.As(err, &be) || be.Budget != "memory" {
		t.Fatalf("after the memory budget: %v", err)
	}
	_, err = loadSrc(t, "keep = []\nfor i in range(1000000):\n    keep.append('x' * 1000000 + str(i))\ndef moves(n):\n    return []\n",
		Limits{MaxSteps: 1 << 62, Timeout: time.Minute, MaxMemory: 64 << 20})
	if !errors.As(err, &be) || be.Budget != "memory" {
		t.Fatalf("top level: %v", err)
	}
	// A script that allocates little is not stopped by the default budget.
	g, err = loadSrc(t, "def moves(n):\n    return [n - 1] if n > 0 else []\n", Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if v, err := game.NewSolver[string](g).Value("3000"); err != nil || v != 0 {
		t.Fatalf("chain: %d, %v", v, err)
	}
}

func TestPrintIsSilent(t *testing.T) {
	g, err := loadSrc(t, "print('hello')\ndef moves(n):\n    print(n)\n    return []\n", Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if v, err := game.NewSolver[string](g).Value("4"); err != nil || v != 0 {
		t.Fatalf("%d, %v", v, err)
	}
}

func TestInfallibleMethods(t *testing.T) {
	// Moves and Split (the plain game interfaces) give nothing on an error; TryMoves reports it.
	g, err := loadSrc(t, "def moves(n):\n    return [n - 1] if n > 0 else 1 // n\ndef split(n):\n    return [n // 2, n - n // 2] if n > 3 else None\n", Limits{})
	if err != nil {
		t.Fatal(err)
	}
	var opts []string
	for o := range g.Moves("3") {
		opts = append(opts, o)
	}
	if len(opts) != 1 || opts[0] != "2" {
		t.Fatalf("Moves(3) = %v", opts)
	}
	for range g.Moves("0") {
		t.Fatal("Moves(0) yielded an option despite the error")
	}
	if c, ok := g.Split("5"); !ok || len(c) != 2 || c[0] != "2" || c[1] != "3" {
		t.Fatalf("Split(5) = %v, %v", c, ok)
	}
	if _, ok := g.Split("2"); ok {
		t.Fatal("Split(2) split")
	}
	before := g.Steps()
	g.Moves("7")
	if g.Steps() <= before {
		t.Fatalf("steps %d then %d", before, g.Steps())
	}
}

// FuzzScript runs arbitrary scripts within small budgets: loading and solving must end with a
// value or an error, never a panic or a hang.
func FuzzScript(f *testing.F) {
	for _, src := range []string{
		"def moves(n):\n    return [n - 1] if n > 0 else []\n",
		"def moves(n):\n    return [n]\n",
		"def moves(n):\n    while True:\n        pass\n",
		"def moves(n):\n    return [(n, n)]\ndef split(p):\n    return list(p) if type(p) == 'tuple' else None\n",
		"def moves(s):\n    return [s[1:]] if s else []\n",
		"x = [1] * 1000000\ndef moves(n):\n    return x\n",
	} {
		f.Add(src, "3")
	}
	f.Fuzz(func(t *testing.T, src, pos string) {
		g, err := Load("fuzz.star", []byte(src), Limits{MaxSteps: 20_000, Timeout: time.Second})
		if err != nil {
			return
		}
		defer g.Close()
		key, err := g.Position(pos)
		if err != nil {
			return
		}
		s := game.NewSolver[string](g, game.MaxPositions(2000))
		if v, err := s.Value(key); err == nil {
			if out, err := s.Outcome(key); err != nil || (out == game.PrevWins) != (v == 0) {
				t.Fatalf("value %d but outcome %v, %v", v, out, err)
			}
		}
	})
}

func TestLoopyExample(t *testing.T) {
	// examples/loopy.star against its outcomes computed independently when the example was written
	// (a short Python fixed point of the definition: N once an option is P, P once every option
	// is N, the rest draws).
	g := load(t, "../examples/loopy.star", Limits{})
	s := game.NewSolver[string](g)
	want := "PPNNNDPDNNDPD"
	for n := range len(want) {
		out, err := s.LoopyOutcome(strconv.Itoa(n))
		if err != nil || out.String() != want[n:n+1] {
			t.Fatalf("loopy %d: %v, %v; want %s", n, out, err, want[n:n+1])
		}
	}
	if _, err := s.Value("5"); !errors.Is(err, game.ErrCycle) {
		t.Fatalf("Value(5): %v", err)
	}
}

// TestBudgetsWithoutWatchers: where no other goroutine runs while the script does (WebAssembly:
// one thread, no preemption), the thread's own checks hold the time and memory budgets: a
// script that loops or hoards for ever is stopped by its budget, not its steps (2^62).
func TestBudgetsWithoutWatchers(t *testing.T) {
	for _, c := range []struct {
		src, budget string
		lim         Limits
	}{
		{"def moves(n):\n    while True:\n        pass\n", "time", Limits{MaxSteps: 1 << 62, Timeout: 50 * time.Millisecond}},
		{"x = 0\nwhile True:\n    x += 1\ndef moves(n):\n    return []\n", "time", Limits{MaxSteps: 1 << 62, Timeout: 50 * time.Millisecond}},
		{hog100k, "memory", Limits{MaxSteps: 1 << 62, Timeout: time.Hour, MaxMemory: 32 << 20}},
		{"def moves(n):\n    while True:\n        pass\n", "steps", Limits{MaxSteps: 100_003, Timeout: time.Hour}},
	} {
		done := make(chan error, 1)
		var g *Game
		go func() {
			var err error
			g, err = loadWith(context.Background(), "game.star", []byte(c.src), c.lim, false)
			if err == nil {
				_, err = g.TryMoves("1")
			}
			done <- err
		}()
		select {
		case err := <-done:
			if g != nil {
				g.Close()
			}
			var be *BudgetError
			if !errors.As(err, &be) || be.Budget != c.budget {
				t.Errorf("%q: %v; want the %s budget", c.src, err, c.budget)
			}
			if c.budget == "steps" && be != nil && be.Steps != 100_003 {
				t.Errorf("steps budget %d", be.Steps)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("%q: not stopped by its %s budget after 20 s", c.src, c.budget)
		}
	}
	// A run that used its time between calls (the engine's own work) is refused at the next call.
	g, err := loadWith(context.Background(), "game.star", []byte("def moves(n):\n    return []\n"), Limits{Timeout: time.Millisecond}, false)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	time.Sleep(5 * time.Millisecond)
	var be *BudgetError
	if _, err := g.TryMoves("1"); !errors.As(err, &be) || be.Budget != "time" {
		t.Errorf("after its time, between calls: %v", err)
	}
}

// A run whose context is cancelled stops within a few thousand steps with context.Canceled, in a
// call of moves and at load, with or without the watch of other goroutines (WebAssembly), instead
// of running on to its time budget (an hour here); another game runs after it.
func TestCancelledByContext(t *testing.T) {
	const loop = "def moves(n):\n    while True:\n        pass\n"
	const loopAtLoad = "x = 0\nwhile True:\n    x += 1\ndef moves(n):\n    return []\n"
	lim := Limits{MaxSteps: 1 << 62, Timeout: time.Hour}
	for _, watchers := range []bool{true, false} {
		for _, src := range []string{loop, loopAtLoad} {
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			var g *Game
			go func() {
				var err error
				g, err = loadWith(ctx, "game.star", []byte(src), lim, watchers)
				if err == nil {
					_, err = g.TryMoves("1")
				}
				done <- err
			}()
			time.Sleep(100 * time.Millisecond)
			cancel()
			start := time.Now()
			select {
			case err := <-done:
				if !errors.Is(err, context.Canceled) {
					t.Errorf("watchers %v, %q: %v; want context.Canceled", watchers, src, err)
				}
				if d := time.Since(start); d > 5*time.Second {
					t.Errorf("watchers %v, %q: stopped %v after the cancel", watchers, src, d)
				}
				if g != nil {
					if _, err := g.TryMoves("2"); !errors.Is(err, context.Canceled) {
						t.Errorf("a later call after the cancel: %v", err)
					}
					g.Close()
				}
			case <-time.After(20 * time.Second):
				t.Fatalf("watchers %v, %q: not stopped 20 s after its context was cancelled", watchers, src)
			}
		}
	}
	g, err := LoadContext(context.Background(), "game.star", []byte("def moves(n):\n    return [n - 1] if n > 0 else []\n"), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if opts, err := g.TryMoves("3"); err != nil || len(slices.Collect(opts)) != 1 {
		t.Errorf("a game after the cancelled ones: %v", err)
	}
}

// A deadline of the context before the time budget's end is the time budget's end: a run past it
// fails with the time budget, whichever check sees it first.
func TestContextDeadlineIsTimeBudget(t *testing.T) {
	for _, watchers := range []bool{true, false} {
		for range 5 {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
			// The deadline may pass during the load itself (a stall of the loading goroutine on a
			// loaded machine): the load then fails with the time budget, as moves would.
			g, err := loadWith(ctx, "game.star", []byte("def moves(n):\n    while True:\n        pass\n"), Limits{MaxSteps: 1 << 62, Timeout: time.Hour}, watchers)
			if err == nil {
				_, err = g.TryMoves("1")
				g.Close()
			}
			var be *BudgetError
			if !errors.As(err, &be) || be.Budget != "time" {
				t.Errorf("watchers %v: %v; want the time budget", watchers, err)
			}
			cancel()
		}
	}
}

// cancelAt is a context cancelled at a given time that no goroutine cancels: only its Err says so,
// as where no other goroutine can run while a script does (WebAssembly).
type cancelAt struct {
	context.Context
	at time.Time
}

func (c cancelAt) Err() error {
	if time.Now().Before(c.at) {
		return nil
	}
	return context.Canceled
}

// The thread's own checks see a context done without any goroutine running beside it: a looping
// moves stops with context.Canceled soon after (scripts/test.sh runs this under js/wasm).
func TestCancelledWithoutGoroutines(t *testing.T) {
	for _, watchers := range []bool{true, false} {
		ctx := cancelAt{context.Background(), time.Now().Add(50 * time.Millisecond)}
		g, err := loadWith(ctx, "game.star", []byte("def moves(n):\n    while True:\n        pass\n"), Limits{MaxSteps: 1 << 62, Timeout: time.Hour}, watchers)
		if err != nil {
			t.Fatal(err)
		}
		_, err = g.TryMoves("1")
		if !errors.Is(err, context.Canceled) {
			t.Errorf("watchers %v: %v; want context.Canceled", watchers, err)
		}
		if d := time.Since(ctx.at); d > 5*time.Second {
			t.Errorf("watchers %v: stopped %v after the cancel", watchers, d)
		}
		g.Close()
	}
}

// TestMemoryBudgetRepeated: a hog stopped by its memory budget again and again in one process
// (as a server's scripts are) allocates about as much each time as the first time (its steps
// between two checks of the budget let it pass the budget somewhat, alike each time). Each run's
// garbage, counted in the next run's base and then collected during it, used to raise the next
// run's allowance by as much: run k grew to about k times the first.
func TestMemoryBudgetRepeated(t *testing.T) {
	const budget = 16 << 20
	allocs := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	var first uint64
	for run := range 8 {
		metrics.Read(allocs)
		before := allocs[0].Value.Uint64()
		g, err := loadWith(context.Background(), "hog.star", []byte(hog100k), Limits{MaxSteps: 1 << 62, Timeout: time.Minute, MaxMemory: budget}, false)
		if err == nil {
			_, err = g.TryMoves("1")
			g.Close()
		}
		metrics.Read(allocs)
		got := allocs[0].Value.Uint64() - before
		var be *BudgetError
		if !errors.As(err, &be) || be.Budget != "memory" {
			t.Fatalf("run %d: %v, want the memory budget", run, err)
		}
		t.Logf("run %d allocated %d MiB", run, got>>20)
		if run == 0 {
			first = got
		} else if got > first+first/2 {
			t.Fatalf("run %d allocated %d MiB under a budget of %d MiB, the first run %d MiB", run, got>>20, budget>>20, first>>20)
		}
	}
}

// hog100k keeps a string of 100,000 bytes a step, a million times: a script only a memory budget
// stops.
const hog100k = "def moves(n):\n    keep = []\n    for i in range(1000000):\n        keep.append('x' * 100000 + str(i))\n    return []\n"
