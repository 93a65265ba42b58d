// Package store keeps a catalogue of computed Grundy sequences — one row per game: how far it was
// computed, its period and preperiod and whether they are proved, its largest value and the rare
// mask of the sparse method.
//
// Two backends hold the same table with the same SQL: an embedded SQLite file (modernc.org/sqlite,
// pure Go), the default on one machine, and a PostgreSQL server (github.com/jackc/pgx), which the
// shards of a sweep on a cluster share. Open chooses by the target: a postgres:// or postgresql://
// URL names a server, anything else a file. The schema is versioned (see migrate.go) and every
// write is one atomic statement, so concurrent writers — threads, processes, machines — never see
// or leave a half-written row.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
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

// Covers reports whether the row makes a computation of its code up to heap to unnecessary: its
// period is proved (a computation stops at the proof, wherever to is), or it was computed at least
// that far. A sweep skips the codes whose rows cover its --to, so a retried shard redoes only the
// rest.
func (r Record) Covers(to int64) bool { return r.Proved || r.ComputedTo >= to }

// DB is an open catalogue. It is safe for concurrent use.
type DB struct {
	db      *sql.DB
	backend string // "sqlite" or "postgres"
	target  string // the path, or the URL with its password hidden (for messages)
	// readOnly: opened with Options.ReadOnly; noTable: so, and the file has no catalogue table
	// yet (an empty database), which reads as an empty catalogue.
	readOnly, noTable bool
	noMisere          bool // so, and the file has no misère table yet (a catalogue of schema version 1)
}

// Options tune Open.
type Options struct {
	// MustExist refuses a SQLite file that does not exist yet (for readers: listing a catalogue
	// must not create an empty one). A PostgreSQL database always has to exist.
	MustExist bool
	// ReadOnly opens an existing SQLite file for reading only (listing, looking up): it works on a
	// read-only file system or a file this process may not write, and never changes the file (its
	// schema is checked, not migrated). Save fails on a catalogue opened so. A missing file is
	// refused as with MustExist. PostgreSQL ignores it.
	ReadOnly bool
}

// A TargetError reports a catalogue that cannot be used because of what was named: an empty or
// malformed target, a file in a directory that does not exist, a directory, a file that is not a
// grundy catalogue (or is damaged), an unreachable server, a refused login, a database written by
// a newer grundy. It is the caller's to fix (the command line exits with status 2).
type TargetError struct {
	Target string // the path, or the URL with its password hidden
	Reason string // what is wrong, fit to show to a user
	Err    error  // the underlying error, if any
}

// Error returns "store: TARGET: REASON".
func (e *TargetError) Error() string {
	if e.Target == "" {
		return "store: " + e.Reason
	}
	return "store: " + e.Target + ": " + e.Reason
}

// Unwrap returns the underlying error.
func (e *TargetError) Unwrap() error { return e.Err }

// IsPostgres reports whether target names a PostgreSQL server (a postgres:// or postgresql://
// URL) rather than a SQLite file.
func IsPostgres(target string) bool {
	l := strings.ToLower(target)
	return strings.HasPrefix(l, "postgres://") || strings.HasPrefix(l, "postgresql://")
}

// DefaultPath returns where the catalogue lives unless the user says otherwise:
// <user cache directory>/grundy/catalogue.db (on Linux ~/.cache/grundy/catalogue.db).
func DefaultPath() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("store: no cache directory for the catalogue (choose a path): %w", err)
	}
	return filepath.Join(dir, "grundy", "catalogue.db"), nil
}

// Open opens the catalogue named by target, as OpenContext does with no options.
func Open(target string) (*DB, error) {
	return OpenContext(context.Background(), target, Options{})
}

// OpenContext opens the catalogue named by target — a postgres:// URL or a SQLite file path — and
// brings its schema up to date. A SQLite file is created when it does not exist (unless
// opt.MustExist), but never its directory; a file that Open created is removed again if opening
// fails, so a failure leaves nothing behind. Errors caused by the target are *TargetError.
func OpenContext(ctx context.Context, target string, opt Options) (*DB, error) {
	if strings.TrimSpace(target) == "" {
		return nil, &TargetError{Reason: "empty database path"}
	}
	if IsPostgres(target) {
		return openPostgres(ctx, target)
	}
	return openSQLite(ctx, target, opt)
}

// Backend returns "sqlite" or "postgres".
func (d *DB) Backend() string { return d.backend }

// Close closes the database.
func (d *DB) Close() error { return d.db.Close() }

// The one upsert both backends run: a proved row is never replaced by an unproved one, otherwise
// the row computed further wins (ties go to the new row).
const upsert = `INSERT INTO sequences
	(code, computed_to, period, preperiod, proved, max_value, rare_mask, method, seconds, saved_at)
	VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
	ON CONFLICT(code) DO UPDATE SET
		computed_to = excluded.computed_to, period = excluded.period, preperiod = excluded.preperiod,
		proved = excluded.proved, max_value = excluded.max_value, rare_mask = excluded.rare_mask,
		method = excluded.method, seconds = excluded.seconds, saved_at = excluded.saved_at
	WHERE excluded.proved > sequences.proved
	   OR (excluded.proved = sequences.proved AND excluded.computed_to >= sequences.computed_to)`

const selectRows = `SELECT code, computed_to, period, preperiod, proved, max_value, rare_mask, method,
	seconds, saved_at FROM sequences`

// Save stores r, unless the catalogue already holds a better row for the same code: a proved row
// is never replaced by an unproved one, and otherwise the row computed further wins (ties go to
// the new row). It reports whether r was written. A zero SavedAt is set to the current time.
// The write is one statement, atomic on both backends: a row is written whole or not at all, and
// saving the same record twice changes nothing the second time but saved_at.
func (d *DB) Save(ctx context.Context, r Record) (bool, error) {
	if err := d.canSave(r.Code, "record"); err != nil {
		return false, err
	}
	if r.SavedAt.IsZero() {
		r.SavedAt = time.Now()
	}
	proved := boolInt(r.Proved)
	res, err := d.db.ExecContext(ctx, upsert, r.Code, r.ComputedTo, r.Period, r.Preperiod, proved,
		r.MaxValue, r.RareMask, r.Method, r.Seconds, r.SavedAt.Unix())
	if err != nil {
		return false, d.wrap("saving "+r.Code, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, d.wrap("saving "+r.Code, err)
	}
	return n > 0, nil
}

// Get returns the row of code; ok is false when there is none.
func (d *DB) Get(ctx context.Context, code string) (r Record, ok bool, err error) {
	rows, err := d.query(ctx, selectRows+" WHERE code = $1", code)
	if err != nil || len(rows) == 0 {
		return Record{}, false, err
	}
	return rows[0], true, nil
}

// List returns every row, ordered by code (byte order, the same on both backends).
func (d *DB) List(ctx context.Context) ([]Record, error) {
	return d.query(ctx, selectRows)
}

func (d *DB) query(ctx context.Context, q string, args ...any) ([]Record, error) {
	if d.noTable {
		return nil, nil
	}
	rows, err := d.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, d.wrap("reading", err)
	}
	defer rows.Close()
	var out []Record
	for rows.Next() {
		var r Record
		var saved, proved int64
		if err := rows.Scan(&r.Code, &r.ComputedTo, &r.Period, &r.Preperiod, &proved, &r.MaxValue,
			&r.RareMask, &r.Method, &r.Seconds, &saved); err != nil {
			return nil, d.wrap("reading", err)
		}
		r.Proved = proved != 0
		r.SavedAt = time.Unix(saved, 0).UTC()
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, d.wrap("reading", err)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out, nil
}

// wrap names the operation and the database, and turns a damaged SQLite file into a *TargetError.
func (d *DB) wrap(op string, err error) error {
	if d.backend == "sqlite" {
		if reason, ok := sqliteTargetFault(err); ok {
			return &TargetError{Target: d.target, Reason: reason, Err: err}
		}
	}
	return fmt.Errorf("store: %s: %s: %w", d.target, op, err)
}

// canSave refuses a record (what names its kind) without a code, or any write to a catalogue
// opened read-only.
func (d *DB) canSave(code, what string) error {
	if code == "" {
		return errors.New("store: " + what + " without a code")
	}
	if d.readOnly {
		return &TargetError{Target: d.target, Reason: "opened read-only: cannot save " + code}
	}
	return nil
}

// boolInt is b as the 0 or 1 both backends store.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
