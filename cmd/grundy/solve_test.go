package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const (
	wythoffStar   = "../../examples/wythoff.star"
	kaylesStar    = "../../examples/kayles.star"
	subSquareStar = "../../examples/subtract-square.star"
)

// writeScript writes a script into a temporary directory and returns its path.
func writeScript(t *testing.T, src string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "game.star")
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestSolveScriptJSON(t *testing.T) {
	v := decodeJSON(t, "", "solve", "--script", wythoffStar, "(3, 4)")
	if v["ruleset"] != "script:"+wythoffStar || !sameList(v["position"], "(3, 4)") || v["outcome"] != "N" || v["value"] != "2" ||
		v["winning_moves_complete"] != true || v["method"] == nil {
		t.Fatalf("wythoff (3, 4): %v", v)
	}
	moves := v["winning_moves"].([]any)
	if len(moves) != 1 {
		t.Fatalf("moves %v", moves)
	}
	m := moves[0].(map[string]any)
	if m["move"] != "(1, 2)" || !sameList(m["to"], "(1, 2)") {
		t.Fatalf("move %v", m)
	}
	// A P-position: value 0, an empty list (not null) of moves. The flag may come anywhere.
	v = decodeJSON(t, "", "solve", "(5,3)", "--script="+wythoffStar)
	if v["outcome"] != "P" || v["value"] != "0" || !sameList(v["position"], "(5, 3)") {
		t.Fatalf("wythoff (5, 3): %v", v)
	}
	if ms, ok := v["winning_moves"].([]any); !ok || len(ms) != 0 {
		t.Fatalf("P-position moves %v", v["winning_moves"])
	}
}

func TestSolveScriptSumAndMisere(t *testing.T) {
	// Kayles rows of 4 and 3 pins: values 1 and 3.
	v := decodeJSON(t, "", "solve", "--script", kaylesStar, `"xxxx"`, `"xxx"`)
	if v["value"] != "2" || v["outcome"] != "N" {
		t.Fatalf("sum: %v", v)
	}
	pos := v["position"].([]any)
	if len(pos) != 2 || pos[0] != `"xxxx"` {
		t.Fatalf("sum position %v", pos)
	}
	for _, m := range v["winning_moves"].([]any) {
		to := m.(map[string]any)["to"].([]any)
		// Every winning move leaves a P-position: check it with the command itself.
		args := []string{"solve", "--script", kaylesStar}
		for _, p := range to {
			args = append(args, p.(string))
		}
		if w := decodeJSON(t, "", args...); w["outcome"] != "P" {
			t.Fatalf("move to %v leaves %v", to, w)
		}
	}
	// Misère subtract-a-square: 1 is a P-position (whoever takes the last counter loses).
	v = decodeJSON(t, "", "solve", "--misere", "--script", subSquareStar, "1")
	if v["outcome"] != "P" || v["value"] != nil {
		t.Fatalf("misère 1: %v", v)
	}
	v = decodeJSON(t, "", "solve", "--misere", "--script", subSquareStar, "2")
	if v["outcome"] != "N" || len(v["winning_moves"].([]any)) != 1 {
		t.Fatalf("misère 2: %v", v)
	}
	// Misère sums: from 1 + 1 the player to move empties one heap and the opponent must take the
	// last counter: an N-position, with a winning move in each heap.
	v = decodeJSON(t, "", "solve", "--misere", "--script", subSquareStar, "1", "1")
	if v["outcome"] != "N" || v["value"] != nil || len(v["winning_moves"].([]any)) != 2 {
		t.Fatalf("misère 1 + 1: %v", v)
	}
	// Kayles rows "xx" + "xx" in misère play, as a sum, agree with the search of the whole row
	// "xx.xx".
	sum := decodeJSON(t, "", "solve", "--misere", "--script", kaylesStar, `"xx"`, `"xx"`)
	row := decodeJSON(t, "", "solve", "--misere", "--script", kaylesStar, `"xx.xx"`)
	if sum["outcome"] != row["outcome"] {
		t.Fatalf("misère xx + xx: %v; the row xx.xx: %v", sum["outcome"], row["outcome"])
	}
	// Nim heaps written as a script meet the SJ theorem's condition, so a misère sum far too large
	// for the exact search (its positions are the products of the heaps) is decided from the
	// values: misère Nim's rule, XOR 200^300^400^501 = 385 ≠ 0 with heaps above 1, an N-position
	// whose winning moves bring the XOR to 0.
	nim := writeScript(t, "def moves(n):\n    return list(range(n))\n")
	v = decodeJSON(t, "", "solve", "--misere", "--script", nim, "--max-positions", "5000", "200", "300", "400", "501")
	if v["outcome"] != "N" || len(v["winning_moves"].([]any)) == 0 {
		t.Fatalf("misère Nim 200 300 400 501: %v", v)
	}
	for _, m := range v["winning_moves"].([]any) {
		x := uint64(0)
		for _, h := range m.(map[string]any)["to"].([]any) {
			n, _ := strconv.ParseUint(h.(string), 10, 64)
			x ^= n
		}
		if x != 0 {
			t.Fatalf("winning move %v leaves XOR %d", m, x)
		}
	}
	v = decodeJSON(t, "", "solve", "--misere", "--script", nim, "1", "1", "1")
	if v["outcome"] != "P" {
		t.Fatalf("misère Nim 1 1 1: %v", v)
	}
}

func TestSolveScriptText(t *testing.T) {
	out, _, code := runCLI(t, "", "solve", "--script", wythoffStar, "(3, 4)")
	if code != 0 || !strings.Contains(out, "N (the player to move wins), Grundy value 2") || !strings.Contains(out, "(1, 2)") {
		t.Fatalf("text: %d %q", code, out)
	}
	out, _, code = runCLI(t, "", "solve", "--help")
	if code != 0 || !strings.Contains(out, "--script") || !strings.Contains(out, "--max-steps") {
		t.Fatalf("help: %d %q", code, out)
	}
}

func TestSolveScriptErrors(t *testing.T) {
	wantBadInput(t, "unknown ruleset \"nosuch\"", "", "solve", "nosuch", "3")
	wantBadInput(t, "takes a RULESET", "", "solve")
	wantBadInput(t, "at least one position", "", "solve", "--script", wythoffStar)
	wantBadInput(t, "no such file", "", "solve", "--script", "/nonexistent.star", "3")
	wantBadInput(t, "only literals", "", "solve", "--script", wythoffStar, "[3, 4]")
	wantBadInput(t, "unknown flag --k", "", "solve", "--script", wythoffStar, "--k", "2", "3")
	wantBadInput(t, "needs a value", "", "solve", "--script")
	wantBadInput(t, "--max-steps applies to --script", "", "solve", "nim", "--max-steps", "5", "3")
	wantBadInput(t, "--timeout: want a positive duration", "", "solve", "--script", wythoffStar, "--timeout", "soon", "(1, 1)")

	syntaxErr := writeScript(t, "def moves(n):\n    return [n -]\n")
	wantBadInput(t, "game.star:2:", "", "solve", "--script", syntaxErr, "3")
	runtimeErr := writeScript(t, "def moves(n):\n    return [n // (n - 2)]\n")
	wantBadInput(t, "game.star:2:", "", "solve", "--script", runtimeErr, "2")
	notList := writeScript(t, "def moves(n):\n    return n\n")
	wantBadInput(t, "position 3: moves returned int 3, want a list", "", "solve", "--script", notList, "3")
	badElem := writeScript(t, "def moves(n):\n    return [n / 2]\n")
	wantBadInput(t, "position 3: moves returned a bad position at index 0 (float 1.5)", "", "solve", "--script", badElem, "3")
	cycle := writeScript(t, "def moves(n):\n    return [(n + 1) % 3]\n")
	wantBadInput(t, "cycle", "", "solve", "--script", cycle, "0")
	wantBadInput(t, "0 → 1 → 2 → 0", "", "solve", "--script", cycle, "0")
	loop := writeScript(t, "def moves(n):\n    while True:\n        n += 1\n")
	wantBadInput(t, "step budget (1000 Starlark steps); raise it with --max-steps", "", "solve", "--script", loop, "--max-steps", "1000", "0")
	wantBadInput(t, "time budget (50ms); raise it with --timeout", "", "solve", "--script", loop, "--max-steps", "0xffffffffffff", "--timeout", "50ms", "0")
	hog := writeScript(t, "def moves(n):\n    keep = []\n    for i in range(1000000):\n        keep.append('x' * 1000000 + str(i))\n    return []\n")
	// The script's own watch of its heap usually speaks first; under load the command's watch of
	// the process (at an eighth more) may win the race between the two polls. Either stops it.
	_, errOut, code := runCLI(t, "", "solve", "--script", hog, "--max-steps", "0xffffffffffff", "--max-memory", "32", "0")
	if code != exitInput || !strings.Contains(errOut, "raise it with --max-memory") || !strings.Contains(errOut, "memory budget (the heap grew by more than 32 MiB)") &&
		!strings.Contains(errOut, "went over its memory limit of 32 MiB") {
		t.Errorf("a script over --max-memory 32: exit %d, stderr %q", code, errOut)
	}
	wantBadInput(t, "--max-memory \"0\": want a memory limit", "", "solve", "--script", hog, "--max-memory", "0", "0")
	wantBadInput(t, "--max-memory \"lots\": want a memory limit", "", "seq", "--script", hog, "--max-memory", "lots", "--to", "3")
	chain := writeScript(t, "def moves(n):\n    return [n - 1] if n > 0 else []\n")
	wantBadInput(t, "more than 100 positions (the limit); raise it with --max-positions", "", "solve", "--script", chain, "--max-positions", "100", "1000")
}

func TestSolveScriptLoopy(t *testing.T) {
	// A ring of 5 positions where 0 may also move to the terminal position "end": 0 is N (it
	// moves to the end), 4 is P (its only move is to 0), 3 is N, 2 is P, 1 is N.
	ring := writeScript(t, "def moves(n):\n    if n == 'end':\n        return []\n    return [(n + 1) % 5] + (['end'] if n == 0 else [])\n")
	wantBadInput(t, "cycle", "", "solve", "--script", ring, "0")
	wantBadInput(t, "--loopy or \"loopy\": true, gives the outcomes", "", "solve", "--script", ring, "1")
	for p, want := range []string{"N", "N", "P", "N", "P"} {
		v := decodeJSON(t, "", "solve", "--loopy", "--script", ring, strconv.Itoa(p))
		if v["outcome"] != want || v["value"] == nil {
			t.Fatalf("loopy %d: %v, want %s", p, v, want)
		}
	}
	v := decodeJSON(t, "", "solve", "--loopy", "--script", ring, "0")
	if ms := v["winning_moves"].([]any); len(ms) != 1 || !sameList(ms[0].(map[string]any)["to"], `"end"`) {
		t.Fatalf("loopy 0 moves: %v", v["winning_moves"])
	}
	// A pure ring: every position is a draw.
	pure := writeScript(t, "def moves(n):\n    return [(n + 1) % 3]\n")
	v = decodeJSON(t, "", "solve", "--loopy", "--script", pure, "2")
	if v["outcome"] != "D" || len(v["winning_moves"].([]any)) != 0 {
		t.Fatalf("draw: %v", v)
	}
	out, _, code := runCLI(t, "", "solve", "--loopy", "--script", pure, "2")
	if code != 0 || !strings.Contains(out, "D (a draw") {
		t.Fatalf("text: %q", out)
	}
	wantBadInput(t, "does not go with misère play", "", "solve", "--loopy", "--misere", "--script", pure, "1")
	wantBadInput(t, "(--loopy, \"loopy\": true) applies to script games and the rulesets with cycles", "", "solve", "--loopy", "nim", "3")
}

func TestSeqScript(t *testing.T) {
	v := decodeJSON(t, "", "seq", "--script", subSquareStar, "--to", "20")
	vals := v["values"].([]any)
	want := []float64{0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0}
	if len(vals) != len(want) || v["computed_to"] != 20.0 || v["proved"] != false {
		t.Fatalf("seq: %v", v)
	}
	for i, w := range want {
		if vals[i] != w {
			t.Fatalf("g(%d) = %v, want %v", i, vals[i], w)
		}
	}
	// Up to 20 the values look periodic with period 5; the period is reported as apparent.
	if v["period"] != 5.0 || v["preperiod"] != 0.0 {
		t.Fatalf("period %v preperiod %v", v["period"], v["preperiod"])
	}
	// Subtraction {1, 2}, scripted: period 3, and --summary drops the values.
	sub := writeScript(t, "def moves(n):\n    return [n - k for k in (1, 2) if k <= n]\n")
	v = decodeJSON(t, "", "seq", "--script", sub, "--to", "0x40", "--summary")
	if _, ok := v["values"]; ok || v["period"] != 3.0 || v["computed_to"] != 64.0 {
		t.Fatalf("summary: %v", v)
	}
	v = decodeJSON(t, "", "seq", "--script", sub, "--to", "1")
	if v["period"] != nil || v["preperiod"] != nil {
		t.Fatalf("too short for a period: %v", v)
	}
	out, _, code := runCLI(t, "", "seq", "--script", sub, "--to", "30")
	if code != 0 || !strings.Contains(out, "apparent period 3 from 0 (not proved)") {
		t.Fatalf("text: %q", out)
	}
	wantBadInput(t, "needs --to", "", "seq", "--script", sub)
	wantBadInput(t, "to = 10000001 is over the limit of 10000000 for scripts", "", "seq", "--script", sub, "--to", "10000001")
	wantBadInput(t, "takes no positions", "", "seq", "--script", sub, "--to", "5", "3")
	wantBadInput(t, "unknown ruleset", "", "seq", "nosuch", "--to", "5")
	wantBadInput(t, "to: \"-5\": negative", "", "seq", "--script", sub, "--to", "-5")
	str := writeScript(t, "def moves(s):\n    return [s[1:]] if s else []\n")
	wantBadInput(t, "game.star:2:13: in moves: invalid slice operand int", "", "seq", "--script", str, "--to", "3")
}

// sameList reports whether v, a decoded JSON value, is the list of the strings want.
func sameList(v any, want ...string) bool {
	l, ok := v.([]any)
	if !ok || len(l) != len(want) {
		return false
	}
	for i, w := range want {
		if l[i] != w {
			return false
		}
	}
	return true
}
