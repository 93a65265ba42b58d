package web

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"grundy/nimber"
	"grundy/picture"
)

// hoverCell moves the mouse over cell (x, y) of the heatmap.
func hoverCell(x, y int) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		var pt []float64
		// The canvas in the middle of the window first (the point must be inside the window).
		js := fmt.Sprintf(`(() => { const c = document.getElementById("table-canvas"); c.scrollIntoView({ block: "center" }); const r = c.getBoundingClientRect();
			const cell = (c.width / heat.n) * heat.scale * (r.width / c.width);
			return [r.left + heat.ox * (r.width / c.width) + (%d + 0.5) * cell, r.top + heat.oy * (r.height / c.height) + (%d + 0.5) * cell]; })()`, x, y)
		if err := chromedp.Evaluate(js, &pt).Do(ctx); err != nil {
			return err
		}
		return chromedp.MouseEvent(input.MouseMoved, pt[0], pt[1]).Do(ctx)
	})
}

func TestBrowserNimbers(t *testing.T) {
	ctx, url := browser(t, Limits{})
	var result, status, cell string
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#nimbers"),
		chromedp.WaitVisible(`body[data-ready="true"]`),
		chromedp.SetValue("#calc-a", "0xffffffffffffffff"),
		chromedp.SetValue("#calc-op", "mul"),
		chromedp.SetValue("#calc-b", "12345678901234567890"),
		chromedp.Click("#calc-go"),
		poll(`document.getElementById("calc-result").textContent.match(/^\d+$/) ? document.getElementById("calc-result").textContent : null`, &result),
	)
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprint(nimber.Mul(1<<64-1, 12345678901234567890)); result != want {
		t.Fatalf("calculator shows %q, want %s", result, want)
	}
	// A bad argument shows the server's message.
	var msg string
	err = chromedp.Run(ctx,
		chromedp.SetValue("#calc-op", "div"),
		chromedp.SetValue("#calc-b", "0"),
		chromedp.Click("#calc-go"),
		waitText("#calc-error", "zero", &msg),
	)
	if err != nil {
		t.Fatal(err)
	}
	err = chromedp.Run(ctx,
		chromedp.SetValue("#table-size", "16"),
		chromedp.Click("#table-go"),
		waitText("#table-status", "16 × 16", &status),
		hoverCell(3, 5),
		waitText("#cell-info", "x = 3, y = 5", &cell),
	)
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("x = 3, y = 5, x ⊗ y = %d", nimber.Mul(3, 5)); cell != want {
		t.Fatalf("hover shows %q, want %q", cell, want)
	}
	// Zoom in twice and look at a cell in the magnified view.
	err = chromedp.Run(ctx,
		chromedp.Click("#zoom-in"), chromedp.Click("#zoom-in"),
		hoverCell(7, 8),
		waitText("#cell-info", "x = 7, y = 8", &cell),
	)
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("x = 7, y = 8, x ⊗ y = %d", nimber.Mul(7, 8)); cell != want {
		t.Fatalf("zoomed hover shows %q, want %q", cell, want)
	}
	if !strings.Contains(status, "values 0 … 15") {
		t.Fatalf("status %q", status)
	}
}

// TestBrowserColoursMatchPicture checks that the page colours the heatmap exactly as package picture
// colours the CLI's pictures.
func TestBrowserColoursMatchPicture(t *testing.T) {
	ctx, url := browser(t, Limits{})
	var got [][][]int
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/"),
		chromedp.WaitVisible(`body[data-ready="true"]`),
		chromedp.Evaluate(`[15, 255, 1000].map(top => Array.from({length: top + 1}, (_, v) => colourOf(v, top)))`, &got),
	)
	if err != nil {
		t.Fatal(err)
	}
	for k, top := range []uint64{15, 255, 1000} {
		for v := uint64(0); v <= top; v++ {
			c := picture.Color(v, top)
			if g := got[k][v]; g[0] != int(c.R) || g[1] != int(c.G) || g[2] != int(c.B) {
				t.Fatalf("colour of %d/%d: page %v, picture %v", v, top, g, c)
			}
		}
	}
}
