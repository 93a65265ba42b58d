package web

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"grundy/octal"
)

// Small octal scans in the Sequences view (issue 23, "Complete"): each row is what the octal
// engine computes for that code alone to the same bound (period and preperiod, or "not found");
// the limits stand beside the boxes and are named when passed; Enter scans; a code's button
// computes it in the form above; at 400 px the table stays inside the screen.
func TestBrowserScan(t *testing.T) {
	ctx, _ := openPage(t, "sequences")
	var limits [2]string
	run(t, ctx, chromedp.Text("#scan-codes-limit", &limits[0]), chromedp.Text("#scan-to-limit", &limits[1]))
	if want := [2]string{"≤ 64 codes", "≤ 5000"}; limits != want {
		t.Errorf("limits beside the boxes %q, want %q", limits, want)
	}
	const pattern, to = "0.1?", 300
	var rows [][]string
	var status string
	run(t, ctx, edit("#scan-pattern", pattern), edit("#scan-to", strconv.Itoa(to)), chromedp.Focus("#scan-to"), chromedp.KeyEvent("\r"),
		waitText("#scan-status", "codes:", &status),
		jsEval(`Array.from(document.querySelectorAll("#scan-table tr")).slice(1).map((r) => Array.from(r.cells).map((c) => c.textContent))`, &rows))
	codes, err := octal.Expand(pattern, 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(codes) {
		t.Fatalf("%d rows for the %d codes of %s", len(rows), len(codes), pattern)
	}
	notFound := 0
	for i, c := range codes {
		res, err := octal.Compute(context.Background(), c, octal.Options{To: to})
		if err != nil {
			t.Fatal(err)
		}
		want := []string{c.String(), "not found", "—", "no", strconv.Itoa(res.ComputedTo), strconv.FormatUint(uint64(res.MaxValue), 10)}
		if res.Period > 0 {
			want[1], want[2] = strconv.Itoa(res.Period), strconv.Itoa(res.Preperiod)
		} else {
			notFound++
		}
		if res.Proved {
			want[3] = "yes"
		}
		if strings.Join(rows[i], "|") != strings.Join(want, "|") {
			t.Errorf("row %v, want %v (the engine's)", rows[i], want)
		}
	}
	if notFound == 0 || notFound == len(codes) || !strings.Contains(status, fmt.Sprintf("none found for %d", notFound)) {
		t.Errorf("status %q with %d of %d not found", status, notFound, len(codes))
	}
	// No view wider than a phone with the table shown.
	var got string
	run(t, ctx, chromedp.EmulateViewport(400, 800), jsEval(overflow, &got))
	if !strings.HasPrefix(got, "[0,") && !strings.HasPrefix(got, "[-") {
		t.Errorf("400 px: wider than the window by [px, widest element] %s", got)
	}
	run(t, ctx, chromedp.EmulateViewport(1100, 800))
	// A code's button computes it above: 0.07 is Dawson's Kayles, period 34.
	var summary string
	run(t, ctx, edit("#scan-pattern", "0.0?"), chromedp.Click("#scan-go"), chromedp.WaitVisible(`#scan-table tr[data-code="0.07"] button`),
		chromedp.Click(`#scan-table tr[data-code="0.07"] button`), waitText("#seq-summary", "period 34", &summary))
	// Over the limits: the page says so before asking, or the server names the limit.
	var msg string
	run(t, ctx, edit("#scan-to", "5001"), chromedp.Click("#scan-go"), waitText("#scan-error", "over the limit of 5000", &msg))
	run(t, ctx, edit("#scan-to", "100"), edit("#scan-pattern", "0.???"), chromedp.Click("#scan-go"), waitText("#scan-error", "the limit is 64", &msg))
	if n := countNodes(t, ctx, "#scan-table"); n != 0 {
		t.Errorf("an old table stays under the error")
	}
	run(t, ctx, edit("#scan-pattern", "0.9?"), chromedp.Click("#scan-go"), waitText("#scan-error", "9", &msg))
	// Codes that split a heap in three cost about N³: the answer says which N is within the limit.
	run(t, ctx, edit("#scan-pattern", "x0.?f"), edit("#scan-to", "5000"), chromedp.Click("#scan-go"), waitText("#scan-error", "is within the limit", &msg))
	if !strings.Contains(msg, "N ≤ ") || !strings.Contains(msg, "N³") {
		t.Errorf("x0.?f to 5000: %q", msg)
	}
}
