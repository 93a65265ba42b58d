package nimber

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"

	"grundy/internal/kernels"
)

// TestKernelsForced runs the product's checks in a child process once for every candidate of both
// operations, forced through GRUNDY_KERNELS (run i forces mul=mulNames[i] and
// mulslice=sliceNames[i], the portable code where an operation has fewer candidates): Mul, Square,
// Sqrt and MulSlice through the dispatch, against the definition, whatever the calibration would
// pick. (The field laws and the long random runs test the dispatched Mul in the parent only.)
func TestKernelsForced(t *testing.T) {
	if os.Getenv(kernels.EnvVar) != "" {
		t.Skip("in a child")
	}
	for i := range max(len(mulNames), len(sliceNames)) {
		m, s := mulNames[0], sliceNames[0]
		if i < len(mulNames) {
			m = mulNames[i]
		}
		if i < len(sliceNames) {
			s = sliceNames[i]
		}
		spec := fmt.Sprintf("mul=%s,mulslice=%s", m.Name, s.Name)
		cmd := exec.Command(os.Args[0], "-test.run",
			"^(TestKernelDispatch|TestMulEdgeValues|TestMulSlice|TestAsmSquareSqrt)$", "-test.count", "1", "-test.short")
		cmd.Env = append(os.Environ(), kernels.EnvVar+"="+spec)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", spec, err, out)
		}
		t.Logf("%s: %s", spec, strings.TrimSpace(string(out)))
	}
}

// TestKernelDispatch checks Mul and MulSlice, through the dispatch, against the definition on
// random and edge values; in a child of TestKernelsForced it also checks that GRUNDY_KERNELS's
// choices were taken (where the processor runs them).
func TestKernelDispatch(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	edges := []uint64{0, 1, 2, 3, 0xff, 0x100, 1 << 31, 1 << 32, 1<<32 - 1, 1 << 63, 1<<64 - 1}
	for range 5000 {
		a, b := rng.Uint64(), rng.Uint64()
		if got, want := Mul(a, b), textbookMulMemo(a, b); got != want {
			t.Fatalf("Mul(%#x, %#x) = %#x, want %#x", a, b, got, want)
		}
	}
	for _, a := range edges {
		for _, b := range edges {
			if got, want := Mul(a, b), textbookMulMemo(a, b); got != want {
				t.Fatalf("Mul(%#x, %#x) = %#x, want %#x", a, b, got, want)
			}
		}
	}
	for _, n := range []int{1, 7, 8, 31, 32, 33, 63, 64, 65, 200} {
		a, b := randomValues(rng, n), randomValues(rng, n)
		dst := make([]uint64, n)
		MulSlice(dst, a, b)
		for i := range n {
			if want := textbookMulMemo(a[i], b[i]); dst[i] != want {
				t.Fatalf("n=%d: MulSlice dst[%d] = %#x, want %#x", n, i, dst[i], want)
			}
		}
	}
	spec := os.Getenv(kernels.EnvVar)
	for _, c := range Kernels() {
		for _, kv := range strings.Split(spec, ",") {
			op, name, _ := strings.Cut(kv, "=")
			if op != c.Op {
				continue
			}
			for _, r := range c.Results {
				if r.Name == name && r.Missing == "" && (c.Pick != name || !c.Forced) {
					t.Fatalf("%s: forced %s, picked %s (%+v)", op, name, c.Pick, c)
				}
			}
		}
		t.Logf("%s: %s", c.Op, c.Pick)
	}
}

// TestKernelCandidatesAgree: on the calibration workloads every candidate this processor runs
// gives the portable code's products, and none that it cannot run is timed.
func TestKernelCandidatesAgree(t *testing.T) {
	for _, build := range []func() (int, []kernels.Candidate){mulCandidates, sliceCandidates} {
		work, cands := build()
		c := kernels.Measure("op", "product", work, cands, "")
		for _, r := range c.Results {
			if r.Wrong || (r.Missing == "") != (r.NsUnit > 0) {
				t.Fatalf("%+v", c)
			}
		}
		t.Logf("%+v", c)
	}
}

// TestCalibrationSkipsSlowKernels: with every fast candidate slowed down by a factor
// (kernels.SlowedPicks; a fixed sleep was not always enough under -race), the calibration picks
// the portable code, in a majority of five tries.
func TestCalibrationSkipsSlowKernels(t *testing.T) {
	for _, build := range []func() (int, []kernels.Candidate){mulCandidates, sliceCandidates} {
		work, cands := build()
		picks, choices := kernels.SlowedPicks("op", "product", work, cands, 5)
		if picks < 3 {
			t.Fatalf("the portable code picked in %d of 5 calibrations: %+v", picks, choices)
		}
		t.Logf("%+v", choices[0])
	}
}

// TestCalibrationOnce: products calibrate each operation once, and later products none again.
func TestCalibrationOnce(t *testing.T) {
	d := make([]uint64, 100)
	for i := range 1000 {
		Mul(uint64(i), 12345)
		MulSlice(d, d, d)
	}
	if mulOp.Calibrations() != 1 || sliceOp.Calibrations() != 1 {
		t.Fatalf("calibrations: mul %d, mulslice %d", mulOp.Calibrations(), sliceOp.Calibrations())
	}
	for _, c := range Kernels() {
		t.Logf("%s: %s after %d rounds in %v", c.Op, c.Pick, c.Rounds, c.Cost)
	}
}
