package query

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"grundy/rules"
)

// The components of a ruleset's sum are its heaps' (or coins') values, each checked against the
// position of that heap alone, and the sum's value is their XOR (Kayles 3 + 5 + 7: 3 ⊕ 4 ⊕ 2 = 5).
func TestSolveComponents(t *testing.T) {
	ctx := context.Background()
	ans, err := Solve(ctx, SolveRequest{Ruleset: "kayles", Position: []string{"3", "5", "7"}}, Web(0))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(ans.(Report).Components, " "); got != "3 4 2" || *ans.(Report).Value != 5 {
		t.Fatalf("kayles 3 5 7: components %q, value %d", got, *ans.(Report).Value)
	}
	for _, info := range rules.Catalogue() {
		if !info.OneHeap {
			continue
		}
		ex, flags := strings.Fields(info.Example), map[string]string{}
		var pos []string
		for i := 0; i < len(ex); i++ {
			if strings.HasPrefix(ex[i], "--") {
				flags[ex[i][2:]] = ex[i+1]
				i++
				continue
			}
			pos = append(pos, ex[i])
		}
		a, err := Solve(ctx, SolveRequest{Ruleset: info.Name, Flags: flags, Position: pos}, Web(0))
		if err != nil {
			t.Fatalf("%s %v: %v", info.Name, pos, err)
		}
		rep, ok := a.(Report)
		if !ok || len(pos) < 2 || rep.Value == nil {
			continue
		}
		if len(rep.Components) != len(pos) {
			t.Errorf("%s %v: components %v", info.Name, pos, rep.Components)
			continue
		}
		var x uint64
		for i, c := range rep.Components {
			v, _ := strconv.ParseUint(c, 10, 64)
			one, err := Solve(ctx, SolveRequest{Ruleset: info.Name, Flags: flags, Position: pos[i : i+1]}, Web(0))
			if err != nil || *one.(Report).Value != v {
				t.Errorf("%s: component %s = %s, alone %v (%v)", info.Name, pos[i], c, one, err)
			}
			x ^= v
		}
		if x != *rep.Value {
			t.Errorf("%s %v: XOR of the components %v is %d, the value %d", info.Name, pos, rep.Components, x, *rep.Value)
		}
	}
}
