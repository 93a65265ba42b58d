package store

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// wantTargetError checks that err is a *TargetError whose message says want.
func wantTargetError(t *testing.T, err error, want string) {
	t.Helper()
	var te *TargetError
	if !errors.As(err, &te) {
		t.Fatalf("error %v (%T), want a *TargetError", err, err)
	}
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("error %q does not say %q", err, want)
	}
}

// TestSQLiteBadPaths: paths that cannot hold a catalogue are refused with a clear reason, and no
// directory or empty database is left behind.
func TestSQLiteBadPaths(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()

	missing := filepath.Join(dir, "nonexistent", "x.db")
	_, err := Open(missing)
	wantTargetError(t, err, "does not exist")
	if _, err := os.Stat(filepath.Dir(missing)); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("Open created the directory: %v", err)
	}

	_, err = Open(dir)
	wantTargetError(t, err, "is a directory")

	_, err = Open("")
	wantTargetError(t, err, "empty database path")

	absent := filepath.Join(dir, "absent.db")
	_, err = OpenContext(ctx, absent, Options{MustExist: true})
	wantTargetError(t, err, "no catalogue here")
	if _, err := os.Stat(absent); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a reader created the file: %v", err)
	}

	// Not a database at all: refused, and the file is left as it was.
	junk := filepath.Join(dir, "junk.db")
	content := bytes.Repeat([]byte("this is not a database\n"), 300)
	if err := os.WriteFile(junk, content, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Open(junk)
	wantTargetError(t, err, "not a SQLite database")
	if b, _ := os.ReadFile(junk); !bytes.Equal(b, content) {
		t.Fatal("Open changed a file that is not a database")
	}
	for _, s := range []string{"-wal", "-shm"} {
		if _, err := os.Stat(junk + s); err == nil {
			t.Fatalf("Open left %s behind", junk+s)
		}
	}

	// An empty file is an empty database: it becomes a catalogue.
	empty := filepath.Join(dir, "empty.db")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	db, err := Open(empty)
	if err != nil {
		t.Fatalf("empty file: %v", err)
	}
	db.Close()

	// A path with the characters a URI would take for its own.
	odd := filepath.Join(dir, "a?b#c%d.db")
	db, err = Open(odd)
	if err != nil {
		t.Fatalf("odd path: %v", err)
	}
	if _, err := db.Save(ctx, Record{Code: "0.7", ComputedTo: 9}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if _, err := os.Stat(odd); err != nil {
		t.Fatalf("the odd path was not the file written: %v", err)
	}
}

// TestSQLiteForeign: another program's SQLite database is not taken over.
func TestSQLiteForeign(t *testing.T) {
	path := filepath.Join(t.TempDir(), "other.db")
	raw := rawDB(t, path)
	if _, err := raw.Exec(`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	_, err := Open(path)
	wantTargetError(t, err, "another program")
}

// TestSQLiteCorrupt: a catalogue whose pages are damaged (its header intact) is reported as
// damaged, whether the damage shows when opening or when reading.
func TestSQLiteCorrupt(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "cat.db")
	db := mustOpen(t, path)
	for i := range 2000 {
		if _, err := db.Save(ctx, Record{Code: "0." + strings.Repeat("7", 1+i%40) + string(rune('a'+i%26)) + time.Duration(i).String(), ComputedTo: int64(i), Method: strings.Repeat("m", 50)}); err != nil {
			t.Fatal(err)
		}
	}
	// Fold the write-ahead log into the file so that the file is the whole database.
	if _, err := db.db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 8192 {
		t.Fatalf("database of %d bytes: too small to damage past its first page", len(b))
	}
	for i := 4096; i < len(b); i++ { // every page past the first (the header and schema stay)
		b[i] ^= 0x5a
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	db, err = Open(path)
	if err == nil {
		defer db.Close()
		_, err = db.List(ctx)
	}
	wantTargetError(t, err, "damaged")
}

// TestPostgresBadTargets: malformed URLs, an unreachable server and a missing database are
// refused with a clear reason, quickly, and a password never shows in the message.
func TestPostgresBadTargets(t *testing.T) {
	for _, c := range []struct{ url, want string }{
		{"postgres://u:s3cret@127.0.0.1:notaport/db", "malformed PostgreSQL URL"},
		{"postgres://u:s3cret@127.0.0.1:5432/db?sslmode=sometimes", "malformed PostgreSQL URL"},
		{"postgresql://u:s3cret@127.0.0.1:1/db?connect_timeout=5", "cannot connect"},
	} {
		start := time.Now()
		_, err := Open(c.url)
		wantTargetError(t, err, c.want)
		if strings.Contains(err.Error(), "s3cret") {
			t.Fatalf("the password shows: %v", err)
		}
		if d := time.Since(start); d > 8*time.Second {
			t.Fatalf("%s took %v", c.url, d)
		}
	}
	dsn := pg.DSN(t)
	i := strings.LastIndex(dsn, "/")
	_, err := Open(dsn[:i+1] + "no_such_database" + dsn[strings.Index(dsn[i:], "?")+i:])
	wantTargetError(t, err, "no_such_database")
}

func TestRedactURL(t *testing.T) {
	for in, want := range map[string]string{
		"postgres://u:pw@h:5/d":               "postgres://u:xxxxx@h:5/d",
		"postgres://u@h/d?password=pw&x=1":    "postgres://u@h/d?password=xxxxx&x=1",
		"postgres://u:p%zz@h/d":               "the PostgreSQL URL",
		"postgresql://h/d?sslpassword=secret": "postgresql://h/d?sslpassword=xxxxx",
	} {
		if got := redactURL(in); got != want {
			t.Errorf("redactURL(%q) = %q, want %q", in, got, want)
		}
	}
}
