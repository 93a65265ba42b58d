package rules

import (
	"context"
	"strings"
	"testing"

	"grundy/internal/cliarg"
)

// TestSearchLimits: a search past its limits is refused as bad input naming the limit, whether it
// runs out of positions (a long chain) or of moves (one position with very many moves).
func TestSearchLimits(t *testing.T) {
	chain, _ := New("subtract", map[string]string{"max": "1"})
	mv := misereView{chain}
	_, err := searchAnalysisWithin(context.Background(), mv, Position{1 << 40}, 1<<20, 1000)
	if !cliarg.IsInput(err) || !strings.Contains(err.Error(), "more than 1000 positions") {
		t.Fatalf("positions: %v", err)
	}
	wy, _ := New("wythoff", nil)
	_, err = searchAnalysisWithin(context.Background(), misereView{wy}, Position{1 << 40, 1 << 40}, 5000, 1<<20)
	if !cliarg.IsInput(err) || !strings.Contains(err.Error(), "more than 5000 moves") {
		t.Fatalf("moves: %v", err)
	}
	// within the limits the same search answers (misère take-1: P iff the heap is odd)
	a, err := searchAnalysisWithin(context.Background(), mv, Position{7}, 1<<20, 1000)
	if err != nil || a.Outcome != P {
		t.Fatalf("%v %v", a, err)
	}
}
