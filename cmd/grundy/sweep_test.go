package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"grundy/internal/pgtest"
	"grundy/octal"
	"grundy/sweep"
)

var pg pgtest.Lazy

// grundyCmd returns a command running this test binary as grundy with args.
func grundyCmd(args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), envTestAsMain+"=1", "GRUNDY_DB=")
	return cmd
}

// catalogueTable is the catalogue's games without the fields that differ between runs of the same
// computation (its time and when it was saved).
func catalogueTable(t *testing.T, db string) []map[string]any {
	t.Helper()
	v := decodeJSON(t, "", "octal", "catalogue", "--db", db)
	var games []map[string]any
	for _, g := range v["games"].([]any) {
		m := g.(map[string]any)
		delete(m, "seconds")
		delete(m, "saved_at")
		games = append(games, m)
	}
	return games
}

var summaryRE = regexp.MustCompile(`done (\d+) of (\d+) codes \((\d+) computed, (\d+) already in the catalogue\)`)

// TestShardedSweepPostgres: every two-digit code, swept as 4 shards in parallel processes into the
// throwaway PostgreSQL server, one shard killed (SIGKILL) after its first code and run again, gives
// exactly the catalogue of a single-process scan into SQLite; the rerun computes only the codes
// its killed run had not stored.
func TestShardedSweepPostgres(t *testing.T) {
	dsn := pg.DSN(t)
	const pattern, to, n = "0.??", "10000", 4
	ref := filepath.Join(t.TempDir(), "ref.db")
	if out, errOut, code := runCLI(t, "", "octal", "scan", pattern, "--to", to, "--save", "--db", ref); code != 0 {
		t.Fatalf("single scan: exit %d\n%s%s", code, out, errOut)
	}
	codes, err := octal.Expand(pattern, 100)
	if err != nil {
		t.Fatal(err)
	}
	all := len(codes) // 64: 0.0 … 0.77
	want := catalogueTable(t, ref)
	if len(want) != all {
		t.Fatalf("the single scan stored %d codes, want %d", len(want), all)
	}

	// The victim: the shard with the fewest codes (they are the costly ones), one core, so that
	// work is left when it is killed after its first code.
	victim, fewest := 0, len(codes)+1
	for i := range n {
		part, err := sweep.Partition(context.Background(), codes, 10000, sweep.Shard{Index: i, Count: n})
		if err != nil {
			t.Fatal(err)
		}
		if len(part) < fewest {
			victim, fewest = i, len(part)
		}
	}

	var wg sync.WaitGroup
	errs := make(chan string, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := grundyCmd("octal", "scan", pattern, "--to", to, "--save", "--db", dsn, "--shard", fmt.Sprintf("%d/%d", i, n))
			if i != victim {
				if out, err := cmd.CombinedOutput(); err != nil {
					errs <- fmt.Sprintf("shard %d: %v\n%s", i, err, out)
				}
				return
			}
			cmd.Env = append(cmd.Env, "GOMAXPROCS=1")
			stderr, err := cmd.StderrPipe()
			if err != nil {
				errs <- err.Error()
				return
			}
			if err := cmd.Start(); err != nil {
				errs <- err.Error()
				return
			}
			sc := bufio.NewScanner(stderr)
			for sc.Scan() {
				if strings.Contains(sc.Text(), " 1/") { // the first code is done and stored
					cmd.Process.Kill()
					break
				}
			}
			cmd.Wait()
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
	got := catalogueTable(t, dsn)
	if len(got) < all-fewest+1 || len(got) >= all {
		t.Fatalf("after the kill the catalogue holds %d codes; want the other shards' %d and part of the victim's %d", len(got), all-fewest, fewest)
	}
	stored := len(got) - (all - fewest)

	out, err := grundyCmd("octal", "scan", pattern, "--to", to, "--save", "--db", dsn, "--shard", fmt.Sprintf("%d/%d", victim, n)).CombinedOutput()
	if err != nil {
		t.Fatalf("rerun of shard %d: %v\n%s", victim, err, out)
	}
	m := summaryRE.FindStringSubmatch(string(out))
	if m == nil {
		t.Fatalf("rerun: no summary in\n%s", out)
	}
	if done, _ := strconv.Atoi(m[1]); done != fewest {
		t.Fatalf("rerun did %d codes, want %d: %s", done, fewest, m[0])
	}
	if skipped, _ := strconv.Atoi(m[4]); skipped != stored {
		t.Fatalf("rerun skipped %d codes, but the killed run had stored %d: %s", skipped, stored, m[0])
	}
	got = catalogueTable(t, dsn)
	gj, _ := json.Marshal(got)
	wj, _ := json.Marshal(want)
	if string(gj) != string(wj) {
		t.Fatalf("the sharded catalogue differs from the single scan's:\n%s\n%s", gj, wj)
	}
}

// TestScanShardBadInput: malformed shard specs and scheduler variables exit 2 with a message.
func TestScanShardBadInput(t *testing.T) {
	for _, k := range []string{"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_STEP", "JOB_COMPLETION_INDEX"} {
		t.Setenv(k, "")
	}
	wantBadInput(t, "below the number of shards", "", "octal", "scan", "0.??", "--shard", "5/4")
	wantBadInput(t, "at least 1", "", "octal", "scan", "0.??", "--shard", "0/0")
	wantBadInput(t, "want I/N", "", "octal", "scan", "0.??", "--shard", "3")
	wantBadInput(t, "--shards 3", "", "octal", "scan", "0.??", "--shard", "1/4", "--shards", "3")
	wantBadInput(t, "without a shard index", "", "octal", "scan", "0.??", "--shards", "3")
	t.Setenv("JOB_COMPLETION_INDEX", "1")
	wantBadInput(t, "--shards", "", "octal", "scan", "0.??")
	wantBadInput(t, "below the number of shards", "", "octal", "scan", "0.??", "--shards", "1")
	v := decodeJSON(t, "", "octal", "scan", "0.?", "--to", "100", "--shards", "2")
	if v["shard"] != "1/2" {
		t.Fatalf("shard from JOB_COMPLETION_INDEX: %v", v["shard"])
	}
	t.Setenv("JOB_COMPLETION_INDEX", "")
	t.Setenv("SLURM_ARRAY_TASK_ID", "7")
	t.Setenv("SLURM_ARRAY_TASK_COUNT", "4")
	t.Setenv("SLURM_ARRAY_TASK_MIN", "4")
	v = decodeJSON(t, "", "octal", "scan", "0.?", "--to", "100")
	if v["shard"] != "3/4" {
		t.Fatalf("shard from a Slurm array 4-7: %v", v["shard"])
	}
	t.Setenv("SLURM_ARRAY_TASK_ID", "8")
	wantBadInput(t, "below the number of shards", "", "octal", "scan", "0.?")
}

// TestScanShardsCoverAndSkip: the shards of a scan together store every code once; a scan saved
// again computes nothing it has stored, and a longer --to computes again.
func TestScanShardsCoverAndSkip(t *testing.T) {
	t.Setenv("GRUNDY_DB", "")
	db := filepath.Join(t.TempDir(), "cat.db")
	total := 0
	for i := range 3 {
		v := decodeJSON(t, "", "octal", "scan", "0.?7", "--to", "600", "--save", "--db", db, "--shard", fmt.Sprintf("%d/3", i))
		total += len(v["games"].([]any))
	}
	whole := decodeJSON(t, "", "octal", "scan", "0.?7", "--to", "600")
	if n := len(whole["games"].([]any)); total != n || n != 8 {
		t.Fatalf("the shards did %d codes, the whole scan %d", total, n)
	}
	cat := decodeJSON(t, "", "octal", "catalogue", "--db", db)
	if n := len(cat["games"].([]any)); n != 8 {
		t.Fatalf("catalogue: %d rows", n)
	}
	// Saved again: every row comes from the catalogue, and the table is the same.
	_, errOut, code := runCLI(t, "", "octal", "scan", "0.?7", "--to", "600", "--save", "--db", db, "--shard", "0/1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if m := summaryRE.FindStringSubmatch(errOut); m == nil || m[3] != "0" || m[4] != "8" {
		t.Fatalf("rescan summary: %q", errOut)
	}
	// A longer --to recomputes the codes not proved by 600 (and only those).
	unsolved := decodeJSON(t, "", "octal", "catalogue", "--db", db, "--unsolved")
	_, errOut, _ = runCLI(t, "", "octal", "scan", "0.?7", "--to", "700", "--save", "--db", db, "--shard", "0/1")
	m := summaryRE.FindStringSubmatch(errOut)
	if m == nil || m[3] != strconv.Itoa(len(unsolved["games"].([]any))) {
		t.Fatalf("longer scan: %q; unsolved before: %v", errOut, unsolved)
	}
}

// TestCatalogueFiltersAndFormats: --pattern, --solved/--unsolved, CSV and the Flammenkamp layout.
func TestCatalogueFiltersAndFormats(t *testing.T) {
	t.Setenv("GRUNDY_DB", "")
	db := filepath.Join(t.TempDir(), "cat.db")
	decodeJSON(t, "", "octal", "scan", "0.?", "--to", "300", "--save", "--db", db)
	decodeJSON(t, "", "octal", "scan", "0.1?", "--to", "300", "--save", "--db", db)
	count := func(args ...string) int {
		t.Helper()
		return len(decodeJSON(t, "", append([]string{"octal", "catalogue", "--db", db}, args...)...)["games"].([]any))
	}
	all, solved, unsolved := count(), count("--solved"), count("--unsolved")
	if all != 15 || solved+unsolved != all || unsolved == 0 || solved == 0 {
		t.Fatalf("all %d, solved %d, unsolved %d", all, solved, unsolved)
	}
	if n := count("--pattern", "0.1?"); n != 8 {
		t.Fatalf("--pattern 0.1?: %d rows", n)
	}
	if n := count("--pattern", "0.16"); n != 1 {
		t.Fatalf("--pattern 0.16: %d rows", n)
	}
	wantBadInput(t, "exclude each other", "", "octal", "catalogue", "--db", db, "--solved", "--unsolved")
	wantBadInput(t, "--format", "", "octal", "catalogue", "--db", db, "--format", "xml")
	wantBadInput(t, "--pattern", "", "octal", "catalogue", "--db", db, "--pattern", "0.?9")
	out, _, code := runCLI(t, "", "octal", "catalogue", "--db", db, "--format", "csv", "--pattern", "0.?7")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || lines[0] != "code,period,preperiod,proved,computed_to,max_value,rare_mask,method,seconds,saved_at" || len(lines) != 2 ||
		!strings.HasPrefix(lines[1], "0.17,34,33,true,") {
		t.Fatalf("csv: exit %d\n%s", code, out)
	}
	out, _, code = runCLI(t, "", "octal", "catalogue", "--db", db, "--format", "flammenkamp", "--pattern", "0.1?")
	if code != 0 || !strings.Contains(out, "\n.17 ") || !regexp.MustCompile(`\n\.16 +\? +\? +\d+ +\S+  open, computed to n=300`).MatchString(out) {
		t.Fatalf("flammenkamp:\n%s", out)
	}
	if v := decodeJSON(t, "", "octal", "catalogue", "--db", db, "--format", "json", "--pattern", "0.7"); len(v["games"].([]any)) != 1 {
		t.Fatalf("--format json: %v", v)
	}
}
