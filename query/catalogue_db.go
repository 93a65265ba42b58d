package query

import (
	"context"
	"errors"
	"os"
	"path/filepath"

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
			return nil, Internalf("%v", err)
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, Internalf("catalogue directory: %v", err)
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
		return &Error{Kind: BadInput, Msg: err.Error(), Err: err}
	}
	return classify(err, Limits{}, false)
}
