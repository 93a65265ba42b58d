package nimber

import (
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"strings"
)

// MaxBigBits is the width cap of Big: a Big is a nimber below 2^MaxBigBits = 2^65536, an element of
// the nim-field GF(2^(2^16)).
const MaxBigBits = 1 << 16

const maxBigWords = MaxBigBits / 64

// Big is a nimber below 2^MaxBigBits. The values below each Fermat 2-power 2^(2^k) form a field, so
// every operation stays within the smallest such field holding its operands; the 64-bit functions of
// this package are the case k = 6.
//
// The zero value is 0. Big values are immutable: methods return new values and never change their
// receiver or arguments, so a Big can be copied and shared freely. Products use the Karatsuba tower
// a = a1·T ⊕ a0 (T a Fermat 2-power, T⊗T = T ⊕ T/2) down to 64-bit Mul: a product of n-bit values
// costs about (n/64)^1.58 64-bit products.
type Big struct {
	w []uint64 // little-endian words, with no zero word at the top
}

// NewBig returns the Big with value x.
func NewBig(x uint64) Big { return makeBig([]uint64{x}) }

// makeBig wraps w (which it keeps), trimming high zero words.
func makeBig(w []uint64) Big {
	n := len(w)
	for n > 0 && w[n-1] == 0 {
		n--
	}
	if n == 0 {
		return Big{}
	}
	return Big{w: w[:n:n]}
}

// BigFromWords returns the Big whose little-endian 64-bit words are w (w[0] is least significant).
// It copies w, and fails if the value is 2^MaxBigBits or more.
func BigFromWords(w []uint64) (Big, error) {
	x := makeBig(append([]uint64(nil), w...))
	if len(x.w) > maxBigWords {
		return Big{}, errTooWide
	}
	return x, nil
}

// BigFromInt returns the Big with the value of the non-negative integer v, and fails if v is negative
// or 2^MaxBigBits or more.
func BigFromInt(v *big.Int) (Big, error) {
	if v.Sign() < 0 {
		return Big{}, errors.New("nimber: negative value: nimbers are non-negative")
	}
	if v.BitLen() > MaxBigBits {
		return Big{}, errTooWide
	}
	b := v.Bytes() // big-endian
	w := make([]uint64, (len(b)+7)/8)
	for i, c := range b {
		k := len(b) - 1 - i // byte index from the least significant end
		w[k/8] |= uint64(c) << (8 * (k % 8))
	}
	return makeBig(w), nil
}

var errTooWide = fmt.Errorf("nimber: value out of range: Big holds nimbers below 2^%d", MaxBigBits)

// ParseBig parses s as a non-negative number in decimal or as 0x followed by hex digits (0X and upper
// case digits are accepted). It fails on an empty string, signs, spaces, underscores, other characters,
// and values of 2^MaxBigBits or more.
func ParseBig(s string) (Big, error) {
	if s == "" {
		return Big{}, errors.New("nimber: empty number")
	}
	if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		digits := strings.TrimLeft(s[2:], "0")
		if len(digits) > MaxBigBits/4 {
			return Big{}, errTooWide
		}
		w := make([]uint64, (len(digits)+15)/16)
		for i := range len(digits) {
			c := digits[len(digits)-1-i]
			var d uint64
			switch {
			case c >= '0' && c <= '9':
				d = uint64(c - '0')
			case c >= 'a' && c <= 'f':
				d = uint64(c-'a') + 10
			case c >= 'A' && c <= 'F':
				d = uint64(c-'A') + 10
			default:
				return Big{}, fmt.Errorf("nimber: %q is not a number (use decimal or 0x hex)", clip(s))
			}
			w[i/16] |= d << (4 * (i % 16))
		}
		return makeBig(w), nil
	}
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			if s[i] == '-' {
				return Big{}, fmt.Errorf("nimber: %q: negative numbers are not allowed", clip(s))
			}
			return Big{}, fmt.Errorf("nimber: %q is not a number (use decimal or 0x hex)", clip(s))
		}
	}
	// 2^65536 has 19729 decimal digits: anything longer (after leading zeros) is out of range.
	if len(strings.TrimLeft(s, "0")) > 19729 {
		return Big{}, errTooWide
	}
	v, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return Big{}, fmt.Errorf("nimber: %q is not a number", clip(s))
	}
	return BigFromInt(v)
}

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// Int returns the value of x as a new big.Int.
func (x Big) Int() *big.Int {
	b := make([]byte, 8*len(x.w))
	for i, v := range x.w {
		for k := range 8 {
			b[len(b)-1-(8*i+k)] = byte(v >> (8 * k))
		}
	}
	return new(big.Int).SetBytes(b)
}

// String returns x in decimal.
func (x Big) String() string {
	if len(x.w) <= 1 {
		return fmt.Sprint(x.low())
	}
	return x.Int().String()
}

// Text returns x in the given base (2 to 62, as big.Int.Text), without a prefix: Text(16) gives hex
// digits, to be written after "0x" for ParseBig.
func (x Big) Text(base int) string { return x.Int().Text(base) }

// MarshalText implements encoding.TextMarshaler: the decimal form (a string in JSON, so no reader
// loses digits).
func (x Big) MarshalText() ([]byte, error) { return []byte(x.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler, accepting what ParseBig accepts.
func (x *Big) UnmarshalText(text []byte) error {
	v, err := ParseBig(string(text))
	if err != nil {
		return err
	}
	*x = v
	return nil
}

// Words returns the little-endian 64-bit words of x (empty for 0), as a new slice.
func (x Big) Words() []uint64 { return append([]uint64(nil), x.w...) }

// Uint64 returns x as a uint64, and ok = false if x is 2^64 or more.
func (x Big) Uint64() (v uint64, ok bool) { return x.low(), len(x.w) <= 1 }

func (x Big) low() uint64 {
	if len(x.w) == 0 {
		return 0
	}
	return x.w[0]
}

// IsZero reports whether x is 0.
func (x Big) IsZero() bool { return len(x.w) == 0 }

// BitLen returns the number of bits of x: the least n with x < 2^n (0 for 0).
func (x Big) BitLen() int {
	if len(x.w) == 0 {
		return 0
	}
	return 64*(len(x.w)-1) + bits.Len64(x.w[len(x.w)-1])
}

// FieldBits returns the width 2^k of the smallest nim-subfield GF(2^(2^k)) holding x: the least power
// of two n ≥ 1 with x < 2^n.
func (x Big) FieldBits() int {
	n := 1
	for n < x.BitLen() {
		n *= 2
	}
	return n
}

// Cmp compares x and y as integers: −1 if x < y, 0 if x = y, +1 if x > y. (The nim-field has no order
// compatible with its arithmetic; this is the order of the integers.)
func (x Big) Cmp(y Big) int {
	if len(x.w) != len(y.w) {
		if len(x.w) < len(y.w) {
			return -1
		}
		return 1
	}
	for i := len(x.w) - 1; i >= 0; i-- {
		if x.w[i] != y.w[i] {
			if x.w[i] < y.w[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// Equal reports whether x = y.
func (x Big) Equal(y Big) bool { return x.Cmp(y) == 0 }

// Add returns the nim-sum x ⊕ y (bitwise exclusive or).
func (x Big) Add(y Big) Big {
	if len(x.w) < len(y.w) {
		x, y = y, x
	}
	z := append([]uint64(nil), x.w...)
	for i, v := range y.w {
		z[i] ^= v
	}
	return makeBig(z)
}

// width returns the number of words, a power of two, of the smallest tower level holding both.
func width(x, y Big) int {
	n := 1
	for n < len(x.w) || n < len(y.w) {
		n *= 2
	}
	return n
}

// bigStackWords is the size of the buffer an operation keeps on its stack for workspace: enough
// for nimbers of up to 256 bits, which then cost one allocation (the result) instead of two.
const bigStackWords = 10 * 4

// workspace returns a result slice of n words (allocated on its own, as the result keeps it) and one
// buffer holding copies of x and y padded with zeros to n words and 8n words of scratch: the
// caller's stack buffer when it is large enough.
func workspace(x, y Big, n int, stack *[bigStackWords]uint64) (z, xp, yp, s []uint64) {
	z = make([]uint64, n)
	var buf []uint64
	if 10*n <= len(stack) {
		buf = stack[:10*n]
	} else {
		buf = make([]uint64, 10*n)
	}
	xp, yp, s = buf[:n:n], buf[n:2*n:2*n], buf[2*n:]
	copy(xp, x.w)
	copy(yp, y.w)
	return z, xp, yp, s
}

// Mul returns the nim-product x ⊗ y.
func (x Big) Mul(y Big) Big {
	if x.IsZero() || y.IsZero() {
		return Big{}
	}
	if len(x.w) == 1 && len(y.w) == 1 {
		return NewBig(mul(x.w[0], y.w[0]))
	}
	var stack [bigStackWords]uint64
	z, xp, yp, s := workspace(x, y, width(x, y), &stack)
	mulWords(z, xp, yp, s)
	return makeBig(z)
}

// Square returns x ⊗ x.
func (x Big) Square() Big {
	var stack [bigStackWords]uint64
	z, xp, _, s := workspace(x, Big{}, width(x, x), &stack)
	squareWords(z, xp, s)
	return makeBig(z)
}

// Sqrt returns the unique y with y ⊗ y = x.
func (x Big) Sqrt() Big {
	var stack [bigStackWords]uint64
	z, xp, _, s := workspace(x, Big{}, width(x, x), &stack)
	sqrtWords(z, xp, s)
	return makeBig(z)
}

// Inv returns the nim-inverse of x, the y with x ⊗ y = 1; Inv of 0 is 0.
func (x Big) Inv() Big {
	var stack [bigStackWords]uint64
	z, xp, _, s := workspace(x, Big{}, width(x, x), &stack)
	invWords(z, xp, s)
	return makeBig(z)
}

// Div returns the nim-quotient x ⊗ Inv(y). It panics if y is 0, as integer division does.
func (x Big) Div(y Big) Big {
	if y.IsZero() {
		panic("nimber: division by zero")
	}
	return x.Mul(y.Inv())
}

// Pow returns x raised to the ordinary integer power e; Pow(0) is 1.
func (x Big) Pow(e uint64) Big {
	r := NewBig(1)
	for ; e != 0; e >>= 1 {
		if e&1 != 0 {
			r = r.Mul(x)
		}
		x = x.Square()
	}
	return r
}

// The word-level tower. Every function takes slices of n words, n a power of two; z is the result and
// shares no memory with the inputs; s is scratch space of at least 8n words. The recursion depth is
// log2(n) ≤ 10, bounded by MaxBigBits.

// mulWords sets z = x ⊗ y.
func mulWords(z, x, y, s []uint64) {
	n := len(z)
	if n == 1 {
		z[0] = mul(x[0], y[0])
		return
	}
	h := n / 2
	sx, sy, p1, rest := s[:h], s[h:2*h], s[2*h:3*h], s[3*h:]
	for i := range h {
		sx[i] = x[i] ^ x[h+i]
		sy[i] = y[i] ^ y[h+i]
	}
	mulWords(p1, sx, sy, rest)          // (x0⊕x1)⊗(y0⊕y1)
	mulWords(z[:h], x[:h], y[:h], rest) // p0 = x0⊗y0
	mulWords(z[h:], x[h:], y[h:], rest) // p2 = x1⊗y1
	mulTopWords(sx, z[h:], rest)        // p2 ⊗ T/2
	for i := range h {
		p0 := z[i]
		z[i] = p0 ^ sx[i]
		z[h+i] = p1[i] ^ p0
	}
}

// mulTopWords sets z = x ⊗ 2^(64n−1), the product with half the Fermat 2-power 2^(64n). With
// c = 2^(64n−1) = c1·T (T = 2^(32n), c1 = 2^(32n−1) = T/2):
// x⊗c = ((x0⊕x1)⊗c1)·T ⊕ (x1⊗c1)⊗c1.
func mulTopWords(z, x, s []uint64) {
	n := len(z)
	if n == 1 {
		z[0] = mul(x[0], 1<<63)
		return
	}
	h := n / 2
	t, rest := s[:h], s[h:]
	for i := range h {
		t[i] = x[i] ^ x[h+i]
	}
	mulTopWords(z[h:], t, rest)
	mulTopWords(t, x[h:], rest)
	mulTopWords(z[:h], t, rest)
}

// squareWords sets z = x ⊗ x: (x1·T ⊕ x0)^2 = x1^2·T ⊕ x0^2 ⊕ x1^2⊗(T/2).
func squareWords(z, x, s []uint64) {
	n := len(z)
	if n == 1 {
		z[0] = Square(x[0])
		return
	}
	h := n / 2
	t, rest := s[:h], s[h:]
	squareWords(z[h:], x[h:], rest)
	squareWords(z[:h], x[:h], rest)
	mulTopWords(t, z[h:], rest)
	for i := range h {
		z[i] ^= t[i]
	}
}

// sqrtWords sets z to the square root of x: z1 = Sqrt(x1), z0 = Sqrt(x0 ⊕ x1⊗(T/2)).
func sqrtWords(z, x, s []uint64) {
	n := len(z)
	if n == 1 {
		z[0] = Sqrt(x[0])
		return
	}
	h := n / 2
	t, rest := s[:h], s[h:]
	sqrtWords(z[h:], x[h:], rest)
	mulTopWords(t, x[h:], rest)
	for i := range h {
		t[i] ^= x[i]
	}
	sqrtWords(z[:h], t, rest)
}

// invWords sets z to the inverse of x (0 for 0), through the norm N = x0^2 ⊕ x0⊗x1 ⊕ x1^2⊗(T/2):
// x^-1 = (x1⊗N^-1)·T ⊕ (x0⊕x1)⊗N^-1.
func invWords(z, x, s []uint64) {
	n := len(z)
	if n == 1 {
		z[0] = invGeneric(x[0])
		return
	}
	h := n / 2
	a, b, c, d, rest := s[:h], s[h:2*h], s[2*h:3*h], s[3*h:4*h], s[4*h:]
	squareWords(a, x[:h], rest)
	mulWords(b, x[:h], x[h:], rest)
	squareWords(c, x[h:], rest)
	mulTopWords(d, c, rest)
	for i := range h {
		a[i] ^= b[i] ^ d[i] // N
	}
	invWords(b, a, rest) // N^-1
	mulWords(z[h:], x[h:], b, rest)
	for i := range h {
		c[i] = x[i] ^ x[h+i]
	}
	mulWords(z[:h], c, b, rest)
}
