package query

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"grundy/internal/cliarg"
)

// BenchmarkNimBatch measures `grundy nim mul --batch` in process on 100,000 random 64-bit pairs
// (parse, multiply, format); ns/op is per line. scripts/bench-nim-batch.sh compares the whole
// program with the seed's C++ program.
func BenchmarkNimBatch(b *testing.B) {
	const lines = 100000
	rng := rand.New(rand.NewPCG(5, 6))
	var in bytes.Buffer
	for range lines {
		fmt.Fprintf(&in, "%d %d\n", rng.Uint64(), rng.Uint64())
	}
	data := in.Bytes()
	b.SetBytes(int64(len(data)) / lines)
	for b.Loop() {
		if err := NimBatch(context.Background(), bytes.NewReader(data), io.Discard, false); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/lines, "ns/line")
}

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
