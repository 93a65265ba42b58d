package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"grundy/query"
)

// Issue 23, item 5: one statement of each limit. The sequences a page computes and the positions
// it solves agree: a heap Sequences reaches (Grundy's game to max_seq) is one Solve takes, and the
// page states the bound of each, beside its box and in the footer, as /api/info serves it.
func TestBrowserLimitsAgree(t *testing.T) {
	ctx, _ := openPage(t, "play")
	var info struct {
		MaxSeq   int `json:"max_seq"`
		MaxOctal int `json:"max_octal_heap"`
	}
	var footer, limits, outcome, errText string
	pos := fmt.Sprintf("7 8 %d", query.Web(0).MaxSeq)
	run(t, ctx, chromedp.Evaluate(`import("./js/api.js").then((m) => m.api("/api/info")).then((i) => i.limits)`, &info, awaitPromise),
		chromedp.Text("#limits", &footer),
		edit("#solve-ruleset", "grundy-game"), chromedp.Text("#solve-limits", &limits),
		edit("#solve-position", pos), chromedp.Click("#solve-go"),
		poll(`document.getElementById("solve-outcome") || document.getElementById("solve-error").textContent ? true : null`, nil),
		jsEval(`(document.getElementById("solve-outcome") || {}).textContent || ""`, &outcome),
		chromedp.Text("#solve-error", &errText))
	maxSeq, maxOctal := info.MaxSeq, info.MaxOctal
	if maxOctal != query.MaxOctalHeap || maxOctal < maxSeq {
		t.Errorf("/api/info: max_octal_heap %d, max_seq %d: Solve must take every heap Sequences computes (query.MaxOctalHeap = %d)", maxOctal, maxSeq, query.MaxOctalHeap)
	}
	if !strings.Contains(limits, fmt.Sprint(maxOctal)) || !strings.Contains(footer, fmt.Sprint(maxOctal)) {
		t.Errorf("Grundy's game's bound %d is not stated: beside the position %q, footer %q", maxOctal, limits, footer)
	}
	if errText != "" || outcome == "" {
		t.Errorf("grundy-game %s: outcome %q, error %q", pos, outcome, errText)
	}
}
