package misere

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"grundy/octal"
)

// scanTable is a committed table of grundy misere scan (its JSON, with the command that made it).
type scanTable struct {
	Command string `json:"command"`
	Result  struct {
		Pattern     string    `json:"pattern"`
		MaxHeap     int       `json:"max_heap"`
		MaxSize     int       `json:"max_size"`
		CodeTimeout string    `json:"code_timeout"`
		Codes       []scanRow `json:"codes"`
	} `json:"result"`
}

func readScanTable(t *testing.T, path string) *scanTable {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc scanTable
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return &doc
}

// TestScanThreeDigitReference checks the committed table of every code with at most 3 digits
// (testdata/scan-3digit.json, made by the command it names, with a size and a time budget a
// code): every code 0.d1d2d3 is there once; a proved row has a period and preperiod and an
// unproved one none, and each stopped reason is one scan gives; its rows agree with the 2-digit
// table on the codes of both (a proved row is the same; a code proved in one is never left
// unproved by the other within the same heap and size unless it stopped for time); they agree with
// MisereSolver's runs (testdata/whole.json: a code both certified has the same order, |P|, period
// and preperiod; one it did not certify by heap H is not proved by H); and a random sample of its
// proved rows (12, or 4 with -short; the seed is logged) is recomputed by Compute with the table's
// limits and must give the same heap, order, |P|, period and preperiod.
func TestScanThreeDigitReference(t *testing.T) {
	doc := readScanTable(t, "testdata/scan-3digit.json")
	res := doc.Result
	if doc.Command == "" || res.Pattern != "0.???" || len(res.Codes) != 512 {
		t.Fatalf("scan-3digit.json: command %q, pattern %q, %d codes (want the 512 codes of 0.???)", doc.Command, res.Pattern, len(res.Codes))
	}
	rows := map[string]scanRow{}
	for _, r := range res.Codes {
		if _, dup := rows[r.Code]; dup {
			t.Errorf("%s twice", r.Code)
		}
		rows[r.Code] = r
		switch {
		case r.Proved != (r.Stopped == StopProved):
			t.Errorf("%s: proved %v but stopped %q", r.Code, r.Proved, r.Stopped)
		case r.Proved != (r.Period != nil && r.Preperiod != nil):
			t.Errorf("%s: proved %v, period %v, preperiod %v", r.Code, r.Proved, r.Period, r.Preperiod)
		case r.Stopped != StopProved && r.Stopped != StopMaxHeap && r.Stopped != "max-size" && r.Stopped != "rounds" && r.Stopped != "time":
			t.Errorf("%s: stopped %q", r.Code, r.Stopped)
		}
	}
	for _, c := range octalCodes(t, "0.???") {
		if _, ok := rows[c]; !ok {
			t.Errorf("%s is missing", c)
		}
	}
	two := readScanTable(t, "testdata/scan-2digit.json")
	for _, r2 := range two.Result.Codes {
		r3, ok := rows[r2.Code]
		switch {
		case !ok:
			t.Errorf("%s: in the 2-digit table, not in the 3-digit one", r2.Code)
		case r2.Proved && r3.Proved && (r2.Heap != r3.Heap || r2.Order != r3.Order || r2.POrder != r3.POrder || *r2.Period != *r3.Period || *r2.Preperiod != *r3.Preperiod):
			t.Errorf("%s: 2-digit table %+v, 3-digit %+v", r2.Code, r2, r3)
		case r2.Proved != r3.Proved && r3.Stopped != "time" && two.Result.MaxSize == res.MaxSize && two.Result.MaxHeap == res.MaxHeap:
			t.Errorf("%s: proved %v in the 2-digit table, %v (%s) in the 3-digit one", r2.Code, r2.Proved, r3.Proved, r3.Stopped)
		}
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
	agree := 0
	for _, m := range whole.Runs {
		r, ok := rows[m.Game]
		if !ok || m.Solved && splitless(octal.MustParse(m.Game)) {
			continue
		}
		switch {
		case m.Solved && r.Proved && (r.Order != m.Order || r.POrder != m.POrder || *r.Period != m.Period || *r.Preperiod != m.Preperiod):
			t.Errorf("%s: table %+v; MisereSolver %+v", m.Game, r, m)
		case m.Solved && r.Proved:
			agree++
		case !m.Solved && r.Proved && r.Heap <= m.Heap:
			t.Errorf("%s: proved at heap %d in the table; MisereSolver did not certify it by heap %d", m.Game, r.Heap, m.Heap)
		}
	}
	if agree < 40 {
		t.Errorf("only %d codes proved by both the table and MisereSolver", agree)
	}
	var proved []scanRow
	for _, r := range res.Codes {
		if r.Proved {
			proved = append(proved, r)
		}
	}
	seed := uint64(time.Now().UnixNano())
	t.Logf("%d of %d codes proved, %d agree with MisereSolver; sample seed %d", len(proved), len(res.Codes), agree, seed)
	rng := rand.New(rand.NewPCG(seed, 27))
	n := 12
	if testing.Short() || raceEnabled {
		n = 4
	}
	for _, i := range rng.Perm(len(proved))[:min(n, len(proved))] {
		r := proved[i]
		q, stop, err := Compute(context.Background(), Octal(octal.MustParse(r.Code)), Options{MaxHeap: res.MaxHeap, MaxSize: res.MaxSize, Prove: true})
		if err != nil || stop != StopProved {
			t.Errorf("%s (seed %d): %q %v", r.Code, seed, stop, err)
			continue
		}
		pr, _ := Prove(q)
		if q.MaxHeap() != r.Heap || q.Order() != r.Order || q.POrder() != r.POrder || pr.Period != *r.Period || pr.Preperiod != *r.Preperiod {
			t.Errorf("%s (seed %d): table %+v; now heap %d |Q| %d |P| %d %+v", r.Code, seed, r, q.MaxHeap(), q.Order(), q.POrder(), *pr)
		}
	}
}

// octalCodes returns the canonical spellings of the codes of a pattern.
func octalCodes(t *testing.T, pattern string) []string {
	t.Helper()
	cs, err := octal.Expand(pattern, 1<<12)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}
