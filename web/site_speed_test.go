package web

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// TestSiteSpeed measures the static site against the server in Chromium, for BENCHMARKS.md: the
// time from navigation to the first answer (12 ⊗ 9, the nimber view's example, which needs the
// engine compiled and a worker started) and to every view's example, on the site's first visit and
// on the server; then each request of siteSpeedRequests posted by the page (api()) to each, the
// median of 3 after one not counted, round trip included (the site's worker messages, the
// server's HTTP on loopback; the server in process, as `grundy serve --in-process`). Run with
//
//	GRUNDY_SITE_SPEED=1 go test ./web -run TestSiteSpeed -v
func TestSiteSpeed(t *testing.T) {
	if os.Getenv("GRUNDY_SITE_SPEED") == "" {
		t.Skip("set GRUNDY_SITE_SPEED=1 to measure the static site against the server")
	}
	lim := Limits{Budget: 60 * time.Second, MaxSeq: 1_000_000}
	reqs, _ := json.Marshal(siteSpeedRequests)
	script := fmt.Sprintf(`(async () => {
		const m = await import("./js/api.js");
		const out = [];
		for (const [path, body] of %s) {
			await m.api(path, body);
			const times = [];
			for (let i = 0; i < 3; i++) {
				const t0 = performance.now();
				await m.api(path, body);
				times.push(performance.now() - t0);
			}
			times.sort((a, b) => a - b);
			out.push(times[1]);
		}
		return out;
	})()`, reqs)
	await := func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }
	// One tab after the other: the page polled must be in the foreground.
	var site, server []float64
	for _, d := range []struct {
		name string
		out  *[]float64
	}{{"site", &site}, {"server", &server}} {
		ctx, url := browser(t, lim)
		if d.name == "site" {
			url, _ = serveSite(t, ctx, lim)
		}
		var first, ready float64
		if err := chromedp.Run(ctx, chromedp.Navigate(url+"/#nimbers"),
			poll(`document.getElementById("calc-result").textContent ? performance.now() : null`, &first),
			poll(`document.body.dataset.ready === "true" ? performance.now() : null`, &ready),
			chromedp.Evaluate(script, d.out, await)); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: first answer %.0f ms after navigation, every view's example %.0f ms", d.name, first, ready)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n| request | site (WebAssembly) | server | ratio |\n|---|---|---|---|\n")
	for i, r := range siteSpeedRequests {
		body, _ := json.Marshal(r[1])
		fmt.Fprintf(&b, "| `%s %s` | %.1f ms | %.1f ms | %.1f× |\n", r[0], body, site[i], server[i], site[i]/server[i])
	}
	t.Log(b.String())
}

// siteSpeedRequests are the requests TestSiteSpeed times: path and body.
var siteSpeedRequests = [][2]any{
	{"/api/nim", map[string]any{"op": "mul", "args": []string{"123456789", "987654321"}}},
	{"/api/nim", map[string]any{"op": "table", "args": []string{"256"}}},
	{"/api/solve", map[string]any{"ruleset": "kayles", "position": []string{"10", "11", "12", "13"}, "misere": true}},
	{"/api/seq", map[string]any{"code": "0.77", "to": "100000"}},
	{"/api/seq", map[string]any{"code": "grundy", "to": "100000"}},
	{"/api/seq", map[string]any{"code": "0.0667", "to": "10000"}},
	{"/api/misere", map[string]any{"game": "0.75", "max_heap": "20"}},
	{"/api/script", map[string]any{"source": "def moves(n):\n    return [n - k for k in (1, 3, 4) if k <= n]\n", "to": "5000"}},
	{"/api/solve", map[string]any{"script": "def moves(n):\n    return [n - k for k in (1, 3, 4) if k <= n]\n", "position": []string{"3000"}}},
}
