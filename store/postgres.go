package store

import (
	"context"
	"fmt"
	"net/url"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// connectTimeout bounds the first connection when the URL sets no connect_timeout, so that an
// unreachable server is reported instead of waited for.
const connectTimeout = 10 * time.Second

// migrationLock is the key of the advisory lock that serializes schema migrations on a server
// ("grundy" in ASCII).
const migrationLock = `SELECT pg_advisory_xact_lock(113723537892729)`

// openPostgres connects to the server named by the URL dsn, checks that it answers and migrates
// the schema.
func openPostgres(ctx context.Context, dsn string) (*DB, error) {
	shown := redactURL(dsn)
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, &TargetError{Target: shown, Reason: "malformed PostgreSQL URL: " + err.Error(), Err: err}
	}
	if cfg.ConnectTimeout == 0 {
		cfg.ConnectTimeout = connectTimeout
	}
	sdb := stdlib.OpenDB(*cfg)
	sdb.SetMaxOpenConns(4)
	sdb.SetConnMaxIdleTime(time.Minute)
	d := &DB{db: sdb, backend: "postgres", target: shown}
	if err := sdb.PingContext(ctx); err != nil {
		sdb.Close()
		if ctx.Err() != nil {
			return nil, fmt.Errorf("store: %s: %w", shown, ctx.Err())
		}
		return nil, &TargetError{Target: shown, Reason: "cannot connect to the PostgreSQL server: " + err.Error(), Err: err}
	}
	if err := migrate(ctx, sdb, migrationLock); err != nil {
		sdb.Close()
		return nil, d.openErr(err)
	}
	return d, nil
}

// redactURL returns the URL with its password (in the user part or a password parameter) hidden,
// for messages; a URL that does not parse is not shown at all.
func redactURL(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return "the PostgreSQL URL"
	}
	q := u.Query()
	for _, k := range []string{"password", "sslpassword"} {
		if q.Has(k) {
			q.Set(k, "xxxxx")
		}
	}
	u.RawQuery = q.Encode()
	return u.Redacted()
}
