package web

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"grundy/query"
)

// subtractValues is g(0..n) of the subtraction game S straight from the definition.
func subtractValues(S []int, n int) []uint64 {
	g := make([]uint64, n+1)
	for i := range g {
		seen := map[uint64]bool{}
		for _, k := range S {
			if k <= i {
				seen[g[i-k]] = true
			}
		}
		for seen[g[i]] {
			g[i]++
		}
	}
	return g
}

const subtract134 = "def moves(n):\n    return [n - k for k in [1, 3, 4] if k <= n]\n"

func TestScriptTable(t *testing.T) {
	s := New(Limits{})
	body, _ := json.Marshal(map[string]any{"source": subtract134, "to": 60})
	code, v := post(t, s, "/api/script", string(body))
	if code != 200 {
		t.Fatalf("%d %v", code, v)
	}
	want := subtractValues([]int{1, 3, 4}, 60)
	got := v["values"].([]any)
	if len(got) != len(want) {
		t.Fatalf("%d values", len(got))
	}
	for i := range want {
		if got[i] != float64(want[i]) {
			t.Fatalf("g(%d) = %v, want %d", i, got[i], want[i])
		}
	}
	// S = {1, 3, 4} has period 7 from the start: 0 1 0 1 2 3 2.
	if v["period"] != 7.0 || v["preperiod"] != 0.0 || v["proved"] != false || v["computed_to"] != 60.0 {
		t.Fatalf("period %v preperiod %v proved %v computed_to %v", v["period"], v["preperiod"], v["proved"], v["computed_to"])
	}
}

func TestScriptErrors(t *testing.T) {
	s := New(Limits{MaxScriptBytes: 2000, Budget: 3_000_000_000})
	js := func(src string, to any) string {
		b, _ := json.Marshal(map[string]any{"source": src, "to": to})
		return string(b)
	}
	wantError(t, s, "/api/script", js("def moves(n)\n  return []\n", 5), 400, "script.star:2:1")
	wantError(t, s, "/api/script", js("x = 1\n", 5), 400, "no function moves")
	wantError(t, s, "/api/script", js("def moves(n):\n    return 3\n", 5), 400, "want a list")
	wantError(t, s, "/api/script", js("def moves(n):\n    return [n]\n", 5), 400, "cycle")
	wantError(t, s, "/api/script", js("load('x.star', 'y')\ndef moves(n):\n    return []\n", 5), 400, "load")
	wantError(t, s, "/api/script", js(subtract134, nil), 400, `missing "to"`)
	wantError(t, s, "/api/script", `{"to": 5}`, 400, `missing "source"`)
	v := wantError(t, s, "/api/script", js(subtract134+strings.Repeat("#", 2000), 5), 422, "limit is 2000")
	if v["limit"] != "max_script_bytes" {
		t.Fatalf("%v", v)
	}
	v = wantError(t, s, "/api/script", js(subtract134, query.Web(0).MaxScriptSeq+1), 422, fmt.Sprint(query.Web(0).MaxScriptSeq))
	if v["limit"] != "max_script_to" {
		t.Fatalf("%v", v)
	}
	// A script that never ends is stopped by its step budget.
	v = wantError(t, s, "/api/script", js("def moves(n):\n    while True:\n        pass\n", 5), 422, "budget")
	if v["limit"] != "script_steps" && v["limit"] != "budget_ms" {
		t.Fatalf("%v", v)
	}
	// A script that hoards memory is stopped by its memory budget.
	v = wantError(t, s, "/api/script", js("def moves(n):\n    keep = []\n    for i in range(10000):\n        keep.append('x' * 1000000 + str(i))\n    return []\n", 5), 422, "memory budget")
	if v["limit"] != "script_memory_mib" {
		t.Fatalf("%v", v)
	}
}
