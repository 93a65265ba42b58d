package octal

import (
	"bufio"
	"context"
	"math/bits"
	"os"
	"strconv"
	"strings"
	"testing"

	"grundy/internal/refdata"
)

// czajkaRows reads the rows with figures of T. Czajka's unsolved-games table.
func czajkaRows(t *testing.T) map[string][]string {
	t.Helper()
	f, err := os.Open(refdata.Path(t, "tczajka/UnsolvedGames.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows := map[string][]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cells := strings.Split(sc.Text(), "|")
		if len(cells) != 7 || strings.HasPrefix(cells[1], " -") || strings.TrimSpace(cells[0]) == "game" {
			continue
		}
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		rows[cells[0]] = cells
	}
	return rows
}

// TestStatisticsCzajka reproduces every row with figures of Czajka's unsolved-games table.
func TestStatisticsCzajka(t *testing.T) {
	rows := czajkaRows(t)
	for _, tc := range []struct{ row, code string }{
		{"Grundy's", "grundy"}, {".6", "0.6"}, {".04", "0.04"}, {".06", "0.06"},
	} {
		cells, ok := rows[tc.row]
		if !ok {
			t.Fatalf("no row %q in the table", tc.row)
		}
		e, err := strconv.Atoi(strings.TrimPrefix(cells[1], "2^"))
		if err != nil {
			t.Fatalf("row %q: n = %q", tc.row, cells[1])
		}
		n := 1 << e
		// Grundy's game and Officers to 2^21 take seconds; 0.04 and 0.06 have no sparse space (the
		// quadratic loop: about a minute of two cores each), so they run with -octal.long only.
		if testing.Short() || raceEnabled || n <= 1<<17 && !*long {
			t.Logf("%s to 2^%d skipped (-short, -race, or without -octal.long)", tc.code, e)
			continue
		}
		res := compute(t, tc.code, Options{To: n - 1, KeepGoing: true})
		got := res.Statistics()
		want := Statistics{Heaps: n}
		want.LargestAt, _ = strconv.Atoi(cells[2])
		largest, _ := strconv.Atoi(cells[3])
		mask, _ := strconv.ParseUint(cells[4], 16, 32)
		want.Largest, want.RareMask = uint32(largest), uint32(mask)
		want.Rare, _ = strconv.Atoi(cells[5])
		want.LastRare, _ = strconv.Atoi(cells[6])
		if got != want {
			t.Errorf("%s to 2^%d: %+v, want %+v", tc.code, e, got, want)
		}
		// The engine's list of rare heaps (r ≥ 1) is one shorter, under the same mask.
		if res.RareMask == want.RareMask && res.Rare != want.Rare-1 {
			t.Errorf("%s: the engine has %d rare heaps ≥ 1, want %d", tc.code, res.Rare, want.Rare-1)
		}
	}
}

// TestStatisticsFlammenkamp checks Grundy's game's sparse values as A. Flammenkamp lists them (the
// heaps whose value has an even number of ones apart from the lowest bit: mask …11110), and that
// mask is the statistics' mask.
func TestStatisticsFlammenkamp(t *testing.T) {
	f, err := os.Open(refdata.Path(t, "flammenkamp/grundy_game_sparse_values_excerpt.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var heaps []int
	want := map[int]uint32{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		var h, v int
		if _, err := fmtSscan(line, &h, &v); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		heaps = append(heaps, h)
		want[h] = uint32(v)
	}
	if len(heaps) < 40 {
		t.Fatalf("only %d sparse values read", len(heaps))
	}
	last := heaps[len(heaps)-1]
	// From 2^16 heaps on, the statistics' mask is Flammenkamp's (at a few thousand heaps 7e
	// still makes fewer values rare); under the race detector only the values are checked.
	to, mask := 1<<16, uint32(0xfe)
	if raceEnabled {
		to = last
	}
	res := compute(t, "grundy", Options{To: to, KeepGoing: true})
	if st := res.Statistics(); !raceEnabled && st.RareMask != mask {
		t.Fatalf("mask %x, want fe", st.RareMask)
	}
	var got []int
	for h := 0; h <= last; h++ {
		v, _ := res.Value(h)
		if bits.OnesCount32(v&mask)%2 == 0 {
			got = append(got, h)
			if w, ok := want[h]; ok && w != v {
				t.Errorf("g(%d) = %d, Flammenkamp has %d", h, v, w)
			}
		}
	}
	if strings.Trim(strings.Join(strings.Fields(fmtInts(got)), " "), " ") != fmtInts(heaps) {
		t.Errorf("rare heaps to %d:\n%v\nFlammenkamp:\n%v", last, got, heaps)
	}
}

func fmtSscan(s string, a, b *int) (int, error) {
	f := strings.Fields(s)
	if len(f) != 2 {
		return 0, strconv.ErrSyntax
	}
	var err error
	if *a, err = strconv.Atoi(f[0]); err != nil {
		return 0, err
	}
	if *b, err = strconv.Atoi(f[1]); err != nil {
		return 1, err
	}
	return 2, nil
}

func fmtInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, " ")
}

// TestStatisticsDefinition checks statistics against a count from the definition (every mask
// tried) on every 1- and 2-digit code.
func TestStatisticsDefinition(t *testing.T) {
	for _, c := range allCodes(2) {
		g, err := Reference(context.Background(), c, 400)
		if err != nil {
			t.Fatal(err)
		}
		got := statistics(len(g), whole(g), whole(g))
		want := Statistics{Heaps: len(g), Rare: len(g) + 1}
		for i, v := range g {
			if v > want.Largest {
				want.Largest, want.LargestAt = v, i
			}
		}
		for m := uint32(0); m < 1<<bits.Len32(want.Largest); m++ {
			rare, last := 0, 0
			for i, v := range g {
				if bits.OnesCount32(v&m)%2 == 0 {
					rare, last = rare+1, i
				}
			}
			if rare < want.Rare {
				want.Rare, want.RareMask, want.LastRare = rare, m, last
			}
		}
		if got != want {
			t.Errorf("%v: %+v, want %+v", c, got, want)
		}
	}
}
