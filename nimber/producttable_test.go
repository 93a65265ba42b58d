package nimber

import (
	"context"
	"errors"
	"testing"
)

// TestProductTable: every entry of the 300×300 table is Mul's, and a cancelled context stops it.
func TestProductTable(t *testing.T) {
	rows, err := ProductTable(context.Background(), 300)
	if err != nil || len(rows) != 300 {
		t.Fatalf("%d rows, %v", len(rows), err)
	}
	for a, row := range rows {
		for x, v := range row {
			if want := Mul(uint64(a), uint64(x)); v != want {
				t.Fatalf("%d ⊗ %d = %d, want %d", a, x, v, want)
			}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ProductTable(ctx, 10); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
}
