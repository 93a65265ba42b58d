package main

import (
	"strings"
	"testing"

	"grundy/nimber"
	"grundy/octal"
)

// TestDoctor: doctor names the processor and, for each operation with several kernels (octal's
// and nimber's, in the order they list them), candidates with rates and a pick among them; text and JSON agree on the picks; a
// malformed GRUNDY_KERNELS is bad input, a forced name it cannot use is a warning.
func TestDoctor(t *testing.T) {
	v := decodeJSON(t, "", "doctor")
	if v["cpu"] == "" || v["goarch"] == "" {
		t.Fatalf("no processor: %v", v)
	}
	ops, _ := v["ops"].([]any)
	want := append(octal.KernelOps(), nimber.KernelOps()...)
	if len(ops) != len(want) {
		t.Fatalf("%d operations, want %d (%v): %v", len(ops), len(want), want, v["ops"])
	}
	for i, o := range ops {
		if name := o.(map[string]any)["op"]; name != want[i] {
			t.Errorf("operation %d is %v, want %s", i, name, want[i])
		}
	}
	text, _, code := runCLI(t, "", "doctor")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	for _, o := range ops {
		op := o.(map[string]any)
		pick, found := op["pick"].(string), false
		for _, c := range op["candidates"].([]any) {
			c := c.(map[string]any)
			if c["name"] == pick {
				found = c["ns_per_unit"].(float64) > 0
			}
		}
		if !found {
			t.Fatalf("%v: the pick is not a measured candidate", op)
		}
		if !strings.Contains(text, op["op"].(string)+": "+pick+" (") {
			t.Fatalf("text does not show %s's pick %s:\n%s", op["op"], pick, text)
		}
	}
	t.Setenv("GRUNDY_KERNELS", "marks=go")
	wantBadInput(t, `no operation "marks"`, "", "doctor")
	t.Setenv("GRUNDY_KERNELS", "mark")
	wantBadInput(t, "not op=candidate", "", "doctor")
}
