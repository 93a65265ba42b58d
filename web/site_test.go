package web

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"grundy/web/offline"
)

// The engine of the static site (package offline, here built for this machine rather than for
// WebAssembly) answers every request as the server does: the same status and the same document,
// answers and errors alike, under the limits that site.json carries from the server's.
func TestSiteEngineAnswersAsServer(t *testing.T) {
	lim := Limits{MaxSeq: 5000, MaxArgs: 8, MaxBodyBytes: 4096, MaxAnswerBytes: 8000}
	info, srv, err := siteInfo(lim)
	if err != nil {
		t.Fatal(err)
	}
	eng, err := offline.New(info)
	if err != nil {
		t.Fatal(err)
	}
	script := `def moves(n):\n    return [n - k for k in (1, 2, 5) if k <= n]\n`
	cases := []struct{ path, body string }{
		{"/api/nim", `{"op": "mul", "args": ["12", "9"]}`},
		{"/api/nim", `{"op": "mul", "args": ["12"]}`},
		{"/api/nim", `{"op": "table", "args": ["16"]}`},
		{"/api/nim", `{"op": "table", "args": ["4096"]}`},
		{"/api/seq", `{"code": "0.07", "to": "300"}`},
		{"/api/seq", `{"ruleset": "subtract", "flags": {"set": "1,3,4"}, "to": "50"}`},
		{"/api/seq", `{"code": "0.07", "to": "5001"}`},
		{"/api/seq", `{"code": "0.07", "to": "4000"}`}, // its answer is over max_answer_bytes
		{"/api/seq", `{"script": "` + script + `", "to": "30"}`},
		{"/api/seq", `{"script": "` + script + `", "to": "20000"}`},
		{"/api/seq/stream", `{"code": "0.07", "to": "300"}`},
		{"/api/solve", `{"ruleset": "nim", "position": ["3", "4", "5"]}`},
		{"/api/solve", `{"ruleset": "kayles", "position": ["3", "5", "7"], "misere": true}`},
		{"/api/solve", `{"ruleset": "nim", "position": ["1", "2", "3", "4", "5", "6", "7", "8", "9"]}`},
		{"/api/solve", `{"ruleset": "nope", "position": ["3"]}`},
		{"/api/solve", `{"ruleset": "nim", "position": ["3"], "colour": "red"}`},
		{"/api/solve", `{"ruleset": "nim"`},
		{"/api/solve", `{"ruleset": "nim", "position": ["` + strings.Repeat("9", 5000) + `"]}`},
		{"/api/solve", `{"script": "` + script + `", "position": ["10"], "loopy": true}`},
		{"/api/play", `{"ruleset": "nim", "position": ["3", "4"], "engine": true}`},
		{"/api/script", `{"script": "` + script + `", "to": "20"}`},
		{"/api/misere", `{"game": "0.75", "max_heap": "12"}`},
		{"/api/guess", `{"ruleset": "kayles", "to": "200"}`},
		{"/api/nim", `{"op": "mul", "batch": "12 9\n0x10 3\n"}`},
		{"/api/nim", `{"op": "mul", "batch": "12 9\n3\n"}`},
		{"/api/basis", `{"op": "rank", "numbers": ["3", "5", "6"]}`},
		{"/api/basis", `{"op": "newnim", "numbers": ["5", "4", "3"]}`},
		{"/api/count", `{"n": "100", "divisors": ["2", "3"]}`},
		{"/api/scan", `{"pattern": "0.?", "to": "300"}`},
		{"/api/scan", `{"pattern": "0.???", "to": "300"}`},
		{"/api/scan", `{"pattern": "0.??", "to": "5001"}`},
		{"/api/frobnicate", `{}`},
	}
	limits := map[string]bool{}
	for _, c := range cases {
		want := rawPost(t, srv, c.path, c.body)
		if m := limitName.FindStringSubmatch(want); m != nil {
			limits[want[:3]+" "+m[1]] = true
		} else {
			limits[want[:3]] = true
		}
		status, doc := eng.Call(c.path, []byte(c.body), nil)
		got := strconv.Itoa(status) + " " + string(doc)
		if c.path == offline.StreamPath && status == 200 {
			// The server's stream ends with {"result": <the answer>}; the engine gives the answer.
			got = "200 " + `{"result":` + strings.TrimSuffix(string(doc), "\n") + "}\n"
		}
		if got, want := seconds.ReplaceAllString(got, ""), seconds.ReplaceAllString(want, ""); got != want {
			t.Errorf("%s %.80s:\n got %.300s\nwant %.300s", c.path, c.body, got, want)
		}
	}
	// The cases reach every kind of answer.
	for _, k := range []string{"200", "400", "404", "413 max_body_bytes", "422 max_seq", "422 max_args", "422 max_answer_bytes", "422 max_table", "422 max_script_to", "422 max_scan_codes", "422 max_scan_to"} {
		if !limits[k] {
			t.Errorf("no case is answered %s (%v)", k, limits)
		}
	}
	var rules bytes.Buffer
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, httptest.NewRequest("GET", "/api/rules", nil))
	rules.Write(rec.Body.Bytes())
	if status, doc := eng.Call("/api/rules", nil, nil); status != 200 || !bytes.Equal(doc, rules.Bytes()) {
		t.Errorf("GET /api/rules: %d %.200s, want %.200s", status, doc, rules.Bytes())
	}
	// The document of a request over its time budget, which the page's loader answers when it
	// stops a worker: the server's.
	if status, doc := eng.OverBudget(); status != 422 || !strings.Contains(string(doc), `"error":"the request ran out of its time budget of 10s","limit":"budget_ms","max":10000`) {
		t.Errorf("over budget: %d %s", status, doc)
	}
}

// The site's info is the server's GET /api/info but for max_heavy (the page's workers) and its
// worker processes; the engine's limits of package query, read from it, are the server's.
func TestSiteInfo(t *testing.T) {
	lim := Limits{MaxBodyBytes: 1000, MaxSeq: 1001, MaxTable: 33, MaxArgs: 9, MaxScriptBytes: 1002, MaxScriptTo: 1003,
		Budget: 1234 * time.Millisecond, MaxAnswerBytes: 1004, MaxHeavy: 3}
	info, srv, err := siteInfo(lim)
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, httptest.NewRequest("GET", "/api/info", nil))
	var site, server map[string]any
	if err := json.Unmarshal(info, &site); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &server); err != nil {
		t.Fatal(err)
	}
	sl, vl := site["limits"].(map[string]any), server["limits"].(map[string]any)
	if sl["max_heavy"] != float64(1) || sl["isolated"] != false {
		t.Errorf("site limits %v", sl)
	}
	delete(sl, "max_heavy")
	delete(vl, "max_heavy")
	delete(sl, "isolated")
	delete(vl, "isolated")
	if a, b := jsonText(t, site), jsonText(t, server); a != b {
		t.Errorf("site.json:\n%s\nGET /api/info:\n%s", a, b)
	}
	var in offline.Info
	if err := json.Unmarshal(info, &in); err != nil {
		t.Fatal(err)
	}
	if got, want := in.Limits.Query(), srv.queryLimits(); !reflect.DeepEqual(got, want) {
		t.Errorf("the engine's limits:\n%+v\nthe server's:\n%+v", got, want)
	}
}

var limitName = regexp.MustCompile(`"limit":"([a-z_]+)"`)

func jsonText(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// WriteSite writes the page, marked as a static site, beside its engine, with relative paths only.
func TestWriteSite(t *testing.T) {
	dir := t.TempDir()
	if err := WriteSite(dir, []byte("\x00asm"), []byte("// wasm_exec")); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"index.html", "style.css", "js/main.js", "js/api.js", "js/engine.js", "site.json",
		"engine/worker.js", "engine/wasm_exec.js", "engine/grundy.wasm"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	index, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(index, []byte(`<meta name="grundy-site" content="site.json">`)) {
		t.Errorf("index.html is not marked as a static site")
	}
	// No absolute path: the site may live below the root of its host.
	err = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") && !strings.HasSuffix(p, ".js") || strings.HasSuffix(p, "wasm_exec.js") {
			return err
		}
		b, err := os.ReadFile(p)
		for _, bad := range []string{`src="/`, `href="/`, `fetch("/`, `import("/`, `from "/`, `URL("/`} {
			if bytes.Contains(b, []byte(bad)) {
				t.Errorf("%s holds an absolute path (%s)", p, bad)
			}
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteSite(dir, nil, nil); err == nil {
		t.Error("WriteSite without the engine: no error")
	}
}
