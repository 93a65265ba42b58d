package web

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// chromiumPath is where Debian's chromium package puts the browser.
const chromiumPath = "/usr/bin/chromium"

// chromium is the one headless browser the tests of this package share (each test opens its own
// tab): started by TestMain when the browser is installed, stopped when the tests end.
var chromium struct {
	ctx context.Context // the browser's context; nil when it is absent or failed to start
	err error           // why it is nil
}

func TestMain(m *testing.M) {
	if IsWorker() {
		os.Exit(WorkerMain()) // a worker process of a test server (see TestHostileRequests)
	}
	code := runWithBrowser(m)
	removeSite()
	os.Exit(code)
}

func runWithBrowser(m *testing.M) int {
	if _, err := os.Stat(chromiumPath); err != nil {
		chromium.err = err
		return m.Run()
	}
	// A fresh profile, removed at the end; Chromium's helpers may still be writing into it while
	// they exit, so removal is retried briefly.
	profile, err := os.MkdirTemp("", "grundy-chromium-")
	if err != nil {
		chromium.err = err
		return m.Run()
	}
	defer func() {
		for range 20 {
			if os.RemoveAll(profile) == nil {
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
	}()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1100, 800),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelA()
	bctx, cancelB := chromedp.NewContext(actx)
	defer cancelB()
	if err := chromedp.Run(bctx); err != nil { // start the browser now
		chromium.err = fmt.Errorf("starting chromium: %w", err)
		return m.Run()
	}
	chromium.ctx = bctx
	return m.Run()
}

// browser returns a context for chromedp actions in a new tab of the shared browser, with the page
// server (enforcing lim) running at the returned URL. Outside CI it skips the test when Chromium is
// absent; in CI (CI=true) that is a failure, since scripts/test.sh installs it.
func browser(t *testing.T, lim Limits) (context.Context, string) {
	t.Helper()
	if chromium.ctx == nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("browser tests need %s (scripts/test.sh installs the Debian package chromium): %v", chromiumPath, chromium.err)
		}
		t.Skipf("skipping the browser test: no browser (%v); install the Debian package chromium, or run make test as root", chromium.err)
	}
	tab, cancelTab := chromedp.NewContext(chromium.ctx)
	ctx, cancelT := context.WithTimeout(tab, tabTimeout)
	t.Cleanup(func() { cancelT(); cancelTab() })
	if err := chromedp.Run(ctx); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	if onSite(t) { // the static site, under TestBrowserSite
		url, _ := serveSite(t, ctx, lim)
		return ctx, url
	}
	srv := httptest.NewServer(New(lim))
	t.Cleanup(srv.Close)
	return ctx, srv.URL
}

// tabTimeout bounds everything a browser test does in its tab. It is generous, for a loaded machine
// (CI runs these beside other packages' tests under -race): a quiet one takes a few seconds.
const tabTimeout = 4 * time.Minute

// poll is chromedp.Poll without its own 30 s timeout: it waits until expression is truthy or the
// tab's context ends (tabTimeout), so that a slow machine is not mistaken for a broken page.
func poll(expression string, res any) chromedp.Action {
	return chromedp.Poll(expression, res, chromedp.WithPollingTimeout(0))
}

// screenshot saves a PNG of the page as <dir>/<name>.png when GRUNDY_SCREENSHOTS names a directory
// (the README's pictures in docs/ are made this way); otherwise it does nothing.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("GRUNDY_SCREENSHOTS")
	if dir == "" {
		return
	}
	var png []byte
	if err := chromedp.Run(ctx, chromedp.CaptureScreenshot(&png)); err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestBrowserLoadsPage(t *testing.T) {
	ctx, url := browser(t, Limits{})
	var title string
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), chromedp.Title(&title)); err != nil {
		t.Fatal(err)
	}
	if title != "grundy" {
		t.Fatalf("title %q", title)
	}
}

// TestBrowserScreenshots makes the README's pictures of the five views, at desktop width
// (docs/VIEW.png, 1000 px) and phone width (docs/VIEW-phone.png, 400 px), when GRUNDY_SCREENSHOTS
// names the directory to write them to:
//
//	GRUNDY_SCREENSHOTS=$PWD/docs go test -run TestBrowserScreenshots ./web
func TestBrowserScreenshots(t *testing.T) {
	if os.Getenv("GRUNDY_SCREENSHOTS") == "" {
		t.Skip("set GRUNDY_SCREENSHOTS to a directory to make the screenshots")
	}
	ctx, url := browser(t, Limits{})
	run := func(actions ...chromedp.Action) {
		t.Helper()
		if err := chromedp.Run(ctx, actions...); err != nil {
			t.Fatal(err)
		}
	}
	open := func(view string) chromedp.Action {
		return chromedp.Tasks{chromedp.Navigate(url + "/#" + view), chromedp.Reload(), chromedp.WaitVisible(`body[data-ready="true"]`)}
	}
	for _, size := range []struct {
		w, h   int64
		suffix string
	}{{1000, 720, ""}, {400, 860, "-phone"}} {
		run(chromedp.EmulateViewport(size.w, size.h), open("nimbers"),
			chromedp.SetValue("#calc-a", "0x100000006"), chromedp.SetValue("#calc-op", "pow"), chromedp.SetValue("#calc-b", "12345"),
			chromedp.Click("#calc-go"), waitText("#calc-result", "", new(string)),
			chromedp.SetValue("#table-size", "256"), chromedp.Click("#table-go"),
			waitText("#table-status", "256 × 256", new(string)))
		if size.suffix == "" { // the mouse over a cell (a phone has none)
			run(chromedp.Click("#zoom-in"), hoverCell(100, 140), waitText("#cell-info", "x = 100", new(string)))
		}
		screenshot(t, ctx, "nimbers"+size.suffix)
		run(open("sequences"),
			chromedp.Click(`input[name=seq-kind][value=code]`), chromedp.SetValue("#seq-code", "0.77"),
			chromedp.SetValue("#seq-to", "400"), chromedp.Click("#seq-go"), waitText("#seq-status", "done", new(string)),
			chromedp.ScrollIntoView("#seq-form"))
		screenshot(t, ctx, "sequences"+size.suffix)
		run(chromedp.Navigate(url+"/#solve?ruleset=kayles&pos=3+5+7"), chromedp.Reload(), chromedp.WaitVisible(`body[data-ready="true"]`),
			chromedp.WaitVisible("#solve-why"), chromedp.Click(`#solve-why button[data-heap="7"]`), waitText("#solve-mex", "mex", new(string)),
			chromedp.ScrollIntoView("#solve-outcome"))
		screenshot(t, ctx, "play"+size.suffix)
		run(open("scripts"),
			chromedp.SetValue("#script-to", "24"), chromedp.Click("#script-go"), waitText("#script-period", "period", new(string)))
		screenshot(t, ctx, "scripts"+size.suffix)
		run(open("misere"), chromedp.WaitVisible("#misere-outcome"), chromedp.ScrollIntoView("#misere-form"))
		screenshot(t, ctx, "misere"+size.suffix)
	}
}
