package query

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestOctalHeapCoversSequences (issue 23, item 5): a heap of Grundy's game that a sequence
// reaches under the web's limits is a heap solve takes (the page's Sequences and Solve agree),
// and the first heap past MaxOctalHeap is refused naming the bound.
func TestOctalHeapCoversSequences(t *testing.T) {
	lim := Web(0)
	if lim.MaxSeq > MaxOctalHeap {
		t.Fatalf("the web computes sequences to %d but solves Grundy's game only to %d", lim.MaxSeq, MaxOctalHeap)
	}
	ctx := context.Background()
	pos := []string{"7", "8", fmt.Sprint(lim.MaxSeq)}
	if _, err := Solve(ctx, SolveRequest{Ruleset: "grundy-game", Position: pos}, lim); err != nil {
		t.Errorf("grundy-game %v: %v", pos, err)
	}
	_, err := Solve(ctx, SolveRequest{Ruleset: "grundy-game", Position: []string{fmt.Sprint(MaxOctalHeap + 1)}}, lim)
	if KindOf(err) != OverLimit || !strings.Contains(err.Error(), fmt.Sprint(MaxOctalHeap)) {
		t.Errorf("grundy-game %d: %v, want over its limit, naming %d", MaxOctalHeap+1, err, MaxOctalHeap)
	}
}
