package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

func TestBrowserScript(t *testing.T) {
	ctx, url := browser(t, Limits{})
	var msg, period string
	var cells []string
	src := "# Subtraction game S = {2, 5}\ndef moves(n):\n    return [n - k for k in [2, 5] if k <= n]\n"
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#scripts"),
		chromedp.WaitVisible(`body[data-ready="true"]`),
		chromedp.SetValue("#script-source", src),
		chromedp.SetValue("#script-to", "30"),
		chromedp.Click("#script-go"),
		waitText("#script-period", "period", &period),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#script-table tr:nth-child(even) td")).map(c => c.textContent)`, &cells),
	)
	if err != nil {
		t.Fatal(err)
	}
	want := subtractValues([]int{2, 5}, 30)
	if len(cells) != len(want) {
		t.Fatalf("%d values shown, want %d", len(cells), len(want))
	}
	for i, g := range want {
		if cells[i] != fmt.Sprint(g) {
			t.Fatalf("g(%d) shown as %q, want %d", i, cells[i], g)
		}
	}
	if !strings.HasPrefix(period, "period 7, preperiod 0 (apparent") {
		t.Fatalf("period line %q", period)
	}
	// A script error is shown with its place.
	err = chromedp.Run(ctx,
		chromedp.SetValue("#script-source", "def moves(n):\n    return n +\n"),
		chromedp.Click("#script-go"),
		waitText("#script-error", "script.star:", &msg),
	)
	if err != nil {
		t.Fatal(err)
	}
}
