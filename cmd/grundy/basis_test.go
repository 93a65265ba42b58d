package main

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

func TestBasisText(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"basis", "rank", "1", "2", "3"}, "2\n"},
		{[]string{"basis", "rank", "0"}, "0\n"},
		{[]string{"basis", "max", "5", "5", "6", "6"}, "6\n"},
		{[]string{"basis", "max", "0xffffffffffffffff", "1"}, "18446744073709551615\n"},
		{[]string{"basis", "min", "1", "2"}, "1\n"},
		{[]string{"basis", "min", "1", "2", "3"}, "0\n"},
		{[]string{"basis", "min", "6", "12"}, "6\n"},
		{[]string{"basis", "kth", "3", "1", "2"}, "3\n"},
		{[]string{"basis", "kth", "1", "1", "2", "3"}, "0\n"},
		{[]string{"basis", "kth", "4", "1", "2", "3"}, "3\n"},
		{[]string{"basis", "contains", "0", "5"}, "yes\n"},
		{[]string{"basis", "contains", "3", "1", "2"}, "yes\n"},
		{[]string{"basis", "contains", "4", "1", "2", "3"}, "no\n"},
		{[]string{"basis", "newnim", "5", "5", "6", "6", "5", "5"}, "21\n"},
		{[]string{"basis", "newnim", "0", "0"}, "-1\n"},
	}
	for _, c := range cases {
		out, errOut, code := runCLI(t, "", c.args...)
		if code != 0 || out != c.want {
			t.Errorf("grundy %s: %q (exit %d, %q), want %q", strings.Join(c.args, " "), out, code, errOut, c.want)
		}
	}
}

// TestHDU3949ThroughCLI runs the judge sample through `basis kth`, out-of-range K giving exit 2
// where the judge prints -1.
func TestHDU3949ThroughCLI(t *testing.T) {
	cases := []struct {
		nums []string
		want []string
	}{
		{[]string{"1", "2"}, []string{"1", "2", "3", "-1"}},
		{[]string{"1", "2", "3"}, []string{"0", "1", "2", "3", "-1"}},
	}
	for _, c := range cases {
		for i, w := range c.want {
			args := append([]string{"basis", "kth", strconv.Itoa(i + 1)}, c.nums...)
			out, _, code := runCLI(t, "", args...)
			got := strings.TrimSpace(out)
			if code == exitInput {
				got = "-1"
			}
			if got != w {
				t.Errorf("%v: %q exit %d, want %s", args, out, code, w)
			}
		}
	}
}

func TestBasisJSON(t *testing.T) {
	v := decodeJSON(t, "", "basis", "rank", "1", "2", "3")
	if v["rank"] != 2.0 || v["numbers"] != 3.0 || v["distinct"] != "4" {
		t.Errorf("rank JSON %v", v)
	}
	v = decodeJSON(t, "", "basis", "max", "0xffffffffffffffff", "1")
	if v["max"] != "18446744073709551615" {
		t.Errorf("max JSON %v", v)
	}
	v = decodeJSON(t, "", "basis", "min", "4", "6")
	if v["min"] != "2" {
		t.Errorf("min JSON %v", v)
	}
	v = decodeJSON(t, "", "basis", "kth", "2", "4", "6")
	if v["k"] != "2" || v["kth"] != "4" || v["distinct"] != "3" {
		t.Errorf("kth JSON %v", v)
	}
	v = decodeJSON(t, "", "basis", "contains", "7", "1", "2", "4", "8")
	if v["contains"] != true || fmt.Sprint(v["witness"]) != "[0 1 2]" || fmt.Sprint(v["witness_values"]) != "[1 2 4]" {
		t.Errorf("contains JSON %v", v)
	}
	v = decodeJSON(t, "", "basis", "contains", "16", "1", "2")
	if _, has := v["witness"]; v["contains"] != false || has {
		t.Errorf("contains (no) JSON %v", v)
	}
	v = decodeJSON(t, "", "basis", "contains", "0", "1")
	if w, ok := v["witness"].([]any); v["contains"] != true || !ok || len(w) != 0 {
		t.Errorf("contains 0 JSON %v", v)
	}
	v = decodeJSON(t, "", "basis", "newnim", "5", "5", "6", "6", "5", "5")
	if v["win"] != true || v["taken"] != "21" || fmt.Sprint(v["kept"]) != "[0 2]" || fmt.Sprint(v["removed"]) != "[1 3 4 5]" {
		t.Errorf("newnim JSON %v", v)
	}
	v = decodeJSON(t, "", "basis", "newnim", "0")
	if v["win"] != false || v["taken"] != nil || fmt.Sprint(v["removed"]) != "[]" {
		t.Errorf("newnim (lose) JSON %v", v)
	}
	// Sums past 2^64 stay exact.
	v = decodeJSON(t, "", "basis", "newnim", "18446744073709551615", "18446744073709551615", "18446744073709551615")
	if v["taken"] != "36893488147419103230" {
		t.Errorf("newnim big JSON %v", v)
	}
}

// TestContainsWitnessRandom checks random witnesses from the CLI against the numbers.
func TestContainsWitnessRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 40 {
		n := 1 + r.IntN(12)
		nums := make([]uint64, n)
		args := []string{"basis", "contains", "", "-"}
		var sb strings.Builder
		for i := range nums {
			nums[i] = r.Uint64() >> uint(r.IntN(64))
			fmt.Fprintf(&sb, "%d\n", nums[i])
		}
		var x uint64
		for i := range nums {
			if r.IntN(2) == 0 {
				x ^= nums[i]
			}
		}
		args[2] = strconv.FormatUint(x, 10)
		v := decodeJSON(t, sb.String(), args...)
		if v["contains"] != true {
			t.Fatalf("%v: %d not contained", nums, x)
		}
		var y uint64
		for _, i := range v["witness"].([]any) {
			y ^= nums[int(i.(float64))]
		}
		if y != x {
			t.Fatalf("witness XORs to %d, want %d", y, x)
		}
	}
}

func TestBasisBadInput(t *testing.T) {
	wantBadInput(t, "needs a subcommand", "", "basis")
	wantBadInput(t, "unknown basis subcommand", "", "basis", "frob", "1")
	wantBadInput(t, "at least 1 argument", "", "basis", "rank")
	wantBadInput(t, "no numbers", "", "basis", "max", "-")
	wantBadInput(t, "no numbers", "  \n\t", "basis", "min", "-")
	wantBadInput(t, "no heaps", "", "basis", "newnim", "-")
	wantBadInput(t, "negative", "", "basis", "rank", "--", "1", "-2")
	wantBadInput(t, "numbers item 2", "", "basis", "rank", "1", "x")
	wantBadInput(t, "below 2^64", "", "basis", "max", "18446744073709551616")
	wantBadInput(t, "stdin number 3", "1 2 18446744073709551616", "basis", "max", "-")
	wantBadInput(t, "stdin number 2", "1 -2", "basis", "max", "-")
	wantBadInput(t, "longer than", "1 "+strings.Repeat("0", 200)+"1", "basis", "max", "-")
	wantBadInput(t, "at least 1", "", "basis", "kth", "0", "1")
	wantBadInput(t, "out of range", "", "basis", "kth", "4", "1", "2")
	wantBadInput(t, "out of range", "", "basis", "kth", "18446744073709551615", "1", "2")
	wantBadInput(t, "K:", "", "basis", "kth", "k", "1", "2")
	wantBadInput(t, "at least 2 argument", "", "basis", "kth", "1")
	wantBadInput(t, "X:", "", "basis", "contains", "--", "-1", "1")
	wantBadInput(t, "no numbers", "", "basis", "contains", "1", "-")
}

func TestBasisStdinLarge(t *testing.T) {
	// 200 000 numbers through stdin, hex and decimal mixed, against the same list as arguments
	// for a prefix (the argument path) and a direct computation of the rank of powers of two.
	var sb strings.Builder
	for i := 0; i < 200000; i++ {
		if i%2 == 0 {
			fmt.Fprintf(&sb, "%d ", uint64(1)<<uint(i%64))
		} else {
			fmt.Fprintf(&sb, "0x%x\n", uint64(1)<<uint(i%64))
		}
	}
	out, errOut, code := runCLI(t, sb.String(), "basis", "rank", "-")
	if code != 0 || out != "64\n" {
		t.Fatalf("rank of powers: %q %q", out, errOut)
	}
	v := decodeJSON(t, sb.String(), "basis", "rank", "-")
	if v["numbers"] != 200000.0 {
		t.Fatalf("numbers read: %v", v["numbers"])
	}
}
