package octal

import (
	"context"
	"testing"

	"grundy/internal/refdata"
)

// checkOEIS compares g(n+shift) with the OEIS terms a(n).
func checkOEIS(t *testing.T, name string, g []uint32, shift int) {
	t.Helper()
	terms := refdata.Sequence(t, name)
	if len(terms) < 100 {
		t.Fatalf("%s: only %d terms", name, len(terms))
	}
	for _, term := range terms {
		n := int(term.N) + shift
		if n < 0 {
			continue
		}
		if n >= len(g) {
			t.Fatalf("%s: only %d values computed", name, len(g))
		}
		if uint64(g[n]) != term.Value {
			t.Errorf("%s: g(%d) = %d, OEIS a(%d) = %d", name, n, g[n], term.N, term.Value)
		}
	}
}

func ref(t *testing.T, code string, n int) []uint32 {
	t.Helper()
	var c Code
	if code == "grundy" {
		c = GrundysGame()
	} else {
		c = MustParse(code)
	}
	g, err := Reference(context.Background(), c, n)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestReferenceOEIS(t *testing.T) {
	checkOEIS(t, "A002186.txt", ref(t, ".77", 200), 0)  // Kayles
	checkOEIS(t, "A002187.txt", ref(t, ".137", 200), 0) // Dawson's chess
	checkOEIS(t, "A002187.txt", ref(t, ".07", 200), 1)  // Dawson's Kayles: a(n-1)
	checkOEIS(t, "A002187.txt", ref(t, ".4", 200), 2)   // OEIS comment: .4 has values a(n-2)
	checkOEIS(t, "A002186.txt", ref(t, "4.4", 200), 1)  // OEIS comment: 4.4 has values a(n-1)
	checkOEIS(t, "A002188.txt", ref(t, "grundy", 200), 0)
}

func TestReferenceKaylesPeriodFromOEIS(t *testing.T) {
	// OEIS A002186: from n = 71 on, period 12; the only exceptions (n whose value differs from the
	// periodic pattern) are these n.
	g := ref(t, ".77", 600)
	exc := map[int]bool{0: true, 3: true, 6: true, 9: true, 11: true, 15: true, 18: true, 21: true, 22: true, 28: true, 34: true, 39: true, 57: true, 70: true}
	for n := 0; n+120 < len(g); n++ {
		far := n + 12*(100/12+1) // in the periodic part
		if (g[n] != g[far]) != exc[n] {
			t.Errorf("Kayles: g(%d) = %d, g(%d) = %d, listed as exception: %v", n, g[n], far, g[far], exc[n])
		}
		if n >= 71 && g[n] != g[n+12] {
			t.Errorf("Kayles: g(%d) != g(%d)", n, n+12)
		}
	}
}

func TestReferenceHex(t *testing.T) {
	// x0.8: take one token and leave three non-empty heaps. By hand: g(0..3) = 0 (no move below
	// 4 tokens), g(4) = mex{0^0^0} = 1, g(5) = mex{g(1)^g(1)^g(2)} = 1, g(6) = mex{0^0^g(3), 0^g(2)^g(2)} = 1.
	g := ref(t, "x0.8", 6)
	want := []uint32{0, 0, 0, 0, 1, 1, 1}
	for i := range want {
		if g[i] != want[i] {
			t.Fatalf("x0.8: g = %v, want %v", g, want)
		}
	}
	// x8.0 splits a heap into three without taking: g(3) = mex{0} = 1, g(4) = mex{0^0^0... g(1)^g(1)^g(2)} = 1,
	// g(5): splits 1+1+3 → 1, 1+2+2 → 0, so mex{0, 1} = 2.
	g = ref(t, "x8.0", 5)
	want = []uint32{0, 0, 0, 1, 1, 2}
	for i := range want {
		if g[i] != want[i] {
			t.Fatalf("x8.0: g = %v, want %v", g, want)
		}
	}
	// A hexadecimal code without 8 bits is the octal game.
	a, b := ref(t, "x0.77", 100), ref(t, "0.77", 100)
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("x0.77 and 0.77 differ at %d", i)
		}
	}
}
