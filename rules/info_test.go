package rules

import (
	"reflect"
	"testing"
)

// TestInfoCached: every ruleset's Info, built from its catalogue example, is its catalogue entry
// as built afresh (octal --code names its code in Theory, subtract --last-loses is misère) and
// is a copy of the table built once: it allocates nothing.
func TestInfoCached(t *testing.T) {
	fresh := map[string]Info{}
	for _, e := range buildCatalogue() {
		fresh[e.info.Name] = e.info
	}
	for _, info := range Catalogue() {
		flags, _ := exampleFlags(info.Example)
		r, err := New(info.Name, flags)
		if err != nil {
			t.Fatalf("%s %v: %v", info.Name, flags, err)
		}
		got, want := r.Info(), fresh[info.Name]
		if info.Name == "octal" {
			want.Theory = "take-and-break code " + flags["code"] + ": " + want.Theory
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: Info() = %+v\nwant %+v", info.Name, got, want)
		}
		if a := testing.AllocsPerRun(50, func() { _ = r.Info() }); a != 0 {
			t.Errorf("%s: Info() allocates %v times a call; want the table built once", info.Name, a)
		}
	}
	r, err := New("subtract", map[string]string{"range": "2:3", "last-loses": "true"})
	if err != nil {
		t.Fatal(err)
	}
	if in := r.Info(); in.Play != PlayMisere || in.Name != "subtract" {
		t.Errorf("subtract --last-loses: %+v", in)
	}
}
