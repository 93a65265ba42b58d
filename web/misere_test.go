package web

import "testing"

func TestMisereAPI(t *testing.T) {
	s := New(Limits{})
	code, v := post(t, s, "/api/misere", `{"game": "0.75", "max_heap": 8}`)
	if code != 200 || v["order"] != float64(8) || v["p_order"] != float64(2) || v["max_heap"] != float64(8) {
		t.Fatalf("%d %v", code, v)
	}
	if p, ok := v["presentation"].([]any); !ok || len(p) != 4 || p[0] != "a² = 1" {
		t.Errorf("presentation %v", v["presentation"])
	}
	for _, body := range []string{`{"game": "0.7x"}`, `{"game": "nim", "max_heap": "x"}`, `{"game": "nim", "max_heap": 1000}`} {
		if code, v := post(t, s, "/api/misere", body); code != 400 {
			t.Errorf("%s: %d %v", body, code, v)
		}
	}
	if code, v := post(t, s, "/api/misere", `{"game": "nim", "max_heap": 20, "max_size": 10}`); code != 422 {
		t.Errorf("over max_size: %d %v", code, v)
	}
	// A misère sum through the quotient, as the misère view asks for it.
	code, v = post(t, s, "/api/solve", `{"ruleset": "octal", "flags": {"code": "0.77"}, "position": ["1", "4"], "misere": true}`)
	if code != 200 || v["outcome"] != "N" {
		t.Fatalf("%d %v", code, v)
	}
	if m, _ := v["method"].(string); len(m) < 15 || m[:15] != "misère quotient"[:15] {
		t.Errorf("method %q", v["method"])
	}
}
