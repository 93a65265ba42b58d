package web

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	"grundy/nimber"
)

// Issue 23 (from the guess feature): the Find the rule panel draws a table of two coordinates as a
// heatmap, in the colours of the nim-product table. Turning Corners (the example script) to 8:
// each cell's colour is that of x⊗y (nimber.Mul) on the scale to the largest value, and pointing
// at a cell names its value.
func TestBrowserGuessHeatmap(t *testing.T) {
	ctx, _ := openPage(t, "scripts")
	want := make([][]uint64, 9)
	var top uint64
	for x := range want {
		want[x] = make([]uint64, 9)
		for y := range want[x] {
			want[x][y] = nimber.Mul(uint64(x), uint64(y))
			top = max(top, want[x][y])
		}
	}
	js, _ := json.Marshal(want)
	var errText, info string
	var shownTop uint64
	var bad []string
	run(t, ctx, chromedp.SetValue("#script-source", readExample(t, "corners.star")),
		chromedp.SetValue("#script-guess-heaps", "2"), chromedp.SetValue("#script-guess-to", "8"),
		guessRun("script-guess", &errText), chromedp.WaitVisible("#script-guess-heat"),
		jsEval(`Number(document.getElementById("script-guess-heat").dataset.max)`, &shownTop),
		jsEval(fmt.Sprintf(`(() => {
			const want = %s, c = document.getElementById("script-guess-heat"), g = c.getContext("2d");
			const cell = Number(c.dataset.cell), top = Number(c.dataset.max), bad = [];
			want.forEach((row, x) => row.forEach((v, y) => {
				const p = g.getImageData(y * cell + cell / 2, x * cell + cell / 2, 1, 1).data, w = colourOf(v, top);
				if (p[0] !== w[0] || p[1] !== w[1] || p[2] !== w[2]) bad.push("g(" + x + ", " + y + "): rgb " + [...p.slice(0, 3)] + ", want " + w);
			}));
			// Point at cell x = 3, y = 5.
			const r = c.getBoundingClientRect();
			c.dispatchEvent(new MouseEvent("mousemove", { clientX: r.left + r.width * 5.5 / 9, clientY: r.top + r.height * 3.5 / 9 }));
			return bad;
		})()`, js), &bad),
		chromedp.Text("#script-guess-heat-info", &info))
	if errText != "" || shownTop != top || len(bad) > 0 {
		t.Errorf("heatmap: error %q, largest value %d (want %d), cells in the wrong colour: %v", errText, shownTop, top, bad)
	}
	if w := fmt.Sprintf("g(3, 5) = %d", nimber.Mul(3, 5)); info != w {
		t.Errorf("pointing at x = 3, y = 5: %q, want %q", info, w)
	}
}
