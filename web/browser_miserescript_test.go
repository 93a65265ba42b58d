package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// kaylesHeapsStar is examples/kayles-heaps.star without its comments: Kayles as a heap game whose
// moves are pairs (left, right) that split() turns into two heaps.
const kaylesHeapsStar = `def moves(pos):
    if type(pos) == "tuple":
        opts = []
        for i in range(len(pos)):
            for m in moves(pos[i]):
                opts.append(pos[:i] + (m,) + pos[i + 1:])
        return opts
    opts = []
    for take in [1, 2]:
        for left in range(pos - take + 1):
            opts.append((left, pos - take - left))
    return opts

def split(pos):
    if type(pos) == "tuple":
        return list(pos)
    return None
`

// TestBrowserMisereView: the misère view of a script's heap game (Kayles written in Starlark):
// its quotient for heaps ≤ 9 (18 elements, as 0.77's), the heap → element row, and a sum decided
// through it with winning moves; then misère Nim by name, whose 1 + 1 + 1 the player to move
// loses.
func TestBrowserMisereView(t *testing.T) {
	ctx, url := browser(t, Limits{})
	var facts, method, outcome, nimOutcome string
	var heaps, sizes []string
	var moves int
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#scripts"),
		chromedp.WaitVisible(`body[data-ready="true"]`),
		chromedp.SetValue("#script-source", kaylesHeapsStar),
		chromedp.Click(`button[data-tab="misere"]`),
		chromedp.WaitVisible("#misere-go"),
		chromedp.Click("#misere-script"),
		chromedp.SetValue("#misere-max", "9"),
		chromedp.Click("#misere-go"),
		waitText("#misere-result", "script:", &facts),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#misere-pretending tr:nth-child(2) td")).map(c => c.textContent)`, &heaps),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#misere-pretending tr:nth-child(3) td")).map(c => c.textContent)`, &sizes),
		chromedp.SetValue("#misere-sum", "5 7"),
		chromedp.Click("#misere-solve"),
		waitText("#misere-solve-result", "quotient of the script", &method),
		chromedp.Text("#misere-outcome", &outcome),
		chromedp.Evaluate(`document.querySelectorAll("#misere-solve-result li").length`, &moves),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(facts, "18, 6") {
		t.Errorf("the script's quotient: %q", facts)
	}
	if len(heaps) != 10 || heaps[0] != "1" || heaps[1] != "a" {
		t.Errorf("heap → element row: %q", heaps)
	}
	if want := []string{"1", "2", "6", "6", "6", "12", "12", "12", "12", "18"}; fmt.Sprint(sizes) != fmt.Sprint(want) {
		t.Errorf("orders row: %q, want %q", sizes, want)
	}
	if !strings.HasPrefix(outcome, "N") || moves == 0 {
		t.Errorf("5 + 7: %q with %d moves (%s)", outcome, moves, method)
	}
	err = chromedp.Run(ctx,
		chromedp.Click("#misere-script"),
		chromedp.SetValue("#misere-game", "nim"),
		chromedp.SetValue("#misere-max", "7"),
		chromedp.Click("#misere-go"),
		waitText("#misere-result", "10, 2", new(string)),
		chromedp.SetValue("#misere-sum", "1 1 1"),
		chromedp.Click("#misere-solve"),
		waitText("#misere-outcome", "P", &nimOutcome),
		// A ruleset of the catalogue with its flags.
		chromedp.SetValue("#misere-game", "subtract --set 1,3,4"),
		chromedp.SetValue("#misere-max", "12"),
		chromedp.Click("#misere-go"),
		waitText("#misere-result", "subtract --set 1,3,4", &facts),
		chromedp.SetValue("#misere-sum", "4 4 1"),
		chromedp.Click("#misere-solve"),
		waitText("#misere-outcome", "N", new(string)),
		chromedp.Evaluate(`document.querySelectorAll("#misere-solve-result li").length`, &moves),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(facts, "6, 2") || moves == 0 {
		t.Errorf("subtract {1,3,4}: %q, %d winning moves", facts, moves)
	}
}

// TestBrowserScriptMiserePlay plays Kayles in Starlark in misère play from 5 + 7 (an N-position)
// with the engine moving first and the person always taking the first listed move: the engine
// must win, and the last move of the game is the person's (in misère play whoever cannot move
// wins).
func TestBrowserScriptMiserePlay(t *testing.T) {
	ctx, url := browser(t, Limits{})
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#scripts"),
		chromedp.WaitVisible(`body[data-ready="true"]`),
		chromedp.SetValue("#script-source", kaylesHeapsStar),
		chromedp.SetValue("#script-position", "5 7"),
		chromedp.Click("#script-misere"),
		chromedp.Click("#script-engine-first"),
		chromedp.Click("#script-play"),
		chromedp.Poll(`!scriptGame.busy && ["", "engine-wins", "you-win"].includes(document.querySelector("#script-game-status").dataset.result)`, nil),
	)
	if err != nil {
		t.Fatal(err)
	}
	var result, last string
	for range 40 {
		var n int
		if err := chromedp.Run(ctx,
			chromedp.Evaluate(`document.querySelector("#script-game-status").dataset.result`, &result),
			chromedp.Evaluate(`document.querySelectorAll("#script-history li").length`, &n),
		); err != nil {
			t.Fatal(err)
		}
		if result != "" {
			break
		}
		if err := chromedp.Run(ctx,
			chromedp.Click(`#script-move-list button[data-move="0"]`),
			chromedp.Poll(fmt.Sprintf(`!scriptGame.busy && document.querySelectorAll("#script-history li").length > %d`, n), nil),
		); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Run(ctx, chromedp.Evaluate(`document.querySelector("#script-history li:last-child").textContent`, &last)); err != nil {
		t.Fatal(err)
	}
	if result != "engine-wins" || !strings.HasPrefix(last, "you:") {
		t.Fatalf("game over with %q, the last move %q", result, last)
	}
}

// TestBrowserRulesetMiserePlay: Kayles 4 + 6 in the solve-and-play view with "misère" ticked —
// solved through the misère quotient, then played with the engine first and the person taking
// the first listed move: the engine wins and the last move is the person's.
func TestBrowserRulesetMiserePlay(t *testing.T) {
	ctx, url := browser(t, Limits{})
	var method string
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#play"),
		chromedp.WaitVisible(`body[data-ready="true"]`),
		chromedp.SetValue("#solve-ruleset", "kayles"),
		chromedp.Evaluate(`onSolveRuleset()`, nil),
		chromedp.SetValue("#solve-position", "4 6"),
		chromedp.Click("#solve-misere"),
		chromedp.Click("#solve-go"),
		waitText("#solve-result", "misère quotient of 0.77", &method),
		chromedp.Click("#play-engine-first"),
		chromedp.Click("#play-start"),
		chromedp.Poll(`!game.busy && ["", "engine-wins", "you-win"].includes(document.querySelector("#game-status").dataset.result)`, nil),
	)
	if err != nil {
		t.Fatal(err)
	}
	var result, last string
	for range 40 {
		var n int
		if err := chromedp.Run(ctx,
			chromedp.Evaluate(`document.querySelector("#game-status").dataset.result`, &result),
			chromedp.Evaluate(`document.querySelectorAll("#history li").length`, &n),
		); err != nil {
			t.Fatal(err)
		}
		if result != "" {
			break
		}
		if err := chromedp.Run(ctx,
			chromedp.Click(`#move-list button[data-move="0"]`),
			chromedp.Poll(fmt.Sprintf(`!game.busy && document.querySelectorAll("#history li").length > %d`, n), nil),
		); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Run(ctx, chromedp.Evaluate(`document.querySelector("#history li:last-child").textContent`, &last)); err != nil {
		t.Fatal(err)
	}
	if result != "engine-wins" || !strings.HasPrefix(last, "you:") {
		t.Fatalf("game over with %q, the last move %q", result, last)
	}
}
