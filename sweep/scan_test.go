package sweep

import (
	"context"
	"errors"
	"testing"

	"grundy/query"
)

// kindOf returns the kind of err, failing when err is not a *query.Error.
func kindOf(t *testing.T, err error) query.Kind {
	t.Helper()
	var e *query.Error
	if err != nil && !errors.As(err, &e) {
		t.Fatalf("%v (%T) is not a *query.Error", err, err)
	}
	return query.KindOf(err)
}

func TestScan(t *testing.T) {
	n := 0
	out, err := Scan(context.Background(), ScanRequest{Pattern: "0.?7", To: "3000", Codes: func(k int) { n = k }}, query.Limits{})
	if err != nil || n != 8 || len(out.Games) != 8 || out.Games[7].Code != "0.77" || *out.Games[7].Period != 12 {
		t.Fatalf("%v %d %+v", err, n, out)
	}
	if _, err := Scan(context.Background(), ScanRequest{Pattern: "0.?????"}, query.Limits{}); kindOf(t, err) != query.BadInput {
		t.Errorf("too many codes: %v", err)
	}
	if _, err := Scan(context.Background(), ScanRequest{Pattern: "0.?", To: "5000"}, query.Limits{MaxSeq: 100}); kindOf(t, err) != query.OverLimit {
		t.Errorf("max_seq: %v", err)
	}
}
