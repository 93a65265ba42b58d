package cliarg

import (
	"slices"
	"strings"
	"testing"
)

func TestSplitFlags(t *testing.T) {
	g, err := SplitFlags([]string{"nim", "--k", "2", "3", "--set=2,5", "--json", "-4", "--script", "f.star", "--", "--x"},
		[]string{"script"}, []string{"json"})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(g.Args, []string{"nim", "3", "-4", "--x"}) || g.Other["k"] != "2" || g.Other["set"] != "2,5" ||
		!g.Bools["json"] || g.Own["script"] != "f.star" {
		t.Fatalf("%+v", g)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--k"}, "needs a value"},
		{[]string{"--k", "1", "--k", "2"}, "given twice"},
		{[]string{"-k", "1"}, "unknown shorthand"},
		{[]string{"--json=yes"}, "takes no value"},
		{[]string{"--=3"}, "malformed flag"},
	} {
		if _, err := SplitFlags(c.args, nil, []string{"json"}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Fatalf("%q: %v, want %q", c.args, err, c.want)
		}
	}
}

func FuzzSplitFlags(f *testing.F) {
	for _, s := range []string{"nim --k 2 3", "--script f 1 2 --json", "-- --x", "--a=b -3 -", "--json=false x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		in := strings.Fields(line)
		g, err := SplitFlags(in, []string{"script", "to"}, []string{"json"})
		if err != nil {
			return
		}
		// Every positional argument comes from the input, in order.
		j := 0
		for _, a := range g.Args {
			for j < len(in) && in[j] != a {
				j++
			}
			if j == len(in) {
				t.Fatalf("%q: argument %q not in the input in order", in, a)
			}
			j++
		}
		for name := range g.Other {
			if name == "" || name == "script" || name == "to" || name == "json" {
				t.Fatalf("%q: ruleset flag %q", in, name)
			}
		}
	})
}
