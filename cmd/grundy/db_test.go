package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCatalogueBadDB: issue 13's --db items. A path in a missing directory, a directory, a file
// that is not a catalogue, a malformed URL and an unreachable server exit 2 with a clear message,
// and nothing is created.
func TestCatalogueBadDB(t *testing.T) {
	t.Setenv("GRUNDY_DB", "")
	dir := t.TempDir()
	missing := filepath.Join(dir, "nonexistent", "x.db")
	wantBadInput(t, "no catalogue here", "", "octal", "catalogue", "--db", missing)
	wantBadInput(t, "does not exist", "", "octal", ".7", "--save", "--db", missing)
	if _, err := os.Stat(filepath.Dir(missing)); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a directory was created: %v", err)
	}
	absent := filepath.Join(dir, "absent.db")
	wantBadInput(t, "no catalogue here", "", "octal", "catalogue", "--db", absent)
	if _, err := os.Stat(absent); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("catalogue created an empty database: %v", err)
	}
	wantBadInput(t, "is a directory", "", "octal", "catalogue", "--db", dir)
	wantBadInput(t, "is a directory", "", "octal", "scan", "0.?", "--save", "--db", dir)
	junk := filepath.Join(dir, "junk.db")
	os.WriteFile(junk, []byte(strings.Repeat("not a database\n", 400)), 0o644)
	wantBadInput(t, "not a SQLite database", "", "octal", "catalogue", "--db", junk)
	wantBadInput(t, "not a SQLite database", "", "octal", ".7", "--save", "--db", junk)
	wantBadInput(t, "malformed PostgreSQL URL", "", "octal", "catalogue", "--db", "postgres://u:pw@localhost:port/db")
	wantBadInput(t, "cannot connect", "", "octal", "catalogue", "--db", "postgres://u:pw@127.0.0.1:1/db?connect_timeout=5")
	// GRUNDY_DB chooses the catalogue when --db is not given.
	t.Setenv("GRUNDY_DB", missing)
	wantBadInput(t, "does not exist", "", "octal", "scan", "0.?", "--save")
	good := filepath.Join(dir, "good.db")
	t.Setenv("GRUNDY_DB", good)
	if v := decodeJSON(t, "", "octal", ".77", "--summary", "--save"); v["saved"] != true {
		t.Fatalf("--save through GRUNDY_DB: %v", v)
	}
	if v := decodeJSON(t, "", "octal", "catalogue"); len(v["games"].([]any)) != 1 {
		t.Fatalf("catalogue through GRUNDY_DB: %v", v)
	}
}
