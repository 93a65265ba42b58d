package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"grundy/nimber"
	"grundy/query"
)

func TestNimOps(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"add", "12", "10"}, "6"},
		{[]string{"mul", "8", "8"}, "13"},
		{[]string{"mul", "0x20", "64"}, "141"},
		{[]string{"mul", "4294967296", "4294967296"}, "6442450944"},
		{[]string{"mul", "18446744073709551615", "0"}, "0"},
		{[]string{"div", "13", "8"}, "8"},
		{[]string{"pow", "8", "4"}, "10"},
		{[]string{"pow", "0", "0"}, "1"},
		{[]string{"inv", "2"}, "3"},
		{[]string{"sqrt", "3"}, "2"},
		{[]string{"square", "2"}, "3"},
		{[]string{"order", "8"}, "5"},
		{[]string{"log", "10", "--base", "8"}, "4"},
		{[]string{"log", "2", "--base", "8"}, "none"},
		{[]string{"log", strconv.FormatUint(nimber.Generator, 10)}, "1"},
	}
	for _, c := range cases {
		out, errOut, code := runCLI(t, "", append([]string{"nim"}, c.args...)...)
		if code != 0 || out != c.want+"\n" {
			t.Errorf("grundy nim %v: exit %d, stdout %q, stderr %q; want %q", c.args, code, out, errOut, c.want)
		}
	}
}

func TestNimJSON(t *testing.T) {
	v := decodeJSON(t, "", "nim", "mul", "0xffffffffffffffff", "2")
	want := strconv.FormatUint(nimber.Mul(1<<64-1, 2), 10)
	if v["op"] != "mul" || v["result"] != want {
		t.Fatalf("JSON %v, want result %s", v, want)
	}
	args, ok := v["args"].([]any)
	if !ok || len(args) != 2 || args[0] != "0xffffffffffffffff" || args[1] != "2" {
		t.Fatalf("args %v", v["args"])
	}
	if v := decodeJSON(t, "", "nim", "log", "2", "--base", "8"); v["result"] != nil || v["base"] != "8" {
		t.Fatalf("log without solution: %v", v)
	}
}

func TestNimBadInput(t *testing.T) {
	bad := []struct {
		want string
		args []string
	}{
		{"not a number", []string{"mul", "abc", "2"}},
		{"negative", []string{"add", "-1", "2"}},
		{"below 2^64", []string{"mul", "18446744073709551616", "1"}},
		{"below 2^64", []string{"sqrt", "0x10000000000000000"}},
		{"inv 0", []string{"inv", "0"}},
		{"division by zero", []string{"div", "5", "0"}},
		{"takes 2 argument", []string{"mul", "1"}},
		{"takes 2 argument", []string{"add", "1", "2", "3"}},
		{"takes 1 argument", []string{"inv"}},
		{"takes 1 argument", []string{"square", "1", "2"}},
		{"takes 0 argument", []string{"mul", "--batch", "1", "2"}},
		{"order 0", []string{"order", "0"}},
		{"log 0", []string{"log", "0"}},
		{"base: ", []string{"log", "3", "--base", "x"}},
		{"table size", []string{"table", "x"}},
		{"over the limit of 256", []string{"table", "257"}},
		{"over the limit of 1024", []string{"table", "1025", "--png", "-"}},
		{"at least 1", []string{"table", "0"}},
		{"at most one", []string{"table", "4", "--png", "a", "--svg", "b"}},
		{"unknown command", []string{"frob"}},
	}
	for _, c := range bad {
		wantBadInput(t, c.want, "", append([]string{"nim"}, c.args...)...)
	}
}

func TestNimWide(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		// 2^64 is a Fermat 2-power: 2^64 ⊗ 5 = 5·2^64, and 2^64 ⊗ 2^64 = 3·2^63.
		{[]string{"mul", "0x10000000000000000", "5"}, "92233720368547758080"},
		{[]string{"mul", "18446744073709551616", "18446744073709551616"}, "27670116110564327424"},
		{[]string{"square", "0x10000000000000000"}, "27670116110564327424"},
		{[]string{"add", "18446744073709551616", "1"}, "18446744073709551617"},
		{[]string{"div", "92233720368547758080", "5"}, "18446744073709551616"},
		{[]string{"pow", "0x10000000000000000", "2"}, "27670116110564327424"},
		{[]string{"sqrt", "27670116110564327424"}, "18446744073709551616"},
		{[]string{"mul", "8", "8"}, "13"},
	}
	for _, c := range cases {
		out, errOut, code := runCLI(t, "", append([]string{"nim", "--wide"}, c.args...)...)
		if code != 0 || out != c.want+"\n" {
			t.Errorf("grundy nim --wide %v: exit %d, stdout %q, stderr %q; want %q", c.args, code, out, errOut, c.want)
		}
	}
	// inv: x ⊗ inv(x) = 1, checked through the CLI itself.
	x := "123456789012345678901234567890123456789"
	inv, _, code := runCLI(t, "", "nim", "inv", "--wide", x)
	if code != 0 {
		t.Fatalf("inv --wide: exit %d", code)
	}
	if out, _, _ := runCLI(t, "", "nim", "mul", "--wide", x, strings.TrimSpace(inv)); out != "1\n" {
		t.Fatalf("x ⊗ inv(x) = %q", out)
	}
	v := decodeJSON(t, "", "nim", "mul", "--wide", "0x10000000000000000", "5")
	if v["result"] != "92233720368547758080" || v["op"] != "mul" {
		t.Fatalf("JSON %v", v)
	}
	wantBadInput(t, "out of range", "", "nim", "mul", "--wide", "0x1"+strings.Repeat("0", 16384), "1")
	wantBadInput(t, "negative", "", "nim", "add", "--wide", "1", "-5")
	wantBadInput(t, "not a number", "", "nim", "square", "--wide", "12z")
	wantBadInput(t, "inv 0", "", "nim", "inv", "--wide", "0")
	wantBadInput(t, "division by zero", "", "nim", "div", "--wide", "1", "0")
	wantBadInput(t, "argument 2", "", "nim", "pow", "--wide", "3", "0x10000000000000000")
	wantBadInput(t, "not to order", "", "nim", "order", "--wide", "3")
	wantBadInput(t, "not to table", "", "nim", "table", "--wide", "3")
	wantBadInput(t, "mul --batch", "", "nim", "mul", "--wide", "--batch")
}

// The batch path's chunk and buffer sizes, which the tests cross.
const (
	batchChunk  = query.NimBatchChunk
	batchBuffer = query.NimBatchBuffer
)

func TestNimBatch(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var in, want strings.Builder
	var results []string
	// Over two chunks, with hex, blank lines, tabs, CRLF and surrounding spaces; no final newline.
	for i := range batchChunk*2 + 17 {
		a, b := rng.Uint64()>>rng.UintN(64), rng.Uint64()
		switch i % 5 {
		case 0:
			fmt.Fprintf(&in, "%d %d\n", a, b)
		case 1:
			fmt.Fprintf(&in, "  0x%x\t%d  \r\n", a, b)
		case 2:
			fmt.Fprintf(&in, "\n%d 0X%X\n", a, b)
		default:
			fmt.Fprintf(&in, "%d  %d\n", a, b)
		}
		p := strconv.FormatUint(nimber.Mul(a, b), 10)
		want.WriteString(p + "\n")
		results = append(results, p)
	}
	in.WriteString("0 0")
	want.WriteString("0\n")
	results = append(results, "0")
	out, errOut, code := runCLI(t, in.String(), "nim", "mul", "--batch")
	if code != 0 || out != want.String() {
		t.Fatalf("batch: exit %d, stderr %q, output differs (%d bytes, want %d)", code, errOut, len(out), want.Len())
	}
	v := decodeJSON(t, in.String(), "nim", "mul", "--batch")
	got, ok := v["results"].([]any)
	if !ok || len(got) != len(results) {
		t.Fatalf("batch JSON: %d results, want %d", len(got), len(results))
	}
	for i := range got {
		if got[i] != results[i] {
			t.Fatalf("batch JSON result %d = %v, want %s", i, got[i], results[i])
		}
	}
	if out, _, code := runCLI(t, "", "nim", "mul", "--batch"); code != 0 || out != "" {
		t.Fatalf("empty batch: %d %q", code, out)
	}
}

func TestNimBatchMalformed(t *testing.T) {
	bad := []struct{ in, want string }{
		{"1 2\n3\n", "line 2: want two numbers"},
		{"1 2\n3 4 5\n", "line 2: want two numbers"},
		{"1 2\n\n1 x\n", "line 3: \"x\" is not a number"},
		{"-1 2\n", "line 1: \"-1\": negative numbers are not allowed"},
		{"1 18446744073709551616\n", "line 1: \"18446744073709551616\" is out of range"},
		{"0x10000000000000000 1\n", "line 1: \"0x10000000000000000\" is out of range"},
		{"0x 1\n", "line 1: \"0x\" is not a number"},
		{"1,2\n", "line 1: \"1,2\" is not a number"},
		{"1 2x\n", "line 1: \"2x\" is not a number"},
		{"1 2\n" + strings.Repeat("1", batchBuffer+10) + "\n", "line 2: line too long"},
	}
	for _, c := range bad {
		wantBadInput(t, c.want, c.in, "nim", "mul", "--batch")
		// The lines before the bad one are answered; with --json only the error's document is printed.
		out, _, _ := runCLI(t, c.in, "nim", "mul", "--batch")
		if strings.HasPrefix(c.in, "1 2\n") && out != "2\n" {
			t.Errorf("%q: stdout %q, want the first product", c.in, out)
		}
		out, _, _ = runCLI(t, c.in, "nim", "mul", "--batch", "--json")
		var doc map[string]any
		if err := json.Unmarshal([]byte(out), &doc); err != nil || !strings.Contains(fmt.Sprint(doc["error"]), c.want) || len(doc) != 1 {
			t.Errorf("%q --json: stdout %.200q, want only the error's JSON document", c.in, out)
		}
	}
}

func TestNimTable(t *testing.T) {
	out, _, code := runCLI(t, "", "nim", "table", "16")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 0 || len(lines) != 18 {
		t.Fatalf("table 16: exit %d, %d lines", code, len(lines))
	}
	// Row 8 is "8 | 0 8 12 4 ...": check every cell and the column alignment.
	for i := range 16 {
		f := strings.Fields(lines[i+2])
		if len(f) != 18 || f[0] != strconv.Itoa(i) || f[1] != "|" {
			t.Fatalf("row %d: %q", i, lines[i+2])
		}
		for j := range 16 {
			if f[j+2] != strconv.FormatUint(nimber.Mul(uint64(i), uint64(j)), 10) {
				t.Fatalf("row %d col %d: %q", i, j, f[j+2])
			}
		}
		if utf8.RuneCountInString(lines[i+2]) != utf8.RuneCountInString(lines[0]) {
			t.Fatalf("row %d not aligned: %q vs %q", i, lines[i+2], lines[0])
		}
	}
	v := decodeJSON(t, "", "nim", "table", "4")
	if fmt.Sprint(v["table"]) != "[[0 0 0 0] [0 1 2 3] [0 2 3 1] [0 3 1 2]]" || v["n"] != 4.0 {
		t.Fatalf("table JSON %v", v)
	}
}

func TestNimTablePictures(t *testing.T) {
	dir := t.TempDir()
	pngPath, svgPath := filepath.Join(dir, "t.png"), filepath.Join(dir, "t.svg")
	if _, errOut, code := runCLI(t, "", "nim", "table", "32", "--png", pngPath); code != 0 {
		t.Fatalf("png: %d %s", code, errOut)
	}
	f, err := os.Open(pngPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil || img.Bounds().Dx() != 512 {
		t.Fatalf("png: %v, %v", err, img.Bounds())
	}
	v := decodeJSON(t, "", "nim", "table", "8", "--svg", svgPath)
	if v["file"] != svgPath || v["format"] != "svg" {
		t.Fatalf("svg JSON %v", v)
	}
	b, err := os.ReadFile(svgPath)
	if err != nil || bytes.Count(b, []byte("<rect ")) != 64 || !bytes.Contains(b, []byte("3⊗5 = 15")) {
		t.Fatalf("svg: %v, %d rects", err, bytes.Count(b, []byte("<rect ")))
	}
	out, _, code := runCLI(t, "", "nim", "table", "4", "--svg", "-")
	if code != 0 || !strings.HasPrefix(out, "<svg") {
		t.Fatalf("svg to stdout: %d %q", code, out)
	}
	wantBadInput(t, "--png", "", "nim", "table", "4", "--png", filepath.Join(dir, "no", "such", "dir.png"))
	wantBadInput(t, "stdout together with --json", "", "nim", "table", "4", "--png", "-", "--json")
}

// TestNimQuadratic: every root is checked by the nim-product (and is the smaller of x and x ⊕ 1);
// every "none" by the trace from its definition, A ⊕ A^2 ⊕ A^4 ⊕ … ⊕ A^(2^63), which is 1 exactly
// when x⊗x ⊕ x = A has no solution (additive Hilbert 90).
func TestNimQuadratic(t *testing.T) {
	trace := func(a uint64) uint64 {
		var t uint64
		for range 64 {
			t ^= a
			a = nimber.Mul(a, a)
		}
		return t
	}
	rng := rand.New(rand.NewPCG(7, 8))
	roots, nones := 0, 0
	for i := range 60 {
		a := rng.Uint64()
		if i < 16 {
			a = uint64(i) // the subfield GF(16): every A there has roots
		}
		out, _, code := runCLI(t, "", "nim", "quadratic", strconv.FormatUint(a, 10))
		got := strings.TrimSpace(out)
		if code != 0 {
			t.Fatalf("quadratic %d: exit %d", a, code)
		}
		if got == "none" {
			if tr := trace(a); tr != 1 {
				t.Fatalf("quadratic %d = none, but its trace is %d", a, tr)
			}
			nones++
			continue
		}
		x, err := strconv.ParseUint(got, 10, 64)
		if err != nil || nimber.Mul(x, x)^x != a || x&1 != 0 {
			t.Fatalf("quadratic %d = %q: not the smaller root", a, got)
		}
		roots++
	}
	if roots < 16 || nones == 0 {
		t.Fatalf("%d roots and %d nones: the test checks too little", roots, nones)
	}
	v := decodeJSON(t, "", "nim", "quadratic", "0")
	if v["result"] != "0" {
		t.Fatalf("quadratic 0: %v", v)
	}
	wantBadInput(t, "", "", "nim", "quadratic", "-1")
	wantBadInput(t, "", "", "nim", "quadratic")
}
