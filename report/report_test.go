package report

import (
	"encoding/json"
	"strings"
	"testing"

	"grundy/game"
)

func TestSolveJSON(t *testing.T) {
	s := NewSolve("nim", []string{"3", "4", "5"}, game.NextWins)
	v := uint64(2)
	s.Value = &v
	s.WinningMoves = append(s.WinningMoves, Move{Move: "take 2 from heap 1", To: []string{"1", "4", "5"}})
	s.Complete, s.Method = true, "Bouton's theorem"
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	// The JSON number rule: a Grundy value can exceed 2^53, so it is a decimal string, also when
	// small; positions are lists of argument strings.
	want := `{"ruleset":"nim","position":["3","4","5"],"outcome":"N","value":"2","winning_moves":[{"move":"take 2 from heap 1","to":["1","4","5"]}],"winning_moves_complete":true,"method":"Bouton's theorem"}`
	if string(b) != want {
		t.Fatalf("got %s\nwant %s", b, want)
	}
	p := NewSolve("script:g.star", []string{"(1, 2)"}, game.PrevWins)
	b, _ = json.Marshal(p)
	if want := `{"ruleset":"script:g.star","position":["(1, 2)"],"outcome":"P","value":null,"winning_moves":[],"winning_moves_complete":false,"method":""}`; string(b) != want {
		t.Fatalf("got %s\nwant %s", b, want)
	}
	var out strings.Builder
	if err := s.WriteText(&out); err != nil || !strings.Contains(out.String(), "nim at 3 4 5: N") ||
		!strings.Contains(out.String(), "take 2 from heap 1  (to 1 4 5)") {
		t.Fatalf("text %q", out.String())
	}
	big := uint64(18446744073709551603)
	s.Value = &big
	b, _ = json.Marshal(s)
	if !strings.Contains(string(b), `"value":"18446744073709551603"`) {
		t.Fatalf("a value past 2^53: %s", b)
	}
}

func TestSeqJSON(t *testing.T) {
	vals := []uint64{0, 1, 2, 0, 1, 2, 0, 1, 2, 0}
	b, _ := json.Marshal(ApparentSeq(vals, false))
	if want := `{"values":[0,1,2,0,1,2,0,1,2,0],"computed_to":9,"period":3,"preperiod":0,"proved":false}`; string(b) != want {
		t.Fatalf("got %s", b)
	}
	b, _ = json.Marshal(ApparentSeq(vals[:4], true))
	if want := `{"computed_to":3,"period":null,"preperiod":null,"proved":false}`; string(b) != want {
		t.Fatalf("got %s", b)
	}
	var out strings.Builder
	_ = ApparentSeq(vals, false).WriteText(&out)
	if !strings.Contains(out.String(), "apparent period 3 from 0 (not proved)") || !strings.Contains(out.String(), "     0: 0 1 2 0") {
		t.Fatalf("text %q", out.String())
	}
}
