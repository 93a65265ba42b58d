package sweep

import (
	"context"
	"errors"
	"os"
	"path/filepath"

	"grundy/octal"
	"grundy/query"
	"grundy/store"
)

// DBEnv names the environment variable the command line reads when --db is not given: a SQLite
// file path or a postgres:// URL (the shards of a sweep on a cluster share one server).
const DBEnv = "GRUNDY_DB"

// openCatalogue opens the catalogue named by target — a SQLite file or a postgres:// URL — or the
// default file under the user's cache directory when target is "". Only the default file's
// directory is created; a file the user names must be in an existing directory, and one opened
// for reading must exist (looking never creates an empty database). A catalogue that cannot be
// used as named (a missing directory, a directory, a damaged or foreign file, a malformed URL, an
// unreachable server) is bad input.
func openCatalogue(ctx context.Context, target string, reading bool) (*store.DB, error) {
	isDefault := target == ""
	if isDefault {
		p, err := store.DefaultPath()
		if err != nil {
			return nil, query.Internalf("%v", err)
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, query.Internalf("catalogue directory: %v", err)
		}
		target = p
	}
	opt := store.Options{MustExist: reading && !isDefault}
	if _, err := os.Stat(target); reading && err == nil {
		opt.ReadOnly = true // a catalogue that is only read is opened read-only (a read-only file system, a shared file)
	}
	db, err := store.OpenContext(ctx, target, opt)
	if err != nil {
		return nil, storeError(err)
	}
	return db, nil
}

// storeError classifies an error of package store: a *store.TargetError is bad input, anything
// else an internal failure.
func storeError(err error) error {
	var te *store.TargetError
	if errors.As(err, &te) {
		return &query.Error{Kind: query.BadInput, Msg: err.Error(), Err: err}
	}
	return classify(err, query.Limits{})
}

// Record is the catalogue row of a computation: what it computed, as the answer reports it.
func Record(res *octal.Result) store.Record {
	return store.Record{Code: res.Code.String(), ComputedTo: int64(res.ComputedTo), Period: int64(res.Period),
		Preperiod: int64(res.Preperiod), Proved: res.Proved, MaxValue: int64(res.MaxValue), RareMask: int64(res.RareMask),
		Method: res.Method, Seconds: res.Elapsed.Seconds()}
}

// Saver stores the results of octal computations in a catalogue: `grundy octal CODE --save`
// hands one to query.Octal (as its query.ResultStore). The catalogue is opened by Check, which
// query.Octal calls before the computation starts, so that one that cannot be used is refused
// before any work is done.
type Saver struct {
	target string
	db     *store.DB
}

// NewSaver returns a Saver for the catalogue target: a SQLite file, a postgres:// URL, or "" for
// the default file under the user's cache directory. Nothing is opened yet.
func NewSaver(target string) *Saver { return &Saver{target: target} }

// Check opens the catalogue (bad input when it cannot be used as named).
func (s *Saver) Check(ctx context.Context) error {
	if s.db != nil {
		return nil
	}
	db, err := openCatalogue(ctx, s.target, false)
	if err != nil {
		return err
	}
	s.db = db
	return nil
}

// Save stores the row of res (opening the catalogue first if Check was not called), and reports
// whether the row was written: a row that already covers res is kept.
func (s *Saver) Save(ctx context.Context, res *octal.Result) (bool, error) {
	if err := s.Check(ctx); err != nil {
		return false, err
	}
	return s.db.Save(ctx, Record(res))
}

// Close closes the catalogue, if it was opened.
func (s *Saver) Close() error {
	if s.db == nil {
		return nil
	}
	err := s.db.Close()
	s.db = nil
	return err
}

// classify turns an error into a *query.Error: an *query.Error as it is, a cancelled context
// Cancelled, an exceeded deadline OverLimit, anything else Internal.
func classify(err error, lim query.Limits) error {
	return query.Classify(err, lim)
}
