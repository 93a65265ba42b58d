package script

import (
	"strings"
	"testing"
)

func TestParsePosition(t *testing.T) {
	good := map[string]string{
		"7":                              "7",
		" 7 ":                            "7",
		"-3":                             "-3",
		"0x1f":                           "31",
		"123456789012345678901234567890": "123456789012345678901234567890",
		`"xx.x"`:                         `"xx.x"`,
		`'ab'`:                           `"ab"`,
		`"a\"b"`:                         `"a\"b"`,
		"(3, 4)":                         "(3, 4)",
		"3, 4":                           "(3, 4)",
		"(1,)":                           "(1,)",
		"()":                             "()",
		"(7)":                            "7",
		`("a", (2, -3))`:                 `("a", (2, -3))`,
	}
	for in, want := range good {
		v, err := ParsePosition(in)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		if v.String() != want {
			t.Fatalf("%q: canonical %s, want %s", in, v, want)
		}
	}
	bad := map[string]string{
		"":        "not a literal",
		"1.5":     "only literals",
		"[1, 2]":  "only literals",
		"x":       "only literals",
		"1 + 2":   "only literals",
		"f(1)":    "only literals",
		"-(1, 2)": "only literals",
		`b"ab"`:   "only literals",
		"(1, 2":   "not a literal",
		"True":    "only literals",
		"None":    "only literals",
		strings.Repeat("(", 40) + "1" + strings.Repeat(",)", 40):    "nested too deeply",
		strings.Repeat("(", 5000) + "1" + strings.Repeat(")", 5000): "nested too deeply",
		strings.Repeat("1", MaxLiteral+1):                           "too long",
	}
	for in, want := range bad {
		if _, err := ParsePosition(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("%q: error %v, want %q", short(in), err, want)
		}
	}
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{"7", "-3", "0x10", `"xx.x"`, "(3, 4)", "(1,)", "()", `("a", (2, -3))`, "1.5", "[1]", `'\n'`, "((((1,),),),)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParsePosition(s)
		if err != nil {
			return
		}
		if err := checkPosition(v, 0); err != nil {
			t.Fatalf("%q parsed to an invalid position %s: %v", s, v, err)
		}
		// The canonical form parses back to the same canonical form.
		w, err := ParsePosition(v.String())
		if err != nil {
			t.Fatalf("%q: canonical form %s does not parse: %v", s, v, err)
		}
		if w.String() != v.String() {
			t.Fatalf("%q: canonical %s reparses as %s", s, v, w)
		}
	})
}
