// Package cliarg parses the argument strings that the command line and the web API share, so that
// one parser serves both: numbers in decimal or 0x hex, lists of numbers, and the error values that
// mark an input as malformed.
//
// Every function returns an *Error for malformed input; its message names the argument and what is
// wrong with it, and is fit to show to a user as it is.
package cliarg

import (
	"errors"
	"fmt"
	"strings"
)

// Error reports a malformed argument. Callers map it to "bad input" (exit status 2 on the command
// line, HTTP 400 on the web).
type Error struct {
	Msg string
}

// Error returns the message.
func (e *Error) Error() string { return e.Msg }

// Errorf returns an *Error with a formatted message.
func Errorf(format string, args ...any) error {
	return &Error{Msg: fmt.Sprintf(format, args...)}
}

// IsInput reports whether err is, or wraps, an *Error.
func IsInput(err error) bool {
	var e *Error
	return errors.As(err, &e)
}

// Uint64 parses s as an unsigned 64-bit number written in decimal or as 0x followed by hex digits.
// Underscores, signs, other bases and surrounding spaces are refused.
func Uint64(s string) (uint64, error) { return Uint64Bytes([]byte(s)) }

// Uint64s parses every string with Uint64; the error names the position of the first bad one
// (counting from 1).
func Uint64s(ss []string) ([]uint64, error) {
	out := make([]uint64, len(ss))
	for i, s := range ss {
		v, err := Uint64(s)
		if err != nil {
			return nil, Errorf("argument %d: %v", i+1, err)
		}
		out[i] = v
	}
	return out, nil
}

// Int parses s as a non-negative number that fits in an int and is at most limit; what names the
// quantity in the error message (for example "table size").
func Int(s, what string, limit int) (int, error) {
	v, err := Uint64(s)
	if err != nil {
		return 0, Errorf("%s: %v", what, err)
	}
	if v > uint64(limit) {
		return 0, Errorf("%s %s is too large: the limit is %d", what, s, limit)
	}
	return int(v), nil
}

// Fields splits s on commas and white space and drops empty pieces, for lists such as "2,5,7".
func Fields(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r'
	})
}
