package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// squareButOneStar: take a positive square, or add one counter to a positive even heap
// (Square-But-One): 0 and 5 are P, the squares and squares plus 5 are N, the rest draws.
const squareButOneStar = `
def moves(n):
    opts = []
    if n > 0 and n % 2 == 0:
        opts.append(n + 1)
    k = 1
    while k * k <= n:
        opts.append(n - k * k)
        k += 1
    return opts
`

func TestSolveLoopyValues(t *testing.T) {
	f := writeScript(t, squareButOneStar)
	// One position: 3 is ∞{} (its only move, to 2, is ∞{1}): a draw, kept by 3 → 2.
	v := decodeJSON(t, "", "solve", "--loopy", "--script", f, "3")
	if v["outcome"] != "D" || !sameJSON(v["value"], `{"infinite":true,"set":[]}`) || len(v["drawing_moves"].([]any)) != 1 {
		t.Fatalf("3: %v", v)
	}
	// 1 + 2 = 1 + ∞{1} = ∞{0}: N, won by 2 → 1.
	v = decodeJSON(t, "", "solve", "--loopy", "--script", f, "1", "2")
	if v["outcome"] != "N" || !sameJSON(v["value"], `{"infinite":true,"set":[0]}`) ||
		!sameJSON(v["components"], `["1",{"infinite":true,"set":[1]}]`) ||
		!sameJSON(v["winning_moves"], `[{"move":"component 2: 2 -> 1","to":["1","1"]}]`) {
		t.Fatalf("1 + 2: %v", v)
	}
	// 1 + 1 + 5: finite values 1 ⊕ 1 ⊕ 0 = 0, a P-position.
	v = decodeJSON(t, "", "solve", "--loopy", "--script", f, "1", "1", "5")
	if v["outcome"] != "P" || v["value"] != "0" || len(v["winning_moves"].([]any)) != 0 {
		t.Fatalf("1 + 1 + 5: %v", v)
	}
	out, _, code := runCLI(t, "", "solve", "--loopy", "--script", f, "2", "4")
	if code != 0 || !strings.Contains(out, "loopy value ∞{} = ∞{1} + ∞{0}") || !strings.Contains(out, "moves that keep the draw:") {
		t.Fatalf("text: %d %q", code, out)
	}
}

func TestSeqLoopyValues(t *testing.T) {
	f := writeScript(t, squareButOneStar)
	v := decodeJSON(t, "", "seq", "--loopy", "--script", f, "--to", "9")
	if v["outcomes"] != "PNDDNPNDDN" || !sameJSON(v["values"].([]any)[:3], `["0","1",{"infinite":true,"set":[1]}]`) {
		t.Fatalf("seq: %v", v)
	}
	out, _, code := runCLI(t, "", "seq", "--loopy", "--script", f, "--to", "9")
	if code != 0 || !strings.Contains(out, "0: 0 1 ∞{1} ∞{} ∞{0} 0") {
		t.Fatalf("text: %d %q", code, out)
	}
	wantBadInput(t, "does not go with --loopy", "", "seq", "--loopy", "--script", f, "--to", "9", "--plot", "x.svg")
	wantBadInput(t, "apply to script games and the rulesets with cycles", "", "seq", "--loopy", "nim", "--to", "9")
}

// sameJSON reports whether v, decoded from JSON, is the JSON document want.
func sameJSON(v any, want string) bool {
	var w any
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		panic(err)
	}
	a, _ := json.Marshal(v)
	b, _ := json.Marshal(w)
	return string(a) == string(b)
}

func TestLoopyRulesets(t *testing.T) {
	v := decodeJSON(t, "", "solve", "windup", "--n", "3", "--set", "1,2", "1", "2")
	if v["outcome"] != "D" || !sameJSON(v["components"], `[{"infinite":true,"set":[0]},{"infinite":true,"set":[0]}]`) || len(v["drawing_moves"].([]any)) != 2 {
		t.Fatalf("windup: %v", v)
	}
	v = decodeJSON(t, "", "seq", "square-but-one", "--to", "9")
	if v["outcomes"] != "PNDDNPNDDN" {
		t.Fatalf("square-but-one: %v", v)
	}
	wantBadInput(t, "out of range", "", "solve", "windup", "--n", "3", "--set", "1,2", "3")
	wantBadInput(t, "normal play only", "", "solve", "--misere", "square-but-one", "3")
}

// TestPlayLoopyDraw: a drawn game against the engine ends in a declared draw by the repetition
// rule; a won one ends in the engine's win.
func TestPlayLoopyDraw(t *testing.T) {
	out, _, code := runCLI(t, "me\n"+strings.Repeat("#1\n", 20), "play", "square-but-one", "2", "4")
	if code != 0 || !strings.Contains(out, "Game over: a draw") {
		t.Fatalf("draw: %d\n%s", code, out)
	}
	v := decodeJSON(t, strings.Repeat("#1\n", 20), "play", "square-but-one", "2", "4", "--first", "me")
	if v["drawn"] != true || v["over"] != false {
		t.Fatalf("draw JSON: %v", v)
	}
	out, _, code = runCLI(t, "you\n"+strings.Repeat("#1\n", 100), "play", "windup", "--n", "40", "--set", "6,7", "5", "12")
	if code != 0 || !strings.Contains(out, "Game over: I win.") || strings.Contains(out, "a draw") {
		t.Fatalf("win: %d\n%s", code, out)
	}
}

func TestPlayScriptLoopy(t *testing.T) {
	f := writeScript(t, squareButOneStar)
	out, _, code := runCLI(t, strings.Repeat("#1\n", 20), "play", "--script", f, "--loopy", "2", "4", "--first", "me")
	if code != 0 || !strings.Contains(out, "Game over: a draw") {
		t.Fatalf("draw: %d\n%s", code, out)
	}
	// 1 + 2 is N (1 + ∞{1} = ∞{0}): the engine moving first wins whatever the person plays.
	out, _, code = runCLI(t, strings.Repeat("#1\n", 50), "play", "--script", f, "--loopy", "1", "2", "--first", "engine")
	if code != 0 || !strings.Contains(out, "Game over: I win.") {
		t.Fatalf("win: %d\n%s", code, out)
	}
	v := decodeJSON(t, "", "play", "--script", f, "--loopy", "1", "2", "--first", "me")
	for _, m := range v["moves"].([]any) {
		mm := m.(map[string]any)
		if win := mm["move"] == "component 2: 2 -> 1"; mm["winning"] != win {
			t.Fatalf("moves: %v", v["moves"])
		}
	}
}
