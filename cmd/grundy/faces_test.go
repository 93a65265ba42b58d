package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"grundy/query"
	"grundy/web"
)

// The two faces, one road: each case is a command line and the web request that asks the same
// question. Both go through package query; the command line's --json and the web's body must be
// the same bytes (the command line's script path aside: a script file is written as
// DIR/script.star, DIR/ is removed from the command line's output, and the web names its script
// script.star), and an error must be the same kind: exit 2 for a 400 or a 422 (whose answer names
// the limit), with the web's message starting the command line's (which may add how to raise a
// limit with a flag).
var faceCases = []struct {
	name   string
	args   []string // the command line, without --json; $S is the script file
	stdin  string
	method string // "POST" unless set
	path   string
	body   string // $SCRIPT is the script's source as a JSON string
	script string // the source of script.star
	status int    // the web's status: 200, 400 or 422
	// otherMax is set where the faces' limits differ (the command line's are larger): the
	// messages then differ in the number.
	otherMax bool
	has      string // a 200's answer contains this (both faces, as they are the same bytes)
}{
	{name: "nim", args: []string{"solve", "nim", "3", "4", "5"},
		path: "/api/solve", body: `{"ruleset":"nim","position":["3","4","5"]}`, status: 200},
	{name: "nim past 2^53 (the value is a string)", args: []string{"solve", "nim", "0xffffffffffffffff", "12"},
		path: "/api/solve", body: `{"ruleset":"nim","position":["0xffffffffffffffff","12"]}`, status: 200},
	{name: "moore flags", args: []string{"solve", "moore", "--k", "2", "3", "4", "5"},
		path: "/api/solve", body: `{"ruleset":"moore","flags":{"k":"2"},"position":["3","4","5"]}`, status: 200},
	{name: "subtract boolean flag", args: []string{"solve", "subtract", "--range", "2:4", "--last-loses", "7"},
		path: "/api/solve", body: `{"ruleset":"subtract","flags":{"range":"2:4","last-loses":"true"},"position":["7"]}`, status: 200},
	{name: "misère search", args: []string{"solve", "lasker", "--misere", "3", "4"},
		path: "/api/solve", body: `{"ruleset":"lasker","position":["3","4"],"misere":true}`, status: 200},
	{name: "misère over the search limit (issue 13: 422 naming it)", args: []string{"solve", "lasker", "--misere", "100000", "100000", "100000"},
		path: "/api/solve", body: `{"ruleset":"lasker","position":["100000","100000","100000"],"misere":true}`, status: 422},
	{name: "unknown ruleset", args: []string{"solve", "nosuch", "3"},
		path: "/api/solve", body: `{"ruleset":"nosuch","position":["3"]}`, status: 400},
	{name: "bad heap", args: []string{"solve", "nim", "3x"},
		path: "/api/solve", body: `{"ruleset":"nim","position":["3x"]}`, status: 400},
	{name: "loopy ruleset", args: []string{"solve", "nim", "--loopy", "3"},
		path: "/api/solve", body: `{"ruleset":"nim","position":["3"],"loopy":true}`, status: 400},

	{name: "script", args: []string{"solve", "--script", "$S", "7"}, script: sub134,
		path: "/api/solve", body: `{"script":$SCRIPT,"position":["7"]}`, status: 200},
	{name: "script sum", args: []string{"solve", "--script", "$S", "7", "5", "2"}, script: sub134,
		path: "/api/solve", body: `{"script":$SCRIPT,"position":["7","5","2"]}`, status: 200},
	{name: "script misère", args: []string{"solve", "--misere", "--script", "$S", "6"}, script: sub134,
		path: "/api/solve", body: `{"script":$SCRIPT,"position":["6"],"misere":true}`, status: 200},
	{name: "script misère sum", args: []string{"solve", "--misere", "--script", "$S", "6", "1"}, script: sub134,
		path: "/api/solve", body: `{"script":$SCRIPT,"position":["6","1"],"misere":true}`, status: 200},
	{name: "script misère sum through the quotient", args: []string{"solve", "--misere", "--script", "$S", "5", "7", "9", "11"}, script: kaylesHeaps,
		path: "/api/solve", body: `{"script":$SCRIPT,"position":["5","7","9","11"],"misere":true}`, status: 200},
	{name: "script misère sum of split positions through the quotient", args: []string{"solve", "--misere", "--script", "$S", "(1, 3)", "(2,)", "5"}, script: kaylesHeaps,
		path: "/api/solve", body: `{"script":$SCRIPT,"position":["(1, 3)","(2,)","5"],"misere":true}`, status: 200,
		has: `split() breaks the position into heaps 1 + 3 + 2 + 5`},
	{name: "script misère sum without split() (search, saying why)", args: []string{"solve", "--misere", "--script", "$S", "(3, 5)", "(1, 2)"}, script: wythoff,
		path: "/api/solve", body: `{"script":$SCRIPT,"position":["(3, 5)","(1, 2)"],"misere":true}`, status: 200,
		has: `(not through a misère quotient: (3, 5) is not a heap (an int) and the script defines no split()`},
	{name: "script loopy", args: []string{"solve", "--loopy", "--script", "$S", "0"}, script: ring,
		path: "/api/solve", body: `{"script":$SCRIPT,"position":["0"],"loopy":true}`, status: 200},
	{name: "script tuple positions", args: []string{"solve", "--script", "$S", "(3, 4)"}, script: wythoff,
		path: "/api/solve", body: `{"script":$SCRIPT,"position":["(3, 4)"]}`, status: 200},
	{name: "script cycle", args: []string{"solve", "--script", "$S", "1"}, script: ring,
		path: "/api/solve", body: `{"script":$SCRIPT,"position":["1"]}`, status: 400},
	{name: "script syntax error", args: []string{"solve", "--script", "$S", "1"}, script: "def moves(n)\n  return []\n",
		path: "/api/solve", body: `{"script":$SCRIPT,"position":["1"]}`, status: 400},
	{name: "script step budget", args: []string{"solve", "--script", "$S", "--max-steps", "20000000", "--timeout", "1m", "1"}, script: "def moves(n):\n    while True:\n        n += 1\n",
		path: "/api/solve", body: `{"script":$SCRIPT,"position":["1"]}`, status: 422},
	{name: "script bad position", args: []string{"solve", "--script", "$S", "1.5"}, script: sub134,
		path: "/api/solve", body: `{"script":$SCRIPT,"position":["1.5"]}`, status: 400},

	{name: "seq ruleset", args: []string{"seq", "subtract", "--set", "1,3,4", "--to", "30"},
		path: "/api/seq", body: `{"ruleset":"subtract","flags":{"set":"1,3,4"},"to":30}`, status: 200},
	{name: "seq summary", args: []string{"seq", "subtract", "--set", "1,3,4", "--to", "0x1e", "--summary"},
		path: "/api/seq", body: `{"ruleset":"subtract","flags":{"set":"1,3,4"},"to":"0x1e","summary":true}`, status: 200},
	{name: "seq script", args: []string{"seq", "--script", "$S", "--to", "40"}, script: sub134,
		path: "/api/seq", body: `{"script":$SCRIPT,"to":40}`, status: 200},
	{name: "the script table", args: []string{"seq", "--script", "$S", "--to", "40"}, script: sub134,
		path: "/api/script", body: `{"source":$SCRIPT,"to":40}`, status: 200},
	{name: "seq script over the limit", args: []string{"seq", "--script", "$S", "--to", "20000000"}, script: sub134,
		path: "/api/seq", body: `{"script":$SCRIPT,"to":20000000}`, status: 422, otherMax: true},
	{name: "seq of a take-and-break game by name", args: []string{"seq", "kayles", "--to", "200", "--summary"},
		path: "/api/seq", body: `{"ruleset":"kayles","to":200,"summary":true}`, status: 200},
	{name: "seq not one heap", args: []string{"seq", "wythoff", "--to", "5"},
		path: "/api/seq", body: `{"ruleset":"wythoff","to":5}`, status: 400},

	{name: "play a step", args: []string{"play", "nim", "1", "2", "--first", "me"}, stdin: "1 1\n",
		path: "/api/play", body: `{"ruleset":"nim","position":["1","2"],"move":"1 1"}`, status: 200},
	{name: "play, the engine first", args: []string{"play", "nim", "3", "4", "5", "--first", "engine"},
		path: "/api/play", body: `{"ruleset":"nim","position":["3","4","5"],"engine":true}`, status: 200},
	{name: "play a script", args: []string{"play", "--script", "$S", "9", "--first", "me"}, stdin: "8\n", script: sub134,
		path: "/api/play", body: `{"script":$SCRIPT,"position":["9"],"move":"8"}`, status: 200},
	{name: "play a script sum", args: []string{"play", "--script", "$S", "4", "5", "--first", "me"}, stdin: "#2\n", script: sub134,
		path: "/api/play", body: `{"script":$SCRIPT,"position":["4","5"],"move":"#2"}`, status: 200},
	{name: "play a script in misère play", args: []string{"play", "--script", "$S", "5", "7", "--misere", "--first", "engine"}, script: kaylesHeaps,
		path: "/api/play", body: `{"script":$SCRIPT,"position":["5","7"],"misere":true,"engine":true}`, status: 200},
	{name: "play a script in misère play, a step", args: []string{"play", "--script", "$S", "4", "(1, 2)", "--misere", "--first", "me"}, stdin: "#2\n", script: kaylesHeaps,
		path: "/api/play", body: `{"script":$SCRIPT,"position":["4","(1, 2)"],"misere":true,"move":"#2"}`, status: 200},
	{name: "play a ruleset in misère play", args: []string{"play", "kayles", "4", "6", "--misere", "--first", "me"}, stdin: "#3\n",
		path: "/api/play", body: `{"ruleset":"kayles","position":["4","6"],"misere":true,"move":"#3"}`, status: 200},
	{name: "play nim with misere (misere-nim is the ruleset)", args: []string{"play", "nim", "3", "--misere", "--first", "me"},
		path: "/api/play", body: `{"ruleset":"nim","position":["3"],"misere":true}`, status: 400},
	{name: "play an illegal move", args: []string{"play", "nim", "1", "2", "--first", "me"}, stdin: "3 3\n",
		path: "/api/play", body: `{"ruleset":"nim","position":["1","2"],"move":"3 3"}`, status: 400},

	{name: "misère quotient of a code", args: []string{"misere", "0.75", "--max-heap", "12"},
		path: "/api/misere", body: `{"game":"0.75","max_heap":12}`, status: 200},
	{name: "misère quotient of a ruleset with flags", args: []string{"misere", "subtract", "--set", "1,3,4", "--max-heap", "10"},
		path: "/api/misere", body: `{"ruleset":"subtract","flags":{"set":"1,3,4"},"max_heap":10}`, status: 200},
	{name: "misère quotient of a script", args: []string{"misere", "--script", "$S", "--max-heap", "9"}, script: kaylesHeaps,
		path: "/api/misere", body: `{"script":$SCRIPT,"max_heap":9}`, status: 200},
	{name: "misère quotient of a game that is not a heap game", args: []string{"misere", "ruler", "--max-heap", "5"},
		path: "/api/misere", body: `{"ruleset":"ruler","max_heap":5}`, status: 400},
	{name: "misère quotient past its size limit", args: []string{"misere", "0.07", "--max-heap", "20", "--max-size", "10"},
		path: "/api/misere", body: `{"game":"0.07","max_heap":20,"max_size":10}`, status: 422},

	{name: "rules", args: []string{"rules"}, method: "GET", path: "/api/rules", status: 200},
}

const (
	sub134 = "def moves(n):\n    return [n - k for k in [1, 3, 4] if k <= n]\n"
	ring   = "def moves(n):\n    if n == 'end':\n        return []\n    return [(n + 1) % 5] + (['end'] if n == 0 else [])\n"
	// Kayles as heaps whose moves are pairs (left, right) that split() into two heaps; a pair's
	// moves are its heaps' moves (examples/kayles-heaps.star).
	kaylesHeaps = "def moves(p):\n    if type(p) == 'tuple':\n        return [p[:i] + (m,) + p[i + 1:] for i in range(len(p)) for m in moves(p[i])]\n" +
		"    return [(l, p - t - l) for t in [1, 2] for l in range(p - t + 1)]\n\ndef split(p):\n    return list(p) if type(p) == 'tuple' else None\n"
	wythoff = "def moves(p):\n    x, y = p\n    out = [(x - k, y) for k in range(1, x + 1)] + [(x, y - k) for k in range(1, y + 1)]\n    return out + [(x - k, y - k) for k in range(1, min(x, y) + 1)]\n"
)

func TestFacesAgree(t *testing.T) {
	// A minute's time budget on both faces (the command line's --timeout in the step budget's
	// case), so that the step budget, not the time, stops the script whose 20 million steps take
	// seconds under -race on a loaded machine (10 s, the default, was within a factor of three).
	inProcess := web.New(web.Limits{Budget: time.Minute})
	defer inProcess.Close()
	isolated := web.New(web.Limits{Isolate: true, Budget: time.Minute})
	defer isolated.Close()
	for i, c := range faceCases {
		// Every other case is served by a worker process, as `grundy serve` does by default,
		// so that both of the server's ways to answer are held to the command line's bytes.
		srv, how := inProcess, "in process"
		if i%2 == 1 {
			srv, how = isolated, "by a worker"
		}
		t.Run(c.name+", "+how, func(t *testing.T) {
			dir := t.TempDir()
			file := filepath.Join(dir, "script.star")
			args := append([]string{}, c.args...)
			body := c.body
			if c.script != "" {
				if err := os.WriteFile(file, []byte(c.script), 0o644); err != nil {
					t.Fatal(err)
				}
				src, _ := json.Marshal(c.script)
				body = strings.ReplaceAll(body, "$SCRIPT", string(src))
			}
			for i, a := range args {
				args[i] = strings.ReplaceAll(a, "$S", file)
			}
			out, errOut, code := runCLI(t, c.stdin, append(args, "--json")...)
			out = strings.ReplaceAll(out, dir+"/", "")
			errOut = strings.ReplaceAll(errOut, dir+"/", "")

			method := c.method
			if method == "" {
				method = "POST"
			}
			req := httptest.NewRequest(method, c.path, strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, req)
			got := rec.Body.String()
			if rec.Code != c.status {
				t.Fatalf("web: %d %s, want %d", rec.Code, got, c.status)
			}
			if c.status == http.StatusOK {
				if code != exitOK {
					t.Fatalf("CLI: exit %d, stderr %q", code, errOut)
				}
				// The octal engine's answer says how long it took.
				seconds := regexp.MustCompile(`"seconds":[0-9.e+-]+`)
				out, got = seconds.ReplaceAllString(out, `"seconds":0`), seconds.ReplaceAllString(got, `"seconds":0`)
				if out != got {
					t.Fatalf("the faces differ:\n CLI %s\n web %s", out, got)
				}
				if !strings.Contains(out, c.has) {
					t.Fatalf("the answer %s does not contain %s", out, c.has)
				}
				return
			}
			var e struct {
				Error string
				Limit string
				Max   any
			}
			if err := json.Unmarshal([]byte(got), &e); err != nil || e.Error == "" {
				t.Fatalf("web error %q: %v", got, err)
			}
			if c.status == http.StatusUnprocessableEntity && (e.Limit == "" || e.Max == nil) {
				t.Fatalf("web 422 names no limit: %s", got)
			}
			// With --json the command line prints its error document, the web's shape.
			var doc struct {
				Error string
				Limit string
				Max   any
			}
			if code != exitInput || json.Unmarshal([]byte(out), &doc) != nil || doc.Error == "" {
				t.Fatalf("CLI: exit %d, stdout %q; want 2 and the error's JSON for the web's %d", code, out, rec.Code)
			}
			msg := strings.TrimSuffix(strings.TrimPrefix(errOut, "grundy: "), "\n")
			if doc.Error != msg || (doc.Limit == "") != (e.Limit == "") {
				t.Fatalf("CLI: the error document %s does not say what stderr %q says, or names no limit where the web's %s does", out, errOut, got)
			}
			// On a slow machine (-race) the web's time budget may come first, and under the race
			// detector, whose bookkeeping multiplies a search's memory, the worker's memory cap:
			// the same kind still.
			slow := e.Limit == "budget_ms" || raceEnabled && e.Limit == "memory_mib"
			if !c.otherMax && !slow && !strings.HasPrefix(msg, e.Error) || (c.otherMax || slow) && !strings.Contains(msg, "limit") {
				t.Fatalf("the messages differ:\n CLI %q\n web %q", msg, e.Error)
			}
		})
	}
}

// The command line's exit status of each kind of error, as the web's status of the same kind:
// bad input 2 (400), over a limit 2 (422), cancelled 1 (503), internal 1 (500).
func TestExitCodeKinds(t *testing.T) {
	for _, c := range []struct {
		err  error
		want int
	}{
		{query.Badf("x"), exitInput},
		{fmt.Errorf("wrapped: %w", query.Limitf("max_seq", 10, "x")), exitInput},
		{&query.Error{Kind: query.Cancelled, Msg: "cancelled"}, exitInternal},
		{query.Internalf("x"), exitInternal},
		{fmt.Errorf("x: %w", context.Canceled), exitInternal},
		{badInput("x"), exitInput},
		{internalf("x"), exitInternal},
	} {
		if got := exitCode(c.err); got != c.want {
			t.Errorf("exitCode(%v) = %d, want %d", c.err, got, c.want)
		}
	}
}
