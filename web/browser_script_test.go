package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

func TestBrowserScript(t *testing.T) {
	ctx, url := browser(t, Limits{})
	var out, msg string
	src := "# Subtraction game S = {2, 5}\ndef moves(n):\n    return [n - k for k in [2, 5] if k <= n]\n"
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#scripts"),
		chromedp.WaitVisible(`body[data-ready="true"]`),
		chromedp.SetValue("#script-source", src),
		chromedp.SetValue("#script-to", "30"),
		chromedp.Click("#script-go"),
		waitText("#script-result", "g(30)", &out),
	)
	if err != nil {
		t.Fatal(err)
	}
	want := subtractValues([]int{2, 5}, 30)
	lines := strings.Split(out, "\n")
	for i, g := range want {
		if lines[i] != fmt.Sprintf("g(%d) = %d", i, g) {
			t.Fatalf("line %d: %q, want g(%d) = %d", i, lines[i], i, g)
		}
	}
	if !strings.Contains(out, "period 7, preperiod 0 (not proved)") {
		t.Fatalf("no period line in %q", out)
	}
	screenshot(t, ctx, "scripts")
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
