package nimber

import (
	"math/rand/v2"
	"testing"

	"grundy/internal/refdata"
)

// muls are the implementations under test: the exported entry point and the portable code, which
// every build tests whatever the dispatch picks.
var muls = []struct {
	name string
	f    func(a, b uint64) uint64
}{
	{"Mul", Mul},
	{"mulGeneric", mulGeneric},
}

func TestMulMexDefinition(t *testing.T) {
	const n = 128
	tab := mexTable(n)
	// Spot-check the mex table against the small table of the seed notes and the statement examples.
	for _, c := range [][3]uint64{{2, 2, 3}, {2, 3, 1}, {3, 3, 2}, {4, 4, 6}, {3, 4, 12}, {8, 8, 13}, {5, 6, 8}} {
		if tab[c[0]][c[1]] != c[2] {
			t.Fatalf("mex table: %d⊗%d = %d, want %d", c[0], c[1], tab[c[0]][c[1]], c[2])
		}
	}
	for _, m := range muls {
		for x := range n {
			for y := range n {
				if got := m.f(uint64(x), uint64(y)); got != tab[x][y] {
					t.Fatalf("%s(%d, %d) = %d, mex definition gives %d", m.name, x, y, got, tab[x][y])
				}
			}
		}
	}
	for x := range n {
		for y := range n {
			if got := textbookMul(uint64(x), uint64(y)); got != tab[x][y] {
				t.Fatalf("textbookMul(%d, %d) = %d, mex definition gives %d", x, y, got, tab[x][y])
			}
		}
	}
}

func TestMulTextbookRandom(t *testing.T) {
	const pairs = 1_000_000
	rng := rand.New(rand.NewPCG(1, 2))
	// The memoized reference is checked against the plain recursion first (slow: ~3 ms a pair).
	for range 100 {
		a, b := rng.Uint64(), rng.Uint64()
		if x, y := textbookMulMemo(a, b), textbookMul(a, b); x != y {
			t.Fatalf("memoized textbook %d⊗%d = %d, plain recursion %d", a, b, x, y)
		}
	}
	rows := rowTable()
	for i := range pairs {
		a, b := rng.Uint64(), rng.Uint64()
		// Mix in sparse and small operands, where tower boundaries are exercised.
		switch i % 8 {
		case 1:
			a &= rng.Uint64() & rng.Uint64()
		case 2:
			b >>= rng.UintN(64)
		case 3:
			a, b = a>>rng.UintN(64), b>>rng.UintN(64)
		}
		want := textbookMulRows(rows, a, b)
		if got := Mul(a, b); got != want {
			t.Fatalf("Mul(%#x, %#x) = %#x, textbook %#x", a, b, got, want)
		}
		if got := mulGeneric(a, b); got != want {
			t.Fatalf("mulGeneric(%#x, %#x) = %#x, textbook %#x", a, b, got, want)
		}
	}
}

func TestMulEdgeValues(t *testing.T) {
	const top = uint64(1) << 63
	const all = ^uint64(0)
	edges := []uint64{0, 1, 2, 3, 1 << 31, 1 << 32, 1<<32 - 1, 1 << 32 * 3 / 2, top, all, all - 1}
	for _, m := range muls {
		for _, a := range edges {
			if m.f(a, 0) != 0 || m.f(0, a) != 0 {
				t.Errorf("%s: %#x ⊗ 0 != 0", m.name, a)
			}
			if m.f(a, 1) != a || m.f(1, a) != a {
				t.Errorf("%s: %#x ⊗ 1 != %#x", m.name, a, a)
			}
			for _, b := range edges {
				if got, want := m.f(a, b), textbookMul(a, b); got != want {
					t.Errorf("%s(%#x, %#x) = %#x, textbook %#x", m.name, a, b, got, want)
				}
			}
		}
		// The seeds' 32-bit code truncates here: 2^32 ⊗ 2^32 = 3·2^31 needs 34 bits.
		if got := m.f(1<<32, 1<<32); got != 3<<31 {
			t.Errorf("%s(2^32, 2^32) = %#x, want 3·2^31", m.name, got)
		}
		// Fermat 2-powers times smaller values multiply as integers.
		if got := m.f(1<<32, 0xdeadbeef); got != 0xdeadbeef<<32 {
			t.Errorf("%s(2^32, 0xdeadbeef) = %#x", m.name, got)
		}
	}
}

func TestMulOEIS(t *testing.T) {
	// A051775: the table read by antidiagonals: a(k) for k = d(d+1)/2 + m is T(d−m, m).
	terms := refdata.Sequence(t, "A051775.txt")
	if len(terms) < 50 {
		t.Fatalf("A051775: only %d terms", len(terms))
	}
	for _, term := range terms {
		d := int64(0)
		for (d+1)*(d+2)/2 <= term.N {
			d++
		}
		m := term.N - d*(d+1)/2
		n := d - m
		for _, f := range muls {
			if got := f.f(uint64(n), uint64(m)); got != term.Value {
				t.Errorf("A051775(%d): %s(%d, %d) = %d, want %d", term.N, f.name, n, m, got, term.Value)
			}
		}
	}
	squares := refdata.Sequence(t, "A006042.txt")
	if len(squares) < 50 {
		t.Fatalf("A006042: only %d terms", len(squares))
	}
	for _, term := range squares {
		n := uint64(term.N)
		for _, got := range []uint64{Square(n), Square(n), Mul(n, n)} {
			if got != term.Value {
				t.Errorf("A006042(%d): square = %d, want %d", n, got, term.Value)
			}
		}
	}
}
