package refdata

import (
	"bufio"
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
