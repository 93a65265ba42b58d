package offline

import (
	"strings"
	"testing"
)

const info = `{"limits": {"max_body_bytes": 65536, "max_seq": 100000, "max_table": 512, "max_args": 64,
	"max_script_bytes": 16384, "max_script_to": 10000, "budget_ms": 10000, "max_answer_bytes": 16777216, "max_heavy": 1},
	"endpoints": ["/api/nim", "/api/seq", "/api/seq/stream", "/api/rules", "/api/solve"]}`

// An info without its limits would bound nothing: New refuses it.
func TestNewRefusesIncompleteInfo(t *testing.T) {
	for _, bad := range []string{``, `{}`, `{"limits": {"max_seq": 10}}`, strings.Replace(info, `"budget_ms": 10000`, `"budget_ms": 0`, 1)} {
		if _, err := New([]byte(bad)); err == nil {
			t.Errorf("New(%.40q): no error", bad)
		}
	}
	if _, err := New([]byte(info)); err != nil {
		t.Fatal(err)
	}
}

// The stream's progress comes as calls, then /api/seq's answer; an endpoint the site does not
// list is a 404, as on the server.
func TestCall(t *testing.T) {
	e, err := New([]byte(info))
	if err != nil {
		t.Fatal(err)
	}
	var calls, last int64
	status, doc := e.Call(StreamPath, []byte(`{"code": "0.0667", "to": "3000"}`), func(done, target int64) {
		calls++
		if done < last || target != 3001 {
			t.Errorf("progress %d of %d after %d", done, target, last)
		}
		last = done
	})
	if status != 200 || !strings.Contains(string(doc), `"computed_to":3000`) || calls == 0 {
		t.Fatalf("%d %.100s, %d progress calls", status, doc, calls)
	}
	if status, doc := e.Call("/api/misere", []byte(`{"game": "0.07"}`), nil); status != 404 || !strings.Contains(string(doc), "no endpoint POST /api/misere") {
		t.Errorf("an endpoint the site does not offer: %d %s", status, doc)
	}
}
