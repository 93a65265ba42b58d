package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserLoopy: the scripts view with a game with cycles (Square-But-One): the table of loopy
// values, a sum solved from its components' values, and a drawn game against the engine ending in
// a declared draw by the repetition rule.
func TestBrowserLoopy(t *testing.T) {
	ctx, url := browser(t, Limits{})
	src := "def moves(n):\n    opts = [n + 1] if n > 0 and n % 2 == 0 else []\n    k = 1\n    while k * k <= n:\n        opts.append(n - k * k)\n        k += 1\n    return opts\n"
	var period, value, comps, status, result string
	var cells []string
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#scripts"),
		chromedp.WaitVisible(`body[data-ready="true"]`),
		chromedp.SetValue("#script-source", src),
		chromedp.SetValue("#script-to", "9"),
		chromedp.Click("#script-table-loopy"),
		chromedp.Click("#script-go"),
		waitText("#script-period", "period", &period),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#script-table tr:nth-child(3n+2) td")).map(c => c.textContent)`, &cells),
	)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(cells, " "); got != "0 1 ∞{1} ∞{} ∞{0} 0 ∞{0} ∞{} ∞{} ∞{0}" {
		t.Fatalf("loopy values shown: %q", got)
	}
	err = chromedp.Run(ctx,
		chromedp.SetValue("#script-position", "1 2"),
		chromedp.Click("#script-loopy"),
		chromedp.Click("#script-solve"),
		waitText("#script-solve-value", "loopy value ∞{0}", &value),
		chromedp.Text("#script-solve-components", &comps),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(comps, "1 + ∞{1}") {
		t.Fatalf("components: %q", comps)
	}
	// 2 + 4 is a draw: the person always plays the first move, the engine keeps the draw, and the
	// position 2 + 4 comes back to the person a third time.
	err = chromedp.Run(ctx,
		chromedp.SetValue("#script-position", "2 4"),
		chromedp.Click("#script-play"),
		chromedp.WaitVisible(`#script-move-list button[data-move="0"]`),
		chromedp.Click(`#script-move-list button[data-move="0"]`),
		poll(`document.querySelectorAll("#script-history li").length >= 2`, nil),
		chromedp.WaitVisible(`#script-move-list button[data-move="0"]`),
		chromedp.Click(`#script-move-list button[data-move="0"]`),
		waitText("#script-game-status", "a draw", &status),
		chromedp.Evaluate(`document.querySelector("#script-game-status").dataset.result`, &result),
	)
	if err != nil {
		t.Fatal(err)
	}
	if result != "draw" {
		t.Fatalf("status %q (%s)", status, result)
	}
}

// TestBrowserLoopyRuleset: a ruleset with cycles in the solve-and-play view: square-but-one 2 + 4,
// solved (a draw kept by every move) and played to a declared draw.
func TestBrowserLoopyRuleset(t *testing.T) {
	ctx, url := browser(t, Limits{})
	var value, outcome, drawing, status string
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#play"),
		chromedp.WaitVisible(`body[data-ready="true"]`),
		chromedp.SetValue("#solve-ruleset", "square-but-one"),
		chromedp.Evaluate(`onSolveRuleset()`, nil),
		chromedp.SetValue("#solve-position", "2 4"),
		chromedp.Click("#solve-go"),
		waitText("#solve-value", "loopy value ∞{}", &value),
		chromedp.Text("#solve-outcome", &outcome),
		chromedp.Text("#solve-drawing", &drawing),
		chromedp.Click("#play-start"),
		chromedp.WaitVisible(`#move-list button[data-move="0"]`),
		chromedp.Click(`#move-list button[data-move="0"]`),
		poll(`document.querySelectorAll("#history li").length >= 2`, nil),
		chromedp.WaitVisible(`#move-list button[data-move="0"]`),
		chromedp.Click(`#move-list button[data-move="0"]`),
		waitText("#game-status", "a draw", &status),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(outcome, "D:") || !strings.Contains(drawing, "heap 1: add 1, 2 -> 3") {
		t.Fatalf("solve view: %q, %q", outcome, drawing)
	}
}

// TestBrowserLoopySequence: the sequences view with a ruleset with cycles shows its loopy values,
// the infinite ones marked, and the outcomes.
func TestBrowserLoopySequence(t *testing.T) {
	ctx, url := browser(t, Limits{})
	var summary, values string
	var marked bool
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#sequences"),
		chromedp.WaitVisible(`body[data-ready="true"]`),
		chromedp.SetValue("#seq-ruleset", "square-but-one"),
		chromedp.Evaluate(`document.getElementById("seq-ruleset").dispatchEvent(new Event("change"))`, nil),
		chromedp.SetValue("#seq-to", "9"),
		chromedp.Click("#seq-go"),
		waitText("#seq-summary", "outcomes PNDDNPNDDN", &summary),
		chromedp.Text("#seq-values", &values),
		chromedp.Evaluate(`document.querySelector('#seq-plot [data-role="infinite"]') !== null`, &marked),
	)
	if err != nil {
		t.Fatal(err)
	}
	if values != "0 1 ∞{1} ∞{} ∞{0} 0 ∞{0} ∞{} ∞{} ∞{0}" || !marked {
		t.Fatalf("values %q, ∞ marked %v", values, marked)
	}
}
