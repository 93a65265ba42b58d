package main

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSeqPlot(t *testing.T) {
	dir := t.TempDir()
	svg := filepath.Join(dir, "s.svg")
	v := decodeJSON(t, "", "seq", "subtract", "--set", "1,3,4", "--to", "50", "--plot", svg)
	if v["period"] != 7.0 {
		t.Fatalf("answer %v", v)
	}
	b, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	if !strings.HasPrefix(doc, "<svg") || !strings.Contains(doc, "period 7, preperiod 0 (proved)") || !strings.Contains(doc, `class="period-band"`) {
		t.Fatalf("SVG: %.300s", doc)
	}
	if i := strings.Index(doc, `class="values"`); i < 0 || strings.Count(doc[i:], "M") != 51 {
		t.Fatal("the SVG does not hold 51 value marks")
	}
	pngFile := filepath.Join(dir, "k.PNG")
	if _, errOut, code := runCLI(t, "", "seq", "lasker", "--to", "100", "--plot", pngFile); code != exitOK || errOut != "grundy: wrote the plot of g(0..100) to "+pngFile+"\n" {
		t.Fatalf("exit %d: stderr %q (want it to say what it wrote, issue 13)", code, errOut)
	}
	f, err := os.Open(pngFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Fatalf("PNG: %v", err)
	}
	script := filepath.Join(dir, "g.star")
	os.WriteFile(script, []byte("def moves(n):\n    return [n - k for k in [2, 5] if k <= n]\n"), 0o644)
	if _, errOut, code := runCLI(t, "", "seq", "--script", script, "--to", "30", "--plot", filepath.Join(dir, "g.svg")); code != exitOK {
		t.Fatalf("script: exit %d: %s", code, errOut)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "g.svg")); err != nil || !strings.Contains(string(b), "script:") {
		t.Fatalf("script plot: %v", err)
	}
	wantBadInput(t, "must end in .svg or .png", "", "seq", "nim", "--to", "5", "--plot", filepath.Join(dir, "x.txt"))
	wantBadInput(t, "leave out --summary", "", "seq", "nim", "--to", "5", "--summary", "--plot", filepath.Join(dir, "x.svg"))
	wantBadInput(t, "--plot", "", "seq", "nim", "--to", "5", "--plot", filepath.Join(dir, "no", "such", "dir.svg"))
}
