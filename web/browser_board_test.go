package web

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"grundy/query"
	"grundy/rules"
)

// The boards of play (issue 23, "Complete: Boards"): grid games drawn as a labelled grid whose
// cells make moves, take-and-break games as rows of pins, each reachable with the keyboard; a move
// made on a board is the engine's move and leads where the engine says.

// startGame opens a game of ruleset (flags as a link gives them) from pos in the play view, and
// waits for the person's turn.
func startGame(t *testing.T, ctx context.Context, url, ruleset, flags, pos string) {
	t.Helper()
	link := fmt.Sprintf("%s/#solve?ruleset=%s%s&pos=%s", url, ruleset, flags, strings.ReplaceAll(pos, " ", "+"))
	run(t, ctx, chromedp.Navigate(link), chromedp.Reload(), chromedp.WaitVisible(`body[data-ready="true"]`),
		waitText("#solve-outcome", "", new(string)), chromedp.Click("#play-start"), waitText("#game-status", "Your move", new(string)))
}

// waitMoved waits until the person's move and the engine's answer are shown (or the game ended),
// and returns the history's first line and the position the page holds.
func waitMoved(t *testing.T, ctx context.Context) (string, []string) {
	t.Helper()
	var first string
	var pos []string
	run(t, ctx, poll(`!game.busy && document.querySelectorAll("#history li").length >= 1 ? true : null`, nil),
		chromedp.Text("#history li:first-child", &first), jsEval(`game.here.position`, &pos))
	if msg := pageError(t, ctx); msg != "" {
		t.Fatalf("the move failed: %s", msg)
	}
	return first, pos
}

func pageError(t *testing.T, ctx context.Context) string {
	t.Helper()
	var msg string
	run(t, ctx, jsEval(`document.getElementById("solve-error").textContent`, &msg))
	return msg
}

// engineStep is the engine's answer to the person's move from pos, as the API computes it.
func engineStep(t *testing.T, ruleset string, flags map[string]string, pos []string, move string) []string {
	t.Helper()
	st, err := query.Play(context.Background(), query.PlayRequest{Ruleset: ruleset, Flags: flags, Position: pos, Move: move}, query.Web(time.Minute))
	if err != nil {
		t.Fatalf("play %s %v %q: %v", ruleset, pos, move, err)
	}
	return st.Position
}

// libraryMove returns the text of the move of the ruleset from pos that leads to a position
// satisfying ok (the first one the library lists), or fails.
func libraryMove(t *testing.T, ruleset string, flags map[string]string, pos []string, ok func(to []string) bool) string {
	t.Helper()
	rs, err := rules.New(ruleset, flags)
	if err != nil {
		t.Fatal(err)
	}
	p, err := rs.Parse(pos)
	if err != nil {
		t.Fatal(err)
	}
	for m := range rs.Moves(p) {
		if ok(rs.Args(m.To)) {
			return m.Text
		}
	}
	t.Fatalf("%s %v: no move of the library does it", ruleset, pos)
	return ""
}

// checkMoved waits for the move made on the page (what says how, for messages) and checks that
// the history starts with the move of the ruleset from pos that satisfies ok, and that the page
// then holds the position the engine answers to it.
func checkMoved(t *testing.T, ctx context.Context, ruleset string, pos []string, ok func(to []string) bool, what string) {
	t.Helper()
	first, got := waitMoved(t, ctx)
	move := libraryMove(t, ruleset, nil, pos, ok)
	if first != "you: "+move {
		t.Fatalf("%s: the history starts %q, want %q", what, first, move)
	}
	if want := engineStep(t, ruleset, nil, pos, move); !slices.Equal(got, want) {
		t.Fatalf("%s: the page holds %v, the engine answers %v", what, got, want)
	}
}

// turnsOver says whether the move from pos to to turns over exactly the coins.
func turnsOver(pos []string, coins ...string) func(to []string) bool {
	return func(to []string) bool {
		var f []string
		for _, c := range pos {
			if !slices.Contains(to, c) {
				f = append(f, c)
			}
		}
		for _, c := range to {
			if !slices.Contains(pos, c) {
				f = append(f, c)
			}
		}
		slices.Sort(f)
		want := slices.Clone(coins)
		slices.Sort(want)
		return slices.Equal(f, want)
	}
}

// A grid game is drawn as a grid labelled with its coordinates (Turning Corners from 0, a tartan
// game of Turning Turtles rows from 1); clicking a heads-up coin and the opposite corner makes the
// move that turns over that rectangle, and the arrow keys and Enter do the same.
func TestBrowserGridBoard(t *testing.T) {
	ctx, url := browser(t, Limits{})
	pos := []string{"1,2", "2,3"}
	startGame(t, ctx, url, "corners", "", strings.Join(pos, " "))
	var cols, rowLabels []string
	var cells int
	run(t, ctx, jsEval(`Array.from(document.querySelectorAll("#board table.board-grid tr:first-child th")).slice(1).map(c => c.textContent)`, &cols),
		jsEval(`Array.from(document.querySelectorAll("#board table.board-grid th[scope=row]")).map(c => c.textContent)`, &rowLabels),
		jsEval(`document.querySelectorAll("#board .cell").length`, &cells))
	if strings.Join(cols, " ") != "0 1 2 3 4" || strings.Join(rowLabels, " ") != "0 1 2 3" || cells != 20 {
		t.Fatalf("corners 1,2 2,3: columns %v, rows %v, %d cells", cols, rowLabels, cells)
	}
	// The hint marks the coins of the engine's winning move (solve's first).
	var hinted []string
	run(t, ctx, chromedp.Click("#hint"), waitText("#hint-text", "Winning move", new(string)),
		jsEval(`Array.from(document.querySelectorAll("#board .cell.hinted")).map(c => c.dataset.cell)`, &hinted))
	sol, err := librarySolve(context.Background(), "corners", nil, pos)
	if err != nil || len(sol.WinningMoves) == 0 {
		t.Fatalf("solve corners %v: %v %v", pos, sol.WinningMoves, err)
	}
	if !turnsOver(pos, hinted...)(sol.WinningMoves[0].To) {
		t.Fatalf("hinted coins %v; the engine's winning move %q leads to %v", hinted, sol.WinningMoves[0].Move, sol.WinningMoves[0].To)
	}
	// The heads-up coin 2,3 and the corner 1,2: the rectangle 1,2 1,3 2,2 2,3.
	run(t, ctx, chromedp.Click(`#board .cell[data-cell="2,3"]`), chromedp.Click(`#board .cell[data-cell="1,2"]`))
	checkMoved(t, ctx, "corners", pos, turnsOver(pos, "1,2", "1,3", "2,2", "2,3"), "after clicking 2,3 and 1,2")

	// Tartan of Turning Turtles (rows, from 1) and Mock Turtles (columns, from 0): the labels start
	// where the rulesets number their coins.
	startGame(t, ctx, url, "tartan", "&rows=turtles&cols=mock-turtles", "1,2 3,3")
	run(t, ctx, jsEval(`Array.from(document.querySelectorAll("#board table.board-grid tr:first-child th")).slice(1).map(c => c.textContent)`, &cols),
		jsEval(`Array.from(document.querySelectorAll("#board table.board-grid th[scope=row]")).map(c => c.textContent)`, &rowLabels))
	if strings.Join(cols, " ") != "0 1 2 3 4" || strings.Join(rowLabels, " ") != "1 2 3 4" {
		t.Fatalf("tartan turtles × mock-turtles 1,2 3,3: columns %v, rows %v", cols, rowLabels)
	}

	// Keyboard only, Acrostic Twins 1,2 3,4: Tab onto the board, the arrows to 1,2, Enter, up to
	// 0,2, Enter: the move turning over 0,2 and 1,2.
	pos = []string{"1,2", "3,4"}
	startGame(t, ctx, url, "acrostic", "", strings.Join(pos, " "))
	var focused, pressed string
	// The first stop on the board is its first cell; the board is one Tab stop.
	var stops int
	run(t, ctx, jsEval(`document.querySelectorAll('#board .cell[tabindex="0"]').length`, &stops))
	if stops != 1 {
		t.Fatalf("the grid has %d Tab stops, want 1", stops)
	}
	run(t, ctx, jsEval(`document.querySelector('#board .cell[tabindex="0"]').focus()`, nil),
		chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight),
		jsEval(`document.activeElement.dataset.cell`, &focused), chromedp.KeyEvent("\r"),
		jsEval(`document.activeElement.getAttribute("aria-pressed")`, &pressed))
	if focused != "1,2" || pressed != "true" {
		t.Fatalf("arrows to %q, chosen %q", focused, pressed)
	}
	run(t, ctx, chromedp.KeyEvent(kb.ArrowUp), chromedp.KeyEvent("\r"))
	checkMoved(t, ctx, "acrostic", pos, turnsOver(pos, "0,2", "1,2"), "with the keyboard")

	// A move can still be typed on a grid board: the position after it.
	startGame(t, ctx, url, "acrostic", "", strings.Join(pos, " "))
	run(t, ctx, edit("#move-text", "1,2 1,4"), chromedp.Click("#move-go"))
	checkMoved(t, ctx, "acrostic", pos, turnsOver(pos, "3,4", "1,4"), "typed")
}

// leaves says whether a move from the heaps pos leaves the heap i as the parts (in any order; a
// heap taken whole leaves 0) and the other heaps as they were.
func leaves(pos []string, i int, parts ...string) func(to []string) bool {
	return func(to []string) bool {
		n := len(to) - len(pos) + 1
		if n < 1 || !slices.Equal(to[:i], pos[:i]) || !slices.Equal(to[i+n:], pos[i+1:]) {
			return false
		}
		got, want := slices.Clone(to[i:i+n]), slices.Clone(parts)
		slices.Sort(got)
		slices.Sort(want)
		return slices.Equal(got, want)
	}
}

// Kayles is drawn as rows of pins: a pin clicked twice is knocked out (the row splits into the
// pins on either side), two adjacent pins clicked are knocked out together (Dawson's Kayles, where
// only pairs go), the hint marks the pins of the engine's winning move, and a move can be typed.
func TestBrowserPinsBoard(t *testing.T) {
	ctx, url := browser(t, Limits{})
	pos := []string{"4", "3"}
	startGame(t, ctx, url, "kayles", "", "4 3")
	var pins []int
	run(t, ctx, jsEval(`Array.from(document.querySelectorAll("#board .pins")).map(r => r.querySelectorAll(".pin").length)`, &pins))
	if !slices.Equal(pins, []int{4, 3}) {
		t.Fatalf("kayles 4 3 drawn as rows of %v pins", pins)
	}
	// The second pin of heap 1: chosen, the row would split into 1 and 2; clicked again, knocked out.
	var left, history string
	sel := `#board .pin[data-heap="0"][data-pin="1"]`
	run(t, ctx, chromedp.Click(sel), chromedp.Text(`#board .pins[data-heap="0"] .pins-left`, &left),
		jsEval(`document.querySelectorAll("#history li").length + ""`, &history))
	if left != "→ 1 and 2" || history != "0" {
		t.Fatalf("one click on pin 2 of 4: %q shown, %s moves made", left, history)
	}
	run(t, ctx, chromedp.Click(sel))
	checkMoved(t, ctx, "kayles", pos, leaves(pos, 0, "1", "2"), "after knocking out pin 2 of heap 1")

	// Keyboard only: the rows of pins are one Tab stop; End, then Enter twice on the last pin of
	// heap 2 (of 3 pins) knocks it out, leaving 2.
	pos = []string{"4", "3"}
	startGame(t, ctx, url, "kayles", "", "4 3")
	var stops int
	var focused string
	run(t, ctx, jsEval(`document.querySelectorAll('#board .pin[tabindex="0"]').length`, &stops),
		jsEval(`document.querySelector('#board .pin[tabindex="0"]').focus()`, nil),
		chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.End),
		jsEval(`document.activeElement.dataset.heap + ":" + document.activeElement.dataset.pin`, &focused))
	if stops != 1 || focused != "1:2" {
		t.Fatalf("pins: %d Tab stops, the arrows and End reach %q", stops, focused)
	}
	run(t, ctx, chromedp.KeyEvent("\r"), chromedp.KeyEvent("\r"))
	checkMoved(t, ctx, "kayles", pos, leaves(pos, 1, "2"), "with the keyboard")

	// Dawson's Kayles 5: pins 2 and 3 go together, leaving 1 and 2.
	pos = []string{"5"}
	startGame(t, ctx, url, "dawson-kayles", "", "5")
	run(t, ctx, chromedp.Click(`#board .pin[data-pin="1"]`), jsEval(`document.querySelectorAll("#history li").length + ""`, &history))
	if history != "0" {
		t.Fatalf("one pin of Dawson's Kayles made a move")
	}
	run(t, ctx, chromedp.Click(`#board .pin[data-pin="2"]`))
	checkMoved(t, ctx, "dawson-kayles", pos, leaves(pos, 0, "1", "2"), "after knocking out pins 2 and 3 of 5")

	// The hint marks pins of the engine's winning move: knocking them out leaves what solve says.
	pos = []string{"3", "5", "7"}
	startGame(t, ctx, url, "kayles", "", "3 5 7")
	var hinted [][2]int
	run(t, ctx, chromedp.Click("#hint"), waitText("#hint-text", "Winning move", new(string)),
		jsEval(`Array.from(document.querySelectorAll("#board .pin.hinted")).map(p => [+p.dataset.heap, +p.dataset.pin])`, &hinted))
	want, err := librarySolve(context.Background(), "kayles", nil, pos)
	if err != nil {
		t.Fatal(err)
	}
	if len(hinted) == 0 || len(want.WinningMoves) == 0 {
		t.Fatalf("hinted pins %v, winning moves %v", hinted, want.WinningMoves)
	}
	heap, lo, hi := hinted[0][0], hinted[0][1], hinted[len(hinted)-1][1]
	var h int
	fmt.Sscan(pos[heap], &h)
	var parts []string
	for _, n := range []int{lo, h - hi - 1} {
		if n > 0 {
			parts = append(parts, fmt.Sprint(n))
		}
	}
	if len(parts) == 0 {
		parts = []string{"0"}
	}
	if !leaves(pos, heap, parts...)(want.WinningMoves[0].To) || len(hinted) != hi-lo+1 {
		t.Fatalf("hinted pins %v; the engine's winning move %q leads to %v", hinted, want.WinningMoves[0].Move, want.WinningMoves[0].To)
	}

	// Typed: take 2 from heap 3 leaving 5.
	run(t, ctx, edit("#move-text", "3 5 5"), chromedp.Click("#move-go"))
	checkMoved(t, ctx, "kayles", pos, leaves(pos, 2, "5"), "typed")
}

// At phone width the boards stay inside the screen: a 32 × 32 grid and two rows of 60 pins
// scroll inside their box, a strip of 151 coins wraps.
func TestBrowserNarrowBoards(t *testing.T) {
	ctx, url := browser(t, Limits{})
	run(t, ctx, chromedp.EmulateViewport(400, 800))
	for _, c := range []struct {
		ruleset, pos string
		scroll       bool
	}{{"corners", "1,2 30,30", true}, {"kayles", "60 60", true}, {"turtles", "1 150", false}} {
		startGame(t, ctx, url, c.ruleset, "", c.pos)
		var got string
		var scrolls, drawn bool
		run(t, ctx, jsEval(overflow, &got), jsEval(`(() => { const b = document.querySelector("#board .board-box"); return b.scrollWidth > b.clientWidth; })()`, &scrolls),
			jsEval(`document.querySelectorAll("#board .cell, #board .pin, #board .coin").length > 100`, &drawn))
		if !strings.HasPrefix(got, "[0,") && !strings.HasPrefix(got, "[-") {
			t.Errorf("400 px, %s %s: wider than the window by [px, widest element] %s", c.ruleset, c.pos, got)
		}
		if !drawn || scrolls != c.scroll {
			t.Errorf("400 px, %s %s: drawn %v, scrolls in its box %v (want %v)", c.ruleset, c.pos, drawn, scrolls, c.scroll)
		}
	}
	// A script game, with its Undo and its box for typed moves.
	var got string
	run(t, ctx, chromedp.Click(`#tabs button[data-tab="scripts"]`), edit("#script-position", "10 20 30"), chromedp.Click("#script-play"),
		waitText("#script-game-status", "Your move", new(string)), jsEval(overflow, &got))
	if !strings.HasPrefix(got, "[0,") && !strings.HasPrefix(got, "[-") {
		t.Errorf("400 px, a script game: wider than the window by [px, widest element] %s", got)
	}
}

// A script game has Undo, a Hint from the engine and a box for typed moves, as rulesets have: the
// subtraction game {1, 3, 4} from 10, the hinted move is the engine's winning move (as solve
// gives it), played, then undone back to 10; a typed move is played as the engine plays it.
func TestBrowserScriptUndoHint(t *testing.T) {
	ctx, _ := openPage(t, "scripts")
	var hint, marked, first string
	var pos []string
	run(t, ctx, edit("#script-position", "10"), chromedp.Click("#script-play"), waitText("#script-game-status", "Your move", new(string)),
		chromedp.Click("#script-hint"), waitText("#script-hint-text", "Winning move", &hint),
		jsEval(`Array.from(document.querySelectorAll("#script-move-list button.hinted")).map(b => b.textContent).join(" ")`, &marked))
	var src string
	run(t, ctx, chromedp.Value("#script-source", &src))
	sol, err := query.Solve(context.Background(), query.SolveRequest{Script: src, Position: []string{"10"}}, query.Web(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := json.Marshal(sol)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		WinningMoves []struct{ Move string } `json:"winning_moves"`
	}
	if err := json.Unmarshal(doc, &rep); err != nil || len(rep.WinningMoves) == 0 {
		t.Fatalf("solve of the script at 10: %s (%v)", doc, err)
	}
	best := rep.WinningMoves[0].Move
	if hint != "Winning move: "+best || marked != best {
		t.Fatalf("script hint %q, marked %q; solve's winning move %q", hint, marked, best)
	}
	run(t, ctx, chromedp.Click("#script-move-list button.hinted"),
		poll(`!scriptGame.busy && document.querySelectorAll("#script-history li").length >= 2 ? true : null`, nil),
		chromedp.Text("#script-history li:first-child", &first), jsEval(`scriptGame.here.position`, &pos))
	step, err := query.Play(context.Background(), query.PlayRequest{Script: src, Position: []string{"10"}, Move: best}, query.Web(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if first != "you: "+best || !slices.Equal(pos, step.Position) {
		t.Fatalf("after the hinted move: history %q, position %v; the engine answers %v", first, pos, step.Position)
	}
	// Undo: back to 10, the person to move, no history.
	var hist int
	var status string
	run(t, ctx, chromedp.Click("#script-undo"), poll(`!scriptGame.busy && scriptGame.here.position.join(" ") === "10" ? true : null`, nil),
		jsEval(`document.querySelectorAll("#script-history li").length`, &hist), chromedp.Text("#script-game-status", &status))
	if hist != 0 || status != "Your move." {
		t.Fatalf("after Undo: %d history lines, status %q", hist, status)
	}
	// Typed: from 10 to 7 (take 3).
	run(t, ctx, edit("#script-move-text", "7"), chromedp.Click("#script-move-go"),
		poll(`!scriptGame.busy && document.querySelectorAll("#script-history li").length >= 1 ? true : null`, nil),
		chromedp.Text("#script-history li:first-child", &first), jsEval(`scriptGame.here.position`, &pos))
	step, err = query.Play(context.Background(), query.PlayRequest{Script: src, Position: []string{"10"}, Move: "7"}, query.Web(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if first != "you: "+step.Played[0].Move || !slices.Equal(pos, step.Position) {
		t.Fatalf("typed 7: history %q, position %v; the engine plays %v to %v", first, pos, step.Played, step.Position)
	}
}

// A row of coins (Turning Turtles, numbered from 1) is a strip whose coins make moves: coin 7 and
// coin 5 turn over together; coin 4 alone with "Turn over this coin".
func TestBrowserCoinBoard(t *testing.T) {
	ctx, url := browser(t, Limits{})
	pos := []string{"1", "4", "7"}
	startGame(t, ctx, url, "turtles", "", "1 4 7")
	run(t, ctx, chromedp.Click(`#board .coin[data-coin="7"]`), chromedp.Click(`#board .coin[data-coin="5"]`))
	checkMoved(t, ctx, "turtles", pos, turnsOver(pos, "5", "7"), "after clicking coins 7 and 5")
	startGame(t, ctx, url, "turtles", "", "1 4 7")
	var history string
	run(t, ctx, chromedp.Click(`#board .coin[data-coin="4"]`), jsEval(`document.querySelectorAll("#history li").length + ""`, &history))
	if history != "0" {
		t.Fatalf("one click on coin 4 (a move, but not the only one with it) made a move")
	}
	run(t, ctx, chromedp.Click("#board .board-play"))
	checkMoved(t, ctx, "turtles", pos, turnsOver(pos, "4"), "after turning over coin 4")
}
