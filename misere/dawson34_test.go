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
	dawson34Search = flag.Int("misere.dawson34-search-mib", 256, "the memory of its failure searches' sets, MiB")
)

// TestDawsonKayles34Large goes on from Q₃₃(0.07) (638 elements) at heap 34 with plain
// recalibrations (no acceleration), compact search sets, and limits on rounds (4096), size (2^24)
// and time (-misere.dawson34-rounds, -misere.dawson34-size, -misere.dawson34-time; run under
// ulimit -v to bound its memory). It logs every failing trial: its order and its least failure f
// with f's true outcome. Since f is the least failure in the multiset order that counts the
// largest heaps first, every sum before it, in particular every sum with fewer copies of heap 34
// than f, is labelled right by the trial (its label is its true outcome). So for k+1 < f[34], a sum
// Z of heaps ≤ 33 that the trial labels differently with 34^k·30 and with 34^(k+1)·30 (tellApart)
// is a witness that these two are different elements of the quotient of heaps 0..34: the logged
// witnesses. The docs (doc.go) say what it found.
func TestDawsonKayles34Large(t *testing.T) {
	if !*dawson34 {
		t.Skip("a long search: -misere.dawson34")
	}
	q := compute(t, Octal(octal.MustParse("0.07")), 33)
	ctx, cancel := context.WithTimeout(context.Background(), *dawson34Time)
	defer cancel()
	start := time.Now()
	witnessed := map[int]string{}
	var last *Quotient // the last failing trial, and the copies of heap 34 in its least failure
	lastA := 0
	trace := func(round int, tr *Quotient, f []int32, wantP, accel bool) {
		last, lastA = tr, int(f[34])
		t.Logf("round %d (%.0fs): trial |T| = %d, least failure %s is %s", round, time.Since(start).Seconds(), tr.Order(), sumName(f), outcome(wantP))
		// Every sum with fewer copies of heap 34 than f comes before f, so the trial labels it
		// right: the pairs 34^k·30·Z, 34^(k+1)·30·Z with k+1 < f[34] and Z of heaps ≤ 33.
		for k := 0; k+1 < int(f[34]); k++ {
			if _, ok := witnessed[k]; ok {
				continue
			}
			if z := tellApart(tr, 34, 30, k); z != nil {
				witnessed[k] = sumName(z)
				t.Logf("  34^%d·30 and 34^%d·30 differ: Z = %s (%s and %s)", k, k+1, sumName(z),
					outcome(tr.isP[tr.fold(0, heapsOf(withHeaps(z, 34, k, 30)))]), outcome(tr.isP[tr.fold(0, heapsOf(withHeaps(z, 34, k+1, 30)))]))
			}
		}
	}
	var ms runtime.MemStats
	next, err := q.extendWith(ctx, growth{maxSize: *dawson34Size, rounds: *dawson34Rounds, compactNodes: true, searchBytes: *dawson34Search << 20, trace: trace})
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
	// With the last trial: are 34^j·30 and 34^k·30 different for every j < k < lastA? A Z of heaps
	// ≤ 33 and at most lastA−1−k heaps 34 keeps both sums before the least failure, so the trial's
	// labels of them are true outcomes. Then 30 under repeated heaps 34 meets lastA distinct elements
	// before any repeats: the index plus the period of that sequence is at least lastA.
	if last == nil {
		return
	}
	same, pairs, stop := 0, 0, time.Now().Add(5*time.Minute) // the pairs get at most 5 minutes
	for k := 1; k < lastA && time.Now().Before(stop); k++ {
		for j := 0; j < k; j++ {
			pairs++
			z := tellApartPowers(last, 34, 30, j, k, lastA-1-k)
			if z == nil {
				same++
				t.Logf("34^%d·30 and 34^%d·30: no Z told them apart", j, k)
			} else if (k-j)%2 == 0 {
				t.Logf("34^%d·30 and 34^%d·30 differ: Z = %s", j, k, sumName(z))
			}
		}
	}
	t.Logf("34^k·30 for k < %d: %d of %d pairs checked, %d not told apart", lastA, pairs, lastA*(lastA-1)/2, same)
}

// tellApartPowers is tellApart for big^j·other and big^k·other, Z with up to bigs heaps big.
func tellApartPowers(tr *Quotient, big, other, j, k, bigs int) []int32 {
	x := tr.fold(0, []int32{int32(other)})
	for range j {
		x = tr.act[big][x]
	}
	y := x
	for range k - j {
		y = tr.act[big][y]
	}
	return tellPair(tr, big, x, y, bigs)
}

// tellApart returns a sum Z of heaps below big (counts by heap) whose sums with big^k·other and
// big^(k+1)·other the trial labels differently, or nil: a search over the pairs of elements the
// two reach as heaps are added, breadth first, so Z has few heaps.
func tellApart(tr *Quotient, big, other, k int) []int32 {
	return tellApartPowers(tr, big, other, k, k+1, 0)
}

// tellPair returns a sum Z (counts by heap) that the trial labels differently with the elements x
// and y, or nil: breadth first over heaps below big, and up to bigs copies of heap big.
func tellPair(tr *Quotient, big int, x, y int32, bigs int) []int32 {
	type pair struct{ u, v, c int32 }
	start := pair{x, y, 0}
	from := map[pair]pair{start: start}
	by := map[pair]int32{}
	queue := []pair{start}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if tr.isP[p.u] != tr.isP[p.v] {
			z := make([]int32, big+1)
			for p != start {
				z[by[p]]++
				p = from[p]
			}
			return z
		}
		for h := 1; h <= big; h++ {
			n := pair{tr.act[h][p.u], tr.act[h][p.v], p.c}
			if h == big {
				if int(p.c) >= bigs {
					continue
				}
				n.c++
			}
			if _, ok := from[n]; !ok {
				from[n], by[n] = p, int32(h)
				queue = append(queue, n)
			}
		}
	}
	return nil
}

// withHeaps returns z with k more heaps big and one more heap other.
func withHeaps(z []int32, big, k, other int) []int32 {
	w := slices.Clone(z)
	w[big] += int32(k)
	w[other]++
	return w
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
