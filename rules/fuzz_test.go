package rules

import (
	"errors"
	"strings"
	"testing"

	"grundy/game"
)

// oracleLimit bounds the engine's search in FuzzAnalyzeSmall.
const oracleLimit = 1 << 12

// exampleFlags splits a catalogue example into its flags and position arguments.
func exampleFlags(example string) (map[string]string, []string) {
	args := strings.Fields(example)
	flags := map[string]string{}
	for len(args) > 0 && strings.HasPrefix(args[0], "--") {
		name := strings.TrimPrefix(args[0], "--")
		if len(args) > 1 && !strings.HasPrefix(args[1], "--") {
			flags[name] = args[1]
			args = args[2:]
		} else {
			flags[name] = "true"
			args = args[1:]
		}
	}
	return flags, args
}

// FuzzParse feeds arbitrary position strings to every ruleset's parser: it must return a position
// or an error, never panic; a parsed position must write back to the same position, and format.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"3 4 5", "0x10 0", "1,2 3,4", "5o 3", "-1", "1,", ",1", "18446744073709551616",
		"0xffffffffffffffff 1", "1 1", "0,0 0,0", "9223372036854775808", "1 2 5", "o", "0x", ""} {
		f.Add(s)
	}
	rulesets := make([]Ruleset, 0)
	for _, info := range Catalogue() {
		flags, _ := exampleFlags(info.Example)
		r, err := New(info.Name, flags)
		if err != nil {
			f.Fatal(err)
		}
		rulesets = append(rulesets, r)
	}
	f.Fuzz(func(t *testing.T, s string) {
		args := strings.Fields(s)
		for _, r := range rulesets {
			p, err := r.Parse(args)
			if err != nil {
				continue
			}
			q, err := r.Parse(r.Args(p))
			if err != nil || q.Key() != p.Key() {
				t.Fatalf("%s: %q parsed to %v, written as %q, read back as %v (%v)", r.Info().Name, s, p, r.Args(p), q, err)
			}
			_ = r.Format(p)
		}
	})
}

// FuzzFlags feeds arbitrary flag values to every ruleset: an error or a ruleset, never a panic.
func FuzzFlags(f *testing.F) {
	for _, s := range []string{"2", "0", "2,5", "3:7", "7:3", "0:1", "ruler", "x", "", "1:", ":", "99999999999999999999", "1,0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		for _, info := range Catalogue() {
			for _, fl := range info.Flags {
				flags, _ := exampleFlags(info.Example)
				flags[fl.Name] = v
				_, _ = New(info.Name, flags)
			}
		}
	})
}

// FuzzAnalyzeSmall parses arbitrary small positions for every ruleset (the catalogue examples'
// flags) and checks the answer against the engine, as the proofs do on their fixed bounds. The
// engine's search is bounded (oracleLimit positions): a position whose search needs more — a coin
// far out on a 2-D board reaches billions of sets of coins — is skipped, not checked.
func FuzzAnalyzeSmall(f *testing.F) {
	for _, s := range []string{"3 4 5", "1,2 2,1", "5o 3 1", "1 0 1 3", "2 2", "0,1 1,1 2,2", "7", "1 2 4"} {
		f.Add(s)
	}
	type rc struct {
		r Ruleset
		o *oracle
	}
	var rs []rc
	for _, info := range Catalogue() {
		if IsLoopy(info.Name) {
			continue // no Grundy values: checked against the engine's loopy analysis in loopy_test.go
		}
		flags, _ := exampleFlags(info.Example)
		r, err := New(info.Name, flags)
		if err != nil {
			f.Fatal(err)
		}
		rs = append(rs, rc{r, newOracle(r, game.MaxPositions(oracleLimit))})
	}
	f.Fuzz(func(t *testing.T, s string) {
		args := strings.Fields(s)
		if len(args) > 4 {
			return
		}
		for _, x := range rs {
			p, err := x.r.Parse(args)
			if err != nil {
				continue
			}
			small := true
			for _, v := range p {
				small = small && v <= 6
			}
			if !small {
				continue
			}
			_, err = x.o.outcome(p)
			if err == nil && !x.o.misere {
				_, err = x.o.value(p)
			}
			var le *game.LimitError
			if errors.As(err, &le) {
				continue
			}
			checkAgainstOracle(t, x.r, x.o, p)
		}
	})
}
