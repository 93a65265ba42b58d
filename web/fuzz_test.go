package web

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
)

// FuzzAPI posts arbitrary bodies to every endpoint: the answer must always be one JSON object, a
// success or an error with a message, and never an internal failure.
func FuzzAPI(f *testing.F) {
	for _, seed := range []string{
		`{"op":"mul","args":["12","9"]}`, `{"op":"table","args":["4"]}`, `{"op":"inv","args":["0"]}`,
		`{"ruleset":"nim","flags":{},"position":["3","4","5"]}`, `{"code":"0.07","to":50}`,
		`{"ruleset":"subtract","flags":{"set":"1,3,4"},"to":30}`, `{"source":"def moves(n):\n    return []\n","to":5}`,
		`{"script":"def moves(n):\n    return [n - 1] if n > 0 else []\n","position":["3","2"],"move":"#2"}`,
		`{"script":"def moves(n):\n    return [n - 1] if n > 0 else []\n","position":["(1, \"a\")"],"misere":true,"loopy":true}`,
		`{"ruleset":"nim","position":["1","2"],"move":"1 1"}`, `{"ruleset":"nim","position":["1"],"engine":true,"move":"0"}`,
		`{"ruleset":"kayles","position":["4","6"],"misere":true,"engine":true}`, `{"ruleset":"ruler","position":["3"],"misere":true,"move":"#1"}`,
		`{"ruleset":"subtract","flags":{"set":"1,3,4"},"max_heap":12}`, `{"game":"lasker","ruleset":"x","max_heap":"0x10"}`,
		`{}`, `[]`, `null`, `{"op":1}`, `{"args":["0x"]}`, "\xff", `{"to":-1}`, `{"to":1e99}`,
	} {
		f.Add(seed)
	}
	s := New(Limits{MaxSeq: 200, MaxTable: 32, MaxArgs: 8})
	f.Fuzz(func(t *testing.T, body string) {
		for _, path := range s.endpoints {
			req := httptest.NewRequest("POST", path, strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			body := rec.Body.Bytes()
			if strings.HasSuffix(path, "/stream") && rec.Code == 200 {
				// Newline-delimited: the last line ends the stream with a result or an error.
				lines := strings.Split(strings.TrimSpace(string(body)), "\n")
				var end streamEnd
				if err := json.Unmarshal([]byte(lines[len(lines)-1]), &end); err != nil || (end.Result == nil) == (end.Error == nil) {
					t.Fatalf("POST %s %q: last line %q", path, body, lines[len(lines)-1])
				}
				if end.Status >= 500 {
					t.Fatalf("POST %s %q: %s", path, body, lines[len(lines)-1])
				}
				continue
			}
			var v map[string]any
			if err := json.Unmarshal(body, &v); err != nil {
				t.Fatalf("POST %s %q: status %d, answer not a JSON object: %q", path, body, rec.Code, rec.Body.String())
			}
			if rec.Code >= 500 {
				t.Fatalf("POST %s %q: status %d: %v", path, body, rec.Code, v)
			}
			if rec.Code != 200 {
				if msg, _ := v["error"].(string); msg == "" {
					t.Fatalf("POST %s %q: status %d without a message: %v", path, body, rec.Code, v)
				}
			}
		}
	})
}
