package octal

import (
	"fmt"
	"strings"
)

// MaxDigits is the largest number of digits after the point that Parse accepts. Codes used in
// research are far shorter (the 0.0n7 family with n ≤ 25 has 27 digits).
const MaxDigits = 256

// Digit bits: what a move that removes i tokens may leave behind.
const (
	LeaveNone  = 1 // take the whole heap (exactly i tokens), leaving nothing
	LeaveOne   = 2 // leave one non-empty heap
	LeaveTwo   = 4 // leave two non-empty heaps
	LeaveThree = 8 // leave three non-empty heaps (hexadecimal codes only)
)

// Code is a take-and-break game: an octal code d0.d1d2…dk, a hexadecimal code, or Grundy's game.
// Digit di says what a move that removes i tokens from one heap may leave: bit 1 no heap (the heap
// had exactly i tokens), bit 2 one non-empty heap, bit 4 two non-empty heaps, bit 8 three non-empty
// heaps. d0 is 0, or (splitting without taking) 4, and in hexadecimal codes also 8 or c.
//
// The zero Code is the game 0.0 in which no move is possible. Codes are comparable with ==.
type Code struct {
	digits  string // digits[i] = di as a byte value 0..15, trailing zero digits removed, len ≥ 2
	hex     bool   // written as a hexadecimal code
	unequal bool   // Grundy's game: d0 = 4 but the two heaps must differ
}

// GrundysGame returns Grundy's game: a move splits one heap into two non-empty heaps of different
// sizes. It is 4.0 with equal splits forbidden, so no periodicity theorem applies to it.
func GrundysGame() Code { return Code{digits: "\x04\x00", unequal: true} }

// Parse reads a take-and-break code. Accepted spellings:
//
//	0.07  .07  0.0000007  4.7   octal: d0 is 0 or 4, digits 0–7
//	x0.8f  0x4.c  x.8          hexadecimal (prefix x or 0x): d0 is 0, 4, 8 or c, digits 0–9a–f
//	grundy  grundy-game        Grundy's game (see GrundysGame)
//
// Trailing zero digits do not change the game and are dropped. Parse returns an error naming the
// fault for an empty code, a missing or repeated point, a digit outside the code's base (8 or 9 in
// an octal code), a d0 with bit 1 or 2 (a move that takes nothing and leaves the heap whole or
// empty), more than MaxDigits digits, CGSuite's repeat notation 0.[3] (not supported: such games
// are infinite and the periodicity theorem does not apply) and any other character.
func Parse(s string) (Code, error) {
	switch strings.ToLower(s) {
	case "grundy", "grundy-game", "grundys-game":
		return GrundysGame(), nil
	}
	if s == "" {
		return Code{}, fmt.Errorf("empty code (want something like 0.07)")
	}
	body, hex := s, false
	if len(body) >= 2 && (body[:2] == "0x" || body[:2] == "0X") {
		body, hex = body[2:], true
	} else if body[0] == 'x' || body[0] == 'X' {
		body, hex = body[1:], true
	}
	if strings.ContainsAny(body, "[]") {
		return Code{}, fmt.Errorf("code %q: the repeat notation [..] is not supported (only finite codes)", s)
	}
	dot := strings.IndexByte(body, '.')
	if dot < 0 {
		return Code{}, fmt.Errorf("code %q has no point (write d0.d1d2…, for example 0.07 or .07)", s)
	}
	if strings.Count(body, ".") > 1 {
		return Code{}, fmt.Errorf("code %q has more than one point", s)
	}
	base := byte(8)
	if hex {
		base = 16
	}
	d0str, rest := body[:dot], body[dot+1:]
	if rest == "" {
		return Code{}, fmt.Errorf("code %q has no digits after the point", s)
	}
	if len(rest) > MaxDigits {
		return Code{}, fmt.Errorf("code %q has %d digits after the point: the limit is %d", s, len(rest), MaxDigits)
	}
	var d0 byte
	switch len(d0str) {
	case 0:
	case 1:
		v, err := digitValue(s, d0str[0], 0, base)
		if err != nil {
			return Code{}, err
		}
		d0 = v
	default:
		return Code{}, fmt.Errorf("code %q: only one digit may stand before the point", s)
	}
	if d0&(LeaveNone|LeaveOne) != 0 {
		return Code{}, fmt.Errorf("code %q: d0 = %x has bit 1 or 2, but a move must take tokens unless it splits the heap (d0 may be 0 or 4%s)", s, d0, map[bool]string{true: ", 8, c", false: ""}[hex])
	}
	digits := make([]byte, 1, len(rest)+1)
	digits[0] = d0
	for i := 0; i < len(rest); i++ {
		v, err := digitValue(s, rest[i], i+1, base)
		if err != nil {
			return Code{}, err
		}
		digits = append(digits, v)
	}
	for len(digits) > 2 && digits[len(digits)-1] == 0 {
		digits = digits[:len(digits)-1]
	}
	if !hex && string(digits) == "\x00\x00" {
		return Code{}, nil // the zero Code is 0.0
	}
	return Code{digits: string(digits), hex: hex}, nil
}

func digitValue(s string, c byte, pos int, base byte) (byte, error) {
	var v byte
	switch {
	case c >= '0' && c <= '9':
		v = c - '0'
	case c >= 'a' && c <= 'f':
		v = c - 'a' + 10
	case c >= 'A' && c <= 'F':
		v = c - 'A' + 10
	default:
		return 0, fmt.Errorf("code %q: %q is not a digit", s, c)
	}
	if v >= base {
		if base == 8 {
			return 0, fmt.Errorf("code %q: digit d%d = %c is not octal (0–7); hexadecimal codes start with x, as in x0.8", s, pos, c)
		}
		return 0, fmt.Errorf("code %q: %q is not a hexadecimal digit", s, c)
	}
	return v, nil
}

// MustParse is Parse for codes known to be valid; it panics on an error. It is meant for tests and
// package-level examples.
func MustParse(s string) Code {
	c, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return c
}

// String returns the canonical spelling: "0.07", "4.7", "x0.8f", or "grundy" for Grundy's game.
// Parse(c.String()) == c.
func (c Code) String() string {
	if c.unequal {
		return "grundy"
	}
	d := c.digits
	if d == "" {
		d = "\x00\x00"
	}
	var b strings.Builder
	if c.hex {
		b.WriteByte('x')
	}
	b.WriteByte("0123456789abcdef"[d[0]])
	b.WriteByte('.')
	for i := 1; i < len(d); i++ {
		b.WriteByte("0123456789abcdef"[d[i]])
	}
	return b.String()
}

// Digit returns di (0 beyond the last digit).
func (c Code) Digit(i int) int {
	if i < 0 || i >= len(c.digits) {
		return 0
	}
	return int(c.digits[i])
}

// Len returns k+1 where k is the index of the last non-zero digit (at least 2: 0.0 has d0 and d1).
func (c Code) Len() int {
	if c.digits == "" {
		return 2
	}
	return len(c.digits)
}

// LastDigit returns k, the index of the last non-zero digit (0 for a code with no non-zero digit
// after the point). It is the t of the periodicity theorem.
func (c Code) LastDigit() int {
	for i := len(c.digits) - 1; i > 0; i-- {
		if c.digits[i] != 0 {
			return i
		}
	}
	return 0
}

// IsGrundysGame reports whether c is Grundy's game.
func (c Code) IsGrundysGame() bool { return c.unequal }

// IsHex reports whether c was written as a hexadecimal code.
func (c Code) IsHex() bool { return c.hex }

// MaxHeaps returns the largest number of heaps one move can leave in place of the heap it takes
// from: 1 (subtraction games), 2 (octal games with a 4 bit) or 3 (hexadecimal codes with an 8 bit).
func (c Code) MaxHeaps() int {
	k := 1
	for i := 0; i < c.Len(); i++ {
		d := c.Digit(i)
		if d&LeaveThree != 0 {
			return 3
		}
		if d&LeaveTwo != 0 {
			k = 2
		}
	}
	return k
}

// Provable reports whether the periodicity theorem applies: true for every finite octal or
// hexadecimal code, false for Grundy's game.
func (c Code) Provable() bool { return !c.unequal }
