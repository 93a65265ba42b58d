package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"grundy/rules"
)

// postJSON posts body and decodes the answer into out, failing unless the status is 200.
func postJSON(t *testing.T, s *Server, path, body string, out any) {
	t.Helper()
	req := httptest.NewRequest("POST", path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	if rec.Code != 200 {
		t.Fatalf("POST %s %s: %d %s", path, body, rec.Code, rec.Body.String())
	}
	if err := json.Unmarshal(rec.Body.Bytes(), out); err != nil {
		t.Fatalf("POST %s: %v", path, err)
	}
}

func TestRulesCatalogue(t *testing.T) {
	s := New(Limits{})
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", "/api/rules", nil))
	var c Catalogue
	if err := json.Unmarshal(rec.Body.Bytes(), &c); err != nil || rec.Code != 200 {
		t.Fatalf("%d %v", rec.Code, err)
	}
	infos := rules.Catalogue()
	if len(c.Rulesets) != len(infos) || len(infos) == 0 {
		t.Fatalf("%d rulesets, catalogue has %d", len(c.Rulesets), len(infos))
	}
	for i, in := range infos {
		r := c.Rulesets[i]
		if r.Name != in.Name || r.OneHeap != in.OneHeap || r.Play != string(in.Play) || len(r.Flags) != len(in.Flags) || r.Example != in.Example {
			t.Fatalf("ruleset %d: %+v vs %+v", i, r, in)
		}
	}
}

// Every ruleset's own example, solved through the API, is the library's answer, field for field.
func TestSolveMatchesLibrary(t *testing.T) {
	s := New(Limits{})
	for _, r := range catalogue().Rulesets {
		flags, pos := splitExample(r)
		var want any
		var err error
		if rules.IsLoopy(r.Name) {
			want, err = librarySolveLoopy(context.Background(), r.Name, flags, pos)
		} else {
			want, err = librarySolve(context.Background(), r.Name, flags, pos)
		}
		if err != nil {
			t.Fatalf("%s %s: %v", r.Name, r.Example, err)
		}
		wantJSON, _ := json.Marshal(want)
		body, _ := json.Marshal(SolveRequest{Ruleset: r.Name, Flags: flags, Position: pos})
		var got, wantAny map[string]any
		postJSON(t, s, "/api/solve", string(body), &got)
		json.Unmarshal(wantJSON, &wantAny)
		if !reflect.DeepEqual(got, wantAny) {
			t.Fatalf("%s %s:\n got %v\nwant %v", r.Name, r.Example, got, wantAny)
		}
	}
}

// splitExample reads a catalogue example ("--k 2 1 2 3") into flags and position.
func splitExample(r RuleInfo) (map[string]string, []string) {
	flags := map[string]string{}
	var pos []string
	w := strings.Fields(r.Example)
	for i := 0; i < len(w); i++ {
		if name, ok := strings.CutPrefix(w[i], "--"); ok {
			takes := false
			for _, f := range r.Flags {
				if f.Name == name && f.Arg != "" {
					takes = true
				}
			}
			if takes {
				i++
				flags[name] = w[i]
			} else {
				flags[name] = "true"
			}
			continue
		}
		pos = append(pos, w[i])
	}
	return flags, pos
}

func TestSolveErrors(t *testing.T) {
	s := New(Limits{MaxArgs: 4})
	wantError(t, s, "/api/solve", `{"ruleset": "nimm", "position": ["1"]}`, 400, `did you mean "nim"`)
	wantError(t, s, "/api/solve", `{"ruleset": "nim", "position": ["1", "-2"]}`, 400, "negative")
	wantError(t, s, "/api/solve", `{"ruleset": "nim", "flags": {"k": "2"}, "position": ["1"]}`, 400, "takes no flags")
	wantError(t, s, "/api/solve", `{"position": ["1"]}`, 400, `missing "ruleset"`)
	v := wantError(t, s, "/api/solve", `{"ruleset": "nim", "position": ["1", "2", "3", "4", "5"]}`, 422, "limit is 4")
	if v["limit"] != "max_args" {
		t.Fatalf("%v", v)
	}
}

func TestSeqRulesetMatchesLibrary(t *testing.T) {
	s := New(Limits{})
	for _, r := range catalogue().Rulesets {
		if !r.OneHeap || rules.IsLoopy(r.Name) {
			continue // (loopy values: tested in query and rules)
		}
		flags, _ := splitExample(r)
		want, err := librarySeq(context.Background(), r.Name, flags, 100, false)
		if err != nil {
			t.Fatalf("%s: %v", r.Name, err)
		}
		wantJSON, _ := json.Marshal(want)
		body, _ := json.Marshal(map[string]any{"ruleset": r.Name, "flags": flags, "to": 100})
		var got, wantAny map[string]any
		postJSON(t, s, "/api/seq", string(body), &got)
		json.Unmarshal(wantJSON, &wantAny)
		if !reflect.DeepEqual(got, wantAny) {
			t.Fatalf("%s:\n got %v\nwant %v", r.Name, got, wantAny)
		}
	}
	wantError(t, s, "/api/seq", `{"ruleset": "wythoff", "to": 10}`, 400, "no Grundy sequence")
}

func TestPlay(t *testing.T) {
	s := New(Limits{})
	// Describe: nim 1 2 (N): three moves, one of them winning (to 1 1).
	var st PlayAnswer
	postJSON(t, s, "/api/play", `{"ruleset": "nim", "position": ["1", "2"]}`, &st)
	if st.Over || len(st.Played) != 0 || len(st.Moves) != 3 || strings.Join(st.Position, " ") != "1 2" {
		t.Fatalf("%+v", st)
	}
	var wins []string
	for _, m := range st.Moves {
		if m.Winning {
			wins = append(wins, strings.Join(m.To, " "))
		}
	}
	if fmt.Sprint(wins) != "[1 1]" {
		t.Fatalf("winning moves %v", wins)
	}
	// Play the winning move by its text: the engine answers, then the person finishes.
	var move string
	for _, m := range st.Moves {
		if m.Winning {
			move = m.Move
		}
	}
	body, _ := json.Marshal(PlayRequest{Ruleset: "nim", Position: st.Position, Move: move})
	st = PlayAnswer{}
	postJSON(t, s, "/api/play", string(body), &st)
	if len(st.Played) != 2 || st.Played[0].By != "you" || st.Played[1].By != "engine" || st.Over || len(st.Moves) != 1 {
		t.Fatalf("%+v", st)
	}
	body, _ = json.Marshal(PlayRequest{Ruleset: "nim", Position: st.Position, Move: st.Moves[0].Move})
	st = PlayAnswer{}
	postJSON(t, s, "/api/play", string(body), &st)
	if !st.Over || st.Winner != "you" || len(st.Played) != 1 {
		t.Fatalf("%+v", st)
	}
	// A move given as the position it leads to: from nim 1 1 the engine takes the last counter.
	st = PlayAnswer{}
	postJSON(t, s, "/api/play", `{"ruleset": "nim", "position": ["1", "1"], "move": "0 1"}`, &st)
	if !st.Over || st.Winner != "engine" {
		t.Fatalf("%+v", st)
	}
	// The engine first, from an N-position: it moves to a P-position.
	st = PlayAnswer{}
	postJSON(t, s, "/api/play", `{"ruleset": "nim", "position": ["3", "4", "5"], "engine": true}`, &st)
	if len(st.Played) != 1 || st.Played[0].By != "engine" {
		t.Fatalf("%+v", st)
	}
	rep, _ := librarySolve(context.Background(), "nim", nil, st.Position)
	if rep.Outcome != "P" {
		t.Fatalf("the engine moved to %v, an %s-position", st.Position, rep.Outcome)
	}
	wantError(t, s, "/api/play", `{"ruleset": "nim", "position": ["1", "2"], "move": "2 2"}`, 400, "grow")
	wantError(t, s, "/api/play", `{"ruleset": "nim", "position": ["0"], "move": "0"}`, 400, "game is over")
	wantError(t, s, "/api/play", `{"ruleset": "nim", "position": ["1"], "move": "0", "engine": true}`, 400, "not both")
	wantError(t, s, "/api/play", `{"ruleset": "prime-take", "position": ["5"]}`, 400, "scored")
}
