package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The misère view's worked example (0.75, heaps ≤ 12: the 8-element quotient) and a Kayles sum
// decided through its quotient.
func TestBrowserMisere(t *testing.T) {
	ctx, url := browser(t, Limits{})
	var facts, cells, outcome, moves, ids string
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#misere"),
		chromedp.WaitVisible(`body[data-ready="true"]`),
		waitText("#misere-result", "a² = 1, bc = ab, b³ = b, c² = b²", &facts),
		chromedp.Evaluate(`document.querySelectorAll("#misere-table td").length + ""`, &cells),
		chromedp.Text("#misere-idempotents", &ids),
		chromedp.SetValue("#misere-game", "kayles"),
		chromedp.SetValue("#misere-max", "9"),
		chromedp.Click("#misere-go"),
		waitText("#misere-result", "18, ", new(string)),
		chromedp.SetValue("#misere-sum", "1 4"),
		chromedp.Click("#misere-solve"),
		waitText("#misere-solve-result", "quotient of 0.77", &moves),
		chromedp.Text("#misere-outcome", &outcome),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(facts, "8, 2") || cells != "64" || ids != "{1, b²}" {
		t.Errorf("0.75: %q, %s table cells, idempotents %s", facts, cells, ids)
	}
	if !strings.HasPrefix(outcome, "N") || !strings.Contains(moves, "→ 4") {
		t.Errorf("kayles 1 4: %q, %q", outcome, moves)
	}
}
