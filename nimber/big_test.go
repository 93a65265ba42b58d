package nimber

import (
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

// randomBig returns a random value of up to bits bits, sometimes sparse or short.
func randomBig(rng *rand.Rand, bits int) Big {
	w := make([]uint64, (bits+63)/64)
	for i := range w {
		w[i] = rng.Uint64()
		if rng.IntN(4) == 0 {
			w[i] &= rng.Uint64() & rng.Uint64()
		}
	}
	if bits%64 != 0 {
		w[len(w)-1] &= 1<<(bits%64) - 1
	}
	if rng.IntN(5) == 0 {
		w = w[:rng.IntN(len(w)+1)]
	}
	x, err := BigFromWords(w)
	if err != nil {
		panic(err)
	}
	return x
}

func TestBigAgrees64(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	vals := randomValues(rng, 3000)
	for i := 0; i+1 < len(vals); i++ {
		a, b := vals[i], vals[i+1]
		x, y := NewBig(a), NewBig(b)
		check := func(name string, got Big, want uint64) {
			if v, ok := got.Uint64(); !ok || v != want {
				t.Fatalf("%s(%#x, %#x): Big gives %s, uint64 gives %d", name, a, b, got, want)
			}
		}
		check("Mul", x.Mul(y), Mul(a, b))
		check("Add", x.Add(y), a^b)
		check("Square", x.Square(), Square(a))
		check("Sqrt", x.Sqrt(), Sqrt(a))
		check("Inv", x.Inv(), Inv(a))
		check("Pow", x.Pow(b%1000), Pow(a, b%1000))
		if b != 0 {
			check("Div", x.Div(y), Div(a, b))
		}
		if x.Cmp(y) != cmp64(a, b) || x.Equal(y) != (a == b) {
			t.Fatalf("Cmp(%d, %d)", a, b)
		}
		if x.FieldBits() != FieldBits(a) {
			t.Fatalf("FieldBits(%#x) = %d, want %d", a, x.FieldBits(), FieldBits(a))
		}
	}
}

func cmp64(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func TestBigFermatRules(t *testing.T) {
	// For every Fermat 2-power F = 2^(2^k) up to 2^4096: F ⊗ x = F·x for x < F, and F ⊗ F = 3F/2.
	rng := rand.New(rand.NewPCG(33, 34))
	for k := 0; k <= 12; k++ {
		F := NewBig(1).shl(1 << k)
		x := randomBig(rng, 1<<k)
		if got, want := F.Mul(x), x.shl(1<<k); !got.Equal(want) {
			t.Fatalf("2^(2^%d) ⊗ x is not the integer product", k)
		}
		want := F.Add(F.shr1())
		if k == 0 {
			want = NewBig(3)
		}
		if got := F.Mul(F); !got.Equal(want) {
			t.Fatalf("2^(2^%d) squared = %s, want 3/2 of it", k, got.Text(16))
		}
		if got := F.Square(); !got.Equal(want) {
			t.Fatalf("Square(2^(2^%d)) wrong", k)
		}
	}
}

// shl returns x·2^s, as integers (test helper).
func (x Big) shl(s int) Big {
	v, err := BigFromInt(new(big.Int).Lsh(x.Int(), uint(s)))
	if err != nil {
		panic(err)
	}
	return v
}

func (x Big) shr1() Big {
	v, _ := BigFromInt(new(big.Int).Rsh(x.Int(), 1))
	return v
}

func TestBigFieldLaws(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 36))
	for _, w := range []int{128, 256, 512} {
		count := 300
		if w == 512 {
			count = 60
		}
		limit := NewBig(1).shl(w)
		for range count {
			a, b, c := randomBig(rng, w), randomBig(rng, w), randomBig(rng, w)
			ab := a.Mul(b)
			if !ab.Equal(b.Mul(a)) {
				t.Fatalf("%d bits: not commutative", w)
			}
			if !ab.Mul(c).Equal(a.Mul(b.Mul(c))) {
				t.Fatalf("%d bits: not associative", w)
			}
			if !a.Mul(b.Add(c)).Equal(ab.Add(a.Mul(c))) {
				t.Fatalf("%d bits: not distributive", w)
			}
			if ab.Cmp(limit) >= 0 {
				t.Fatalf("%d bits: product leaves the subfield", w)
			}
			if !a.Square().Equal(a.Mul(a)) || !a.Sqrt().Square().Equal(a) {
				t.Fatalf("%d bits: square or square root wrong", w)
			}
			if !a.IsZero() {
				if got := a.Mul(a.Inv()); !got.Equal(NewBig(1)) {
					t.Fatalf("%d bits: a⊗Inv(a) = %s", w, got)
				}
				if !ab.Div(a).Equal(b) {
					t.Fatalf("%d bits: (a⊗b)/a != b", w)
				}
			}
		}
	}
	// Frobenius: squaring 2w times is the identity on GF(2^w), so a^(2^w) = a.
	a := randomBig(rng, 128)
	x := a
	for range 128 {
		x = x.Square()
	}
	if !x.Equal(a) {
		t.Fatal("a^(2^128) != a in GF(2^128)")
	}
	// The multiplicative group of GF(2^128) has order 2^128−1 = (2^64−1)(2^64+1).
	if a.IsZero() {
		t.Fatal("zero")
	}
	// a^(2^128−1) = c^(2^64+1) = c^(2^64) ⊗ c with c = a^(2^64−1).
	c := a.Pow(1<<64 - 1)
	d := c
	for range 64 {
		d = d.Square()
	}
	if !d.Mul(c).Equal(NewBig(1)) {
		t.Fatal("a^(2^128−1) != 1")
	}
}

func TestBigFullWidth(t *testing.T) {
	rng := rand.New(rand.NewPCG(37, 38))
	a := randomBig(rng, MaxBigBits)
	a = a.Add(NewBig(1).shl(MaxBigBits - 1)) // make sure the top half is used
	if a.FieldBits() != MaxBigBits {
		t.Fatalf("FieldBits = %d", a.FieldBits())
	}
	if got := a.Mul(a.Inv()); !got.Equal(NewBig(1)) {
		t.Fatal("a⊗Inv(a) != 1 at full width")
	}
	if !a.Sqrt().Square().Equal(a) {
		t.Fatal("sqrt at full width")
	}
}

func TestBigParseFormat(t *testing.T) {
	good := map[string]string{
		"0": "0", "000": "0", "0x0": "0", "18446744073709551615": "18446744073709551615",
		"18446744073709551616": "18446744073709551616", "0x10000000000000000": "18446744073709551616",
		"0XFF": "255", "0xdeadBEEF": "3735928559",
	}
	for in, want := range good {
		x, err := ParseBig(in)
		if err != nil || x.String() != want {
			t.Errorf("ParseBig(%q) = %s, %v; want %s", in, x, err, want)
		}
	}
	top := "0x1" + strings.Repeat("0", MaxBigBits/4)
	bad := map[string]string{
		"": "empty", "-1": "negative", "+1": "not a number", "1_0": "not a number", "0x": "not a number",
		"0xg": "not a number", " 1": "not a number", "1e5": "not a number",
		top: "out of range", "0x" + strings.Repeat("f", MaxBigBits/4+1): "out of range",
		new(big.Int).Lsh(big.NewInt(1), MaxBigBits).String(): "out of range",
		strings.Repeat("9", 20000):                           "out of range",
	}
	for in, want := range bad {
		if _, err := ParseBig(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseBig(%q) error %v, want %q", clip(in), err, want)
		}
	}
	// The largest value parses, in both bases, and round-trips.
	maxHex := "0x" + strings.Repeat("f", MaxBigBits/4)
	m, err := ParseBig(maxHex)
	if err != nil || m.BitLen() != MaxBigBits {
		t.Fatalf("max: %v, %d bits", err, m.BitLen())
	}
	m2, err := ParseBig(m.String())
	if err != nil || !m2.Equal(m) || "0x"+m.Text(16) != maxHex {
		t.Fatal("max round trip")
	}
	rng := rand.New(rand.NewPCG(39, 40))
	for range 200 {
		x := randomBig(rng, 64<<rng.IntN(6))
		for _, s := range []string{x.String(), "0x" + x.Text(16)} {
			y, err := ParseBig(s)
			if err != nil || !y.Equal(x) {
				t.Fatalf("round trip of %s via %q: %s, %v", x, s, y, err)
			}
		}
		if x.Int().String() != x.String() {
			t.Fatal("Int")
		}
		y, err := BigFromWords(x.Words())
		if err != nil || !y.Equal(x) {
			t.Fatal("Words round trip")
		}
	}
	if _, err := BigFromWords(make([]uint64, maxBigWords+1)); err != nil {
		t.Fatal("high zero words are fine")
	}
	w := make([]uint64, maxBigWords+1)
	w[maxBigWords] = 1
	if _, err := BigFromWords(w); err == nil {
		t.Fatal("BigFromWords accepted 2^MaxBigBits")
	}
	if _, err := BigFromInt(big.NewInt(-1)); err == nil {
		t.Fatal("BigFromInt accepted −1")
	}
	// JSON: a decimal string.
	b, err := json.Marshal(map[string]Big{"x": NewBig(1).shl(100)})
	if err != nil || string(b) != `{"x":"1267650600228229401496703205376"}` {
		t.Fatalf("JSON %s, %v", b, err)
	}
	var back map[string]Big
	if err := json.Unmarshal(b, &back); err != nil || !back["x"].Equal(NewBig(1).shl(100)) {
		t.Fatalf("JSON back: %v", err)
	}
	if err := json.Unmarshal([]byte(`{"x":"-3"}`), &back); err == nil {
		t.Fatal("JSON accepted -3")
	}
	var zero Big
	if zero.String() != "0" || !zero.IsZero() || zero.BitLen() != 0 || zero.FieldBits() != 1 || !zero.Inv().IsZero() {
		t.Fatal("zero value")
	}
	defer func() {
		if recover() == nil {
			t.Fatal("Div by zero did not panic")
		}
	}()
	NewBig(1).Div(zero)
}

func FuzzParseBig(f *testing.F) {
	for _, s := range []string{"0", "12345678901234567890123", "0xABCdef0123456789abcdef", "-1", "0x", "1x", "00x1", "0x_1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 200 {
			return
		}
		x, err := ParseBig(s)
		// Reference: math/big with the same grammar.
		var ref *big.Int
		ok := false
		if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
			if !strings.ContainsAny(s[2:], "_+-") {
				ref, ok = new(big.Int).SetString(s[2:], 16)
			}
		} else if s != "" && !strings.ContainsAny(s, "_+-") {
			ref, ok = new(big.Int).SetString(s, 10)
		}
		if ok != (err == nil) {
			t.Fatalf("ParseBig(%q) error %v, math/big ok %v", s, err, ok)
		}
		if ok && x.Int().Cmp(ref) != 0 {
			t.Fatalf("ParseBig(%q) = %s, math/big %s", s, x, ref)
		}
	})
}

// BenchmarkBigMul128 and the others measure Big products at 128, 1024 and 65536 bits, and the
// inverse at 128 bits; BenchmarkMulGeneric/BenchmarkMul are the 64-bit step they are built from.
func BenchmarkBigMul128(b *testing.B)   { benchBigMul(b, 128) }
func BenchmarkBigMul1024(b *testing.B)  { benchBigMul(b, 1024) }
func BenchmarkBigMul65536(b *testing.B) { benchBigMul(b, MaxBigBits) }
func BenchmarkBigInv128(b *testing.B) {
	x := randomBig(rand.New(rand.NewPCG(1, 1)), 128).Add(NewBig(1).shl(127))
	defer reportCPU(b)()
	for b.Loop() {
		x.Inv()
	}
}

func benchBigMul(b *testing.B, bits int) {
	rng := rand.New(rand.NewPCG(1, 2))
	x, y := randomBig(rng, bits).Add(NewBig(1).shl(bits-1)), randomBig(rng, bits)
	defer reportCPU(b)()
	for b.Loop() {
		x.Mul(y)
	}
}
