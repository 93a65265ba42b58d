package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserExamples (issue 13): every view opens with a worked example already shown — no empty
// table, plot or result box — computed by the server when the page loads.
func TestBrowserExamples(t *testing.T) {
	ctx, url := browser(t, Limits{})
	var calc, table, summary, outcome, period, scriptOutcome string
	var points string
	var modules bool
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/"),
		chromedp.WaitVisible(`body[data-ready="true"]`),
		chromedp.Text("#calc-result", &calc, chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("table-status").textContent`, &table),
		chromedp.Evaluate(`document.getElementById("seq-summary").textContent`, &summary),
		chromedp.Evaluate(`document.getElementById("seq-plot").dataset.points || ""`, &points),
		chromedp.Evaluate(`document.getElementById("solve-outcome").textContent`, &outcome),
		chromedp.Evaluate(`document.getElementById("script-period").textContent`, &period),
		chromedp.Evaluate(`document.getElementById("script-solve-outcome").textContent`, &scriptOutcome),
		chromedp.Evaluate(`!!document.querySelector('script[type="module"][src="js/main.js"]') && !document.querySelector('script:not([type="module"])')`, &modules),
	)
	if err != nil {
		t.Fatal(err)
	}
	if calc != "10" {
		t.Errorf("calculator example: %q, want 12 ⊗ 9 = 10", calc)
	}
	if !strings.Contains(table, "32 × 32") {
		t.Errorf("table example: %q", table)
	}
	if points != "301" || !strings.Contains(summary, "period 34, preperiod 53, proved") {
		t.Errorf("sequence example: %s points, %q", points, summary)
	}
	if !strings.HasPrefix(outcome, "N") && !strings.HasPrefix(outcome, "P") {
		t.Errorf("solve example: %q", outcome)
	}
	// S = {1, 3, 4} has period 7 (P-positions 0, 2 mod 7): heap 10 ≡ 3 is an N-position.
	if !strings.HasPrefix(period, "period 7, preperiod 0") || !strings.HasPrefix(scriptOutcome, "N") {
		t.Errorf("script example: %q, heap 10 %q", period, scriptOutcome)
	}
	if !modules {
		t.Error("the page is not loaded as ES modules")
	}
}

// TestBrowserScriptSolve: the script view solves a position of the user's game through
// /api/solve with "script", in normal, misère and loopy play.
func TestBrowserScriptSolve(t *testing.T) {
	ctx, url := browser(t, Limits{})
	var normal, value, moves, misere, loopy, loopyValue, msg string
	// Take 1 or 2 from a heap (S = {1, 2}): g(n) = n mod 3.
	sub := "def moves(n):\n    return [n - k for k in [1, 2] if k <= n]\n"
	// A cycle: from 1 go to 2 or 0, from 2 back to 1 — loopy play has a draw-free answer here.
	cyc := "def moves(n):\n    return {0: [], 1: [0, 2], 2: [1], 3: [2]}[n]\n"
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#scripts"),
		chromedp.WaitVisible(`body[data-ready="true"]`),
		chromedp.SetValue("#script-source", sub),
		chromedp.SetValue("#script-position", "7 5"),
		chromedp.Click("#script-solve"),
		waitText("#script-solve-outcome", ":", &normal),
		chromedp.Evaluate(`document.getElementById("script-solve-value").textContent`, &value),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#script-solve-moves tr")).slice(1).map(r => r.cells[0].textContent).join("; ")`, &moves),
		chromedp.SetValue("#script-position", "1"),
		chromedp.Click("#script-misere"),
		chromedp.Click("#script-solve"),
		waitText("#script-solve-outcome", ":", &misere),
		chromedp.Click("#script-misere"),
		chromedp.SetValue("#script-source", cyc),
		chromedp.SetValue("#script-position", "3"),
		chromedp.Click("#script-loopy"),
		chromedp.Click("#script-solve"),
		waitText("#script-solve-outcome", ":", &loopy),
		chromedp.Evaluate(`document.getElementById("script-solve-value").textContent`, &loopyValue),
		chromedp.Click("#script-loopy"),
		chromedp.Click("#script-solve"),
		waitText("#script-solve-error", "cycle", &msg),
	)
	if err != nil {
		t.Fatal(err)
	}
	// 7 + 5: g = 1 XOR 2 = 3, an N-position.
	if !strings.HasPrefix(normal, "N") || value != "Grundy value 3" || moves == "" {
		t.Errorf("7 5: %q, %q, moves %q", normal, value, moves)
	}
	// Misère: at heap 1 the only move takes the last counter, and the one who does loses.
	if !strings.HasPrefix(misere, "P") {
		t.Errorf("misère heap 1: %q", misere)
	}
	// From 3 the only move is to 2, whose move to 1 wins (1 moves to 0): 1 is N, 2 is P, 3 is N.
	if !strings.HasPrefix(loopy, "N") || loopyValue == "" {
		t.Errorf("loopy 3: %q %q", loopy, loopyValue)
	}
}

// TestBrowserScriptPlay: the script view plays the user's game against the engine through
// /api/play with "script": from an N-position, taking the winning moves it marks wins.
func TestBrowserScriptPlay(t *testing.T) {
	ctx, url := browser(t, Limits{})
	sub := "def moves(n):\n    return [n - k for k in [1, 2] if k <= n]\n"
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#scripts"),
		chromedp.WaitVisible(`body[data-ready="true"]`),
		chromedp.SetValue("#script-source", sub),
		chromedp.SetValue("#script-position", "7"),
		chromedp.Click("#script-play"),
	)
	if err != nil {
		t.Fatal(err)
	}
	for moves := 0; ; moves++ {
		if moves > 20 {
			t.Fatal("the game did not end")
		}
		var result string
		err := chromedp.Run(ctx, poll(`(() => { const s = document.getElementById("script-game-status"); return scriptGame.busy || s.dataset.result === "starting" ? null : s.dataset.result === "" ? "turn" : s.dataset.result; })()`, &result))
		if err != nil {
			t.Fatal(err)
		}
		if result != "turn" {
			var history string
			chromedp.Run(ctx, chromedp.Text("#script-history", &history))
			// 7 ≡ 1 (mod 3): take 1 to 6, and so on, twice the engine answers, then 0 is left.
			if result != "you-win" || moves == 0 || !strings.Contains(history, "engine:") {
				t.Fatalf("after %d moves: %q, history %q", moves, result, history)
			}
			return
		}
		if err := chromedp.Run(ctx, chromedp.Click(`#script-move-list button[data-winning="true"]`)); err != nil {
			t.Fatal(err)
		}
	}
}
