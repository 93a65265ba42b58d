package web

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"grundy/query"
)

// The page's honesty in every state (issue 23, "Wrong or stale on screen"): each test loads the
// page, does what a person would, and checks what is on screen.

// edit sets the value of the field sel as a person typing would: the value, then the input and
// change events the page listens to (chromedp.SetValue sends neither).
func edit(sel, value string) chromedp.Action {
	return chromedp.Evaluate(fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.value = %q;
		e.dispatchEvent(new Event("input", { bubbles: true })); e.dispatchEvent(new Event("change", { bubbles: true })); })()`, sel, value), nil)
}

// tick sets the checkbox sel to on as a click would (with its change event).
func tick(sel string, on bool) chromedp.Action {
	return chromedp.Evaluate(fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (e.checked !== %v) e.click(); })()`, sel, on), nil)
}

// jsEval evaluates expression in the page into res.
func jsEval(expression string, res any) chromedp.Action { return chromedp.Evaluate(expression, res) }

// openPage opens the page at view and waits until every view shows its example.
func openPage(t *testing.T, view string) (context.Context, string) {
	t.Helper()
	ctx, url := browser(t, Limits{})
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/#"+view), chromedp.WaitVisible(`body[data-ready="true"]`)); err != nil {
		t.Fatal(err)
	}
	return ctx, url
}

// run runs actions in ctx, failing the test if they fail or take over a minute (a page that never
// shows what a poll waits for fails fast, not at the tab's timeout).
func run(t *testing.T, ctx context.Context, actions ...chromedp.Action) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if err := chromedp.Run(c, actions...); err != nil {
		t.Fatal(err)
	}
}

// Item 1: the hint asks the engine, so it names the winning move even when it is not among the
// moves listed (nim 1000000 7: the only winning move takes 999993, beyond the first 500), and a
// move can be typed: that winning move, typed, is played.
func TestBrowserHintAsksEngine(t *testing.T) {
	ctx, _ := openPage(t, "play")
	var hint, first string
	run(t, ctx,
		edit("#solve-ruleset", "nim"),
		edit("#solve-position", "1000000 7"),
		chromedp.Click("#play-start"),
		waitText("#game-status", "Your move", new(string)),
		chromedp.Click("#hint"),
		poll(`document.getElementById("hint-text").textContent.includes("take") ? true : null`, nil),
		chromedp.Text("#hint-text", &hint),
	)
	if !strings.Contains(hint, "take 999993 from heap 1") {
		t.Fatalf("hint %q, want the engine's winning move take 999993 from heap 1", hint)
	}
	run(t, ctx,
		edit("#move-text", "take 999993 from heap 1"),
		chromedp.Click("#move-go"),
		poll(`!game.busy && document.querySelectorAll("#history li").length >= 2 ? true : null`, nil),
		chromedp.Text("#history li:first-child", &first),
	)
	if first != "you: take 999993 from heap 1" {
		t.Fatalf("history starts %q", first)
	}
	// A typed move that is not legal says so, and the game goes on.
	var msg string
	run(t, ctx,
		edit("#move-text", "take 9 from heap 9"),
		chromedp.Click("#move-go"),
		poll(`document.getElementById("solve-error").textContent || null`, &msg),
	)
	if !strings.Contains(msg, "not a move of nim") || strings.Contains(msg, "type 'moves'") {
		t.Fatalf("illegal typed move: %q", msg)
	}
}

// Item 2: an answer never outlives its question.
func TestBrowserStaleAnswers(t *testing.T) {
	ctx, _ := openPage(t, "play")
	var kids int
	var title string
	// Solve: nim 3 4 5 solved, then the ruleset changes: Nim's answer goes, and the game started
	// then is the ruleset's, under its name.
	run(t, ctx,
		edit("#solve-ruleset", "nim"),
		edit("#solve-position", "3 4 5"),
		chromedp.Click("#solve-go"),
		chromedp.WaitVisible("#solve-outcome"),
		edit("#solve-ruleset", "kayles"),
		jsEval(`document.getElementById("solve-result").children.length`, &kids),
	)
	if kids != 0 {
		t.Fatalf("after changing the ruleset the old answer stays (%d elements)", kids)
	}
	run(t, ctx,
		chromedp.Click("#solve-go"), chromedp.WaitVisible("#solve-outcome"),
		edit("#solve-position", "3 5"),
		jsEval(`document.getElementById("solve-result").children.length`, &kids),
	)
	if kids != 0 {
		t.Fatalf("after editing the position the old answer stays (%d elements)", kids)
	}
	run(t, ctx,
		chromedp.Click("#play-start"), waitText("#game-status", "Your move", new(string)),
		chromedp.Text("#game h2", &title),
	)
	if !strings.Contains(title, "kayles") {
		t.Fatalf("game title %q does not name kayles", title)
	}
	// Sequences: a bad code clears the old plot, values and summary.
	var plot, values, summary, status string
	run(t, ctx,
		chromedp.Click(`#tabs button[data-tab="sequences"]`),
		edit("#seq-code", "0.7x"),
		chromedp.Click("#seq-go"),
		poll(`document.getElementById("seq-error").textContent || null`, new(string)),
		jsEval(`String(document.getElementById("seq-plot").children.length)`, &plot),
		chromedp.Text("#seq-values", &values),
		chromedp.Text("#seq-summary", &summary),
		chromedp.Text("#seq-status", &status),
	)
	if plot != "0" || values != "" || summary != "" || status == "done" {
		t.Fatalf("after a bad code: plot %s elements, values %q, summary %q, status %q", plot, values, summary, status)
	}
	// Scripts: a game and a solve of the old script go when the script changes.
	var hidden bool
	run(t, ctx,
		chromedp.Click(`#tabs button[data-tab="scripts"]`),
		chromedp.Click("#script-play"),
		waitText("#script-game-status", "Your move", new(string)),
		edit("#script-source", "def moves(n):\n    return [n - 1] if n > 0 else []\n"),
		jsEval(`document.getElementById("script-game").hidden`, &hidden),
		jsEval(`document.getElementById("script-solve-result").children.length + document.getElementById("script-result").children.length`, &kids),
	)
	if !hidden || kids != 0 {
		t.Fatalf("after the script changed: game hidden %v, %d old result elements", hidden, kids)
	}
	// Misère: a Decide error goes with a new quotient; Decide clears its answer at once.
	var decideErr string
	run(t, ctx,
		chromedp.Click(`#tabs button[data-tab="misere"]`),
		edit("#misere-sum", "1 x"),
		chromedp.Click("#misere-solve"),
		poll(`document.getElementById("misere-solve-error").textContent || null`, new(string)),
		edit("#misere-game", "0.77"),
		chromedp.Click("#misere-go"),
		poll(`document.getElementById("misere-status").textContent === "" ? true : null`, nil),
		chromedp.Text("#misere-solve-error", &decideErr),
	)
	if decideErr != "" {
		t.Fatalf("after a new quotient the old Decide error stays: %q", decideErr)
	}
	run(t, ctx,
		edit("#misere-sum", "1 2"),
		chromedp.Click("#misere-solve"),
		chromedp.WaitVisible("#misere-outcome"),
		jsEval(`document.getElementById("misere-solve").click(), document.querySelectorAll("#misere-outcome").length`, &kids),
	)
	if kids != 0 {
		t.Fatalf("Decide leaves the old answer on screen while computing (%d elements)", kids)
	}
}

// Item 3: misère nim is played (the page picks misere-nim itself), and errors speak the page's
// words, not the command line's flags.
func TestBrowserPageWords(t *testing.T) {
	ctx, _ := openPage(t, "play")
	var title string
	run(t, ctx,
		edit("#solve-ruleset", "nim"),
		edit("#solve-position", "1 1 4"),
		tick("#solve-misere", true),
		chromedp.Click("#play-start"),
		waitText("#game-status", "Your move", new(string)),
		chromedp.Text("#game h2", &title),
	)
	if !strings.Contains(title, "misère") {
		t.Fatalf("misère nim: game title %q", title)
	}
	var misereErr, scriptErr string
	run(t, ctx,
		chromedp.Click(`#tabs button[data-tab="misere"]`),
		edit("#misere-max", "300"),
		chromedp.Click("#misere-go"),
		poll(`document.getElementById("misere-error").textContent || null`, &misereErr),
		chromedp.Click(`#tabs button[data-tab="scripts"]`),
		edit("#script-source", "def moves(n):\n    return [n + 1] if n < 3 else [0]\n"),
		edit("#script-position", "1"),
		chromedp.Click("#script-solve"),
		poll(`document.getElementById("script-solve-error").textContent || null`, &scriptErr),
	)
	for _, msg := range []string{misereErr, scriptErr} {
		if strings.Contains(msg, "--") || strings.Contains(msg, "grundy rules") {
			t.Errorf("an error in command-line words: %q", msg)
		}
	}
	if !strings.Contains(scriptErr, "loopy") {
		t.Errorf("the cycle error %q does not point to the loopy box", scriptErr)
	}
}

// Item 4: every N box is checked by the page with the API's rules, and a bad one says what is
// wrong (and leaves no "done" behind).
func TestBrowserValidates(t *testing.T) {
	ctx, _ := openPage(t, "sequences")
	cases := []struct{ view, box, value, go_, errBox, want string }{
		{"sequences", "#seq-to", "", "#seq-go", "#seq-error", "empty"},
		{"sequences", "#seq-to", "abc", "#seq-go", "#seq-error", "not a number"},
		{"sequences", "#seq-to", "1e3", "#seq-go", "#seq-error", "not a number"},
		{"sequences", "#seq-to", "100001", "#seq-go", "#seq-error", "100000"},
		{"misere", "#misere-max", "", "#misere-go", "#misere-error", "empty"},
		{"misere", "#misere-max", "256", "#misere-go", "#misere-error", "255"},
		{"scripts", "#script-to", "x", "#script-go", "#script-error", "not a number"},
		{"scripts", "#script-to", "10001", "#script-go", "#script-error", "10000"},
	}
	for _, c := range cases {
		var msg string
		run(t, ctx,
			chromedp.Click(fmt.Sprintf(`#tabs button[data-tab=%q]`, c.view)),
			edit(c.box, c.value),
			chromedp.Click(c.go_),
			poll(fmt.Sprintf(`document.querySelector(%q).textContent || null`, c.errBox), &msg),
		)
		if !strings.Contains(msg, c.want) {
			t.Errorf("%s %q: error %q, want it to say %q", c.box, c.value, msg, c.want)
		}
	}
	var status string
	run(t, ctx, chromedp.Click(`#tabs button[data-tab="sequences"]`), edit("#seq-to", "abc"), chromedp.Click("#seq-go"),
		poll(`document.getElementById("seq-error").textContent || null`, nil), chromedp.Text("#seq-status", &status))
	if status != "" {
		t.Errorf("after a bad N the status says %q", status)
	}
	// 0x hex is a number to the API, and so to the page.
	run(t, ctx, edit("#seq-to", "0x20"), chromedp.Click("#seq-go"), waitText("#seq-status", "done", new(string)))
}

// Item 5: each limit is the server's, shown beside its box; a code can be computed until its
// period is proved (0.16: period 149459, beyond N's limit); a sum the quotient shown covers is
// decided; the solve view states the ruleset's limits.
func TestBrowserLimits(t *testing.T) {
	ctx, url := browser(t, Limits{MaxSeq: 5000, MaxScriptTo: 700})
	var seqLim, scriptLim, misereLim, footer string
	run(t, ctx, chromedp.Navigate(url+"/#sequences"), chromedp.WaitVisible(`body[data-ready="true"]`),
		chromedp.Text("#seq-to-limit", &seqLim), jsEval(`document.getElementById("script-to-limit").textContent`, &scriptLim),
		jsEval(`document.getElementById("misere-max-limit").textContent`, &misereLim), chromedp.Text("#limits", &footer))
	if seqLim != "≤ 5000" || scriptLim != "≤ 700" || misereLim != "≤ 255" {
		t.Errorf("limits beside the boxes: %q %q %q", seqLim, scriptLim, misereLim)
	}
	if !strings.Contains(footer, "5000") || !strings.Contains(footer, "700") || !strings.Contains(footer, "1 heavy job at once") && !strings.Contains(footer, "heavy jobs at once") {
		t.Errorf("footer %q", footer)
	}
	var summary string
	run(t, ctx, edit("#seq-code", "0.16"), tick("#seq-until", true), chromedp.Click("#seq-go"),
		waitText("#seq-status", "done", new(string)), chromedp.Text("#seq-summary", &summary))
	if !strings.Contains(summary, "period 149459") || !strings.Contains(summary, "proved") {
		t.Errorf("0.16 until proved: %q", summary)
	}
	var outcome, limits string
	run(t, ctx, chromedp.Click(`#tabs button[data-tab="misere"]`),
		edit("#misere-game", "0.75"), edit("#misere-max", "100"), chromedp.Click("#misere-go"),
		chromedp.WaitVisible("#misere-pretending"),
		edit("#misere-sum", "1 2 5 5 7 60"), chromedp.Click("#misere-solve"),
		chromedp.WaitVisible("#misere-outcome"), chromedp.Text("#misere-outcome", &outcome),
		chromedp.Click(`#tabs button[data-tab="play"]`), edit("#solve-ruleset", "grundy-game"),
		chromedp.Text("#solve-limits", &limits))
	if !strings.HasPrefix(outcome, "P") {
		t.Errorf("0.75: 1 2 5 5 7 60 decided %q", outcome)
	}
	if !strings.Contains(limits, fmt.Sprint(query.MaxOctalHeap)) {
		t.Errorf("grundy-game's limits beside the position: %q", limits)
	}
}

// Item 6: the words say what happened.
func TestBrowserWords(t *testing.T) {
	ctx, _ := openPage(t, "play")
	var value, about, method string
	run(t, ctx, edit("#solve-ruleset", "wythoff"), edit("#solve-position", "100000 161803"), chromedp.Click("#solve-go"),
		chromedp.WaitVisible("#solve-value"), chromedp.Text("#solve-value", &value),
		edit("#solve-ruleset", "square-but-one"), chromedp.Text("#solve-about", &about),
		chromedp.Click(`#tabs button[data-tab="misere"]`), edit("#misere-game", "0.75"), edit("#misere-sum", "1 2 5 5 7 60"),
		chromedp.Click("#misere-solve"), chromedp.WaitVisible("#misere-outcome"), chromedp.Text("#misere-solve-result", &method))
	if !strings.Contains(value, "not computed") {
		t.Errorf("wythoff 100000 161803: %q, want it to say the value is not computed", value)
	}
	if strings.Contains(about, "2 7") {
		t.Errorf("square-but-one's about names heaps not in the box: %q", about)
	}
	if strings.Contains(method, "winning moves lead into it") {
		t.Errorf("a misère P answer: %q", method)
	}
}

// Item 7: subtract's rule is one choice of --set, --range and --max.
func TestBrowserSubtractChoice(t *testing.T) {
	ctx, _ := openPage(t, "play")
	var outcome string
	var boxes int
	run(t, ctx, edit("#solve-ruleset", "subtract"),
		jsEval(`document.querySelectorAll('#solve-flags [data-flag="set"], #solve-flags [data-flag="range"], #solve-flags [data-flag="max"]').length`, &boxes),
		edit(`#solve-flags select[data-choice]`, "set"), edit(`#solve-flags [data-choice-value]`, "1,3,4"),
		edit("#solve-position", "2 4"), chromedp.Click("#solve-go"),
		chromedp.WaitVisible("#solve-outcome"), chromedp.Text("#solve-outcome", &outcome))
	if boxes != 0 {
		t.Errorf("%d separate boxes for --set, --range, --max", boxes)
	}
	// S = {1, 3, 4}: g(2) = 0 and g(4) = 2 (period 7: 0 1 0 1 2 3 2), so 2 + 4 is N.
	if !strings.HasPrefix(outcome, "N") {
		t.Errorf("subtract --set 1,3,4 2 4: %q", outcome)
	}
}

// overflow is how many CSS pixels the page is wider than the window (0: none), and the widest
// element's tag and id for the message.
const overflow = `(() => {
	const w = document.documentElement.clientWidth;
	let worst = "";
	let max = w;
	for (const e of document.querySelectorAll("body *")) {
		const r = e.getBoundingClientRect();
		if (r.width > 0 && r.right > max + 0.5) { max = r.right; worst = e.tagName + "#" + e.id + "." + e.className; }
	}
	return JSON.stringify([document.documentElement.scrollWidth - w, worst]);
})()`

// At phone width (400 px) no view is wider than the screen, with its example and the widest
// answers shown (the 512 × 512 nim table, Kayles' misère quotient of 40 elements, a long script),
// and the tabs take at most two lines; on the desktop the quotient's table fits too.
func TestBrowserNarrow(t *testing.T) {
	ctx, url := browser(t, Limits{})
	for _, width := range []int64{400, 1100} {
		run(t, ctx, chromedp.EmulateViewport(width, 800), chromedp.Navigate(url+"/#nimbers"), chromedp.Reload(), chromedp.WaitVisible(`body[data-ready="true"]`),
			chromedp.SetValue("#table-size", "512"), chromedp.Click("#table-go"), waitText("#table-status", "512 × 512", new(string)),
			chromedp.Click(`#tabs button[data-tab="misere"]`), edit("#misere-game", "0.77"), edit("#misere-max", "40"),
			chromedp.Click("#misere-go"), chromedp.WaitVisible("#misere-table"))
		for _, view := range []string{"nimbers", "sequences", "play", "scripts", "misere"} {
			var got string
			run(t, ctx, chromedp.Click(fmt.Sprintf(`#tabs button[data-tab=%q]`, view)), jsEval(overflow, &got))
			if !strings.HasPrefix(got, "[0,") && !strings.HasPrefix(got, "[-") {
				t.Errorf("%d px, view %s: wider than the window by [px, widest element] %s", width, view, got)
			}
		}
		var tabRows int
		run(t, ctx, jsEval(`new Set(Array.from(document.querySelectorAll("#tabs button")).map(b => Math.round(b.getBoundingClientRect().top))).size`, &tabRows))
		if tabRows > 2 {
			t.Errorf("%d px: the tabs take %d lines", width, tabRows)
		}
	}
}

// Keyboard only: Tab reaches every tab button and Enter opens it; Enter in a box submits its
// form; Tab in the script editor indents instead of leaving it.
func TestBrowserKeyboard(t *testing.T) {
	ctx, _ := openPage(t, "nimbers")
	// Focus the first tab, then Tab to the Misère tab and press Enter.
	var active string
	run(t, ctx, jsEval(`document.querySelector("#tabs button").focus()`, nil))
	for range 4 {
		run(t, ctx, chromedp.KeyEvent("\t"))
	}
	run(t, ctx, chromedp.KeyEvent("\r"), jsEval(`document.querySelector(".tab.active").id`, &active))
	if active != "misere" {
		t.Fatalf("Tab ×4 then Enter from the first tab opened %q", active)
	}
	// Enter in each form's box submits it.
	for _, c := range []struct{ view, box, value, wait, want string }{
		{"nimbers", "#calc-a", "3", "#calc-result", "7"},
		{"sequences", "#seq-to", "20", "#seq-summary", "g(0) … g(20)"},
		{"play", "#solve-position", "1 2 3", "#solve-outcome", "P"},
		{"scripts", "#script-to", "30", "#script-period", "period 7"},
		{"scripts", "#script-position", "7", "#script-solve-outcome", "P"},
		{"misere", "#misere-sum", "1 1", "#misere-outcome", "N"},
	} {
		var got string
		t.Logf("Enter in %s", c.box)
		run(t, ctx, chromedp.Click(fmt.Sprintf(`#tabs button[data-tab=%q]`, c.view)), edit(c.box, c.value),
			jsEval(fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (e) e.textContent = ""; })()`, c.wait), nil),
			chromedp.Focus(c.box), chromedp.KeyEvent("\r"), waitText(c.wait, c.want, &got))
	}
	// Tab in the script editor inserts indentation and keeps the focus there.
	var src, focused string
	run(t, ctx, chromedp.Click(`#tabs button[data-tab="scripts"]`), edit("#script-source", "def moves(n):\n"),
		jsEval(`(() => { const e = document.getElementById("script-source"); e.focus(); e.setSelectionRange(e.value.length, e.value.length); })()`, nil),
		chromedp.KeyEvent("\t"), jsEval(`document.getElementById("script-source").value`, &src), jsEval(`document.activeElement.id`, &focused))
	if src != "def moves(n):\n    " || focused != "script-source" {
		t.Fatalf("Tab in the editor: %q, focus on %q", src, focused)
	}
}

// The teacher's tool: Kayles 3 + 5 + 7 shows why it is N — each heap's value, their XOR written
// out (3 ⊕ 4 ⊕ 2 = 5), a heap's value as the mex of its options' values on demand, and the
// theorem with its sources.
func TestBrowserWhy(t *testing.T) {
	ctx, _ := openPage(t, "play")
	var why, mex, theory string
	run(t, ctx, edit("#solve-ruleset", "kayles"), edit("#solve-position", "3 5 7"), chromedp.Click("#solve-go"),
		chromedp.WaitVisible("#solve-why"), chromedp.Text("#solve-why", &why),
		chromedp.Click(`#solve-why button[data-heap="7"]`), waitText("#solve-mex", "mex", &mex),
		jsEval(`document.querySelector("#solve-why details.theory").textContent`, &theory))
	if !strings.Contains(why, "3 ⊕ 4 ⊕ 2 = 5") || !strings.Contains(why, "N-position") {
		t.Errorf("why: %q", why)
	}
	var loopyLine int
	run(t, ctx, jsEval(`document.querySelectorAll("#solve-components").length`, &loopyLine))
	if loopyLine != 0 {
		t.Errorf("a sum in normal play is explained with loopy values")
	}
	// Kayles (g = 0 1 2 3 1 4 3 2): heap 7's options 6, 1+5, 2+4, 3+3, 5, 1+4, 2+3 are worth
	// 3, 5, 3, 0, 4, 0, 1: the least value missing is 2 = g(7).
	if !strings.Contains(mex, "the mex (the least value not among them) is 2") {
		t.Errorf("mex of heap 7: %q", mex)
	}
	if !strings.Contains(theory, "Sprague") || !strings.Contains(theory, "Winning Ways") {
		t.Errorf("theory: %q", theory)
	}
}

// Links reproduce a state, and Back and Forward go through the states: a link to a solved Kayles
// position, a tab opened by its link, a second position solved, then Back twice.
func TestBrowserLinks(t *testing.T) {
	ctx, url := browser(t, Limits{})
	var value, active, pos string
	run(t, ctx, chromedp.Navigate(url+"/#solve?ruleset=kayles&pos=3+5+7"), chromedp.WaitVisible(`body[data-ready="true"]`),
		waitText("#solve-value", "Grundy value", &value), jsEval(`document.querySelector(".tab.active").id`, &active))
	if value != "Grundy value 5" || active != "play" {
		t.Fatalf("the link shows %q in %q", value, active)
	}
	run(t, ctx, chromedp.Navigate(url+"/#scripts"), jsEval(`document.querySelector(".tab.active").id`, &active))
	if active != "scripts" {
		t.Fatalf("a #scripts link shows %q", active)
	}
	run(t, ctx, chromedp.NavigateBack(), waitText("#solve-value", "Grundy value", &value), jsEval(`document.querySelector(".tab.active").id`, &active))
	if active != "play" {
		t.Fatalf("Back from #scripts shows %q", active)
	}
	run(t, ctx, edit("#solve-position", "1 2 3"), chromedp.Click("#solve-go"), waitText("#solve-value", "Grundy value 0", &value),
		chromedp.Click(`#tabs button[data-tab="misere"]`), chromedp.NavigateBack(), chromedp.NavigateBack(),
		waitText("#solve-value", "Grundy value 5", &value), chromedp.Value("#solve-position", &pos))
	if pos != "3 5 7" {
		t.Fatalf("Back to the first link: position %q", pos)
	}
}

// A script game has a hint too, from the engine: S = {1, 3, 4} from heap 10 (g = 1), the winning
// move is to 9 (9 ≡ 2 mod 7, a P-position). And a grid board keeps its lines (Turning Corners: a
// row of the grid for each x, one above the other).
func TestBrowserScriptHintAndBoard(t *testing.T) {
	ctx, _ := openPage(t, "scripts")
	var hint, marked string
	run(t, ctx, edit("#script-position", "10"), chromedp.Click("#script-play"), waitText("#script-game-status", "Your move", new(string)),
		chromedp.Click("#script-hint"), waitText("#script-hint-text", "Winning move", &hint),
		jsEval(`Array.from(document.querySelectorAll("#script-move-list button.hinted")).map(b => b.textContent).join(" ")`, &marked))
	if hint != "Winning move: 9" || marked != "9" {
		t.Errorf("script hint %q, marked %q", hint, marked)
	}
	var lines int
	run(t, ctx, chromedp.Click(`#tabs button[data-tab="play"]`), edit("#solve-ruleset", "corners"), edit("#solve-position", "1,2 2,1"),
		chromedp.Click("#play-start"), waitText("#game-status", "Your move", new(string)),
		jsEval(`new Set(Array.from(document.querySelectorAll("#board .board-grid th[scope=row]")).map(th => Math.round(th.getBoundingClientRect().top))).size`, &lines))
	if lines < 3 {
		t.Errorf("the grid board of corners 1,2 2,1 takes %d lines", lines)
	}
}

// The calculator's log names its base (the generator unless one is given), and "wide" takes
// numbers beyond 2^64: (2^128 − 1) ⊗ 3 as `grundy nim mul --wide` gives it.
func TestBrowserNimLogWide(t *testing.T) {
	ctx, _ := openPage(t, "nimbers")
	var res, explain string
	run(t, ctx, edit("#calc-op", "log"), edit("#calc-a", "12"), edit("#calc-b", ""), chromedp.Click("#calc-go"),
		waitText("#calc-explain", "base", &explain), chromedp.Text("#calc-result", &res))
	if res != "2459565876494606882" || !strings.Contains(explain, "4294967302") {
		t.Errorf("log 12: %q, %q", res, explain)
	}
	run(t, ctx, edit("#calc-b", "3"), chromedp.Click("#calc-go"), waitText("#calc-explain", "does not exist", &explain), chromedp.Text("#calc-result", &res))
	if res != "none" || !strings.Contains(explain, "base 3") {
		t.Errorf("log 12 to base 3: %q, %q", res, explain)
	}
	run(t, ctx, edit("#calc-op", "mul"), edit("#calc-a", "340282366920938463463374607431768211455"), edit("#calc-b", "3"),
		tick("#calc-wide", true), chromedp.Click("#calc-go"), waitText("#calc-result", "2", &res))
	if res != "226854911280625642308916404954512140970" {
		t.Errorf("wide (2^128 − 1) ⊗ 3: %q", res)
	}
}

// A long sequence can be cancelled: the answer goes, the status says so, and Compute is offered
// again (0.0667 to 100,000 heaps by the quadratic method lasts seconds).
func TestBrowserSequenceCancel(t *testing.T) {
	ctx, _ := openPage(t, "sequences")
	var status string
	var goOff bool
	var points string
	run(t, ctx, edit("#seq-code", "0.0667"), edit("#seq-to", "100000"), chromedp.Click("#seq-go"),
		waitText("#seq-status", "values computed", new(string)), chromedp.Click("#seq-cancel"),
		chromedp.Text("#seq-status", &status), jsEval(`document.getElementById("seq-go").disabled`, &goOff),
		chromedp.Sleep(500*time.Millisecond), jsEval(`document.getElementById("seq-plot").dataset.points || ""`, &points))
	if status != "cancelled" || goOff || points != "" {
		t.Errorf("after Cancel: status %q, Compute disabled %v, plot of %q points", status, goOff, points)
	}
}
