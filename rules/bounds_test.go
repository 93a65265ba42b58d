package rules

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"grundy/internal/cliarg"
)

// TestTartanMisereIsBounded: issue 13's runaway request, a misère search from a far tartan coin
// whose every move turns over up to 10^12 coins, stops within moments, in-process, by its byte
// budget (or its deadline, whichever comes first), as bad input or the context's error.
func TestTartanMisereIsBounded(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	start := time.Now()
	_, err := SolveMisere(ctx, "tartan", map[string]string{"rows": "ruler", "cols": "ruler"}, []string{"1000000,1000000"})
	took := time.Since(start)
	if err == nil || !cliarg.IsInput(err) && !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("tartan misère at 10^6,10^6: %v; want a refusal", err)
	}
	if took > 7*time.Second {
		t.Fatalf("tartan misère at 10^6,10^6 answered after %v", took)
	}
	t.Logf("%v after %v", err, took)
	// A cancelled search says so rather than being refused as too big.
	ctx, cancel = context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	_, err = SolveMisere(ctx, "tartan", map[string]string{"rows": "ruler", "cols": "ruler"}, []string{"1000000,1000000"})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("with a deadline of 20ms: %v; want the deadline", err)
	}
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
