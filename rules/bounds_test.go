package rules

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"grundy/internal/cliarg"
)

// TestTartanMisereIsBounded: issue 13's runaway request, a misère search from a far tartan coin
// whose every move turns over up to 10^12 coins, is stopped by the search's byte budget
// (SearchBytes of position keys), in-process, as a *LimitError naming search_mib, having allocated
// at most a fixed multiple of that budget. The bounds are on the work, not on the clock: the
// deadline is only a backstop far beyond the half second the search takes on a quiet machine, so
// that a loaded one cannot fail it (under -race at load average 24 it once took four minutes).
func TestTartanMisereIsBounded(t *testing.T) {
	tartan := func(ctx context.Context) error {
		_, err := solveMisere(ctx, "tartan", map[string]string{"rows": "ruler", "cols": "ruler"}, []string{"1000000,1000000"})
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	err := tartan(ctx)
	took := time.Since(start)
	runtime.ReadMemStats(&after)
	var le *LimitError
	if !errors.As(err, &le) || le.Name != "search_mib" || !cliarg.IsInput(err) {
		t.Fatalf("tartan misère at 10^6,10^6: %v; want a refusal naming search_mib", err)
	}
	// About 18 bytes allocated per byte of budget (the keys, the memo, the move lists): 32 leaves
	// room for changes of the engine, not for a search that outgrows its budget.
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 32*SearchBytes {
		t.Fatalf("the refused search allocated %d MiB, over 32 times its budget of %d MiB", alloc>>20, SearchBytes>>20)
	}
	t.Logf("%v after %v, %d MiB allocated", err, took, (after.TotalAlloc-before.TotalAlloc)>>20)

	// A search whose context ends part-way says so rather than being refused as too big: the
	// context here ends at its 4th check (the budget game checks every 256 moves), long before
	// the byte budget, however fast or slow the machine.
	err = tartan(newCountdown(4))
	if !errors.Is(err, context.DeadlineExceeded) || errors.As(err, &le) {
		t.Fatalf("with the context ending part-way: %v; want the deadline", err)
	}
}

// countdown is a context that ends (with context.DeadlineExceeded) at the n-th call of its Err: a
// deadline counted in the checks of a search rather than in time, the same on any machine.
type countdown struct {
	context.Context
	left atomic.Int64
	done chan struct{}
	once sync.Once
}

func newCountdown(n int64) *countdown {
	c := &countdown{Context: context.Background(), done: make(chan struct{})}
	c.left.Store(n)
	return c
}

func (c *countdown) Done() <-chan struct{} { return c.done }

func (c *countdown) Err() error {
	if c.left.Add(-1) > 0 {
		return nil
	}
	c.once.Do(func() { close(c.done) })
	return context.DeadlineExceeded
}

// TestToggle2D checks the merging toggle against turning coins over one by one in a set.
func TestToggle2D(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 2))
	for range 2000 {
		heads := map[[2]uint64]bool{}
		for range rng.IntN(8) {
			heads[[2]uint64{rng.Uint64N(5), rng.Uint64N(5)}] = true
		}
		var p Position
		for _, xy := range slices.SortedFunc(mapKeys(heads), cmpCoin) {
			p = append(p, xy[0], xy[1])
		}
		var coins [][2]uint64
		for range rng.IntN(8) {
			coins = append(coins, [2]uint64{rng.Uint64N(5), rng.Uint64N(5)})
		}
		want := map[[2]uint64]bool{}
		for k := range heads {
			want[k] = true
		}
		for _, xy := range coins {
			want[xy] = !want[xy]
		}
		var w Position
		for _, xy := range slices.SortedFunc(mapKeys(want), cmpCoin) {
			if want[xy] {
				w = append(w, xy[0], xy[1])
			}
		}
		before := slices.Clone(p)
		if got := toggle2D(p, coins); !slices.Equal(got, w) || !slices.Equal(p, before) {
			t.Fatalf("toggle2D(%v, %v) = %v (p now %v); want %v", before, coins, got, p, w)
		}
	}
}

func mapKeys[K comparable, V any](m map[K]V) func(func(K) bool) {
	return func(yield func(K) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}
