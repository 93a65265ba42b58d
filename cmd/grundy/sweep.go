package main

import (
	"os"

	"github.com/spf13/pflag"

	"grundy/sweep"
)

// dbFlag registers --db. Its empty value is filled from $GRUNDY_DB when the command runs (envDB),
// not when the flag is made, so that --help never shows a URL with a password in it.
func dbFlag(fl *pflag.FlagSet, p *string) {
	fl.StringVar(p, "db", "", "catalogue: a SQLite file or a postgres:// URL (default: $"+sweep.DBEnv+", else <user cache dir>/grundy/catalogue.db)")
}

// envDB returns --db, or $GRUNDY_DB when --db was not given.
func envDB(flag string) string {
	if flag != "" {
		return flag
	}
	return os.Getenv(sweep.DBEnv)
}
