package web

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"grundy/octal"
)

// waitText polls until the text of sel contains want, and stores the text in got.
func waitText(sel, want string, got *string) chromedp.Action {
	return poll(fmt.Sprintf(`(() => { const e = document.querySelector(%q); return e && e.textContent.includes(%q) ? e.textContent : null; })()`, sel, want), got)
}

func TestBrowserSequence(t *testing.T) {
	ctx, url := browser(t, Limits{})
	var summary, points, csv string
	var band, pre bool
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#sequences"),
		chromedp.WaitVisible(`body[data-ready="true"]`),
		chromedp.Click(`input[name=seq-kind][value=code]`),
		chromedp.SetValue("#seq-code", "0.77"),
		chromedp.SetValue("#seq-to", "300"),
		chromedp.Click("#seq-go"),
		waitText("#seq-status", "done", new(string)),
		chromedp.Text("#seq-summary", &summary),
		chromedp.AttributeValue("#seq-plot", "data-points", &points, nil),
		chromedp.Evaluate(`!!document.querySelector('#seq-plot [data-role="period-band"]')`, &band),
		chromedp.Evaluate(`!!document.querySelector('#seq-plot [data-role="preperiod"]')`, &pre),
		chromedp.Evaluate(`fetch(document.getElementById("seq-csv").href).then(r => r.text())`, &csv,
			func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }),
	)
	if err != nil {
		t.Fatal(err)
	}
	res, err := octal.Compute(context.Background(), octal.MustParse("0.77"), octal.Options{To: 300})
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("g(0) … g(300): computed to g(%d), the rest from the proved period; period %d, preperiod %d, proved.", res.ComputedTo, res.Period, res.Preperiod)
	if summary != want || !res.Proved {
		t.Fatalf("summary %q, want %q", summary, want)
	}
	if points != "301" || !band || !pre {
		t.Fatalf("plot: %s points, period band %v, preperiod mark %v", points, band, pre)
	}
	lines := strings.Split(strings.TrimSpace(csv), "\n")
	if len(lines) != 302 || lines[0] != "n,g" {
		t.Fatalf("CSV has %d lines, first %q", len(lines), lines[0])
	}
	for n := range 301 {
		v, _ := res.Value(n)
		if lines[n+1] != fmt.Sprintf("%d,%d", n, v) {
			t.Fatalf("CSV line %d: %q, want %d,%d", n+1, lines[n+1], n, v)
		}
	}
}

// A one-heap ruleset of the catalogue, with its flag.
func TestBrowserSequenceRuleset(t *testing.T) {
	ctx, url := browser(t, Limits{})
	var summary string
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#sequences"),
		chromedp.WaitVisible(`body[data-ready="true"]`),
		chromedp.SetValue("#seq-ruleset", "subtract"),
		chromedp.Evaluate(`document.getElementById("seq-ruleset").dispatchEvent(new Event("change"))`, nil),
		chromedp.SetValue(`#seq-flags select[data-choice="rule"]`, "set"),
		chromedp.SetValue(`#seq-flags input[data-choice-value="rule"]`, "1,3,4"),
		chromedp.SetValue("#seq-to", "100"),
		chromedp.Click("#seq-go"),
		waitText("#seq-status", "done", new(string)),
		chromedp.Text("#seq-summary", &summary),
	)
	if err != nil {
		t.Fatal(err)
	}
	want, err := librarySeq(context.Background(), "subtract", map[string]string{"set": "1,3,4"}, 100, false)
	if err != nil {
		t.Fatal(err)
	}
	if w := fmt.Sprintf("g(0) … g(100) computed; period %d, preperiod %d, proved.", *want.Period, *want.Preperiod); summary != w || !want.Proved {
		t.Fatalf("summary %q, want %q", summary, w)
	}
}

// The progress bar moves while a long sequence is computed (0.0667, 80,000 heaps by the quadratic
// method: long enough, even on a quiet machine, for the bar to be seen part-way; Grundy's game to
// 100,000 heaps, 0.1 s once the rare splits were marked by blocks, no longer was). Under the race
// detector, which makes the quadratic loop some 200 times slower, 12,000 heaps last seconds (80,000
// took minutes there on a loaded machine and ran into the tab's deadline).
func TestBrowserSequenceProgress(t *testing.T) {
	to := 80000
	if raceBuild {
		to = 12000
	} else if onSite(t) { // in WebAssembly, about as slow (BENCHMARKS.md)
		to = 30000
	}
	ctx, url := browser(t, Limits{Budget: 3 * time.Minute})
	var mid []any
	var summary string
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#sequences"),
		chromedp.WaitVisible(`body[data-ready="true"]`),
		chromedp.Click(`input[name=seq-kind][value=code]`),
		chromedp.SetValue("#seq-code", "0.0667"),
		chromedp.SetValue("#seq-to", strconv.Itoa(to)),
		chromedp.Click("#seq-go"),
		// The bar part-way and the status line, read at the same moment.
		poll(`(() => { const v = document.getElementById("seq-progress").value; return v > 0 && v < 1 ? [v, document.getElementById("seq-status").textContent] : null; })()`, &mid),
		waitText("#seq-status", "done", new(string)),
		chromedp.Text("#seq-summary", &summary),
	)
	if err != nil {
		t.Fatal(err)
	}
	if status, _ := mid[1].(string); !strings.Contains(status, fmt.Sprintf("of %d values computed", to+1)) {
		t.Fatalf("status during the run: %q (bar at %v)", status, mid[0])
	}
	if !strings.HasPrefix(summary, fmt.Sprintf("g(0) … g(%d) computed;", to)) {
		t.Fatalf("summary %q", summary)
	}
}

// A long sequence is plotted: a million values (Math.max(...values) once overflowed the call's
// argument limit past about 10^5 and the page never said "done"), one mark per pixel column and row.
func TestBrowserSequenceLong(t *testing.T) {
	ctx, url := browser(t, Limits{Budget: 3 * time.Minute, MaxSeq: 1_000_000})
	var summary, points, marks string
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#sequences"),
		chromedp.WaitVisible(`body[data-ready="true"]`),
		chromedp.Click(`input[name=seq-kind][value=code]`),
		chromedp.SetValue("#seq-code", "grundy"),
		chromedp.SetValue("#seq-to", "1000000"),
		chromedp.Click("#seq-go"),
		waitText("#seq-status", "done", new(string)),
		chromedp.Text("#seq-summary", &summary),
		chromedp.AttributeValue(`#seq-plot`, "data-points", &points, nil),
		chromedp.Evaluate(`String(document.querySelector('#seq-plot path[data-role=values]').getAttribute("d").split("M").length - 1)`, &marks),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(summary, "g(0) … g(1000000) computed;") || points != "1000001" {
		t.Fatalf("summary %q, %s points", summary, points)
	}
	// Grundy's game's values to 10^6 reach 231: many rows, but far fewer marks than heaps.
	if m, _ := strconv.Atoi(marks); m < 1000 || m > 300_000 {
		t.Fatalf("%s marks for 10^6 heaps", marks)
	}
}
