package sweep

import (
	"context"
	"errors"
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
