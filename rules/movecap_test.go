package rules

import (
	"context"
	"testing"
)

// TestSplitMovesCapped (issue 26, item 7): on many bottles, split lists at most 64 winning moves
// (each carries its whole position), not 4,096 of 100,000 bottles each; on few, every one, and
// the count of all of them when they are more than it lists.
func TestSplitMovesCapped(t *testing.T) {
	r, err := New("split", nil)
	if err != nil {
		t.Fatal(err)
	}
	many := make(Position, 100_000)
	for i := range many {
		many[i] = 5
	}
	a, err := r.Analyze(context.Background(), many)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.WinningMoves) > maxMovesListed || a.Complete {
		t.Errorf("100,000 bottles: %d winning moves listed, complete %v", len(a.WinningMoves), a.Complete)
	}
	few := make(Position, 1000)
	for i := range few {
		few[i] = 5
	}
	if a, err = r.Analyze(context.Background(), few); err != nil {
		t.Fatal(err)
	}
	if len(a.WinningMoves) != splitMaxEntries/1000 || a.Complete || a.Note != "162199 winning moves in all; the first 1048 are listed" {
		t.Errorf("1,000 bottles: %d listed, complete %v, note %q", len(a.WinningMoves), a.Complete, a.Note)
	}
}
