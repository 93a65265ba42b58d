package octal

import (
	"bufio"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"grundy/internal/refdata"
)

func compute(t *testing.T, code string, opt Options) *Result {
	t.Helper()
	c, err := Parse(code)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Compute(context.Background(), c, opt)
	if err != nil {
		t.Fatalf("%s: %v", code, err)
	}
	return res
}

func TestPeriodFamous(t *testing.T) {
	for _, tc := range []struct {
		code              string
		period, preperiod int
	}{
		{".77", 12, 71},    // Kayles (OEIS A002186: periodic from n = 71)
		{".07", 34, 53},    // Dawson's Kayles
		{".137", 34, 52},   // Dawson's chess (OEIS A002187: last exception n = 51)
		{".4", 34, 54},     // values a(n−2) of A002187
		{"4.4", 12, 72},    // values a(n−1) of A002186
		{".7777", 24, 142}, // Double Kayles (OEIS A071074: last exception 141)
		{".17", 34, 33},
		{".1137", 60, 14},
		{".117", 48, 47},
		{".177", 20, 497},
		{".1177", 148, 258},
		{".11377", 32, 187},
		{".113377", 36, 211},
		{".1377", 24, 141},
		{".45", 20, 498},    // TCZ solved games: prefix 498
		{".156", 349, 3479}, // Kenyon 1967
		{".356", 142, 7315}, // Austin 1976
		{".644", 442, 3256},
		{".165", 1550, 5181},
		{"4.344", 51, 998},
		{"4.364", 62, 11687},
	} {
		c := MustParse(tc.code)
		need := 2*max(tc.preperiod, 1) + 2*tc.period + c.LastDigit()
		if raceEnabled && need > 5000 {
			continue // the race detector makes these slow; they run without it
		}
		res := compute(t, tc.code, Options{To: 1 << 22})
		if !res.Proved || res.Period != tc.period || res.Preperiod != tc.preperiod {
			t.Errorf("%s: period %d preperiod %d proved %v (computed to %d, %s); want %d, %d, proved",
				tc.code, res.Period, res.Preperiod, res.Proved, res.ComputedTo, res.Method, tc.period, tc.preperiod)
			continue
		}
		// It stopped as soon as the theorem allowed: the values needed are g(0..2·n0+2p+t−1).
		if res.ComputedTo+1 != need {
			t.Errorf("%s: computed to %d, the proof needs g(0..%d)", tc.code, res.ComputedTo, need-1)
		}
	}
}

// TestPeriodTrivialGames checks every game of Tomek Czajka's table of trivial games: prefix
// (= preperiod), period and the values themselves.
func TestPeriodTrivialGames(t *testing.T) {
	f, err := os.Open(refdata.Path(t, "tczajka/TrivialGames.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	rows := 0
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "|")
		if len(fields) != 4 {
			continue
		}
		game := strings.TrimSpace(fields[0])
		prefix, err1 := strconv.Atoi(strings.TrimSpace(fields[1]))
		period, err2 := strconv.Atoi(strings.TrimSpace(fields[2]))
		if err1 != nil || err2 != nil {
			continue
		}
		if !strings.Contains(game, ".") {
			game += ".0"
		}
		rows++
		nimbers := strings.NewReplacer("(", "", ")", "").Replace(strings.TrimSpace(fields[3]))
		res := compute(t, game, Options{To: 1 << 20})
		if !res.Proved || res.Period != period || res.Preperiod != prefix {
			t.Errorf("%s: period %d preperiod %d proved %v; TCZ: prefix %d period %d", game, res.Period, res.Preperiod, res.Proved, prefix, period)
		}
		for i, ch := range nimbers {
			want, _ := strconv.ParseUint(string(ch), 36, 32)
			if v, ok := res.Value(i); !ok || uint64(v) != want {
				t.Errorf("%s: g(%d) = %d, TCZ %d", game, i, v, want)
				break
			}
		}
	}
	if rows < 60 {
		t.Fatalf("read only %d rows of TrivialGames", rows)
	}
}

// TestProvedPeriodsHoldFurther: whenever Compute claims a proof, the reference computed well past
// the point where Compute stopped keeps the period. All 1- and 2-digit octal codes and some
// hexadecimal codes that leave three heaps.
func TestProvedPeriodsHoldFurther(t *testing.T) {
	codes := append(allCodes(1), allCodes(2)...)
	for _, s := range []string{"x0.8", "x0.c", "x0.9", "x0.f", "x4.8", "x8.0", "x0.18", "x0.08", "xc.0", "x0.88"} {
		codes = append(codes, MustParse(s))
	}
	proved, hexProved := 0, 0
	for _, c := range codes {
		to := 3000
		if c.MaxHeaps() == 3 {
			to = 400
		}
		res, err := Compute(context.Background(), c, Options{To: to})
		if err != nil {
			t.Fatal(err)
		}
		if !res.Proved {
			continue
		}
		proved++
		if c.MaxHeaps() == 3 {
			hexProved++
		}
		far := 2*res.ComputedTo + 200
		if c.MaxHeaps() == 3 {
			far = res.ComputedTo + 200
		}
		g, _ := Reference(context.Background(), c, far)
		for n := res.Preperiod; n+res.Period <= far; n++ {
			if g[n] != g[n+res.Period] {
				t.Fatalf("%v: proved period %d from %d, but g(%d) = %d ≠ g(%d) = %d", c, res.Period, res.Preperiod, n, g[n], n+res.Period, g[n+res.Period])
			}
		}
		if res.Preperiod > 0 && g[res.Preperiod-1] == g[res.Preperiod-1+res.Period] {
			t.Fatalf("%v: preperiod %d is not the least", c, res.Preperiod)
		}
	}
	if hexProved < 2 { // x0.f and x4.8: period 2
		t.Fatalf("only %d three-heap codes proved", hexProved)
	}
	if proved < 100 {
		t.Fatalf("only %d of %d codes proved", proved, len(codes))
	}
	t.Logf("%d of %d codes proved and checked", proved, len(codes))
}
