package web

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"grundy/internal/wasmbuild"
	"grundy/nimber"
)

// The static site (WriteSite) is tested by running the browser tests of the served page a second
// time against it, served by a plain file server: TestBrowserSite runs this test binary again, its
// TestBrowser* tests with siteEnv naming the site's directory, and browser() then gives them the
// static site instead of the server. A browser test added later runs there too, unless
// siteSkipped says why not.

// siteEnv names, in the environment of the tests, the directory of the static site they run on.
const siteEnv = "GRUNDY_BROWSER_SITE"

// siteSkipped are the browser tests that do not run against the static site, and why.
var siteSkipped = map[string]string{
	"TestBrowserSite":         "are the static site's own tests (this run, and those that serve it themselves)",
	"TestBrowserScreenshots":  "makes the README's pictures of the served page",
	"TestBrowserSequenceLong": "plots a million values, which the page does alike on both; computing them in WebAssembly takes two minutes (BENCHMARKS.md)",
}

// TestBrowserSite runs the browser tests against the static site: the same page, every answer
// computed in the browser by the engine compiled to WebAssembly. In each, no request leaves the
// site's origin.
func TestBrowserSite(t *testing.T) {
	if os.Getenv(siteEnv) != "" {
		t.Skip("this is the run on the static site")
	}
	browser(t, Limits{}) // skips, or fails in CI, without the browser
	skip := make([]string, 0, len(siteSkipped))
	for name := range siteSkipped {
		skip = append(skip, "^"+name)
	}
	slices.Sort(skip)
	args := []string{"-test.run", "^TestBrowser", "-test.skip", strings.Join(skip, "|"), "-test.count", "1", "-test.v", "-test.timeout", "20m"}
	if testing.Short() {
		args = append(args, "-test.short")
	}
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), siteEnv+"="+siteDir(t))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the browser tests on the static site: %v\n%s", err, out)
	}
	var ran []string
	for _, line := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(line, "--- PASS: TestBrowser") {
			ran = append(ran, strings.TrimPrefix(line, "--- PASS: "))
		}
	}
	if len(ran) < 20 {
		t.Fatalf("only %d browser tests passed on the static site:\n%s", len(ran), out)
	}
	// The tools whose endpoints the site serves through the same request layer (products in
	// batch, bases, counts, scans, the rules text) passed there, each checked against the engine.
	for _, name := range []string{"TestBrowserNimBatch", "TestBrowserXorBasis", "TestBrowserCount", "TestBrowserScan", "TestBrowserRulesText"} {
		if !slices.ContainsFunc(ran, func(r string) bool { return strings.HasPrefix(r, name+" ") }) {
			t.Errorf("%s did not pass on the static site", name)
		}
	}
	t.Logf("passed on the static site: %s", strings.Join(ran, ", "))
}

// onSite reports whether the browser tests run on the static site (see TestBrowserSite).
func onSite(*testing.T) bool { return os.Getenv(siteEnv) != "" }

// site is the static site the tests serve, written once per test binary (building the engine
// takes a while) into a temporary directory that removeSite removes.
var site struct {
	once sync.Once
	dir  string
	err  error
}

// siteDir returns the directory of the static site: siteEnv's, or one written on first use.
func siteDir(t *testing.T) string {
	t.Helper()
	if dir := os.Getenv(siteEnv); dir != "" {
		return dir
	}
	site.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		defer cancel()
		wasm, wasmExec, err := wasmbuild.Build(ctx, ".")
		if err != nil {
			site.err = err
			return
		}
		if site.dir, site.err = os.MkdirTemp("", "grundy-site-"); site.err != nil {
			return
		}
		site.err = WriteSite(site.dir, wasm, wasmExec)
	})
	if site.err != nil {
		t.Fatalf("writing the static site: %v", site.err)
	}
	return site.dir
}

// removeSite removes the static site's directory, if it was written.
func removeSite() {
	if site.dir != "" {
		os.RemoveAll(site.dir)
	}
}

// serveSite serves the static site with a plain file server, its site.json saying lim (as a site
// written for a server enforcing lim would), and fails the test if the page in ctx makes a
// request to any other origin. It returns the site's URL and the server, which the test may
// close to check that the page works offline once loaded.
func serveSite(t *testing.T, ctx context.Context, lim Limits) (string, *httptest.Server) {
	t.Helper()
	dir := siteDir(t)
	info, _, err := siteInfo(lim)
	if err != nil {
		t.Fatal(err)
	}
	files := http.FileServer(http.Dir(dir))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/site.json" {
			w.Header().Set("Content-Type", "application/json")
			w.Write(info)
			return
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	origin, _ := url.Parse(srv.URL)
	var mu sync.Mutex
	var elsewhere []string
	chromedp.ListenTarget(ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok {
			u, err := url.Parse(e.Request.URL)
			if err != nil || (u.Scheme != "data" && u.Scheme != "blob" && u.Host != origin.Host) {
				mu.Lock()
				elsewhere = append(elsewhere, e.Request.URL)
				mu.Unlock()
			}
		}
	})
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		if len(elsewhere) > 0 {
			t.Errorf("the static site made requests outside its origin %s: %v", srv.URL, elsewhere)
		}
	})
	return srv.URL, srv
}

// In the static site, a request over its time budget is stopped (its worker terminated) and
// answered with the server's limit message, and the page stays usable; so are the server's
// hostile requests; once loaded, the page needs no network: the file server is closed first, so
// the fresh workers that replace the stopped ones, and every answer after, come from what the
// page already holds.
func TestBrowserSiteOverBudgetOffline(t *testing.T) {
	lim := Limits{Budget: 2 * time.Second}
	ctx, _ := browser(t, lim)
	url, srv := serveSite(t, ctx, lim)
	run := func(actions ...chromedp.Action) {
		t.Helper()
		if err := chromedp.Run(ctx, actions...); err != nil {
			t.Fatal(err)
		}
	}
	run(chromedp.Navigate(url+"/#sequences"), chromedp.WaitVisible(`body[data-ready="true"]`))
	srv.Close()
	want := "the request ran out of its time budget of 2s" // what the server answers
	// The quadratic method takes minutes for 0.0667 to 100,000 heaps in WebAssembly.
	start := time.Now()
	var msg string
	run(chromedp.Click(`input[name=seq-kind][value=code]`), chromedp.SetValue("#seq-code", "0.0667"),
		chromedp.SetValue("#seq-to", "100000"), chromedp.Click("#seq-go"),
		waitText("#seq-error", "time budget", &msg))
	if took := time.Since(start); msg != want || took > 30*time.Second {
		t.Fatalf("after %v: %q, want %q", took, msg, want)
	}
	// The same through api() (a plain POST, not the stream): the 422 document.
	var doc map[string]any
	run(chromedp.Evaluate(`import("./js/api.js").then((m) => m.api("/api/seq", {code: "0.0667", to: "100000"})).then(
		() => ({}), (e) => ({status: e.status, error: e.message}))`, &doc, awaitPromise))
	if doc["status"] != float64(422) || doc["error"] != want {
		t.Fatalf("api(): %v", doc)
	}
	// The hostile requests of the server's tests (TestHostileRequests): each is stopped, by the
	// time budget or by running out of the memory the browser gives a worker, and answered 422.
	for _, h := range hostile {
		start := time.Now()
		var doc map[string]any
		run(chromedp.Evaluate(fmt.Sprintf(`import("./js/api.js").then((m) => m.api(%q, %s)).then(
			() => ({}), (e) => ({status: e.status, error: e.message}))`, h.path, h.body), &doc, awaitPromise))
		took := time.Since(start)
		if doc["status"] != float64(422) || took > 20*time.Second {
			t.Errorf("%s: after %v, %v", h.name, took, doc)
		}
		t.Logf("%s: %v after %v", h.name, doc["error"], took.Round(time.Millisecond))
	}
	// The page still answers, from a fresh worker, with no server.
	var summary, product string
	run(chromedp.SetValue("#seq-code", "0.07"), chromedp.SetValue("#seq-to", "300"), chromedp.Click("#seq-go"),
		waitText("#seq-status", "done", new(string)), chromedp.Text("#seq-summary", &summary),
		chromedp.Click(`#tabs button[data-tab="nimbers"]`), chromedp.SetValue("#calc-a", "123456789"),
		chromedp.SetValue("#calc-op", "mul"), chromedp.SetValue("#calc-b", "987654321"), chromedp.Click("#calc-go"),
		waitText("#calc-result", strconv.FormatUint(nimber.Mul(123456789, 987654321), 10), &product))
	if !strings.Contains(summary, "period 34") {
		t.Fatalf("summary %q", summary)
	}
}

// awaitPromise makes chromedp.Evaluate wait for the promise the expression returns.
func awaitPromise(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }
