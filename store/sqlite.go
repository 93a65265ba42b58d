package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// openSQLite opens (or creates, in an existing directory) the catalogue file at path.
func openSQLite(ctx context.Context, path string, opt Options) (db *DB, err error) {
	bad := func(reason string, err error) error { return &TargetError{Target: path, Reason: reason, Err: err} }
	st, err := os.Stat(path)
	created := false
	switch {
	case err == nil && st.IsDir():
		return nil, bad("is a directory, not a catalogue file", nil)
	case err == nil && !st.Mode().IsRegular():
		return nil, bad("is not a regular file", nil)
	case errors.Is(err, fs.ErrNotExist):
		if opt.MustExist || opt.ReadOnly {
			return nil, bad("no catalogue here (nothing has been saved to it)", err)
		}
		dir := filepath.Dir(path)
		dst, derr := os.Stat(dir)
		if derr != nil {
			return nil, bad(fmt.Sprintf("directory %s does not exist", dir), derr)
		}
		if !dst.IsDir() {
			return nil, bad(fmt.Sprintf("%s is not a directory", dir), nil)
		}
		if why := notWritable(dir); why != "" {
			return nil, bad(fmt.Sprintf("cannot create the catalogue in %s: %s", dir, why), nil)
		}
		created = true
	case err != nil:
		return nil, bad(err.Error(), err)
	case !opt.ReadOnly:
		// Writing needs the file, and its directory for the journal (-wal, -shm).
		if why := notWritable(path); why != "" {
			return nil, bad("cannot write the catalogue: "+why, nil)
		}
		if why := notWritable(filepath.Dir(path)); why != "" {
			return nil, bad(fmt.Sprintf("cannot write the catalogue: its directory %s: %s", filepath.Dir(path), why), nil)
		}
	}
	if opt.ReadOnly {
		return openSQLiteReadOnly(ctx, path)
	}
	defer func() {
		if err != nil && created {
			for _, suffix := range []string{"", "-wal", "-shm", "-journal"} {
				os.Remove(path + suffix)
			}
		}
	}()
	sdb, err := sql.Open("sqlite", sqliteDSN(path))
	if err != nil {
		return nil, bad(err.Error(), err)
	}
	d := &DB{db: sdb, backend: "sqlite", target: path}
	if err := prepareSQLite(ctx, sdb); err != nil {
		sdb.Close()
		return nil, d.openErr(err)
	}
	return d, nil
}

// prepareSQLite checks that the file is a catalogue (or empty) and brings its schema up to date.
// Openers that start together on a new file (the shards of a sweep) can be told SQLITE_BUSY at
// once, without the busy timeout, while one of them switches the file to WAL; prepareSQLite then
// tries again, a few times over about two seconds, before giving up with that error.
func prepareSQLite(ctx context.Context, sdb *sql.DB) error {
	wait := 5 * time.Millisecond
	for try := 1; ; try++ {
		err := checkForeignSQLite(ctx, sdb)
		if err == nil {
			err = migrate(ctx, sdb, "")
		}
		var se *sqlite.Error
		if err == nil || try == 10 || !errors.As(err, &se) || se.Code()&0xff != sqlite3.SQLITE_BUSY {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(wait):
		}
		wait *= 2
		wait = min(wait, 500*time.Millisecond)
	}
}

// sqliteDSN is the URI modernc.org/sqlite opens: the path escaped (SQLite decodes %XX in a file:
// URI, and the driver takes the first ? as the start of its parameters), a busy timeout so that
// concurrent writers wait instead of failing, WAL so that readers do not block the writer, and
// transactions that take the write lock when they begin.
func sqliteDSN(path string) string {
	esc := strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
	return "file:" + esc + "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_txlock=immediate"
}

// openSQLiteReadOnly opens the existing catalogue file at path for reading only. On a read-only
// file system the file is opened as immutable: SQLite then needs no shared-memory file beside it
// (which it could not create there) to read a catalogue written in WAL mode.
func openSQLiteReadOnly(ctx context.Context, path string) (*DB, error) {
	esc := strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
	dsn := "file:" + esc + "?mode=ro&_pragma=busy_timeout(10000)"
	if onReadOnlyFS(filepath.Dir(path)) {
		dsn += "&immutable=1"
	}
	sdb, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, &TargetError{Target: path, Reason: err.Error(), Err: err}
	}
	d := &DB{db: sdb, backend: "sqlite", target: path, readOnly: true}
	if err := checkForeignSQLite(ctx, sdb); err != nil {
		sdb.Close()
		return nil, d.openErr(err)
	}
	if err := checkSchema(ctx, sdb); err != nil {
		sdb.Close()
		return nil, d.openErr(err)
	}
	var n int
	if err := sdb.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'sequences'`).Scan(&n); err != nil {
		sdb.Close()
		return nil, d.openErr(err)
	}
	d.noTable = n == 0
	if err := sdb.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'misere'`).Scan(&n); err != nil {
		sdb.Close()
		return nil, d.openErr(err)
	}
	d.noMisere = n == 0
	return d, nil
}

// checkSchema refuses, without changing anything, a catalogue written by a newer grundy.
func checkSchema(ctx context.Context, db *sql.DB) error {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'grundy_schema'`).Scan(&n); err != nil || n == 0 {
		return err
	}
	var have sql.NullInt64
	if err := db.QueryRowContext(ctx, `SELECT MAX(version) FROM grundy_schema`).Scan(&have); err != nil {
		return err
	}
	if int(have.Int64) > SchemaVersion {
		return &newerSchemaError{have: int(have.Int64)}
	}
	return nil
}

// checkForeignSQLite refuses a SQLite database that holds tables but not the catalogue's, so that
// pointing --db at another program's database does not add tables to it.
func checkForeignSQLite(ctx context.Context, db *sql.DB) error {
	var ours, others int
	rows, err := db.QueryContext(ctx, `SELECT name FROM sqlite_master WHERE type = 'table'`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return err
		}
		if name == "sequences" || name == "misere" || name == "grundy_schema" {
			ours++
		} else {
			others++
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if ours == 0 && others > 0 {
		return errForeign
	}
	return nil
}

var errForeign = errors.New("a SQLite database of another program (it has tables, none of them grundy's)")

// openErr classifies an error met while opening: faults of the file are *TargetError.
func (d *DB) openErr(err error) error {
	var newer *newerSchemaError
	switch {
	case errors.Is(err, errForeign):
		return &TargetError{Target: d.target, Reason: "not a grundy catalogue: " + err.Error(), Err: err}
	case errors.As(err, &newer):
		return &TargetError{Target: d.target, Reason: err.Error(), Err: err}
	}
	if d.backend == "sqlite" {
		if reason, ok := sqliteTargetFault(err); ok {
			return &TargetError{Target: d.target, Reason: reason, Err: err}
		}
	}
	return fmt.Errorf("store: %s: %w", d.target, err)
}

// sqliteTargetFault recognises the SQLite errors that say the file itself is unusable: not a
// database, damaged, read-only, or impossible to open.
func sqliteTargetFault(err error) (string, bool) {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return "", false
	}
	switch se.Code() & 0xff {
	case sqlite3.SQLITE_NOTADB:
		return "not a grundy catalogue (the file is not a SQLite database)", true
	case sqlite3.SQLITE_CORRUPT:
		return "the catalogue file is damaged (" + se.Error() + ")", true
	case sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM, sqlite3.SQLITE_AUTH:
		return "cannot write the catalogue file: read-only (" + se.Error() + ")", true
	case sqlite3.SQLITE_CANTOPEN:
		return "cannot open the catalogue file (" + se.Error() + ")", true
	}
	return "", false
}
