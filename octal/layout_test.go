package octal

import (
	"reflect"
	"testing"
)

// TestSharedFieldsOnLinesOfTheirOwn checks that the fields one goroutine writes while others poll
// them lie on a cache line of their own wherever their struct lies: at least 63 bytes of padding
// (blank fields) between them and any other field, so that no 64-byte line can hold both. The
// leader's own fields, written every heap, are kept so from the fields before them, which the
// verifiers read.
func TestSharedFieldsOnLinesOfTheirOwn(t *testing.T) {
	type group struct {
		fields        []string
		before, after bool // check the fields before the group, after it
	}
	for _, c := range []struct {
		v      any
		groups []group
	}{
		{speculator{}, []group{
			{[]string{"published"}, true, true},
			{[]string{"next"}, true, true},
			{[]string{"fail"}, true, true},
			{[]string{"busy", "quit"}, true, true},
			{[]string{"words"}, true, false}, // the leader's own from here on
		}},
		{farState{}, []group{
			{[]string{"next"}, true, true},
			{[]string{"lead"}, true, true},
			{[]string{"ready"}, true, true},
			{[]string{"own"}, true, false},
		}},
		{farSlot{}, []group{{[]string{"done", "writing"}, false, true}}},
		{verifierState{}, []group{{[]string{"parked", "wake"}, true, true}}},
	} {
		ty := reflect.TypeOf(c.v)
		for _, gr := range c.groups {
			lo, hi := int(ty.Size()), 0
			in := map[string]bool{}
			for _, name := range gr.fields {
				f, ok := ty.FieldByName(name)
				if !ok {
					t.Fatalf("%s has no field %s", ty.Name(), name)
				}
				lo, hi = min(lo, int(f.Offset)), max(hi, int(f.Offset+f.Type.Size()))
				in[name] = true
			}
			for i := range ty.NumField() {
				f := ty.Field(i)
				flo, fhi := int(f.Offset), int(f.Offset+f.Type.Size())
				if f.Name == "_" || in[f.Name] || fhi > lo && flo < hi {
					continue
				}
				if gr.before && fhi <= lo && lo-fhi < 63 || gr.after && flo >= hi && flo-hi < 63 {
					t.Errorf("%s: %v (bytes %d–%d) may share a cache line with %s (%d–%d)",
						ty.Name(), gr.fields, lo, hi, f.Name, flo, fhi)
				}
			}
		}
	}
}
