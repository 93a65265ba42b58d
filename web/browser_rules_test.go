package web

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"grundy/query"
)

// The rules text of /api/rules (issue 23, "Complete"): every ruleset, picked in Solve and play,
// and every one-heap ruleset, picked in Sequences, shows the catalogue's theory, numbering and
// limits beside its box, in a summary that opens from the keyboard.
func TestBrowserRulesText(t *testing.T) {
	ctx, _ := openPage(t, "play")
	cat, err := query.Rules(context.Background(), query.RulesRequest{}, query.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	oneHeap := 0
	for _, r := range cat.Rulesets {
		want := []string{"Theory: " + or(r.Theory, "—"), "Numbering: " + or(r.Indexing, "—"), "Limits: " + or(r.Limits, "none")}
		var solve, seq string
		run(t, ctx, chromedp.Click(`#tabs button[data-tab="play"]`), edit("#solve-ruleset", r.Name), jsEval(`document.getElementById("solve-rules").textContent`, &solve))
		for _, w := range want {
			if !strings.Contains(solve, w) {
				t.Errorf("Solve, %s: %q lacks %q", r.Name, solve, w)
			}
		}
		if !r.OneHeap {
			continue
		}
		oneHeap++
		run(t, ctx, chromedp.Click(`#tabs button[data-tab="sequences"]`), edit("#seq-ruleset", r.Name), jsEval(`document.getElementById("seq-rules").textContent`, &seq))
		for _, w := range want {
			if !strings.Contains(seq, w) {
				t.Errorf("Sequences, %s: %q lacks %q", r.Name, seq, w)
			}
		}
	}
	if oneHeap == 0 || len(cat.Rulesets) < 10 {
		t.Fatalf("%d rulesets, %d of one heap", len(cat.Rulesets), oneHeap)
	}
	// The summary opens with Enter.
	var open bool
	run(t, ctx, chromedp.Focus("#seq-rules summary"), chromedp.KeyEvent("\r"), jsEval(`document.getElementById("seq-rules").open`, &open))
	if !open {
		t.Errorf("Enter on the summary does not open the rules text")
	}
}

func or(s, otherwise string) string {
	if s == "" {
		return otherwise
	}
	return s
}
