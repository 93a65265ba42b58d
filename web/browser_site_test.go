package web

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
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
// time against it, served by a plain file server: TestBrowserSite runs each of them as a subtest,
// and browser() gives a subtest of TestBrowserSite the static site instead of the server.

// siteTests are the browser tests that run against the static site too: every TestBrowser*
// function of this package but those of siteSkipped (TestBrowserSiteCoversTests checks it).
var siteTests = map[string]func(*testing.T){
	"TestBrowserLoadsPage":           TestBrowserLoadsPage,
	"TestBrowserHintAsksEngine":      TestBrowserHintAsksEngine,
	"TestBrowserGuess":               TestBrowserGuess,
	"TestBrowserLimits":              TestBrowserLimits,
	"TestBrowserWords":               TestBrowserWords,
	"TestBrowserSubtractChoice":      TestBrowserSubtractChoice,
	"TestBrowserPageWords":           TestBrowserPageWords,
	"TestBrowserStaleAnswers":        TestBrowserStaleAnswers,
	"TestBrowserValidates":           TestBrowserValidates,
	"TestBrowserNarrow":              TestBrowserNarrow,
	"TestBrowserKeyboard":            TestBrowserKeyboard,
	"TestBrowserExamples":            TestBrowserExamples,
	"TestBrowserScriptSolve":         TestBrowserScriptSolve,
	"TestBrowserScriptPlay":          TestBrowserScriptPlay,
	"TestBrowserLoopy":               TestBrowserLoopy,
	"TestBrowserLoopyRuleset":        TestBrowserLoopyRuleset,
	"TestBrowserLoopySequence":       TestBrowserLoopySequence,
	"TestBrowserMisere":              TestBrowserMisere,
	"TestBrowserMisereView":          TestBrowserMisereView,
	"TestBrowserScriptMiserePlay":    TestBrowserScriptMiserePlay,
	"TestBrowserRulesetMiserePlay":   TestBrowserRulesetMiserePlay,
	"TestBrowserNimbers":             TestBrowserNimbers,
	"TestBrowserColoursMatchPicture": TestBrowserColoursMatchPicture,
	"TestBrowserSolve":               TestBrowserSolve,
	"TestBrowserPlayToTheEnd":        TestBrowserPlayToTheEnd,
	"TestBrowserScript":              TestBrowserScript,
	"TestBrowserSequence":            TestBrowserSequence,
	"TestBrowserSequenceRuleset":     TestBrowserSequenceRuleset,
	"TestBrowserSequenceProgress":    TestBrowserSequenceProgress,
}

// siteSkipped are the browser tests that do not run against the static site, and why.
var siteSkipped = map[string]string{
	"TestBrowserScreenshots":  "makes the README's pictures of the served page",
	"TestBrowserSequenceLong": "plots a million values, which the page does alike on both; computing them in WebAssembly takes two minutes (BENCHMARKS.md)",
}

// TestBrowserSite runs the browser tests against the static site: the same page, every answer
// computed in the browser by the engine compiled to WebAssembly. In each, no request leaves the
// site's origin.
func TestBrowserSite(t *testing.T) {
	names := make([]string, 0, len(siteTests))
	for name := range siteTests {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		t.Run(name, siteTests[name])
	}
}

// onSite reports whether t is a test of the static site (a subtest of TestBrowserSite).
func onSite(t *testing.T) bool { return strings.HasPrefix(t.Name(), "TestBrowserSite/") }

// site is the static site the tests serve, written once per test binary (building the engine
// takes a while) into a temporary directory that removeSite removes.
var site struct {
	once sync.Once
	dir  string
	err  error
}

// siteDir returns the directory of the static site, writing it on first use.
func siteDir(t *testing.T) string {
	t.Helper()
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

// TestBrowserSiteCoversTests checks that every browser test of the package runs against the
// static site, or says why not.
func TestBrowserSiteCoversTests(t *testing.T) {
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, f := range files {
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "TestBrowser") || strings.HasPrefix(fn.Name.Name, "TestBrowserSite") {
				continue
			}
			if _, ok := siteTests[fn.Name.Name]; !ok && siteSkipped[fn.Name.Name] == "" {
				t.Errorf("%s (%s) does not run against the static site: add it to siteTests, or to siteSkipped saying why", fn.Name.Name, f)
			}
		}
	}
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
