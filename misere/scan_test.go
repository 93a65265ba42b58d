package misere

import (
	"context"
	"encoding/json"
	"os"
	"testing"

	"grundy/octal"
)

// scanRow is one code of testdata/scan-2digit.json (the JSON of grundy misere scan).
type scanRow struct {
	Code      string `json:"code"`
	Stopped   string `json:"stopped"`
	Heap      int    `json:"heap"`
	Order     int    `json:"order"`
	POrder    int    `json:"p_order"`
	Proved    bool   `json:"proved"`
	Period    *int   `json:"period"`
	Preperiod *int   `json:"preperiod"`
}

// TestScanTwoDigitReference checks the committed table of every 2-digit code
// (testdata/scan-2digit.json, made by the command it names): every code is there; its rows agree
// with MisereSolver's runs of testdata/whole.json (a code it certified is proved with the same
// order, |P|, period and preperiod; one it did not certify by heap H is not proved by H); and the
// rows are recomputed (the proved ones up to heap 60, or 24 with -short, and the limits of the rest
// as far as is cheap).
func TestScanTwoDigitReference(t *testing.T) {
	b, err := os.ReadFile("testdata/scan-2digit.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Command string `json:"command"`
		Result  struct {
			MaxHeap int       `json:"max_heap"`
			MaxSize int       `json:"max_size"`
			Codes   []scanRow `json:"codes"`
		} `json:"result"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Command == "" || len(doc.Result.Codes) != 64 {
		t.Fatalf("testdata/scan-2digit.json: command %q, %d codes (want the 64 codes 0.00..0.77)", doc.Command, len(doc.Result.Codes))
	}
	rows := map[string]scanRow{}
	for _, r := range doc.Result.Codes {
		rows[r.Code] = r
	}
	w, err := os.ReadFile("testdata/whole.json")
	if err != nil {
		t.Fatal(err)
	}
	var whole struct {
		Runs []msRun `json:"miseresolver_runs"`
	}
	if err := json.Unmarshal(w, &whole); err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, m := range whole.Runs {
		r, ok := rows[m.Game]
		if !ok {
			continue
		}
		checked++
		switch {
		case m.Solved && splitless(octal.MustParse(m.Game)):
		case m.Solved && (!r.Proved || r.Order != m.Order || r.POrder != m.POrder || *r.Period != m.Period || *r.Preperiod != m.Preperiod):
			t.Errorf("%s: table %+v; MisereSolver %+v", m.Game, r, m)
		case !m.Solved && r.Proved && r.Heap <= m.Heap:
			t.Errorf("%s: proved at heap %d in the table; MisereSolver did not certify it by heap %d", m.Game, r.Heap, m.Heap)
		}
	}
	if checked < 25 {
		t.Errorf("only %d codes of the table are in MisereSolver's runs", checked)
	}
	limit := 60
	if testing.Short() || raceEnabled {
		limit = 24
	}
	for _, r := range doc.Result.Codes {
		if !r.Proved || r.Heap > limit {
			continue
		}
		q, stop, err := Compute(context.Background(), Octal(octal.MustParse(r.Code)), Options{MaxHeap: doc.Result.MaxHeap, MaxSize: doc.Result.MaxSize, Prove: true})
		if err != nil || stop != StopProved {
			t.Errorf("%s: %q %v", r.Code, stop, err)
			continue
		}
		pr, _ := Prove(q)
		if q.MaxHeap() != r.Heap || q.Order() != r.Order || q.POrder() != r.POrder || pr.Period != *r.Period || pr.Preperiod != *r.Preperiod {
			t.Errorf("%s: table %+v; now heap %d |Q| %d |P| %d %+v", r.Code, r, q.MaxHeap(), q.Order(), q.POrder(), *pr)
		}
	}
}
