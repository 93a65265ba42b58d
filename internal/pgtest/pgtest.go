// Package pgtest starts a throwaway PostgreSQL server for tests: a cluster made by initdb in a
// temporary directory, served by postgres on a free loopback port, as an unprivileged user (when
// the tests run as root, as the user postgres or else nobody), and removed when the tests end.
//
// A test package declares one Lazy, asks it for a fresh database in each test that needs one, and
// stops it in TestMain:
//
//	var pg pgtest.Lazy
//
//	func TestMain(m *testing.M) { pg.Main(m) }
//
//	func TestX(t *testing.T) { dsn := pg.DSN(t); … }
//
// The server starts on the first DSN call, so packages whose PostgreSQL tests do not run pay
// nothing. Without PostgreSQL (Debian's postgresql package: scripts/test.sh installs it when run
// as root) the tests skip saying why; under CI (CI=true) they fail instead. GRUNDY_TEST_POSTGRES,
// a postgres:// URL of a server where the user may create databases, is used instead of starting
// one.
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Server is a running PostgreSQL server.
type Server struct {
	URL  string // postgres://… of the server's postgres database, as its superuser
	dir  string // the temporary directory (cluster, socket, log); "" for an external server
	cmd  *exec.Cmd
	done chan struct{} // closed when cmd has exited
	mu   sync.Mutex
	n    int // databases made so far
}

// Start makes a cluster in a new temporary directory and starts a server on it, or returns the
// server named by GRUNDY_TEST_POSTGRES.
func Start(ctx context.Context) (*Server, error) {
	if u := os.Getenv("GRUNDY_TEST_POSTGRES"); u != "" {
		return &Server{URL: u}, nil
	}
	bin, err := binDir()
	if err != nil {
		return nil, err
	}
	cred, owner, err := credential()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "grundy-pg-")
	if err != nil {
		return nil, err
	}
	s := &Server{dir: dir}
	ok := false
	defer func() {
		if !ok {
			s.Stop()
		}
	}()
	if cred != nil {
		if err := os.Chown(dir, int(cred.Uid), int(cred.Gid)); err != nil {
			return nil, err
		}
	}
	data := filepath.Join(dir, "data")
	initdb := exec.CommandContext(ctx, filepath.Join(bin, "initdb"), "-D", data, "-U", "grundy",
		"--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync")
	initdb.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	initdb.Dir = dir
	if out, err := initdb.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("initdb (as %s): %v\n%s", owner, err, out)
	}
	var lastErr error
	for range 3 { // the free port found may be taken before postgres binds it: try again
		port, err := freePort()
		if err != nil {
			return nil, err
		}
		if lastErr = s.run(ctx, bin, data, port, cred); lastErr == nil {
			ok = true
			return s, nil
		}
	}
	return nil, lastErr
}

// run starts postgres on port and waits until it accepts connections.
func (s *Server) run(ctx context.Context, bin, data string, port int, cred *syscall.Credential) error {
	logf, err := os.Create(filepath.Join(s.dir, "postgres.log"))
	if err != nil {
		return err
	}
	defer logf.Close()
	if cred != nil {
		os.Chown(logf.Name(), int(cred.Uid), int(cred.Gid))
	}
	// postgres runs as a child rather than through pg_ctl, so that it dies with the tests (the
	// parent-death signal) even when they are killed.
	cmd := exec.Command(filepath.Join(bin, "postgres"), "-D", data, "-p", strconv.Itoa(port),
		"-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="+s.dir,
		"-c", "max_connections=100", "-c", "shared_buffers=16MB")
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred, Pdeathsig: syscall.SIGQUIT, Setpgid: true}
	if err := cmd.Start(); err != nil {
		return err
	}
	s.cmd, s.done = cmd, make(chan struct{})
	go func() { cmd.Wait(); close(s.done) }()
	s.URL = fmt.Sprintf("postgres://grundy@127.0.0.1:%d/postgres?sslmode=disable", port)
	deadline := time.Now().Add(60 * time.Second)
	for {
		cctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		conn, err := pgx.Connect(cctx, s.URL)
		cancel()
		if err == nil {
			conn.Close(ctx)
			return nil
		}
		select {
		case <-s.done:
			log, _ := os.ReadFile(logf.Name())
			s.cmd = nil
			return fmt.Errorf("postgres exited: %s", strings.TrimSpace(string(log)))
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("postgres did not accept connections within a minute: %v", err)
		}
	}
}

// NewDatabase creates an empty database named after prefix and returns its URL.
func (s *Server) NewDatabase(ctx context.Context, prefix string) (string, error) {
	s.mu.Lock()
	s.n++
	name := fmt.Sprintf("%s_%d_%d", sanitize(prefix), os.Getpid(), s.n)
	s.mu.Unlock()
	conn, err := pgx.Connect(ctx, s.URL)
	if err != nil {
		return "", err
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		return "", err
	}
	return replaceDatabase(s.URL, name)
}

// Stop shuts the server down (fast shutdown, then a kill after 10 s) and removes its directory.
func (s *Server) Stop() {
	if s == nil {
		return
	}
	if s.cmd != nil {
		s.cmd.Process.Signal(syscall.SIGINT)
		select {
		case <-s.done:
		case <-time.After(10 * time.Second):
			syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
			<-s.done
		}
	}
	if s.dir != "" {
		os.RemoveAll(s.dir)
	}
}

// Lazy is a server started on first use and shared by the tests of a package.
type Lazy struct {
	once sync.Once
	srv  *Server
	err  error
}

// DSN returns the URL of a new, empty database for t on the shared server, starting the server on
// the first call. Without PostgreSQL it skips t saying why, or fails it under CI (CI=true).
func (l *Lazy) DSN(t testing.TB) string {
	t.Helper()
	l.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		defer cancel()
		l.srv, l.err = Start(ctx)
	})
	if l.err != nil {
		Unavailable(t, l.err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	dsn, err := l.srv.NewDatabase(ctx, t.Name())
	if err != nil {
		t.Fatalf("pgtest: creating a database: %v", err)
	}
	return dsn
}

// Stop stops the server if it was started.
func (l *Lazy) Stop() { l.srv.Stop() }

// Main runs a package's tests and exits with their status, having stopped the server if one of
// them started it: a test package's whole TestMain, func TestMain(m *testing.M) { pg.Main(m) }.
func (l *Lazy) Main(m *testing.M) {
	code := m.Run()
	l.Stop()
	os.Exit(code)
}

// Unavailable skips t because PostgreSQL cannot be had (err says why), or fails it under CI.
func Unavailable(t testing.TB, err error) {
	t.Helper()
	msg := fmt.Sprintf("PostgreSQL is not available: %v (install Debian's postgresql — scripts/test.sh does as root — or set GRUNDY_TEST_POSTGRES to a postgres:// URL)", err)
	if os.Getenv("CI") == "true" {
		t.Fatal(msg + "; under CI this is a failure")
	}
	t.Skip(msg)
}

// binDir finds the directory of initdb and postgres: on PATH, or Debian's
// /usr/lib/postgresql/VERSION/bin (the newest version).
func binDir() (string, error) {
	if p, err := exec.LookPath("initdb"); err == nil {
		if r, err := filepath.EvalSymlinks(p); err == nil {
			p = r
		}
		if _, err := os.Stat(filepath.Join(filepath.Dir(p), "postgres")); err == nil {
			return filepath.Dir(p), nil
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d, nil
		}
	}
	return "", errors.New("initdb not found (on PATH or in /usr/lib/postgresql/*/bin)")
}

func version(binDir string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return v
}

// credential returns the user to run the server as: nil (the current user) unless that is root,
// when PostgreSQL refuses to run; then postgres, or nobody.
func credential() (*syscall.Credential, string, error) {
	if os.Geteuid() != 0 {
		return nil, "the current user", nil
	}
	for _, name := range []string{"postgres", "nobody"} {
		u, err := user.Lookup(name)
		if err != nil {
			continue
		}
		uid, err1 := strconv.ParseUint(u.Uid, 10, 32)
		gid, err2 := strconv.ParseUint(u.Gid, 10, 32)
		if err1 != nil || err2 != nil {
			continue
		}
		return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, name, nil
	}
	return nil, "", errors.New("running as root and there is no user postgres or nobody to run the server as")
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// sanitize turns a test name into a database name: lower case letters, digits and _, at most 40.
func sanitize(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
		if b.Len() >= 40 {
			break
		}
	}
	return "t_" + b.String()
}

// replaceDatabase returns the postgres:// URL with its database replaced by name.
func replaceDatabase(rawURL, name string) (string, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "", err
	}
	u.Path = "/" + name
	return u.String(), nil
}
