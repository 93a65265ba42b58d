package query

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestMisereMovesCapped (issue 26, item 7): a misère answer on many heaps lists at most 64 winning
// moves, as nim's does, and says how many there are in all; it used to list every one with its
// whole resulting position (289 MB for 6,001 heaps of 7 in kayles).
func TestMisereMovesCapped(t *testing.T) {
	heaps := make([]string, 6001)
	for i := range heaps {
		heaps[i] = "7"
	}
	for _, ruleset := range []string{"kayles", "grundy-game"} {
		start := time.Now()
		ans, err := Solve(context.Background(), SolveRequest{Ruleset: ruleset, Position: heaps, Misere: true}, CLI())
		if err != nil {
			t.Fatalf("%s: %v", ruleset, err)
		}
		var b strings.Builder
		if err := Encode(&b, ans); err != nil {
			t.Fatal(err)
		}
		s := b.String()
		if b.Len() > 8<<20 || !strings.Contains(s, `"winning_moves_complete":false`) || !strings.Contains(s, "winning moves in all; the first 64 are listed") {
			t.Errorf("%s misère on 6001 heaps of 7: %d bytes of JSON, %.300s…", ruleset, b.Len(), s)
		}
		t.Logf("%s: %d bytes in %v", ruleset, b.Len(), time.Since(start))
	}
}
