package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"grundy/internal/pgtest"
)

var pg pgtest.Lazy

func TestMain(m *testing.M) { pg.Main(m) }

// eachBackend runs f against a new, empty catalogue of each backend: a SQLite file in a temporary
// directory and a database on the throwaway PostgreSQL server.
func eachBackend(t *testing.T, f func(t *testing.T, target string)) {
	for _, backend := range backends {
		t.Run(backend, func(t *testing.T) { f(t, newTarget(t, backend)) })
	}
}

// backends names the two backends, as newTarget knows them.
var backends = []string{"sqlite", "postgres"}

// newTarget returns the target of a new, empty catalogue of the backend: a SQLite file in a
// temporary directory, or a database on the throwaway PostgreSQL server.
func newTarget(tb testing.TB, backend string) string {
	if backend == "postgres" {
		return pg.DSN(tb)
	}
	return filepath.Join(tb.TempDir(), "cat.db")
}

func mustOpen(tb testing.TB, target string) *DB {
	tb.Helper()
	db, err := Open(target)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	return db
}

func TestSaveGetList(t *testing.T) {
	eachBackend(t, func(t *testing.T, target string) {
		ctx := context.Background()
		db := mustOpen(t, target)
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
		// Saving the same row again is harmless (idempotent).
		if ok, err := db.Save(ctx, Record{Code: "0.6", ComputedTo: 200, MaxValue: 9, SavedAt: at}); err != nil || !ok {
			t.Fatalf("the same row again: %v %v", ok, err)
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		db = mustOpen(t, target)
		got, ok, err := db.Get(ctx, "0.77")
		if err != nil || !ok || got != kayles {
			t.Fatalf("Get = %+v, %v, %v; want %+v", got, ok, err, kayles)
		}
		if _, ok, err := db.Get(ctx, "0.5"); ok || err != nil {
			t.Fatalf("Get(missing) = %v, %v", ok, err)
		}
		all, err := db.List(ctx)
		if err != nil || len(all) != 2 || all[0].Code != "0.6" || all[0].ComputedTo != 200 || all[0].MaxValue != 9 || all[1] != kayles {
			t.Fatalf("List = %+v, %v", all, err)
		}
		if _, err := db.Save(ctx, Record{}); err == nil {
			t.Fatal("a record without a code was saved")
		}
	})
}

// TestListOrder: both backends list in byte order of the code, whatever the server's collation.
func TestListOrder(t *testing.T) {
	eachBackend(t, func(t *testing.T, target string) {
		ctx := context.Background()
		db := mustOpen(t, target)
		codes := []string{"x0.8", "grundy", "4.7", "0.77", "0.07", "0.1777", "x.f", "0.7"}
		for _, c := range codes {
			if _, err := db.Save(ctx, Record{Code: c, ComputedTo: 1}); err != nil {
				t.Fatal(err)
			}
		}
		all, err := db.List(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range all {
			got = append(got, r.Code)
		}
		want := "0.07 0.1777 0.7 0.77 4.7 grundy x.f x0.8"
		if strings.Join(got, " ") != want {
			t.Fatalf("List order %v, want %s", got, want)
		}
	})
}

// TestConcurrentWriters: writers on separate connections race to save rows of the same codes. Every
// field of a row is derived from its computed_to, so a row mixed from two writes would show; the
// survivor of each code must be the best row written (the proved one, else the longest).
func TestConcurrentWriters(t *testing.T) {
	eachBackend(t, func(t *testing.T, target string) {
		ctx := context.Background()
		const writers, codes, rounds = 6, 5, 20
		dbs := make([]*DB, writers)
		for i := range dbs {
			dbs[i] = mustOpen(t, target)
		}
		row := func(code, to int64) Record {
			return Record{Code: fmt.Sprintf("0.%d", code+1), ComputedTo: to, Period: to * 3, Preperiod: to + 7,
				Proved: to%17 == 0, MaxValue: to % 101, RareMask: to % 13, Method: fmt.Sprint("m", to), Seconds: float64(to) / 8}
		}
		var wg sync.WaitGroup
		errs := make(chan error, writers)
		for w := range writers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for r := range rounds {
					for c := range int64(codes) {
						if _, err := dbs[w].Save(ctx, row(c, int64(1+r*writers+w))); err != nil {
							errs <- err
							return
						}
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		all, err := dbs[0].List(ctx)
		if err != nil || len(all) != codes {
			t.Fatalf("List: %d rows, %v", len(all), err)
		}
		// The best of 1..writers*rounds: proved rows are the multiples of 17; the longest is 119.
		for c, r := range all {
			want := row(int64(c), 119)
			r.SavedAt = time.Time{}
			if r != want {
				t.Fatalf("code %d: %+v, want %+v", c, r, want)
			}
		}
	})
}

// TestConcurrentOpen: shards that start together migrate the schema once, without errors.
func TestConcurrentOpen(t *testing.T) {
	eachBackend(t, func(t *testing.T, target string) {
		var wg sync.WaitGroup
		errs := make(chan error, 8)
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				db, err := Open(target)
				if err != nil {
					errs <- err
					return
				}
				db.Close()
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		db := mustOpen(t, target)
		var n, v int
		if err := db.db.QueryRow(`SELECT COUNT(*), MAX(version) FROM grundy_schema`).Scan(&n, &v); err != nil || n != SchemaVersion || v != SchemaVersion {
			t.Fatalf("grundy_schema: %d rows, version %d, %v", n, v, err)
		}
	})
}

// TestMigrations: a catalogue made before versioning is adopted as version 1 with its rows; one
// from a newer grundy is refused, untouched.
func TestMigrations(t *testing.T) {
	if len(migrations) != SchemaVersion {
		t.Fatalf("SchemaVersion %d, %d migrations", SchemaVersion, len(migrations))
	}
	eachBackend(t, func(t *testing.T, target string) {
		ctx := context.Background()
		raw := rawDB(t, target)
		// The table as the first release made it, with one row.
		if _, err := raw.Exec(`CREATE TABLE sequences (code TEXT PRIMARY KEY, computed_to INTEGER NOT NULL,
			period INTEGER NOT NULL, preperiod INTEGER NOT NULL, proved INTEGER NOT NULL, max_value INTEGER NOT NULL,
			rare_mask INTEGER NOT NULL, method TEXT NOT NULL, seconds REAL NOT NULL, saved_at INTEGER NOT NULL)`); err != nil {
			t.Fatal(err)
		}
		if _, err := raw.Exec(`INSERT INTO sequences VALUES ('0.07', 175, 34, 53, 1, 9, 0, 'quadratic', 0.5, 1700000000)`); err != nil {
			t.Fatal(err)
		}
		db := mustOpen(t, target)
		r, ok, err := db.Get(ctx, "0.07")
		if err != nil || !ok || r.Period != 34 || !r.Proved || r.SavedAt.Unix() != 1700000000 {
			t.Fatalf("legacy row: %+v %v %v", r, ok, err)
		}
		db.Close()
		if _, err := raw.Exec(`INSERT INTO grundy_schema (version, applied_at) VALUES (99, 0)`); err != nil {
			t.Fatal(err)
		}
		_, err = Open(target)
		var te *TargetError
		if !errors.As(err, &te) || !strings.Contains(err.Error(), "schema version 99") {
			t.Fatalf("newer schema: %v", err)
		}
	})
}

// rawDB opens target with the driver alone (no migration).
func rawDB(t *testing.T, target string) *sql.DB {
	t.Helper()
	driver, dsn := "sqlite", sqliteDSN(target)
	if IsPostgres(target) {
		driver, dsn = "pgx", target
	}
	db, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestCovers(t *testing.T) {
	for _, c := range []struct {
		r    Record
		to   int64
		want bool
	}{
		{Record{ComputedTo: 167, Proved: true}, 1000000, true},
		{Record{ComputedTo: 5000}, 5000, true},
		{Record{ComputedTo: 5000}, 4000, true},
		{Record{ComputedTo: 5000}, 5001, false},
	} {
		if got := c.r.Covers(c.to); got != c.want {
			t.Errorf("%+v.Covers(%d) = %v", c.r, c.to, got)
		}
	}
}

func TestDefaultPath(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", "/tmp/xdg")
	p, err := DefaultPath()
	if err != nil || p != "/tmp/xdg/grundy/catalogue.db" {
		t.Fatalf("DefaultPath = %q, %v", p, err)
	}
}
