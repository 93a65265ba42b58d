package web

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// chromiumPath is where Debian's chromium package puts the browser.
const chromiumPath = "/usr/bin/chromium"

// browser starts headless Chromium on a fresh profile and returns a context for chromedp actions,
// with the page server running at the returned URL. Outside CI it skips the test when Chromium is
// absent; in CI (CI=true) that is a failure, since scripts/test.sh installs it.
func browser(t *testing.T, lim Limits) (context.Context, string) {
	t.Helper()
	if _, err := os.Stat(chromiumPath); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("browser tests need %s (scripts/test.sh installs the Debian package chromium): %v", chromiumPath, err)
		}
		t.Skipf("skipping the browser test: %s is absent (install the Debian package chromium, or run make test as root)", chromiumPath)
	}
	srv := httptest.NewServer(New(lim))
	t.Cleanup(srv.Close)
	// A fresh profile, removed at the end; Chromium's helpers may still be writing into it while
	// they exit, so removal is retried briefly and never fails the test.
	profile, err := os.MkdirTemp("", "grundy-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for range 20 {
			if os.RemoveAll(profile) == nil {
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
	})
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
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(func() { cancelT(); cancelC(); cancelA() })
	if err := chromedp.Run(ctx); err != nil { // start the browser now, so failures say so
		t.Fatalf("starting chromium: %v", err)
	}
	return ctx, srv.URL
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
