package sweep

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"grundy/query"
)

// TestMisereScan: each row of a scan is what grundy misere says of the code alone (proved or how
// far it got), and bad patterns and limits are bad input.
func TestMisereScan(t *testing.T) {
	ctx := context.Background()
	a, err := MisereScan(ctx, MisereScanRequest{Pattern: "0.?5", MaxSize: "256"}, query.CLI())
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Codes) != 8 {
		t.Fatalf("0.?5: %d codes", len(a.Codes))
	}
	for _, r := range a.Codes {
		one, err := query.Misere(ctx, query.MisereRequest{Game: r.Code, MaxSize: "256"}, query.CLI())
		var qe *query.Error
		switch {
		case r.Stopped == "max-size" || r.Stopped == "rounds":
			if !errors.As(err, &qe) || qe.Kind != query.OverLimit || r.Proved {
				t.Errorf("%s: scan %+v, alone %v", r.Code, r, err)
			}
		case err != nil:
			t.Errorf("%s: %v", r.Code, err)
		case one.Proved != r.Proved || one.Order != r.Order || one.POrder != r.POrder || one.MaxHeap != r.Heap || one.Stopped != r.Stopped:
			t.Errorf("%s: scan %+v, alone proved %v |Q| %d |P| %d heap %d %s", r.Code, r, one.Proved, one.Order, one.POrder, one.MaxHeap, one.Stopped)
		case r.Proved && (*one.Period != *r.Period || *one.Preperiod != *r.Preperiod):
			t.Errorf("%s: scan period %d/%d, alone %d/%d", r.Code, *r.Period, *r.Preperiod, *one.Period, *one.Preperiod)
		}
	}
	for _, bad := range []MisereScanRequest{{}, {Pattern: "0.9?"}, {Pattern: "0.??", MaxHeap: "0"}, {Pattern: "0.??", MaxSize: "x"}, {Pattern: "0.?????"}} {
		var qe *query.Error
		if _, err := MisereScan(ctx, bad, query.CLI()); !errors.As(err, &qe) || qe.Kind != query.BadInput {
			t.Errorf("%+v: %v", bad, err)
		}
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := MisereScan(cctx, MisereScanRequest{Pattern: "0.??"}, query.CLI()); err == nil {
		t.Error("a cancelled scan answered")
	}
}

// TestMisereScanShards: the shards of a misère scan, run apart, compute every code of the pattern
// exactly once, with the rows of the unsharded scan; bad shards and timeouts are bad input.
func TestMisereScanShards(t *testing.T) {
	ctx := context.Background()
	all, err := MisereScan(ctx, MisereScanRequest{Pattern: "0.?1?", MaxSize: "64"}, query.CLI())
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]MisereScanRow{}
	for _, r := range all.Codes {
		want[r.Code] = r
	}
	if len(want) != 64 || len(all.Codes) != 64 {
		t.Fatalf("0.?1?: %d codes, %d distinct", len(all.Codes), len(want))
	}
	for _, n := range []int{1, 3, 7, 64, 100} {
		seen := map[string]int{}
		for i := range n {
			a, err := MisereScan(ctx, MisereScanRequest{Pattern: "0.?1?", MaxSize: "64", Shard: fmt.Sprintf("%d/%d", i, n)}, query.CLI())
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range a.Codes {
				seen[r.Code]++
				if !reflect.DeepEqual(r, want[r.Code]) {
					t.Errorf("%d/%d: %+v; unsharded %+v", i, n, r, want[r.Code])
				}
			}
		}
		if len(seen) != len(want) {
			t.Errorf("%d shards: %d codes of %d", n, len(seen), len(want))
		}
		for c, k := range seen {
			if k != 1 {
				t.Errorf("%d shards: %s computed %d times", n, c, k)
			}
		}
	}
	for _, bad := range []MisereScanRequest{{Pattern: "0.1?", Shard: "2/2"}, {Pattern: "0.1?", Shard: "x"},
		{Pattern: "0.1?", CodeTimeout: "0s"}, {Pattern: "0.1?", CodeTimeout: "soon"}} {
		var qe *query.Error
		if _, err := MisereScan(ctx, bad, query.CLI()); !errors.As(err, &qe) || qe.Kind != query.BadInput {
			t.Errorf("%+v: %v", bad, err)
		}
	}
}

// TestMisereScanTimeout: a code that runs out of its time stops with "time", unproved, at the
// heap it had finished, and the scan goes on to the next code.
func TestMisereScanTimeout(t *testing.T) {
	a, err := MisereScan(context.Background(), MisereScanRequest{Pattern: "0.07", MaxSize: "100000", CodeTimeout: "1ms"}, query.CLI())
	if err != nil {
		t.Fatal(err)
	}
	if r := a.Codes[0]; r.Stopped != "time" || r.Proved || r.Heap >= 34 {
		t.Fatalf("0.07 in 1ms: %+v", r)
	}
}

// TestMisereScanSave: a scan saved to the catalogue (SQLite and PostgreSQL) lists back through
// MisereCatalogueOf as it answered; a second run under the same limits takes every row from the
// catalogue (a resumed shard redoes nothing), one under larger limits recomputes the unproved rows
// only; the CSV export has a line a code.
func TestMisereScanSave(t *testing.T) {
	for _, backend := range []string{"sqlite", "postgres"} {
		t.Run(backend, func(t *testing.T) {
			ctx := context.Background()
			db := filepath.Join(t.TempDir(), "cat.db")
			if backend == "postgres" {
				db = pg.DSN(t)
			}
			computed := map[bool]int{}
			req := MisereScanRequest{Pattern: "0.1?", MaxSize: "64", Save: true, DB: db, Shard: "0/2",
				Row: func(_ MisereScanRow, stored bool) { computed[stored]++ }}
			first, err := MisereScan(ctx, req, query.CLI())
			if err != nil {
				t.Fatal(err)
			}
			if computed[true] != 0 || computed[false] != len(first.Codes) {
				t.Fatalf("first run: %v", computed)
			}
			req.Shard = "1/2"
			second, err := MisereScan(ctx, req, query.CLI())
			if err != nil {
				t.Fatal(err)
			}
			cat, err := MisereCatalogueOf(ctx, MisereCatalogueRequest{DB: db})
			if err != nil {
				t.Fatal(err)
			}
			scanned := map[string]MisereScanRow{}
			for _, r := range append(first.Codes, second.Codes...) {
				scanned[r.Code] = r
			}
			if len(cat.Codes) != 8 || len(scanned) != 8 {
				t.Fatalf("catalogue %d rows, scans %d codes", len(cat.Codes), len(scanned))
			}
			proved := 0
			for _, r := range cat.Codes {
				if !reflect.DeepEqual(r.MisereScanRow, scanned[r.Code]) || r.MaxSize != 64 || r.MaxHeap != 255 || r.SavedAt == "" {
					t.Errorf("catalogue %+v; scan %+v", r, scanned[r.Code])
				}
				if r.Proved {
					proved++
				}
			}
			clear(computed)
			req.Shard = ""
			again, err := MisereScan(ctx, req, query.CLI())
			if err != nil {
				t.Fatal(err)
			}
			if computed[false] != 0 || computed[true] != 8 || !reflect.DeepEqual(again.Codes, cat.rows()) {
				t.Errorf("resumed run: %v, rows %+v", computed, again.Codes)
			}
			clear(computed)
			req.MaxSize = "128"
			if _, err := MisereScan(ctx, req, query.CLI()); err != nil {
				t.Fatal(err)
			}
			if computed[true] != proved || computed[false] != 8-proved {
				t.Errorf("run with a larger size: %v, %d proved", computed, proved)
			}
			var b strings.Builder
			cat.format = "csv"
			if err := cat.WriteOut(&b); err != nil || strings.Count(b.String(), "\n") != 9 || !strings.HasPrefix(b.String(), "code,order,") {
				t.Errorf("csv: %v\n%s", err, b.String())
			}
			only, err := MisereCatalogueOf(ctx, MisereCatalogueRequest{DB: db, Pattern: "0.1[5]"})
			if err == nil {
				t.Errorf("a bad pattern: %+v", only)
			}
			only, err = MisereCatalogueOf(ctx, MisereCatalogueRequest{DB: db, Pattern: "0.15"})
			if err != nil || len(only.Codes) != 1 {
				t.Errorf("--pattern 0.15: %+v %v", only, err)
			}
		})
	}
}

// rows returns the catalogue's rows as scan rows.
func (c *MisereCatalogue) rows() []MisereScanRow {
	var out []MisereScanRow
	for _, r := range c.Codes {
		out = append(out, r.MisereScanRow)
	}
	return out
}
