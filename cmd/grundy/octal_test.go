package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"grundy/octal"
)

func TestOctalKaylesJSON(t *testing.T) {
	v := decodeJSON(t, "", "octal", ".77", "--to", "1000")
	if v["code"] != "0.77" || v["period"] != 12.0 || v["preperiod"] != 71.0 || v["proved"] != true || v["computed_to"] != 167.0 {
		t.Fatalf("Kayles: %v", v)
	}
	want, err := octal.Reference(context.Background(), octal.MustParse(".77"), 1000)
	if err != nil {
		t.Fatal(err)
	}
	vals := v["values"].([]any)
	if len(vals) != 1001 {
		t.Fatalf("%d values, want 1001", len(vals))
	}
	for i, x := range vals {
		if x != float64(want[i]) {
			t.Fatalf("g(%d) = %v, want %d", i, x, want[i])
		}
	}
}

func TestOctalSummaryAndText(t *testing.T) {
	v := decodeJSON(t, "", "octal", ".07", "--summary")
	if _, ok := v["values"]; ok || v["period"] != 34.0 || v["preperiod"] != 53.0 || v["proved"] != true {
		t.Fatalf("Dawson's Kayles --summary: %v", v)
	}
	// Not enough heaps for a proof: no period, and the JSON says null.
	v = decodeJSON(t, "", "octal", ".77", "--to", "100")
	if v["period"] != nil || v["preperiod"] != nil || v["proved"] != false || len(v["values"].([]any)) != 101 {
		t.Fatalf("Kayles to 100: %v", v)
	}
	out, _, code := runCLI(t, "", "octal", "0.16", "--summary")
	if code != 0 || !strings.Contains(out, "period       149459, preperiod 105351 (proved") || !strings.Contains(out, "rare mask 1e") {
		t.Fatalf("0.16: exit %d\n%s", code, out)
	}
	out, _, code = runCLI(t, "", "octal", "grundy", "--to", "12")
	if code != 0 || !strings.Contains(out, "g(0..): 0 0 0 1 0 2 1 0 2 1 0 2 1\n") {
		t.Fatalf("grundy: exit %d\n%s", code, out)
	}
}

// TestOctalStatistics checks that --summary --json and the text carry octal.Statistics (whose
// figures octal's tests check against T. Czajka's table).
func TestOctalStatistics(t *testing.T) {
	res, err := octal.Compute(context.Background(), octal.GrundysGame(), octal.Options{To: 5000, KeepGoing: true})
	if err != nil {
		t.Fatal(err)
	}
	st := res.Statistics()
	if st.RareMask == 0 || st.Heaps != 5001 {
		t.Fatalf("Grundy's game to 5000: %+v", st)
	}
	v := decodeJSON(t, "", "octal", "grundy", "--to", "5000", "--summary")
	want := map[string]any{"heaps": 5001.0, "largest": float64(st.Largest), "largest_at": float64(st.LargestAt),
		"rare_mask": float64(st.RareMask), "rare": float64(st.Rare), "last_rare": float64(st.LastRare)}
	if got := v["statistics"]; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("statistics %v, want %v", got, want)
	}
	out, _, code := runCLI(t, "", "octal", "grundy", "--to", "5000", "--summary")
	line := fmt.Sprintf("statistics   heaps 0..5000: largest %d at %d, rare mask %x, %d rare (heap 0 included), last rare %d\n",
		st.Largest, st.LargestAt, st.RareMask, st.Rare, st.LastRare)
	if code != 0 || !strings.Contains(out, line) {
		t.Fatalf("exit %d\n%s\nwant the line %s", code, out, line)
	}
}

func TestOctalBadInput(t *testing.T) {
	wantBadInput(t, "not octal", "", "octal", "0.8")
	wantBadInput(t, "d0 = 1", "", "octal", "1.7")
	wantBadInput(t, "empty code", "", "octal", "")
	wantBadInput(t, "repeat notation", "", "octal", "0.[3]")
	wantBadInput(t, "not a number", "", "octal", ".07", "--to", "1e9")
	wantBadInput(t, "memory limit of 1.0 GiB", "", "octal", ".07", "--to", "1000000000000", "--max-memory", "1G")
	wantBadInput(t, "--max-memory", "", "octal", ".07", "--max-memory", "lots")
	wantBadInput(t, "--method", "", "octal", ".07", "--method", "magic")
	wantBadInput(t, "--no-stop needs --to", "", "octal", ".07", "--no-stop")
	wantBadInput(t, "takes 1 argument", "", "octal")
	wantBadInput(t, "more than 4096 codes", "", "octal", "scan", "0.?????")
	wantBadInput(t, "not octal", "", "octal", "scan", "0.?8")
}

func TestOctalValuesFileCheckpointResume(t *testing.T) {
	dir := t.TempDir()
	vf, cp := filepath.Join(dir, "values.txt"), filepath.Join(dir, "run.ckpt")
	// An interrupted run (its context is already cancelled) still writes what was asked.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut bytes.Buffer
	code := run(ctx, []string{"octal", ".16", "--to", "4000", "--no-stop", "--summary", "--checkpoint", cp}, nil, &out, &errOut)
	if code != exitInternal || !strings.Contains(errOut.String(), "interrupted at heap") || !strings.Contains(errOut.String(), "--resume "+cp) {
		t.Fatalf("interrupted run: exit %d, stderr %q", code, errOut.String())
	}
	saved, err := octal.LoadFile(cp, 0)
	if err != nil || saved.Len() < 2 || saved.Len() > 4001 {
		t.Fatalf("checkpoint after interrupt: %v (%d values)", err, saved.Len())
	}
	// Resume to 4000 and write the values file.
	v := decodeJSON(t, "", "octal", ".16", "--to", "4000", "--no-stop", "--summary", "--resume", cp, "--checkpoint", cp, "--values-file", vf)
	if v["computed_to"] != 4000.0 {
		t.Fatalf("resumed: %v", v)
	}
	want, _ := octal.Reference(context.Background(), octal.MustParse(".16"), 4000)
	b, err := os.ReadFile(vf)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(lines) != 4001 {
		t.Fatalf("values file: %d lines", len(lines))
	}
	for i, line := range lines {
		var n int
		var g uint32
		if _, err := fmtSscan(line, &n, &g); err != nil || n != i || g != want[i] {
			t.Fatalf("values file line %d: %q, want %d %d", i, line, i, want[i])
		}
	}
	if saved, err = octal.LoadFile(cp, 0); err != nil || saved.Len() != 4001 {
		t.Fatalf("final checkpoint: %v", err)
	}
	wantBadInput(t, "is of 0.16, not 0.07", "", "octal", ".07", "--resume", cp)
	os.WriteFile(cp, []byte("garbage"), 0o644)
	wantBadInput(t, "not a valid octal checkpoint", "", "octal", ".16", "--resume", cp)
}

func TestOctalSaveCatalogueScan(t *testing.T) {
	db := filepath.Join(t.TempDir(), "cat.db")
	v := decodeJSON(t, "", "octal", ".77", "--summary", "--save", "--db", db)
	if v["saved"] != true {
		t.Fatalf("--save: %v", v)
	}
	v = decodeJSON(t, "", "octal", "scan", "0.?7", "--to", "3000", "--save", "--db", db)
	games := v["games"].([]any)
	if len(games) != 8 {
		t.Fatalf("scan 0.?7: %d games", len(games))
	}
	byCode := map[string]map[string]any{}
	for _, g := range games {
		m := g.(map[string]any)
		byCode[m["code"].(string)] = m
	}
	if k := byCode["0.77"]; k["period"] != 12.0 || k["preperiod"] != 71.0 || k["proved"] != true {
		t.Fatalf("scan row of 0.77: %v", k)
	}
	if k := byCode["0.07"]; k["period"] != 34.0 || k["preperiod"] != 53.0 || k["proved"] != true {
		t.Fatalf("scan row of 0.07: %v", k)
	}
	v = decodeJSON(t, "", "octal", "catalogue", "--db", db)
	if rows := v["games"].([]any); len(rows) != 8 {
		t.Fatalf("catalogue: %d rows: %v", len(rows), rows)
	}
	out, _, code := runCLI(t, "", "octal", "scan", "0.?", "--to", "500")
	if code != 0 || !strings.Contains(out, "0.4") || !strings.Contains(out, "        34         54 true") {
		t.Fatalf("scan text: exit %d\n%s", code, out)
	}
}

func TestOctalProgress(t *testing.T) {
	_, errOut, code := runCLI(t, "", "octal", ".16", "--summary", "--progress")
	if code != 0 || !strings.Contains(errOut, "heaps") {
		t.Fatalf("--progress: exit %d, stderr %q", code, errOut)
	}
}

func fmtSscan(s string, a ...any) (int, error) { return fmt.Sscan(s, a...) }

func TestSeqTakeAndBreakNames(t *testing.T) {
	g := decodeJSON(t, "", "seq", "grundy-game", "--to", "20")
	vals, _ := g["values"].([]any)
	want := []float64{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0} // A002188
	if len(vals) != len(want) {
		t.Fatalf("grundy-game values %v", vals)
	}
	for i, v := range want {
		if vals[i] != v {
			t.Fatalf("grundy-game g(%d) = %v, want %v", i, vals[i], v)
		}
	}
	k := decodeJSON(t, "", "seq", "kayles", "--to", "200", "--summary")
	if k["period"] != 12.0 || k["preperiod"] != 71.0 || k["proved"] != true {
		t.Fatalf("kayles: %v", k)
	}
	wantBadInput(t, "takes no flags", "", "seq", "kayles", "--to", "10", "--k", "2")
}

// TestOctalDefaultWorkers: without --workers, grundy octal uses every core the process may (GOMAXPROCS)
// up to eight, and the values of a run that speculates with those workers are one core's.
func TestOctalDefaultWorkers(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, n := range []int{1, 2, 3, 8, 16} {
		runtime.GOMAXPROCS(n)
		if got := defaultOctalWorkers(); got != min(n, 8) {
			t.Errorf("GOMAXPROCS %d: %d workers by default, want %d", n, got, min(n, 8))
		}
	}
	runtime.GOMAXPROCS(16) // eight workers: seven verifiers, far marks ahead
	many := decodeJSON(t, "", "octal", "0.6", "--to", "300000", "--summary")
	one := decodeJSON(t, "", "octal", "0.6", "--to", "300000", "--summary", "--workers", "1")
	for _, k := range []string{"max_value", "rare_mask", "rare_count", "statistics"} {
		if fmt.Sprint(many[k]) != fmt.Sprint(one[k]) {
			t.Fatalf("%s: %v by default with GOMAXPROCS 16, %v on one core", k, many[k], one[k])
		}
	}
}
