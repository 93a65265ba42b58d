// Package store keeps a catalogue of computed Grundy sequences — one row per game: how far it was
// computed, its period and preperiod and whether they are proved, its largest value and the rare
// mask of the sparse method — in an embedded SQLite database (modernc.org/sqlite, pure Go).
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver
)

// Record is one catalogue row.
type Record struct {
	Code       string    // canonical spelling of the game, e.g. "0.77" (octal.Code.String)
	ComputedTo int64     // g(0..ComputedTo) were computed
	Period     int64     // 0: none found
	Preperiod  int64     // values before the periodic part (meaningful when Period > 0)
	Proved     bool      // the periodicity theorem certifies Period and Preperiod
	MaxValue   int64     // the largest value computed
	RareMask   int64     // the sparse method's mask, 0 when not used
	Method     string    // the method that computed the values
	Seconds    float64   // computing time
	SavedAt    time.Time // when the row was written (UTC, to the second)
}

// DB is an open catalogue. It is safe for concurrent use.
type DB struct {
	db *sql.DB
}

const schema = `CREATE TABLE IF NOT EXISTS sequences (
	code        TEXT PRIMARY KEY,
	computed_to INTEGER NOT NULL,
	period      INTEGER NOT NULL,
	preperiod   INTEGER NOT NULL,
	proved      INTEGER NOT NULL,
	max_value   INTEGER NOT NULL,
	rare_mask   INTEGER NOT NULL,
	method      TEXT NOT NULL,
	seconds     REAL NOT NULL,
	saved_at    INTEGER NOT NULL
)`

// DefaultPath returns where the catalogue lives unless the user says otherwise:
// <user cache directory>/grundy/catalogue.db (on Linux ~/.cache/grundy/catalogue.db).
func DefaultPath() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("store: no cache directory for the catalogue (choose a path): %w", err)
	}
	return filepath.Join(dir, "grundy", "catalogue.db"), nil
}

// Open opens the catalogue at path, creating the file, its directory and the table as needed.
func Open(path string) (*DB, error) {
	if path == "" {
		return nil, errors.New("store: empty database path")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)")
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	if _, err := db.Exec(schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: %s: %w", path, err)
	}
	return &DB{db: db}, nil
}

// Close closes the database.
func (d *DB) Close() error { return d.db.Close() }

// Save stores r, unless the catalogue already holds a better row for the same code: a proved row
// is never replaced by an unproved one, and otherwise the row computed further wins (ties go to
// the new row). It reports whether r was written. A zero SavedAt is set to the current time.
func (d *DB) Save(ctx context.Context, r Record) (bool, error) {
	if r.Code == "" {
		return false, errors.New("store: record without a code")
	}
	if r.SavedAt.IsZero() {
		r.SavedAt = time.Now()
	}
	res, err := d.db.ExecContext(ctx, `INSERT INTO sequences
		(code, computed_to, period, preperiod, proved, max_value, rare_mask, method, seconds, saved_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT(code) DO UPDATE SET
			computed_to = excluded.computed_to, period = excluded.period, preperiod = excluded.preperiod,
			proved = excluded.proved, max_value = excluded.max_value, rare_mask = excluded.rare_mask,
			method = excluded.method, seconds = excluded.seconds, saved_at = excluded.saved_at
		WHERE excluded.proved > sequences.proved
		   OR (excluded.proved = sequences.proved AND excluded.computed_to >= sequences.computed_to)`,
		r.Code, r.ComputedTo, r.Period, r.Preperiod, r.Proved, r.MaxValue, r.RareMask, r.Method, r.Seconds, r.SavedAt.Unix())
	if err != nil {
		return false, fmt.Errorf("store: saving %s: %w", r.Code, err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// Get returns the row of code; ok is false when there is none.
func (d *DB) Get(ctx context.Context, code string) (r Record, ok bool, err error) {
	rows, err := d.query(ctx, "WHERE code = ?", code)
	if err != nil || len(rows) == 0 {
		return Record{}, false, err
	}
	return rows[0], true, nil
}

// List returns every row, ordered by code.
func (d *DB) List(ctx context.Context) ([]Record, error) {
	return d.query(ctx, "ORDER BY code")
}

func (d *DB) query(ctx context.Context, where string, args ...any) ([]Record, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT code, computed_to, period, preperiod, proved, max_value,
		rare_mask, method, seconds, saved_at FROM sequences `+where, args...)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	defer rows.Close()
	var out []Record
	for rows.Next() {
		var r Record
		var saved int64
		if err := rows.Scan(&r.Code, &r.ComputedTo, &r.Period, &r.Preperiod, &r.Proved, &r.MaxValue,
			&r.RareMask, &r.Method, &r.Seconds, &saved); err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
		r.SavedAt = time.Unix(saved, 0).UTC()
		out = append(out, r)
	}
	return out, rows.Err()
}
