package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestOctalResumeReportsTheRun (issue 13): resuming from a checkpoint longer than --to prints and
// stores what a fresh run to --to gives, not the checkpoint's statistics.
func TestOctalResumeReportsTheRun(t *testing.T) {
	dir := t.TempDir()
	cp, db := filepath.Join(dir, "s.ckpt"), filepath.Join(dir, "cat.db")
	if _, errOut, code := runCLI(t, "", "octal", "0.1777", "--to", "1000000", "--summary", "--checkpoint", cp); code != 0 {
		t.Fatalf("checkpoint run: exit %d %s", code, errOut)
	}
	fresh := decodeJSON(t, "", "octal", "0.1777", "--to", "1000")
	resumed := decodeJSON(t, "", "octal", "0.1777", "--to", "1000", "--resume", cp, "--save", "--db", db)
	for _, k := range []string{"computed_to", "max_value", "rare_mask", "rare_count", "method", "period", "proved", "values"} {
		if f, r := jsonText(t, fresh[k]), jsonText(t, resumed[k]); f != r {
			t.Errorf("%s: resumed %s, fresh %s", k, r, f)
		}
	}
	if fresh["max_value"] != 32.0 || fresh["rare_mask"] != 29.0 || fresh["rare_count"] != 17.0 {
		t.Errorf("fresh run to 1000: %v %v %v, want 32 29 17 (issue 13)", fresh["max_value"], fresh["rare_mask"], fresh["rare_count"])
	}
	rows := decodeJSON(t, "", "octal", "catalogue", "--db", db)["games"].([]any)
	row := rows[0].(map[string]any)
	if len(rows) != 1 || row["computed_to"] != 1000.0 || row["max_value"] != 32.0 || row["rare_mask"] != 29.0 {
		t.Errorf("catalogue row: %v", rows)
	}
	// The checkpoint keeps all it knew: the run used only a prefix of it.
	if _, errOut, code := runCLI(t, "", "octal", "0.1777", "--to", "1000", "--resume", cp, "--checkpoint", cp, "--summary"); code != 0 {
		t.Fatalf("resume into the same checkpoint: %s", errOut)
	}
	if v := decodeJSON(t, "", "octal", "0.1777", "--to", "1000000", "--resume", cp, "--summary"); v["computed_to"] != 1000000.0 {
		t.Errorf("the checkpoint lost values: %v", v["computed_to"])
	}
}

// TestOctalUnwritableCheckpoint (issue 13): a --checkpoint or --values-file that cannot be
// written is found before the computation, as bad input.
func TestOctalUnwritableCheckpoint(t *testing.T) {
	dir := t.TempDir()
	start := time.Now()
	// 0.1777 without --to runs for hours: only a check before it can answer at once.
	wantBadInput(t, "--checkpoint", "", "octal", "0.1777", "--checkpoint", filepath.Join(dir, "no", "such", "dir", "c.ckpt"))
	wantBadInput(t, "is a directory", "", "octal", "0.1777", "--checkpoint", dir)
	wantBadInput(t, "--values-file", "", "octal", "0.1777", "--values-file", filepath.Join(dir, "missing", "v.txt"))
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("the checks took %v: not before the computation", d)
	}
	_, errOut, _ := runCLI(t, "", "octal", "0.1777", "--checkpoint", filepath.Join(dir, "no", "c.ckpt"))
	if !strings.Contains(errOut, "no such file or directory") {
		t.Errorf("message %q", errOut)
	}
}

func jsonText(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
