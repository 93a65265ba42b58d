package rules

import (
	"context"
	"errors"
	"testing"
)

// TestContextStopsWork: a cancelled context stops the computations that take time — the Wythoff
// value table, the engine's searches (misère play by search, Moore's value search) — with the
// context's error, never an answer.
func TestContextStopsWork(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	cases := []struct {
		misere bool
		name   string
		flags  map[string]string
		args   []string
	}{
		{false, "wythoff", nil, []string{"2000", "2000"}},
		{true, "subtract", map[string]string{"max": "3"}, []string{"30", "31", "32"}},
		{false, "moore", map[string]string{"k": "2"}, []string{"3", "4", "5"}},
	}
	for _, c := range cases {
		var err error
		if c.misere {
			_, err = solveMisere(ctx, c.name, c.flags, c.args)
		} else {
			_, err = solve(ctx, c.name, c.flags, c.args)
		}
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s %v: %v, want context.Canceled", c.name, c.args, err)
		}
	}
	// The same questions with a live context are answered.
	if _, err := solve(t.Context(), "wythoff", nil, []string{"20", "30"}); err != nil {
		t.Fatal(err)
	}
}
