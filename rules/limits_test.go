package rules

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"grundy/internal/cliarg"
)

// TestSearchLimits: a search past its limits is refused as bad input naming the limit, whether it
// runs out of positions (a long chain) or of moves (one position with very many moves).
func TestSearchLimits(t *testing.T) {
	chain, _ := New("subtract", map[string]string{"max": "1"})
	mv := &MisereRuleset{Ruleset: chain}
	_, err := searchAnalysisWithin(context.Background(), mv, Position{1 << 40}, 1<<20, 1000)
	if !cliarg.IsInput(err) || !strings.Contains(err.Error(), "more than 1000 positions") {
		t.Fatalf("positions: %v", err)
	}
	wy, _ := New("wythoff", nil)
	_, err = searchAnalysisWithin(context.Background(), &MisereRuleset{Ruleset: wy}, Position{1 << 40, 1 << 40}, 5000, 1<<20)
	if !cliarg.IsInput(err) || !strings.Contains(err.Error(), "more than 5000 moves") {
		t.Fatalf("moves: %v", err)
	}
	// within the limits the same search answers (misère take-1: P iff the heap is odd)
	a, err := searchAnalysisWithin(context.Background(), mv, Position{7}, 1<<20, 1000)
	if err != nil || a.Outcome != P {
		t.Fatalf("%v %v", a, err)
	}
}

// TestRefusalsForSizeAreTyped: every refusal of the catalogue for size is a *LimitError naming the
// limit and its value (and still bad input), so that the faces can report it as work over a limit.
func TestRefusalsForSizeAreTyped(t *testing.T) {
	ctx := context.Background()
	many := make([]string, 1001)
	for i := range many {
		many[i] = fmt.Sprint(i + 1)
	}
	boxes := make([]string, hungerMaxBoxes+1)
	for i := range boxes {
		boxes[i] = "1"
	}
	closed := append(slices.Repeat([]string{"1"}, hungerMaxSearchClosed+1), "2o")
	cases := []struct {
		limit string
		max   int
		run   func() error
	}{
		{"set_max_amount", setMaxElement, func() error {
			_, err := New("subtract", map[string]string{"set": "1,2000000"})
			return err
		}},
		{"set_amounts", setMaxSize, func() error {
			_, err := New("subtract", map[string]string{"set": strings.Join(many, ",")})
			return err
		}},
		{"set_table", setMaxTable - 1, func() error {
			_, err := solve(ctx, "subtract", map[string]string{"set": "1048575,1048576"}, []string{"2000000"})
			return err
		}},
		{"max_sequence", MaxSequence, func() error {
			_, err := seq(ctx, "nim", nil, MaxSequence+1)
			return err
		}},
		{"hunger_boxes", hungerMaxBoxes, func() error {
			_, err := solve(ctx, "hungergame", nil, boxes)
			return err
		}},
		{"hunger_closed_boxes", hungerMaxSearchClosed, func() error {
			_, err := solve(ctx, "hungergame", nil, closed)
			return err
		}},
		{"prime_take_heap", primeTakeMax, func() error {
			_, err := solve(ctx, "prime-take", nil, []string{fmt.Sprint(primeTakeMax + 1)})
			return err
		}},
		{"octal_heap", OctalMaxTable, func() error {
			_, err := solve(ctx, "grundy-game", nil, []string{fmt.Sprint(OctalMaxTable + 1)})
			return err
		}},
		{"search_mib", SearchBytes >> 20, func() error {
			_, err := solveMisere(ctx, "lasker", nil, []string{"100000", "100000", "100000"})
			return err
		}},
	}
	for _, c := range cases {
		err := c.run()
		var le *LimitError
		if !errors.As(err, &le) || le.Name != c.limit || le.Max != c.max || !cliarg.IsInput(err) {
			t.Errorf("%s: got %#v (%v), want a *LimitError %s = %d that is bad input", c.limit, le, err, c.limit, c.max)
		}
	}
}
