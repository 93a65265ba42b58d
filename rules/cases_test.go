package rules

import (
	"bufio"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestCases runs testdata/cases.txt: the seeds' and judges' samples, one position a line.
func TestCases(t *testing.T) {
	f, err := os.Open("testdata/cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for line := 1; sc.Scan(); line++ {
		s := strings.TrimSpace(sc.Text())
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		n++
		head, rest, ok1 := strings.Cut(s, " : ")
		pos, want, ok2 := strings.Cut(rest, "=>")
		if !ok1 || !ok2 {
			t.Fatalf("line %d: want RULESET [flags] : POSITION => OUTCOME …, got %q", line, s)
		}
		fields := strings.Fields(head)
		flags := map[string]string{}
		for i := 1; i < len(fields); i++ {
			name := strings.TrimPrefix(fields[i], "--")
			if i+1 < len(fields) && !strings.HasPrefix(fields[i+1], "--") {
				flags[name] = fields[i+1]
				i++
			} else {
				flags[name] = "true"
			}
		}
		r, err := New(fields[0], flags)
		if err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		p, err := r.Parse(strings.Fields(pos))
		if err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		a, err := r.Analyze(context.Background(), p)
		if err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		want = strings.TrimSpace(want)
		first := ""
		if i := strings.Index(want, "first="); i >= 0 {
			want, first = strings.TrimSpace(want[:i]), want[i+len("first="):]
		}
		ws := strings.Fields(want)
		if string(a.Outcome) != ws[0] {
			t.Errorf("line %d: %s: outcome %v, want %s", line, s, a.Outcome, ws[0])
		}
		for _, kv := range ws[1:] {
			k, v, _ := strings.Cut(kv, "=")
			num, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				t.Fatalf("line %d: %q: %v", line, kv, err)
			}
			switch k {
			case "value":
				if !a.HasValue || a.Value != num {
					t.Errorf("line %d: %s: value %d (has %v), want %d", line, s, a.Value, a.HasValue, num)
				}
			case "score":
				if !a.HasScore || a.Score != num {
					t.Errorf("line %d: %s: score %d, want %d", line, s, a.Score, num)
				}
			case "moves":
				if !a.Complete || uint64(len(a.WinningMoves)) != num {
					t.Errorf("line %d: %s: %d winning moves (complete %v), want %d: %v", line, s, len(a.WinningMoves), a.Complete, num, a.WinningMoves)
				}
			default:
				t.Fatalf("line %d: unknown check %q", line, k)
			}
		}
		if first != "" && (len(a.WinningMoves) == 0 || a.WinningMoves[0].Text != first) {
			t.Errorf("line %d: %s: first winning move %v, want %q", line, s, a.WinningMoves, first)
		}
	}
	if n < 40 {
		t.Fatalf("only %d cases read", n)
	}
}
