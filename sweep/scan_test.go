package sweep

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"grundy/internal/cliarg"
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

// TestScanMemoryUpFront: a scan whose codes' values to the asked heap cannot fit --max-memory
// (shared by the codes computed at once) is refused before any code is computed, with the limit,
// the need and the largest heap that fits; a budget that fits computes as without one, and each
// code's run is held to its share (octal's own accounting, not only the process's watch).
func TestScanMemoryUpFront(t *testing.T) {
	for _, c := range []struct{ pattern, to, mem string }{
		{"0.??", "1000000", "1"}, {"0.7", "1000000", "1"}, {"0.??", "16000000", "20M"}, {"4.7", "16777216", "12M"},
		{"x0.8", "100000", "10M"},
	} {
		done := 0
		start := time.Now()
		_, err := Scan(context.Background(), ScanRequest{Pattern: c.pattern, To: c.to, MaxMemory: c.mem, Done: func() { done++ }}, query.Limits{})
		var e *query.Error
		if !errors.As(err, &e) || e.Kind != query.OverLimit || e.Limit != "max_memory" || done != 0 ||
			!strings.Contains(e.Msg, "memory limit of "+cliargMem(t, c.mem)+"; raise it with --max-memory") || !strings.Contains(e.Msg, "needs about") ||
			c.mem != "1" && !strings.Contains(e.Msg, "the largest heap that fits is") {
			t.Errorf("scan %s to %s in %s: %d codes computed, %v", c.pattern, c.to, c.mem, done, err)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("scan %s to %s in %s: refused after %v, not up front", c.pattern, c.to, c.mem, d)
		}
	}
	want, err := Scan(context.Background(), ScanRequest{Pattern: "0.?7", To: "3000"}, query.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := Scan(context.Background(), ScanRequest{Pattern: "0.?7", To: "3000", MaxMemory: "64M"}, query.Limits{})
	if err != nil || len(got.Games) != len(want.Games) {
		t.Fatalf("a budget that fits: %v, %d games", err, len(got.Games))
	}
	for i := range got.Games {
		if got.Games[i].Code != want.Games[i].Code || got.Games[i].ComputedTo != want.Games[i].ComputedTo {
			t.Errorf("with a budget %+v, without %+v", got.Games[i], want.Games[i])
		}
	}
	if _, err := Scan(context.Background(), ScanRequest{Pattern: "0.7", MaxMemory: "lots"}, query.Limits{}); kindOf(t, err) != query.BadInput {
		t.Errorf("--max-memory lots: %v", err)
	}
}

func cliargMem(t *testing.T, s string) string {
	v, err := cliarg.Memory(s)
	if err != nil {
		t.Fatal(err)
	}
	return cliarg.FormatMemory(v)
}
