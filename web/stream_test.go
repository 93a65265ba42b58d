package web

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"
)

// streamLines posts body to /api/seq/stream on a real server and returns the status and the lines.
func streamLines(t *testing.T, s *Server, body string) (int, []map[string]any) {
	t.Helper()
	srv := httptest.NewServer(s)
	defer srv.Close()
	resp, err := http.Post(srv.URL+"/api/seq/stream", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var lines []map[string]any
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var v map[string]any
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		lines = append(lines, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, lines
}

func TestSeqStreamResultIsSeqAnswer(t *testing.T) {
	s := New(Limits{})
	for _, body := range []string{
		`{"code": "0.77", "to": 3000}`,
		`{"ruleset": "subtract", "flags": {"set": "1,3,4"}, "to": 300}`,
	} {
		code, lines := streamLines(t, s, body)
		if code != 200 || len(lines) == 0 {
			t.Fatalf("%s: %d, %d lines", body, code, len(lines))
		}
		last := lines[len(lines)-1]
		var want map[string]any
		if c, v := post(t, s, "/api/seq", body); c != 200 {
			t.Fatalf("%s: /api/seq %d", body, c)
		} else {
			want = v
		}
		// The same answer, but for the time it took.
		got, _ := last["result"].(map[string]any)
		delete(got, "seconds")
		delete(want, "seconds")
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: last line differs from /api/seq's answer", body)
		}
		prev := -1.0
		for _, l := range lines[:len(lines)-1] {
			d, tg := l["done"].(float64), l["target"].(float64)
			if d < prev || d > tg || tg == 0 {
				t.Fatalf("%s: progress %v after %v", body, l, prev)
			}
			prev = d
		}
	}
}

func TestSeqStreamProgressAndBudget(t *testing.T) {
	// 0.0667 to 10^6 takes far longer than a 600 ms budget (its values cost quadratic time: to
	// 80,000 alone takes about a second; Grundy's game to 10^6 no longer does, in sparse space
	// it takes a fraction of a second): progress lines, then the budget's error as the last line.
	s := New(Limits{Budget: 600 * time.Millisecond, MaxSeq: 1_000_000})
	code, lines := streamLines(t, s, `{"code": "0.0667", "to": 1000000}`)
	if code != 200 || len(lines) < 2 {
		t.Fatalf("%d, %d lines", code, len(lines))
	}
	last := lines[len(lines)-1]
	e, _ := last["error"].(map[string]any)
	if last["status"] != 422.0 || e == nil || e["limit"] != "budget_ms" {
		t.Fatalf("last line %v", last)
	}
	if lines[0]["done"] == nil || lines[0]["target"] != 1000001.0 {
		t.Fatalf("first line %v", lines[0])
	}
}

func TestSeqStreamErrors(t *testing.T) {
	s := New(Limits{MaxSeq: 100})
	wantError(t, s, "/api/seq/stream", `{"code": "0.07", "to": 101}`, 422, "limit of 100")
	wantError(t, s, "/api/seq/stream", `{"code": "0.9", "to": 10}`, 400, "not octal")
	wantError(t, s, "/api/seq/stream", `{"code": "0.07", "to": "abc"}`, 400, "to:") // a code without "to" now computes until its period is proved
	wantError(t, s, "/api/seq/stream", `{"code": "0.07", "to": 5, "x": 1}`, 400, "unknown field")
	// An error found at once gets the plain answer of /api/seq, whatever finds it (errors found
	// later, while computing, end the stream: see the budget test above).
	wantError(t, s, "/api/seq/stream", `{"ruleset": "nimm", "to": 10}`, 400, "unknown ruleset")
}
