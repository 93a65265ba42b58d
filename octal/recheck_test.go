package octal

import "testing"

// TestRareGrowthBringsReconsiderForward: past rareRecheckFrom, a rare list grown by more than
// rareRecheck heaps since the last reconsideration moves the next one to the next heap, and the
// reconsideration, given recent values that are rare under the engine's mask and common under
// another, takes the other mask (Grundy's game past 2^25: values ≥ 256 rare under fe, common
// under 1fe).
func TestRareGrowthBringsReconsiderForward(t *testing.T) {
	n0 := rareRecheckFrom
	g := make([]uint16, n0, 2*n0)
	for i := range g {
		g[i] = uint16(2 + 2*(i%2)) // 2 and 4: common under fe and 1fe
	}
	e := newEngine(GrundysGame(), g)
	e.vbits = 9
	e.resize()
	e.mode, e.mask, e.nextEval = MethodSparse, 0xfe, 2*n0
	e.setCommon()
	e.rare = e.rare[:0]
	e.rareAtEval = 0
	// 256 is rare under fe (no bit of fe in it), common under 1fe.
	if e.common[256] || !e.common[2] || !e.common[4] {
		t.Fatal("test set-up: classes")
	}
	for k := 1; ; k++ {
		n := len(e.g)
		if err := e.push(256); err != nil {
			t.Fatal(err)
		}
		if k <= rareRecheck {
			if e.nextEval != 2*n0 {
				t.Fatalf("after %d new rare heaps the next reconsideration is at %d", k, e.nextEval)
			}
			continue
		}
		if e.nextEval != n+1 {
			t.Fatalf("after %d new rare heaps the next reconsideration is at %d, want %d", k, e.nextEval, n+1)
		}
		break
	}
	if err := e.push(2); err != nil {
		t.Fatal(err)
	}
	if len(e.g) < e.nextEval {
		t.Fatalf("heap %d: reconsideration at %d", len(e.g), e.nextEval)
	}
	e.reconsider()
	if e.mask&0x100 == 0 || len(e.rare) != 0 || e.rareAtEval != 0 {
		t.Fatalf("reconsidered: mask %x, %d rare heaps (%d at the reconsideration)", e.mask, len(e.rare), e.rareAtEval)
	}
}
