package play

import (
	"context"
	"strings"
	"testing"

	"grundy/query"
)

// TestRun plays nim 1 2: the person moves to 1 1 (a P-position, so a winning move), the engine
// answers, and the input ends; the moves are recorded and the text printed.
func TestRun(t *testing.T) {
	req := query.PlayRequest{Ruleset: "nim", Position: []string{"1", "2"}}
	var out strings.Builder
	st, err := Run(context.Background(), Game{Request: req, Limits: query.CLI(), Title: "nim", First: "me"},
		strings.NewReader("moves\n1 1\n"), &out)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Played) != 2 || st.Played[0].By != "you" || st.Played[1].By != "engine" {
		t.Fatalf("played %+v", st.Played)
	}
	for _, want := range []string{"#1", "You play: take 1 from heap 2", "I play:", "The input ended before the game did."} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("output lacks %q:\n%s", want, out.String())
		}
	}
	// With JSON an illegal move is the error, and nothing is printed.
	out.Reset()
	if _, err := Run(context.Background(), Game{Request: req, Limits: query.CLI(), First: "me", JSON: true},
		strings.NewReader("5 5\n"), &out); query.KindOf(err) != query.BadInput || out.Len() != 0 {
		t.Fatalf("illegal move with JSON: %v, output %q", err, out.String())
	}
}

// TestLongLine (issue 26, item 12): a line of input longer than the reader takes (64 KiB) is bad
// input (exit 2), naming the limit, not an internal failure ("token too long").
func TestLongLine(t *testing.T) {
	req := query.PlayRequest{Ruleset: "nim", Position: []string{"1", "2"}}
	var out strings.Builder
	_, err := Run(context.Background(), Game{Request: req, Limits: query.CLI(), First: "me"},
		strings.NewReader(strings.Repeat("1", 100_000)+"\n"), &out)
	if query.KindOf(err) != query.BadInput || !strings.Contains(err.Error(), "65536") {
		t.Fatalf("a line of 100,000 bytes: %v (%v)", err, query.KindOf(err))
	}
}
