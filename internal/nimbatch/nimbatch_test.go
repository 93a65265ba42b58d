package nimbatch

import (
	"context"
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"grundy/internal/cliarg"
	"grundy/nimber"
)

func TestAppendDecimal(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 100000 {
		v := rng.Uint64() >> rng.UintN(64)
		if i < 200 {
			v = uint64(i)
		}
		if got := string(appendDecimal(nil, v)); got != strconv.FormatUint(v, 10) {
			t.Fatalf("appendDecimal(%d) = %s", v, got)
		}
	}
	if string(appendDecimal([]byte("x"), 1<<64-1)) != "x18446744073709551615" {
		t.Fatal("max")
	}
}

// FuzzParsePair checks the batch parser against strings.Fields and cliarg.Uint64: the same lines
// must be accepted, with the same numbers.
func FuzzParsePair(f *testing.F) {
	for _, s := range []string{"1 2", "0x10 0XfF\r\n", "  3\t4  ", "", "1", "1 2 3", "-1 2", "18446744073709551615 1",
		"18446744073709551616 1", "0x 1", "00 0x0", "1\r2", "1 2\r", "\t\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if strings.Contains(s, "\n") && !strings.HasSuffix(s, "\n") {
			return // ReadSlice hands the parser one line at a time
		}
		x, y, blank, msg := parsePair([]byte(s))
		line := s
		if strings.HasSuffix(line, "\n") {
			line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
		}
		if strings.ContainsAny(line, "\n") || strings.ContainsAny(line, "\r\v\f") || strings.ContainsRune(line, 0x85) || strings.ContainsRune(line, 0xa0) {
			if msg == "" && !blank {
				// Other white space is not a separator: the reference below would split on it.
				for _, r := range line {
					if r == '\r' || r == '\v' || r == '\f' || r == 0x85 || r == 0xa0 {
						t.Fatalf("%q accepted despite %q", s, r)
					}
				}
			}
			return
		}
		fields := strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == '\t' })
		if len(fields) == 0 {
			if !blank || msg != "" {
				t.Fatalf("%q: blank=%v msg=%q", s, blank, msg)
			}
			return
		}
		var want []uint64
		ok := len(fields) == 2
		for _, fl := range fields {
			v, err := cliarg.Uint64(fl)
			if err != nil {
				ok = false
			}
			want = append(want, v)
		}
		if ok != (msg == "") || blank {
			t.Fatalf("%q: parsePair msg %q blank %v, reference ok %v", s, msg, blank, ok)
		}
		if ok && (x != want[0] || y != want[1]) {
			t.Fatalf("%q: got %d %d, want %v", s, x, y, want)
		}
	})
}

// TestRun checks the products against nimber.Mul across chunk boundaries, and that a bad line
// stops the run after the products of the lines before it, naming its number.
func TestRun(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var in strings.Builder
	var want []string
	for i := range Chunk + 10 {
		x, y := rng.Uint64()>>rng.UintN(64), rng.Uint64()
		if i%1000 == 0 {
			in.WriteString("\n") // blank lines are skipped
		}
		in.WriteString(strconv.FormatUint(x, 10) + "\t0x" + strconv.FormatUint(y, 16) + "\n")
		want = append(want, strconv.FormatUint(nimber.Mul(x, y), 10))
	}
	got, err := Decimals(context.Background(), strings.NewReader(in.String()))
	if err != nil || strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("Decimals: %d products, err %v", len(got), err)
	}
	var out strings.Builder
	err = WriteText(context.Background(), strings.NewReader(in.String()+"1 2 3\n4 5\n"), &out)
	var le *LineError
	if !errors.As(err, &le) || le.Line != Chunk+10+5+1 || out.String() != strings.Join(want, "\n")+"\n" {
		t.Fatalf("bad line: %v, %d bytes written", err, out.Len())
	}
}
