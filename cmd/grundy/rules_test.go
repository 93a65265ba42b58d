package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestSolveNimJSON(t *testing.T) {
	v := decodeJSON(t, "", "solve", "nim", "3", "4", "5")
	if v["ruleset"] != "nim" || v["outcome"] != "N" || v["value"] != "2" {
		t.Fatalf("%v", v)
	}
	moves := v["winning_moves"].([]any)
	if len(moves) != 1 {
		t.Fatalf("moves %v", moves)
	}
	m := moves[0].(map[string]any)
	if m["move"] != "take 2 from heap 1" {
		t.Fatalf("move %v", m)
	}
	// the position a winning move reaches, fed back, is a P-position
	var to []string
	for _, s := range m["to"].([]any) {
		to = append(to, s.(string))
	}
	w := decodeJSON(t, "", append([]string{"solve", "nim"}, to...)...)
	if w["outcome"] != "P" || len(w["winning_moves"].([]any)) != 0 {
		t.Fatalf("after the winning move: %v", w)
	}
}

// TestSolveEveryExample solves each catalogue example from the command line and checks that every
// winning move it prints reaches a P-position.
func TestSolveEveryExample(t *testing.T) {
	out, _, code := runCLI(t, "", "rules", "--json")
	if code != 0 {
		t.Fatal(code)
	}
	var cat struct {
		Rulesets []struct{ Name, Command string }
	}
	if err := json.Unmarshal([]byte(out), &cat); err != nil {
		t.Fatal(err)
	}
	if len(cat.Rulesets) != 26 {
		t.Fatalf("%d rulesets", len(cat.Rulesets))
	}
	for _, r := range cat.Rulesets {
		args := strings.Fields(strings.TrimPrefix(r.Command, "grundy "))
		v := decodeJSON(t, "", args...)
		var flags []string
		for i := 2; i < len(args) && strings.HasPrefix(args[i], "--"); i += 2 {
			flags = append(flags, args[i], args[i+1])
		}
		for _, mv := range v["winning_moves"].([]any) {
			m := mv.(map[string]any)
			next := append([]string{"solve", r.Name}, flags...)
			for _, s := range m["to"].([]any) {
				next = append(next, s.(string))
			}
			if w := decodeJSON(t, "", next...); w["outcome"] != "P" {
				t.Fatalf("%s: winning move %v reaches %v", r.Command, m, w)
			}
		}
	}
}

func TestSolveText(t *testing.T) {
	out, errOut, code := runCLI(t, "", "solve", "subtract", "--range", "2:4", "--last-loses", "7")
	if code != 0 || !strings.Contains(out, "P (the player to move loses)") || !strings.Contains(out, "HDU 2897") {
		t.Fatalf("exit %d: %q %q", code, out, errOut)
	}
	out, _, _ = runCLI(t, "", "solve", "wythoff", "0xffffffffffffffff", "0xffffffffffffffff")
	if !strings.Contains(out, "take 7046029254386353130 from heap 2") {
		t.Fatalf("%q", out)
	}
}

func TestSolveValueNullInMisere(t *testing.T) {
	v := decodeJSON(t, "", "solve", "misere-nim", "3", "5", "1")
	if v["value"] != nil || v["outcome"] != "N" {
		t.Fatalf("%v", v)
	}
	v = decodeJSON(t, "", "solve", "prime-take", "16")
	if v["value"] != nil || v["score"] != 3.0 {
		t.Fatalf("%v", v)
	}
}

// TestSolveMisereFlag: --misere plays a normal-play ruleset in misère play, by theorem for Nim and
// by the engine's search otherwise.
func TestSolveMisereFlag(t *testing.T) {
	v := decodeJSON(t, "", "solve", "--misere", "nim", "1", "1")
	if v["ruleset"] != "misere-nim" || v["outcome"] != "N" {
		t.Fatalf("%v", v)
	}
	// misère Lasker's Nim on one heap of 1: the only move takes the last stone and loses
	v = decodeJSON(t, "", "solve", "--misere", "lasker", "1")
	if v["outcome"] != "P" || v["value"] != nil {
		t.Fatalf("%v", v)
	}
	v = decodeJSON(t, "", "solve", "--misere", "subtract", "--max", "2", "4")
	// take 1..2, last taker loses: P iff n mod 3 == 1
	if v["outcome"] != "P" {
		t.Fatalf("%v", v)
	}
	wantBadInput(t, "the value is computed for at most 12", "", "solve", "hungergame", "3", "3", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "4o")
}

func TestSolveBadInput(t *testing.T) {
	wantBadInput(t, `did you mean "nim"`, "", "solve", "nmi", "3")
	wantBadInput(t, `did you mean "wythoff"`, "", "solve", "wythof", "3", "4")
	wantBadInput(t, "only one of --set, --range and --max", "", "solve", "subtract", "--set", "2,5", "--max", "3", "4")
	wantBadInput(t, "needs one of --set", "", "solve", "subtract", "4")
	wantBadInput(t, "moore needs --k", "", "solve", "moore", "4")
	wantBadInput(t, "nim takes no flags", "", "solve", "nim", "--k", "2", "4")
	wantBadInput(t, "heap 2", "", "solve", "nim", "3", "x")
	wantBadInput(t, "negative", "", "solve", "nim", "--", "-3")
	wantBadInput(t, "outside the row", "", "solve", "turtles", "0")
	wantBadInput(t, "outside the board", "", "solve", "tartan", "--rows", "ruler", "--cols", "twins", "0,3")
	wantBadInput(t, "must start empty", "", "solve", "gra", "--m", "5", "5")
	wantBadInput(t, "limited to 100000", "", "solve", "prime-take", "100001")
	wantBadInput(t, "not an x,y pair", "", "solve", "corners", "3")
	wantBadInput(t, "given twice", "", "solve", "acrostic", "1,2", "1,2")
	wantBadInput(t, "two heaps", "", "solve", "wythoff", "1")
	wantBadInput(t, "--last-loses goes with --range", "", "solve", "subtract", "--max", "3", "--last-loses", "5")
	wantBadInput(t, "need 1 ≤ P ≤ Q", "", "solve", "subtract", "--range", "5:3", "5")
	wantBadInput(t, "not a 1-D coin-turning ruleset", "", "solve", "tartan", "--rows", "nim", "--cols", "twins", "1,1")
	wantBadInput(t, "solve takes a RULESET", "", "solve")
	wantBadInput(t, "already misère play", "", "solve", "--misere", "misere-nim", "1")
}

func TestSeq(t *testing.T) {
	v := decodeJSON(t, "", "seq", "subtract", "--set", "2,5", "--to", "20")
	vals := v["values"].([]any)
	want := []float64{0, 0, 1, 1, 0, 2, 1, 0, 0, 1, 1, 0, 2, 1, 0, 0, 1, 1, 0, 2, 1}
	for i, w := range want {
		if vals[i] != w {
			t.Fatalf("g(%d) = %v, want %v (%v)", i, vals[i], w, vals)
		}
	}
	if v["period"] != 7.0 || v["preperiod"] != 0.0 || v["proved"] != true {
		t.Fatalf("%v", v)
	}
	v = decodeJSON(t, "", "seq", "lasker", "--to", "8", "--summary")
	if _, ok := v["values"]; ok || v["saltus"] != 4.0 {
		t.Fatalf("%v", v)
	}
	out, _, code := runCLI(t, "", "seq", "mock-turtles", "--to", "7")
	if code != 0 || !strings.Contains(out, "1 2 4 7 8 11 13 14") {
		t.Fatalf("%q", out)
	}
	wantBadInput(t, "no Grundy sequence of one heap", "", "seq", "wythoff", "--to", "5")
	wantBadInput(t, "seq needs --to", "", "seq", "nim")
	wantBadInput(t, "too large", "", "seq", "nim", "--to", "100000000")
	wantBadInput(t, "misère", "", "seq", "subtract", "--range", "1:2", "--last-loses", "--to", "5")
}

func TestRulesCommand(t *testing.T) {
	out, _, code := runCLI(t, "", "rules")
	if code != 0 {
		t.Fatal(code)
	}
	for _, name := range []string{"nim", "misere-nim", "moore", "misere-moore", "staircase", "gra", "subtract", "lasker",
		"split-nim", "split", "hungergame", "wythoff", "turtles", "mock-turtles", "ruler", "twins", "acrostic", "corners",
		"tartan", "prime-take"} {
		if !strings.Contains(out, "\n"+name+" ") && !strings.HasPrefix(out, name+" ") {
			t.Errorf("rules does not list %s", name)
		}
	}
	out, _, _ = runCLI(t, "", "rules", "turtles")
	if !strings.Contains(out, "numbered from 1") {
		t.Fatalf("%q", out)
	}
	wantBadInput(t, `did you mean "ruler"`, "", "rules", "rular")
}

func TestPlayCLI(t *testing.T) {
	out, errOut, code := runCLI(t, "me\n1 1\n0 1\n2 0\n0 0\n", "play", "nim", "1", "2")
	if code != 0 || !strings.Contains(out, "Game over: you win!") {
		t.Fatalf("exit %d: %q %q", code, out, errOut)
	}
	// Input that ends before the game stops it there, without an error.
	out, errOut, code = runCLI(t, "me\n", "play", "nim", "1", "2")
	if code != 0 || !strings.Contains(out, "The input ended before the game did") {
		t.Fatalf("exit %d: %q %q", code, out, errOut)
	}
	wantBadInput(t, "--first: want me", "", "play", "nim", "1", "--first", "you")
}

// Piped play needs no answer to the question of who starts: a first line that is not one is the
// person's first move (issue 13), and --first says it outright.
func TestPlayPiped(t *testing.T) {
	out, errOut, code := runCLI(t, "take 1 from heap 2\n", "play", "nim", "1", "2")
	if code != 0 || !strings.Contains(out, "You play: take 1 from heap 2") || !strings.Contains(out, "I play: ") {
		t.Fatalf("exit %d: %q %q", code, out, errOut)
	}
	// The engine starts from 1 2 (an N-position): it moves to 1 1 and wins whatever follows.
	out, errOut, code = runCLI(t, "take 1 from heap 1\n", "play", "nim", "1", "2", "--first", "engine")
	if code != 0 || !strings.Contains(out, "I play: take 1 from heap 2") || !strings.Contains(out, "Game over: I win.") {
		t.Fatalf("exit %d: %q %q", code, out, errOut)
	}
	// An illegal move is refused with the reason, and the game goes on.
	out, _, code = runCLI(t, "3 3\n1 1\n0 0\n", "play", "nim", "1", "2", "--first", "me")
	if code != 0 || !strings.Contains(out, "heap 1 would grow") || !strings.Contains(out, "Game over: you win!") {
		t.Fatalf("exit %d: %q", code, out)
	}
}

// play --json reads moves only and prints one document: the last state with every move played.
func TestPlayJSON(t *testing.T) {
	v := decodeJSON(t, "1 1\n", "play", "nim", "1", "2", "--first", "me")
	played := v["played"].([]any)
	if v["over"] != false || len(played) != 2 || played[0].(map[string]any)["move"] != "take 1 from heap 2" {
		t.Fatalf("%v", v)
	}
	v = decodeJSON(t, "0 2\n", "play", "nim", "1", "2", "--first", "me")
	if v["over"] != true || v["winner"] != "engine" || len(v["played"].([]any)) != 2 {
		t.Fatalf("%v", v)
	}
	v = decodeJSON(t, "1 1\n0 0\n", "play", "nim", "1", "2", "--first", "me")
	if v["over"] != true || v["winner"] != "you" {
		t.Fatalf("%v", v)
	}
	// With --json an illegal move is an error (nobody is there to try again).
	wantBadInput(t, "would grow", "3 3\n", "play", "nim", "1", "2", "--json")
	// A script game plays too: subtraction of 1 or 2 from 4; the person takes 1 to 3 (value 0)
	// and wins (the engine goes to 2, whose second listed option, #2, is 0).
	sub := writeScript(t, "def moves(n):\n    return [n - k for k in (1, 2) if k <= n]\n")
	v = decodeJSON(t, "3\n#2\n", "play", "--script", sub, "4", "--first", "me")
	if v["over"] != true || v["winner"] != "you" {
		t.Fatalf("script: %v", v)
	}
}
