package web

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
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
