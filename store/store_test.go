package store

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

func TestSaveGetList(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "sub", "cat.db")
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	kayles := Record{Code: "0.77", ComputedTo: 167, Period: 12, Preperiod: 71, Proved: true, MaxValue: 8, Method: "sparse", RareMask: 0x1, Seconds: 0.001, SavedAt: at}
	if ok, err := db.Save(ctx, kayles); err != nil || !ok {
		t.Fatalf("Save: %v %v", ok, err)
	}
	// An unproved row computed further does not replace a proved one.
	worse := kayles
	worse.Proved, worse.ComputedTo = false, 1000
	if ok, err := db.Save(ctx, worse); err != nil || ok {
		t.Fatalf("Save(unproved over proved) = %v, %v", ok, err)
	}
	if ok, _ := db.Save(ctx, Record{Code: "0.6", ComputedTo: 100, SavedAt: at}); !ok {
		t.Fatal("first 0.6 row not saved")
	}
	if ok, _ := db.Save(ctx, Record{Code: "0.6", ComputedTo: 50, SavedAt: at}); ok {
		t.Fatal("shorter unproved row replaced a longer one")
	}
	if ok, _ := db.Save(ctx, Record{Code: "0.6", ComputedTo: 200, MaxValue: 9, SavedAt: at}); !ok {
		t.Fatal("longer row not saved")
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	got, ok, err := db.Get(ctx, "0.77")
	if err != nil || !ok || got != kayles {
		t.Fatalf("Get = %+v, %v, %v; want %+v", got, ok, err, kayles)
	}
	if _, ok, err := db.Get(ctx, "0.5"); ok || err != nil {
		t.Fatalf("Get(missing) = %v, %v", ok, err)
	}
	all, err := db.List(ctx)
	if err != nil || len(all) != 2 || all[0].Code != "0.6" || all[0].ComputedTo != 200 || all[1].Code != "0.77" {
		t.Fatalf("List = %+v, %v", all, err)
	}
	if _, err := db.Save(ctx, Record{}); err == nil {
		t.Fatal("a record without a code was saved")
	}
}

func TestDefaultPath(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", "/tmp/xdg")
	p, err := DefaultPath()
	if err != nil || p != "/tmp/xdg/grundy/catalogue.db" {
		t.Fatalf("DefaultPath = %q, %v", p, err)
	}
}
