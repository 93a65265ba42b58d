package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestMisereCommand(t *testing.T) {
	out, errOut, code := runCLI(t, "", "misere", "0.75", "--max-heap", "8", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var v struct {
		Game         string   `json:"game"`
		MaxHeap      int      `json:"max_heap"`
		Order        int      `json:"order"`
		POrder       int      `json:"p_order"`
		Presentation []string `json:"presentation"`
		Pretending   []int    `json:"pretending"`
		Table        [][]int  `json:"table"`
		PPortion     []int    `json:"p_portion"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if v.Game != "0.75" || v.MaxHeap != 8 || v.Order != 8 || v.POrder != 2 || len(v.Pretending) != 9 ||
		len(v.Table) != 8 || len(v.PPortion) != 2 || strings.Join(v.Presentation, ", ") != "a² = 1, bc = ab, b³ = b, c² = b²" {
		t.Errorf("got %+v", v)
	}
	out, _, code = runCLI(t, "", "misere", "nim", "--max-heap", "3")
	if code != 0 || !strings.Contains(out, "a² = 1, b³ = b") || !strings.Contains(out, "|Q| = 6, |P| = 2") {
		t.Errorf("exit %d: %s", code, out)
	}
	out, errOut, code = runCLI(t, "", "misere", "--script", "../../examples/kayles-heaps.star", "--max-heap", "9")
	if code != 0 || !strings.Contains(out, "|Q| = 18, |P| = 6") {
		t.Errorf("script: exit %d: %s %s", code, out, errOut)
	}
	for _, args := range [][]string{{"misere", "0.7x"}, {"misere"}, {"misere", "0.77", "--script", "../../examples/kayles-heaps.star"}, {"misere", "--script", "/nonexistent.star"}, {"misere", "nim", "--max-heap", "x"}, {"misere", "nim", "--max-heap", "20", "--max-size", "10"}} {
		_, errOut, code := runCLI(t, "", args...)
		if code != 2 || !strings.HasPrefix(errOut, "grundy: ") {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
}
