package web

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"grundy/rules"
)

func TestBrowserSolve(t *testing.T) {
	ctx, url := browser(t, Limits{})
	var outcome, value string
	var rows []string
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#play"),
		chromedp.WaitVisible(`body[data-ready="true"]`),
		chromedp.SetValue("#solve-ruleset", "nim"),
		chromedp.Evaluate(`onSolveRuleset()`, nil),
		chromedp.SetValue("#solve-position", "3 4 5"),
		chromedp.Click("#solve-go"),
		chromedp.WaitVisible("#solve-outcome"),
		chromedp.Text("#solve-outcome", &outcome),
		chromedp.Text("#solve-value", &value),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#solve-moves tr")).slice(1).map(r => r.cells[0].textContent + " -> " + r.cells[1].textContent)`, &rows),
	)
	if err != nil {
		t.Fatal(err)
	}
	want, err := librarySolve(context.Background(), "nim", nil, []string{"3", "4", "5"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(outcome, want.Outcome+":") || value != "Grundy value 2" || *want.Value != 2 {
		t.Fatalf("shown %q, %q; library says %s, %d", outcome, value, want.Outcome, *want.Value)
	}
	if len(rows) != len(want.WinningMoves) || len(rows) == 0 {
		t.Fatalf("shown %d winning moves, library %d", len(rows), len(want.WinningMoves))
	}
	for i, m := range want.WinningMoves {
		if w := m.Move + " -> " + strings.Join(m.To, " "); rows[i] != w {
			t.Fatalf("row %d: %q, want %q", i, rows[i], w)
		}
	}
	// Bad input shows the library's message.
	var msg string
	err = chromedp.Run(ctx,
		chromedp.SetValue("#solve-position", "3 x 5"),
		chromedp.Click("#solve-go"),
		waitText("#solve-error", "heap 2", &msg),
	)
	if err != nil {
		t.Fatal(err)
	}
}

// playToEnd starts a game of the ruleset from pos and plays until it ends: with the hint's move
// when follow is set, else the first listed move. It returns the final status and how many moves
// the person made.
func playToEnd(t *testing.T, ctx context.Context, ruleset, pos string, follow bool) (string, int) {
	t.Helper()
	err := chromedp.Run(ctx,
		chromedp.SetValue("#solve-ruleset", ruleset),
		chromedp.Evaluate(`onSolveRuleset()`, nil),
		chromedp.SetValue("#solve-position", pos),
		chromedp.Click("#play-start"),
		chromedp.WaitVisible("#game-status"),
	)
	if err != nil {
		t.Fatal(err)
	}
	for moves := 0; moves < 200; moves++ {
		var result string
		err := chromedp.Run(ctx, poll(`(() => { const s = document.getElementById("game-status"); return game.busy || s.dataset.result === "starting" ? null : s.dataset.result === "" ? "turn" : s.dataset.result; })()`, &result))
		if err != nil {
			t.Fatal(err)
		}
		if result != "turn" {
			var status string
			chromedp.Run(ctx, chromedp.Text("#game-status", &status))
			return result + ": " + status, moves
		}
		sel := `#move-list button[data-move="0"]`
		if follow {
			if err := chromedp.Run(ctx, chromedp.Click("#hint")); err != nil {
				t.Fatal(err)
			}
			sel = "#move-list button.hinted"
		}
		if err := chromedp.Run(ctx, chromedp.Click(sel)); err != nil {
			t.Fatal(err)
		}
		// Wait for the answer to arrive (the history grows by the person's move at least).
		if err := chromedp.Run(ctx, poll(`game.busy === false`, nil)); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("the game did not end in 200 moves")
	return "", 0
}

func TestBrowserPlayToTheEnd(t *testing.T) {
	ctx, url := browser(t, Limits{})
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/#play"), chromedp.WaitVisible(`body[data-ready="true"]`)); err != nil {
		t.Fatal(err)
	}
	// From an N-position, following the hints wins.
	status, n := playToEnd(t, ctx, "nim", "2 3 6", true)
	if !strings.HasPrefix(status, "you-win") || n == 0 {
		t.Fatalf("following the hints from nim 2 3 6: %q after %d moves", status, n)
	}
	// Coins: Turning Turtles from heads 1 4 7 (numbered from 1); the strip shows them, and the hints
	// win.
	var heads []string
	err := chromedp.Run(ctx,
		chromedp.SetValue("#solve-ruleset", "turtles"),
		chromedp.Evaluate(`onSolveRuleset()`, nil),
		chromedp.SetValue("#solve-position", "1 4 7"),
		chromedp.Click("#play-start"),
		waitText("#game-status", "Your move", new(string)),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#board .coin.heads")).map(c => c.textContent)`, &heads),
	)
	if err != nil {
		t.Fatal(err)
	}
	var first0 string
	chromedp.Run(ctx, chromedp.Text("#board .coin:first-child", &first0))
	if strings.Join(heads, " ") != "1 4 7" || first0 != "1" {
		t.Fatalf("coin strip: heads %v, first coin %q", heads, first0)
	}
	status, n = playToEnd(t, ctx, "turtles", "1 4 7", true)
	if !strings.HasPrefix(status, "you-win") || n == 0 {
		t.Fatalf("following the hints from turtles 1 4 7: %q after %d moves", status, n)
	}
	// 2-D coins: Acrostic Twins from heads at 1,2 and 3,4, drawn as a grid; follow the hints.
	var gridHeads []string
	err = chromedp.Run(ctx,
		chromedp.SetValue("#solve-ruleset", "acrostic"),
		chromedp.Evaluate(`onSolveRuleset()`, nil),
		chromedp.SetValue("#solve-position", "1,2 3,4"),
		chromedp.Click("#play-start"),
		waitText("#game-status", "Your move", new(string)),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#board .board-grid .cell.heads")).map(c => c.title)`, &gridHeads),
	)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(gridHeads, " ") != "1,2 3,4" {
		t.Fatalf("grid heads %v", gridHeads)
	}
	// From a P-position the engine wins whatever the person does.
	status, _ = playToEnd(t, ctx, "nim", "1 2 3", false)
	if !strings.HasPrefix(status, "engine-wins") {
		t.Fatalf("nim 1 2 3: %q", status)
	}
	var hist int
	var position string
	// Undo after the end: back to the person's last turn.
	err = chromedp.Run(ctx,
		chromedp.Evaluate(`document.getElementById("history").children.length`, &hist),
		chromedp.Click("#undo"),
		waitText("#game-status", "Your move", new(string)),
	)
	if err != nil {
		t.Fatal(err)
	}
	var after int
	chromedp.Run(ctx, chromedp.Evaluate(`document.getElementById("history").children.length`, &after))
	if after >= hist {
		t.Fatalf("undo left %d history lines of %d", after, hist)
	}
	// Click a counter: misère nim 1 1 4, leave 1 in heap 3 (the winning move of misère play).
	err = chromedp.Run(ctx,
		chromedp.SetValue("#solve-ruleset", "misere-nim"),
		chromedp.Evaluate(`onSolveRuleset()`, nil),
		chromedp.SetValue("#solve-position", "1 1 4"),
		chromedp.Click("#play-start"),
		waitText("#game-status", "Your move", new(string)),
		chromedp.Click(`#board button[data-heap="2"][data-leave="1"]`),
		poll(`game.busy === false && document.querySelectorAll("#history li").length >= 2 ? true : null`, nil),
		chromedp.Text("#game-position", &position),
	)
	if err != nil {
		t.Fatal(err)
	}
	var first string
	chromedp.Run(ctx, chromedp.Text("#history li:first-child", &first))
	rs, err := rules.New("misere-nim", nil)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := rs.Parse([]string{"1", "1", "4"})
	var want string
	for m := range rs.Moves(p) {
		if strings.Join(rs.Args(m.To), " ") == "1 1 1" {
			want = "you: " + m.Text
		}
	}
	if first != want || want == "" {
		t.Fatalf("after clicking the counter, history starts %q, want %q", first, want)
	}
}
