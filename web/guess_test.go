package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"reflect"
	"testing"
	"time"

	"grundy/api"
	"grundy/query"
)

// guessAnswer is what query.Guess answers req under lim, as the JSON a client decodes.
func guessAnswer(t *testing.T, req query.GuessRequest, lim query.Limits) map[string]any {
	t.Helper()
	a, err := query.Guess(context.Background(), req, lim)
	if err != nil {
		t.Fatal(err)
	}
	b, err := api.Encode(a)
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func readExample(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("../examples/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestGuessEndpoint: POST /api/guess takes the request of query.Guess and answers its report,
// the same document; a ruleset's proof and a script's conjecture come through; bad input is 400
// and work over the server's limits 422 naming the limit.
func TestGuessEndpoint(t *testing.T) {
	s := New(Limits{})
	defer s.Close()
	pow := readExample(t, "powers-of-two.star")
	for _, c := range []struct {
		req    query.GuessRequest
		key    string
		status string
	}{
		{query.GuessRequest{Ruleset: "kayles", To: "300"}, "period 12 from 71", "proved"},
		{query.GuessRequest{Ruleset: "corners", To: "12"}, "x⊗y", "proved"},
		{query.GuessRequest{Script: pow, To: "300"}, "n mod 3", "conjecture"},
		{query.GuessRequest{Script: readExample(t, "corners.star"), Heaps: 2, To: "8"}, "x⊗y", "conjecture"},
	} {
		body, _ := json.Marshal(c.req)
		code, v := post(t, s, "/api/guess", string(body))
		if code != 200 {
			t.Fatalf("%s: %d %v", body, code, v)
		}
		if want := guessAnswer(t, c.req, s.queryLimits()); !reflect.DeepEqual(v, want) {
			t.Errorf("%s: the server answers\n%v\nquery.Guess answers\n%v", body, v, want)
		}
		fs, _ := v["findings"].([]any)
		if len(fs) == 0 {
			t.Errorf("%s: no findings: %v", body, v)
			continue
		}
		if f := fs[0].(map[string]any); f["key"] != c.key || f["status"] != c.status {
			t.Errorf("%s: first finding %v, want %q %s", body, f, c.key, c.status)
		}
	}
	js := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	wantError(t, s, "/api/guess", `{}`, 400, `missing "ruleset" or "script"`)
	wantError(t, s, "/api/guess", js(map[string]any{"ruleset": "kayles", "flags": map[string]string{"x": "1"}}), 400, "")
	wantError(t, s, "/api/guess", js(map[string]any{"ruleset": "no-such-game"}), 400, "no-such-game")
	wantError(t, s, "/api/guess", js(map[string]any{"ruleset": "nim", "heaps": 9}), 400, "heaps")
	wantError(t, s, "/api/guess", `{"ruleset": "nim", "shape": 2}`, 400, "shape")
	maxTo := query.Web(0).MaxScriptSeq
	v := wantError(t, s, "/api/guess", js(map[string]any{"script": pow, "to": fmt.Sprint(maxTo + 1)}), 422, fmt.Sprint(maxTo))
	if v["limit"] != "max_script_to" {
		t.Errorf("script over the limit: %v", v)
	}
	v = wantError(t, s, "/api/guess", js(map[string]any{"script": pow, "heaps": 2, "to": "1000"}), 422, "max_script_to")
	if v["limit"] != "max_script_to" {
		t.Errorf("table over the limit: %v", v)
	}
}

// TestGuessIsolated: on a server with worker processes, a guess is answered by a worker with the
// same document, and a script that never ends or hoards memory is stopped, the limit named.
func TestGuessIsolated(t *testing.T) {
	if testing.Short() {
		t.Skip("starts worker processes; skipped with -short")
	}
	s := New(Limits{Isolate: true, Budget: 20 * time.Second, MaxHeavy: 1, MemoryMiB: 256})
	defer s.Close()
	srv := httptest.NewServer(s)
	defer srv.Close()
	req := query.GuessRequest{Script: readExample(t, "powers-of-two.star"), To: "500"}
	body, _ := json.Marshal(req)
	code, v, err := sendJSON(srv.Client(), srv.URL, "/api/guess", string(body))
	if err != nil || code != 200 {
		t.Fatalf("%d %v %v", code, v, err)
	}
	if want := guessAnswer(t, req, s.queryLimits()); !reflect.DeepEqual(v, want) {
		t.Errorf("the worker answers\n%v\nquery.Guess answers\n%v", v, want)
	}
	loop, _ := json.Marshal(query.GuessRequest{Script: "def moves(n):\n    while True:\n        pass\n", To: "5"})
	code, v, err = sendJSON(srv.Client(), srv.URL, "/api/guess", string(loop))
	if err != nil || code != 422 || v["limit"] != "script_steps" && v["limit"] != "budget_ms" {
		t.Errorf("endless script: %d %v %v", code, v, err)
	}
	// A script that hoards memory in one step is stopped by the worker's memory limit (or by the
	// script's own memory budget, which may see it first).
	hog, _ := json.Marshal(query.GuessRequest{Script: "def moves(n):\n    l = [0] * (1<<28)\n    return []\n", To: "5"})
	code, v, err = sendJSON(srv.Client(), srv.URL, "/api/guess", string(hog))
	if err != nil || code != 422 || v["limit"] != "memory_mib" && v["limit"] != "script_memory" {
		t.Errorf("memory hog: %d %v %v", code, v, err)
	}
}
