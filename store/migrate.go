package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// migrations[v-1] brings a catalogue from schema version v-1 to v. Both backends run the same
// statements (BIGINT and DOUBLE PRECISION are 64-bit integers and floats to both). A catalogue is
// at the version recorded in its grundy_schema table; one made before that table existed holds
// exactly the table of version 1, which CREATE TABLE IF NOT EXISTS adopts as it is. Append new
// steps; never edit a released one.
var migrations = []string{
	// 1: the catalogue table.
	`CREATE TABLE IF NOT EXISTS sequences (
	code        TEXT PRIMARY KEY,
	computed_to BIGINT NOT NULL,
	period      BIGINT NOT NULL,
	preperiod   BIGINT NOT NULL,
	proved      BIGINT NOT NULL,
	max_value   BIGINT NOT NULL,
	rare_mask   BIGINT NOT NULL,
	method      TEXT NOT NULL,
	seconds     DOUBLE PRECISION NOT NULL,
	saved_at    BIGINT NOT NULL
)`,
	// 2: the misère quotients of whole games (misere.go).
	`CREATE TABLE IF NOT EXISTS misere (
	code         TEXT PRIMARY KEY,
	stopped      TEXT NOT NULL,
	heap         BIGINT NOT NULL,
	q_order      BIGINT NOT NULL,
	p_order      BIGINT NOT NULL,
	proved       BIGINT NOT NULL,
	period       BIGINT NOT NULL,
	preperiod    BIGINT NOT NULL,
	max_heap     BIGINT NOT NULL,
	max_size     BIGINT NOT NULL,
	code_timeout DOUBLE PRECISION NOT NULL,
	seconds      DOUBLE PRECISION NOT NULL,
	saved_at     BIGINT NOT NULL
)`,
}

// SchemaVersion is the schema version this build writes and reads (len(migrations)).
const SchemaVersion = 2

const versionTable = `CREATE TABLE IF NOT EXISTS grundy_schema (
	version    BIGINT PRIMARY KEY,
	applied_at BIGINT NOT NULL
)`

// migrate brings the schema to SchemaVersion in one transaction. lock, run first inside it, keeps
// concurrent openers (the shards of a sweep starting together) from migrating at the same time: on
// PostgreSQL a transaction-scoped advisory lock; on SQLite the transaction itself, begun
// IMMEDIATE (it takes the write lock at once).
func migrate(ctx context.Context, db *sql.DB, lock string) (err error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tx.Rollback()
		}
	}()
	if lock != "" {
		if _, err := tx.ExecContext(ctx, lock); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, versionTable); err != nil {
		return err
	}
	var have sql.NullInt64
	if err := tx.QueryRowContext(ctx, `SELECT MAX(version) FROM grundy_schema`).Scan(&have); err != nil {
		return err
	}
	v := int(have.Int64)
	if v > SchemaVersion {
		return &newerSchemaError{have: v}
	}
	for ; v < len(migrations); v++ {
		if _, err := tx.ExecContext(ctx, migrations[v]); err != nil {
			return fmt.Errorf("schema version %d: %w", v+1, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO grundy_schema (version, applied_at) VALUES ($1, $2)`,
			v+1, time.Now().Unix()); err != nil {
			return err
		}
	}
	return tx.Commit()
}

type newerSchemaError struct{ have int }

func (e *newerSchemaError) Error() string {
	return fmt.Sprintf("the catalogue has schema version %d, written by a newer grundy (this one knows up to %d)",
		e.have, SchemaVersion)
}
