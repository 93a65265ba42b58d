package misere

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"maps"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"grundy/octal"
)

// Dawson's Kayles at heap 34 (with -misere.long: about a minute of CPU). With the default limits
// the failure search of its tenth trial passes its step bound and the computation stops there.
// Counting the search's sets as they are kept (compactNodes, still within 256 MiB: about 170 MB
// peak), it goes on for some 70 rounds and meets a run of failures with ever more copies of heaps
// 34 and 30 (34^11·30^8·25·14 by then), whose trials pass the default size limit: Q₃₄(0.07) is
// not known here, and the plain recalibrations would need a larger limit to go on.
func TestDawsonKayles34(t *testing.T) {
	if !*longMisere {
		t.Skip("about a minute of CPU: -misere.long")
	}
	q := compute(t, Octal(octal.MustParse("0.07")), 33)
	_, err := q.extendWith(context.Background(), growth{maxSize: DefaultMaxSize, rounds: maxRounds, accel: true, compactNodes: true})
	var se *SizeError
	if !errors.As(err, &se) || se.Heap != 34 || se.Quotient.Order() != 638 {
		t.Fatalf("0.07 at heap 34: want a size error with the 638 elements through heap 33, got %v", err)
	}
	t.Log(err)
}

var (
	dawson34       = flag.Bool("misere.dawson34", false, "run the bounded search of Q₃₄(0.07) (TestDawsonKayles34Large)")
	dawson34Size   = flag.Int("misere.dawson34-size", 1<<24, "its size limit")
	dawson34Time   = flag.Duration("misere.dawson34-time", 20*time.Minute, "its time limit")
	dawson34Rounds = flag.Int("misere.dawson34-rounds", 4096, "its limit on recalibrations")
)

// TestDawsonKayles34Large goes on from Q₃₃(0.07) (638 elements) at heap 34 with plain
// recalibrations (no acceleration), compact search sets, and limits on rounds (4096), size (2^24)
// and time (-misere.dawson34-rounds, -misere.dawson34-size, -misere.dawson34-time; run under
// ulimit -v to bound its memory). It logs every failing trial: its order and its least failure f
// with f's true outcome. Since f is the least failure in the multiset order that counts the
// largest heaps first, every sum before it is labelled right by the trial; f' = f less one heap 34
// is such a sum, so o(f') is the trial's label of f'. When that differs from o(f), and f =
// 34^a·30^b·R with a, b ≥ 1, then Z = 30^(b−1)·R tells 34^(a−1)·30 from 34^a·30 in the quotient
// of heaps 0..34: the logged witnesses. The docs (doc.go) say what it found.
func TestDawsonKayles34Large(t *testing.T) {
	if !*dawson34 {
		t.Skip("a long search: -misere.dawson34")
	}
	q := compute(t, Octal(octal.MustParse("0.07")), 33)
	ctx, cancel := context.WithTimeout(context.Background(), *dawson34Time)
	defer cancel()
	start := time.Now()
	witnessed := map[int]string{}
	trace := func(round int, tr *Quotient, f []int32, wantP, accel bool) {
		name := sumName(f)
		line := fmt.Sprintf("round %d (%.0fs): trial |T| = %d, least failure %s is %s", round, time.Since(start).Seconds(), tr.Order(), name, outcome(wantP))
		if len(f) > 34 && f[34] >= 1 && f[30] >= 1 {
			g := slices.Clone(f)
			g[34]--
			if gp := tr.isP[tr.fold(0, heapsOf(g))]; gp != wantP {
				z := slices.Clone(f)
				z[34], z[30] = 0, z[30]-1
				witnessed[int(f[34])-1] = sumName(z)
				line += fmt.Sprintf("; %s is %s: Z = %s tells 34^%d·30 from 34^%d·30", sumName(g), outcome(gp), sumName(z), f[34]-1, f[34])
			}
		}
		t.Log(line)
	}
	var ms runtime.MemStats
	next, err := q.extendWith(ctx, growth{maxSize: *dawson34Size, rounds: *dawson34Rounds, compactNodes: true, trace: trace})
	runtime.ReadMemStats(&ms)
	t.Logf("after %.0fs (heap in use %d MiB, from the system %d MiB): %v", time.Since(start).Seconds(), ms.HeapInuse>>20, ms.Sys>>20, err)
	if next != nil {
		t.Logf("Q₃₄(0.07): |Q| = %d, |P| = %d", next.Order(), next.POrder())
	}
	ks := slices.Sorted(maps.Keys(witnessed))
	t.Logf("k with a witness that 34^k·30 and 34^(k+1)·30 differ: %v", ks)
	for _, k := range ks {
		t.Logf("k = %d: Z = %s", k, witnessed[k])
	}
}

// sumName writes a sum given by counts as 34^11·30^8·25·14 (0 for the empty sum).
func sumName(c []int32) string {
	var parts []string
	for h := len(c) - 1; h > 0; h-- {
		switch {
		case c[h] == 1:
			parts = append(parts, fmt.Sprint(h))
		case c[h] > 1:
			parts = append(parts, fmt.Sprintf("%d^%d", h, c[h]))
		}
	}
	if parts == nil {
		return "0"
	}
	return strings.Join(parts, "·")
}
