package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Issue 23, a teacher's tool: a misère answer shows the product in the quotient. Deciding a sum
// in the Misère view shows the quotient's presentation and the sum as the product of its heaps'
// elements, step by step, each product in or out of the P-portion: for 0.75, 1 2 5 5 7 60 is
// a · b · c · c · c · b = b² (heap 60 acting as heap 8, by the whole game's period), in the
// P-portion {a, b²}: P. Solve and play with misère ticked, and a script's heap game in Scripts,
// show the same.
func TestBrowserMisereWhy(t *testing.T) {
	ctx, _ := openPage(t, "misere")
	var rows []string
	var quotient, product string
	run(t, ctx, edit("#misere-game", "0.75"), edit("#misere-max", "100"), chromedp.Click("#misere-go"),
		chromedp.WaitVisible("#misere-pretending"),
		edit("#misere-sum", "1 2 5 5 7 60"), chromedp.Click("#misere-solve"),
		chromedp.WaitVisible("#misere-quotient-steps"),
		jsEval(`[...document.querySelectorAll("#misere-quotient-steps tr")].slice(1).map((r) => [...r.cells].map((c) => c.textContent).join("|"))`, &rows),
		chromedp.Text("#misere-quotient-why", &quotient), chromedp.Text("#misere-quotient-product", &product))
	want := []string{"1|a|a|yes", "2|b|ab|no", "5|c|b|no", "5|c|ab|no", "7|c|b|no", "60 (acts as 8)|b|b²|yes"}
	if strings.Join(rows, "\n") != strings.Join(want, "\n") {
		t.Errorf("steps:\n%s\nwant:\n%s", strings.Join(rows, "\n"), strings.Join(want, "\n"))
	}
	for _, w := range []string{"a² = 1", "bc = ab", "a = heap 1", "c = heap 5", "P-portion {a, b²}"} {
		if !strings.Contains(quotient, w) {
			t.Errorf("the quotient's presentation %q lacks %q", quotient, w)
		}
	}
	if product != "a · b · c · c · c · b = b², in the P-portion: P" {
		t.Errorf("product %q", product)
	}
	// An N-position: Kayles 3 4 is ab · a = b, not in the P-portion {a, b²}.
	run(t, ctx, edit("#misere-game", "kayles"), edit("#misere-max", "12"), chromedp.Click("#misere-go"),
		chromedp.WaitVisible("#misere-pretending"), edit("#misere-sum", "3 4"), chromedp.Click("#misere-solve"),
		waitText("#misere-quotient-product", "= b,", &product))
	if product != "ab · a = b, not in the P-portion: N" {
		t.Errorf("kayles 3 4: %q", product)
	}
	// The same why in Solve and play with misère ticked, and for a script's heap game in Scripts.
	var solveProduct, scriptProduct string
	run(t, ctx, chromedp.Click(`#tabs button[data-tab="play"]`), edit("#solve-ruleset", "kayles"), edit("#solve-position", "3 4"),
		tick("#solve-misere", true), chromedp.Click("#solve-go"),
		chromedp.WaitVisible("#solve-quotient-product"), chromedp.Text("#solve-quotient-product", &solveProduct),
		chromedp.Click(`#tabs button[data-tab="scripts"]`), chromedp.SetValue("#script-source", readExample(t, "kayles-heaps.star")),
		edit("#script-position", "4 6"), tick("#script-misere", true), tick("#script-loopy", false), chromedp.Click("#script-solve"),
		chromedp.WaitVisible("#script-solve-quotient-product"), chromedp.Text("#script-solve-quotient-product", &scriptProduct))
	if solveProduct != "ab · a = b, not in the P-portion: N" {
		t.Errorf("Solve, misère kayles 3 4: %q", solveProduct)
	}
	if scriptProduct != "a · ab = b, not in the P-portion: N" {
		t.Errorf("Scripts, misère kayles-heaps.star 4 6: %q", scriptProduct)
	}
}
