package refdata

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

func TestParseSequence(t *testing.T) {
	in := "# header\n\n0 0\n1 1\n2 2\n"
	got, err := parseSequence("x", bufio.NewScanner(strings.NewReader(in)))
	if err != nil || len(got) != 3 || got[2] != (Term{2, 2}) {
		t.Fatalf("got %v, %v", got, err)
	}
	if _, err := parseSequence("x", bufio.NewScanner(strings.NewReader("1 2 3\n"))); err == nil {
		t.Fatal("malformed line accepted")
	}
}

func TestReadsKayles(t *testing.T) {
	terms := Sequence(t, "A002186.txt")
	if len(terms) < 50 {
		t.Fatalf("only %d terms", len(terms))
	}
}

// TestEveryFileNamesSourceAndLicence checks that each reference file the tests read is present and
// opens with its source address and licence.
func TestEveryFileNamesSourceAndLicence(t *testing.T) {
	for _, name := range []string{
		"A000069.txt", "A000201.txt", "A001950.txt", "A002186.txt", "A002187.txt", "A002188.txt",
		"A006042.txt", "A051775.txt", "tczajka/TrivialGames.txt", "tczajka/UnsolvedGames.txt",
		"flammenkamp/grundy_game_sparse_values_excerpt.txt",
	} {
		b, err := os.ReadFile(Path(t, name))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.SplitN(string(b), "\n", 3)
		if len(lines) < 3 || !strings.HasPrefix(lines[0], "# SOURCE: http") || !strings.HasPrefix(lines[1], "# LICENCE: ") {
			t.Errorf("%s: the first two lines should be \"# SOURCE: <address>\" and \"# LICENCE: ...\", got %q", name, lines[:min(2, len(lines))])
		}
	}
}
