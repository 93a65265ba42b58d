package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// finding is one finding as the guess panel shows it.
type finding struct {
	Status string `json:"status"`
	Kind   string `json:"kind"`
	Key    string `json:"key"`
	Text   string `json:"text"`
}

// findingsOf reads the findings of the guess panel id, in the order shown.
func findingsOf(id string, out *[]finding) chromedp.Action {
	return chromedp.Evaluate(`Array.from(document.querySelectorAll("#`+id+`-findings > li")).map(li =>
		({status: li.dataset.status, kind: li.dataset.kind, key: li.dataset.key, text: li.textContent}))`, out)
}

// guessRun clicks the Find button of the guess panel id and waits for its answer or its error,
// which it returns in errText.
func guessRun(id string, errText *string) chromedp.Action {
	return chromedp.Tasks{
		chromedp.Click("#" + id + "-go"),
		poll(`(() => { const go = document.querySelector("#`+id+`-go"), r = document.querySelector("#`+id+`-result");
			return !go.disabled && r.textContent !== "…" })()`, nil),
		chromedp.Text("#"+id+"-error", errText, chromedp.ByQuery, chromedp.AtLeast(0)),
	}
}

// TestBrowserGuess: the guess panel of the Sequences view finds Kayles' period proved by the
// octal periodicity theorem, with the range checked; the Scripts view's panel finds a script's
// rule as a conjecture (the powers-of-two game is n mod 3), Turning Corners as a table x⊗y, and
// says when there is no rule (subtract-a-square) without inventing one.
func TestBrowserGuess(t *testing.T) {
	ctx, url := browser(t, Limits{})
	var seq, pow, corners []finding
	var none string
	var e1, e2, e3, e4 string
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#sequences"),
		chromedp.WaitVisible(`body[data-ready="true"]`),
		chromedp.Click(`input[name=seq-kind][value=code]`),
		chromedp.SetValue("#seq-code", "0.77"),
		chromedp.SetValue("#seq-to", "300"),
		guessRun("seq-guess", &e1),
		findingsOf("seq-guess", &seq),
	)
	if err != nil {
		t.Fatal(err)
	}
	// To 40 the period's first pair (71, 83) lies past the values: the engine's own values checked it.
	var short []finding
	var e0 string
	if err := chromedp.Run(ctx, chromedp.SetValue("#seq-to", "40"), guessRun("seq-guess", &e0), findingsOf("seq-guess", &short),
		chromedp.SetValue("#seq-to", "300"), guessRun("seq-guess", &e1), findingsOf("seq-guess", &seq)); err != nil {
		t.Fatal(err)
	}
	if e0 != "" || len(short) == 0 || short[0].Key != "period 12 from 71" ||
		!strings.Contains(short[0].Text, "by the octal engine (its values equal those given on 0..40)") || strings.Contains(short[0].Text, "71..40") {
		t.Errorf("sequences, 0.77 to 40: %q %+v", e0, short)
	}
	if e1 != "" {
		t.Errorf("sequences: error shown: %s", e1)
	}
	if len(seq) == 0 || seq[0].Status != "proved" || seq[0].Key != "period 12 from 71" ||
		!strings.Contains(seq[0].Text, "octal periodicity theorem") || !strings.Contains(seq[0].Text, "checked on 71..300") {
		t.Errorf("sequences, 0.77: %+v", seq)
	}
	screenshot(t, ctx, "guess-sequences")

	pows := readExample(t, "powers-of-two.star")
	err = chromedp.Run(ctx,
		chromedp.Click(`#tabs button[data-tab="scripts"]`),
		chromedp.SetValue("#script-source", pows),
		chromedp.SetValue("#script-guess-to", "300"),
		guessRun("script-guess", &e2),
		findingsOf("script-guess", &pow),
		chromedp.SetValue("#script-source", readExample(t, "corners.star")),
		chromedp.SetValue("#script-guess-heaps", "2"),
		chromedp.SetValue("#script-guess-to", "8"),
		guessRun("script-guess", &e3),
		findingsOf("script-guess", &corners),
		chromedp.SetValue("#script-source", readExample(t, "subtract-square.star")),
		chromedp.SetValue("#script-guess-heaps", "1"),
		chromedp.SetValue("#script-guess-to", "500"),
		guessRun("script-guess", &e4),
		chromedp.Text("#script-guess-result", &none),
	)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range []string{e1, e2, e3, e4} {
		if e != "" {
			t.Errorf("request %d: error shown: %s", i+1, e)
		}
	}
	if !strings.Contains(none, "No rule found") {
		t.Errorf("subtract-a-square: %q", none)
	}
	if len(pow) == 0 || pow[0].Key != "n mod 3" || pow[0].Status != "conjecture" || !strings.Contains(pow[0].Text, "checked on 0..300") {
		t.Errorf("scripts, powers of two: %+v", pow)
	}
	found := false
	for _, f := range corners {
		if f.Status != "conjecture" {
			t.Errorf("scripts, corners: a script's finding %+v", f)
		}
		found = found || f.Kind == "product" && f.Key == "x⊗y"
	}
	if !found {
		t.Errorf("scripts, corners: %+v", corners)
	}
	var shown int
	if err := chromedp.Run(ctx, chromedp.Evaluate(`document.querySelectorAll("#script-guess-findings > li").length`, &shown)); err != nil {
		t.Fatal(err)
	}
	if shown != 0 {
		t.Errorf("subtract-a-square: %d findings shown", shown)
	}
}
