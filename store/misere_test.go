package store

import (
	"context"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// TestMisereRoundTrip: misère rows saved to each backend come back as saved, in code order; a
// proved row is never replaced by an unproved one, otherwise the row that reached the larger heap
// wins; the sequences table is untouched.
func TestMisereRoundTrip(t *testing.T) {
	eachBackend(t, func(t *testing.T, target string) {
		ctx := context.Background()
		db := mustOpen(t, target)
		at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
		kayles := MisereRecord{Code: "0.77", Stopped: "proved", Heap: 169, Order: 40, POrder: 8, Proved: true, Period: 12,
			Preperiod: 71, MaxHeap: 255, MaxSize: 2048, CodeTimeout: 20, Seconds: 1.5, SavedAt: at}
		open := MisereRecord{Code: "0.07", Stopped: "max-size", Heap: 33, Order: 638, POrder: 109, MaxHeap: 255, MaxSize: 1024, SavedAt: at}
		for _, r := range []MisereRecord{kayles, open} {
			if ok, err := db.SaveMisere(ctx, r); err != nil || !ok {
				t.Fatalf("SaveMisere(%s) = %v, %v", r.Code, ok, err)
			}
		}
		worse := kayles
		worse.Proved, worse.Stopped, worse.Heap, worse.Period, worse.Preperiod = false, "max-heap", 300, 0, 0
		if ok, err := db.SaveMisere(ctx, worse); err != nil || ok {
			t.Fatalf("an unproved row replaced a proved one: %v, %v", ok, err)
		}
		shorter := open
		shorter.Heap = 20
		if ok, _ := db.SaveMisere(ctx, shorter); ok {
			t.Fatal("a row that reached a smaller heap replaced a larger one")
		}
		if _, err := db.SaveMisere(ctx, MisereRecord{}); err == nil {
			t.Error("a record without a code was saved")
		}
		got, err := db.ListMisere(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if want := []MisereRecord{open, kayles}; !reflect.DeepEqual(got, want) {
			t.Fatalf("ListMisere:\n got %+v\nwant %+v", got, want)
		}
		further := open
		further.Heap, further.MaxSize, further.Order = 35, 4096, 2000
		if ok, _ := db.SaveMisere(ctx, further); !ok {
			t.Fatal("a row that reached a larger heap was not saved")
		}
		if got, _ := db.ListMisere(ctx); len(got) != 2 || got[0] != further {
			t.Fatalf("after the further row: %+v", got)
		}
		if seq, _ := db.List(ctx); len(seq) != 0 {
			t.Errorf("the sequences table has %d rows", len(seq))
		}
	})
}

// TestMisereOldReadOnly: a catalogue file of schema version 1 (no misère table) opened read-only
// lists no misère rows instead of failing.
func TestMisereOldReadOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	db := mustOpen(t, path)
	if _, err := db.db.Exec(`DROP TABLE misere`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.db.Exec(`DELETE FROM grundy_schema WHERE version > 1`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	ro, err := OpenContext(context.Background(), path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if rows, err := ro.ListMisere(context.Background()); err != nil || len(rows) != 0 {
		t.Fatalf("ListMisere on a version-1 file: %v, %v", rows, err)
	}
	rw := mustOpen(t, path) // opening it for writing migrates it
	if _, err := rw.SaveMisere(context.Background(), MisereRecord{Code: "0.7", Stopped: "proved", Proved: true}); err != nil {
		t.Fatalf("after migrating a version-1 file: %v", err)
	}
}

func TestMisereCovers(t *testing.T) {
	r := MisereRecord{Stopped: "max-size", MaxHeap: 255, MaxSize: 2048, CodeTimeout: 20}
	for _, c := range []struct {
		heap, size int64
		timeout    float64
		want       bool
	}{
		{255, 2048, 20, true}, {100, 1024, 10, true}, {256, 2048, 20, false}, {255, 4096, 20, false},
		{255, 2048, 30, false}, {255, 2048, 0, false},
	} {
		if got := r.Covers(c.heap, c.size, c.timeout); got != c.want {
			t.Errorf("%+v covers (%d, %d, %v) = %v", r, c.heap, c.size, c.timeout, got)
		}
	}
	none := r
	none.CodeTimeout = 0
	if !none.Covers(255, 2048, 0) || !none.Covers(255, 2048, 5) {
		t.Error("a row without a timeout does not cover the same limits")
	}
	if !(MisereRecord{Proved: true}).Covers(4096, 1<<20, 0) {
		t.Error("a proved row does not cover every request")
	}
}
