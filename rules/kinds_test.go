package rules

import (
	"fmt"
	"strings"
	"testing"
)

// TestKinds: every ruleset states its play, its board and its first index, and they agree with
// its position syntax and numbering as written for people.
func TestKinds(t *testing.T) {
	for _, in := range Catalogue() {
		switch in.Play {
		case PlayNormal, PlayMisere, PlayScored:
		default:
			t.Errorf("%s: play %q", in.Name, in.Play)
		}
		var want Board
		switch {
		case strings.Contains(in.Position, "heap size"):
			want = BoardHeaps
		case strings.HasPrefix(in.Position, "the indices of the heads-up coins"):
			want = BoardCoins
		case strings.Contains(in.Position, "x,y pairs"):
			want = BoardGrid
		default:
			want = BoardText
		}
		if in.Board != want {
			t.Errorf("%s: board %q; its position syntax %q says %q", in.Name, in.Board, in.Position, want)
		}
		if in.FirstIndex != 0 && in.FirstIndex != 1 {
			t.Errorf("%s: first index %d", in.Name, in.FirstIndex)
		}
		for _, what := range []string{"heaps", "coins", "steps", "cells", "boxes", "bottles", "coordinates"} {
			for _, base := range []int{0, 1} {
				if strings.HasPrefix(in.Indexing, fmt.Sprintf("%s are numbered from %d", what, base)) && in.FirstIndex != base {
					t.Errorf("%s: first index %d; its numbering says %q", in.Name, in.FirstIndex, in.Indexing)
				}
			}
		}
	}
}
