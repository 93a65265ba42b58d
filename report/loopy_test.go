package report

import (
	"encoding/json"
	"testing"

	"grundy/game"
)

func TestLoopyValueJSON(t *testing.T) {
	for _, c := range []struct {
		v    game.LoopyValue
		json string
	}{
		{game.Nimber(3), `"3"`},
		{game.Nimber(1 << 60), `"1152921504606846976"`},
		{game.Infinity(2, 0), `{"infinite":true,"set":[0,2]}`},
		{game.Infinity(), `{"infinite":true,"set":[]}`},
	} {
		b, err := json.Marshal(LoopyValue{c.v})
		if err != nil || string(b) != c.json {
			t.Fatalf("%v: %s, %v; want %s", c.v, b, err, c.json)
		}
		var back LoopyValue
		if err := json.Unmarshal(b, &back); err != nil || !back.Equal(c.v) {
			t.Fatalf("%s: read back %v, %v", b, back, err)
		}
	}
	for _, bad := range []string{`"x"`, `{"infinite":false,"set":[]}`, `3`, `[1]`} {
		var v LoopyValue
		if err := json.Unmarshal([]byte(bad), &v); err == nil {
			t.Fatalf("%s read as %v", bad, v)
		}
	}
}

func TestLoopySeqPeriod(t *testing.T) {
	// 0, ∞{0}, ∞{1}, then ∞{0}, ∞{1} again and again: period 2 from 1.
	vals := []game.LoopyValue{game.Nimber(0)}
	for range 4 {
		vals = append(vals, game.Infinity(0), game.Infinity(1))
	}
	s := NewLoopySeq(vals, false)
	if s.Period == nil || *s.Period != 2 || *s.Preperiod != 1 || s.Outcomes != "PNDNDNDND" || len(s.Values) != 9 {
		t.Fatalf("%+v", s)
	}
	if s := NewLoopySeq(vals, true); s.Values != nil {
		t.Fatal("summary has values")
	}
}

// FuzzLoopyValueJSON: any JSON is read as a loopy value or refused, never a panic, and what is
// read writes back to a document that reads as the same value.
func FuzzLoopyValueJSON(f *testing.F) {
	for _, s := range []string{`"3"`, `"18446744073709551615"`, `{"infinite":true,"set":[0,2]}`, `{"infinite":true,"set":[]}`, `{"infinite":true}`, `"x"`, `null`, `{"infinite":true,"set":[2,0,2]}`, `3`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var v LoopyValue
		if err := json.Unmarshal([]byte(s), &v); err != nil {
			return
		}
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var back LoopyValue
		if err := json.Unmarshal(b, &back); err != nil || !back.Equal(v.LoopyValue) {
			t.Fatalf("%s -> %v -> %s -> %v, %v", s, v, b, back, err)
		}
	})
}
