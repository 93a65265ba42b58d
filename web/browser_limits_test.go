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

// Issue 23, item 5: a quotient the page has shown decides any sum it covers. Lasker's Nim's
// quotient to heap 60 (no periodicity theorem proves a ruleset's whole quotient) decides
// 1 2 5 5 7 60 through the quotient, as the page shows it; before, the sum was refused as needing
// a search through more than 32 MiB.
func TestBrowserShownQuotientDecides(t *testing.T) {
	ctx, _ := openPage(t, "misere")
	var outcome, errText, product string
	run(t, ctx, edit("#misere-game", "lasker"), edit("#misere-max", "60"), chromedp.Click("#misere-go"),
		chromedp.WaitVisible("#misere-pretending"),
		edit("#misere-sum", "1 2 5 5 7 60"), chromedp.Click("#misere-solve"),
		poll(`document.getElementById("misere-outcome") || document.getElementById("misere-solve-error").textContent ? true : null`, nil),
		jsEval(`(document.getElementById("misere-outcome") || {}).textContent || ""`, &outcome),
		jsEval(`(document.getElementById("misere-quotient-product") || {}).textContent || ""`, &product),
		chromedp.Text("#misere-solve-error", &errText))
	if errText != "" || outcome == "" || !strings.Contains(product, "P-portion") {
		t.Errorf("lasker 1 2 5 5 7 60 under its quotient to 60: outcome %q, product %q, error %q", outcome, product, errText)
	}
}
