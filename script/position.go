package script

import (
	"fmt"
	"math/big"
	"strings"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Limits of position literals and values.
const (
	// MaxLiteral is the longest position literal ParsePosition accepts, in bytes.
	MaxLiteral = 1 << 16
	// MaxDepth is the deepest nesting of tuples in a position.
	MaxDepth = 32

	maxBrackets = 1024
)

// ParsePosition parses a position literal: an int (decimal, 0x hex, 0o octal, 0b binary, with an
// optional minus sign), a string in Starlark quotes ("xx.x", 'ab', with escapes), or a tuple of
// positions ((3, 4), (1,), ("a", (2, 3))); a tuple without parentheses (3, 4) is accepted too.
// Anything else — floats, lists, names, expressions — is refused with an error that says what is
// allowed. Literals longer than MaxLiteral bytes or nested deeper than MaxDepth are refused.
//
// The canonical form of a position is the String method of the returned value (its Starlark
// repr), and ParsePosition gives back an equal value from it.
func ParsePosition(s string) (starlark.Value, error) {
	if len(s) > MaxLiteral {
		return nil, fmt.Errorf("position literal of %d bytes is too long: the limit is %d", len(s), MaxLiteral)
	}
	// The Starlark parser recurses on nesting: bound it before parsing (brackets inside strings
	// count too, so the bound is generous; literal enforces MaxDepth exactly).
	depth, maxd := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[', '{':
			depth++
			maxd = max(maxd, depth)
		case ')', ']', '}':
			depth--
		}
	}
	if maxd > maxBrackets {
		return nil, fmt.Errorf("position %q is nested too deeply: the limit is %d", short(s), MaxDepth)
	}
	e, err := (&syntax.FileOptions{}).ParseExpr("position", strings.TrimSpace(s), 0)
	if err != nil {
		return nil, fmt.Errorf("position %q is not a literal: %v", short(s), err)
	}
	return literal(s, e, 0)
}

const allowed = "positions are ints, strings and tuples of them"

func literal(src string, e syntax.Expr, depth int) (starlark.Value, error) {
	if depth > MaxDepth {
		return nil, fmt.Errorf("position %q is nested too deeply: the limit is %d", short(src), MaxDepth)
	}
	switch e := e.(type) {
	case *syntax.Literal:
		switch v := e.Value.(type) {
		case int64:
			return starlark.MakeInt64(v), nil
		case *big.Int:
			return starlark.MakeBigInt(v), nil
		case string:
			if e.Token == syntax.STRING {
				return starlark.String(v), nil
			}
		}
	case *syntax.ParenExpr:
		return literal(src, e.X, depth)
	case *syntax.UnaryExpr:
		if e.Op == syntax.MINUS {
			if lit, ok := e.X.(*syntax.Literal); ok && lit.Token == syntax.INT {
				v, err := literal(src, lit, depth)
				if err != nil {
					return nil, err
				}
				return starlark.Int.Sub(starlark.MakeInt(0), v.(starlark.Int)), nil
			}
		}
	case *syntax.TupleExpr:
		t := make(starlark.Tuple, len(e.List))
		for i, x := range e.List {
			v, err := literal(src, x, depth+1)
			if err != nil {
				return nil, err
			}
			t[i] = v
		}
		return t, nil
	}
	return nil, fmt.Errorf("position %q: only literals are allowed (%s)", short(src), allowed)
}

// checkPosition reports whether v is a valid position value.
func checkPosition(v starlark.Value, depth int) error {
	if depth > MaxDepth {
		return fmt.Errorf("tuples nested deeper than %d", MaxDepth)
	}
	switch v := v.(type) {
	case starlark.Int, starlark.String:
		return nil
	case starlark.Tuple:
		for _, x := range v {
			if err := checkPosition(x, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("%s, not a %s", allowed, v.Type())
}

func short(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}
