package pgtest

import (
	"context"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

func TestSanitizeAndReplace(t *testing.T) {
	if got := sanitize("TestX/sub-Case_2"); got != "t_testx_sub_case_2" {
		t.Fatalf("sanitize = %q", got)
	}
	if got := sanitize(strings.Repeat("a", 100)); len(got) > 63 {
		t.Fatalf("sanitize too long: %d", len(got))
	}
	got, err := replaceDatabase("postgres://u:p@127.0.0.1:5/postgres?sslmode=disable", "t_1")
	if err != nil || got != "postgres://u:p@127.0.0.1:5/t_1?sslmode=disable" {
		t.Fatalf("replaceDatabase = %q, %v", got, err)
	}
}

// TestServer: a started server gives separate, empty databases that accept connections.
func TestServer(t *testing.T) {
	var l Lazy
	defer l.Stop()
	a, b := l.DSN(t), l.DSN(t)
	if a == b {
		t.Fatalf("two databases with one URL %s", a)
	}
	ctx := context.Background()
	for _, dsn := range []string{a, b} {
		conn, err := pgx.Connect(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		var n int
		if err := conn.QueryRow(ctx, `SELECT count(*) FROM pg_tables WHERE schemaname = 'public'`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%s: %d tables, %v", dsn, n, err)
		}
		conn.Close(ctx)
	}
}
