package web

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// countWorkers wraps the page's Worker so that a test can count the workers started and
// terminated (window.workers), installed before the page's own scripts run.
const countWorkers = `window.workers = { started: 0, terminated: 0 };
(() => {
	const W = window.Worker;
	window.Worker = class extends W {
		constructor(...args) { super(...args); window.workers.started++; }
		terminate() { window.workers.terminated++; super.terminate(); }
	};
})();`

// Issue 23 (a long sequence can be cancelled), on the static site: the engine computes in one
// goroutine of a Web Worker and cannot be told to stop, so Cancel terminates that worker and a
// fresh one takes its place. The time budget is long (a minute): before, the cancelled
// computation went on in its worker until the budget ended, and the next request waited behind it
// for its worker. The same holds for a request given up through api.js's request with an
// AbortSignal (not the stream): it rejects with an AbortError and its worker is stopped.
func TestBrowserSiteCancel(t *testing.T) {
	lim := Limits{Budget: time.Minute}
	ctx, _ := browser(t, lim)
	url, _ := serveSite(t, ctx, lim)
	var before, after struct{ Started, Terminated int }
	run(t, ctx, chromedp.ActionFunc(func(ctx context.Context) error {
		_, err := page.AddScriptToEvaluateOnNewDocument(countWorkers).Do(ctx)
		return err
	}), chromedp.Navigate(url+"/#sequences"), chromedp.WaitVisible(`body[data-ready="true"]`))
	// 0.0667 to 100,000 heaps takes minutes in WebAssembly (TestBrowserSiteOverBudgetOffline).
	var status, summary string
	run(t, ctx, edit("#seq-code", "0.0667"), edit("#seq-to", "100000"), chromedp.Click("#seq-go"),
		waitText("#seq-status", "values computed", new(string)),
		jsEval(`window.workers`, &before), chromedp.Click("#seq-cancel"), chromedp.Text("#seq-status", &status))
	start := time.Now()
	run(t, ctx, poll(fmt.Sprintf(`window.workers.terminated > %d ? true : null`, before.Terminated), nil), jsEval(`window.workers`, &after))
	if took := time.Since(start); status != "cancelled" || took > 5*time.Second {
		t.Errorf("Cancel: status %q, the computing worker terminated after %v (workers %+v → %+v)", status, took, before, after)
	}
	// The next request is answered at once, by a fresh worker.
	start = time.Now()
	run(t, ctx, edit("#seq-code", "0.07"), edit("#seq-to", "300"), chromedp.Click("#seq-go"),
		waitText("#seq-status", "done", new(string)), chromedp.Text("#seq-summary", &summary))
	if took := time.Since(start); !strings.Contains(summary, "period 34") || took > 20*time.Second {
		t.Errorf("the request after Cancel: %q after %v", summary, took)
	}
	// A plain request given up through its AbortSignal.
	var res struct {
		Name       string
		Terminated int
	}
	run(t, ctx, chromedp.Evaluate(`(async () => {
		const m = await import("./js/api.js");
		const stop = new AbortController();
		const asked = m.request("/api/seq", {code: "0.0667", to: "100000"}, stop.signal);
		const was = window.workers.terminated;
		setTimeout(() => stop.abort(), 1000);
		try { await asked; return {name: "answered", terminated: 0}; }
		catch (e) { return {name: e.name, terminated: window.workers.terminated - was}; }
	})()`, &res, awaitPromise))
	if res.Name != "AbortError" || res.Terminated != 1 {
		t.Errorf("request with an aborted signal: %+v, want an AbortError and its worker terminated", res)
	}
}
