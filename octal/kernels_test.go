package octal

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"grundy/internal/kernels"
)

// TestKernelsForced runs the engine's kernel checks (TestKernelEngine, TestSparse16Targets,
// TestRunScan, TestCheckedBlocks) in a child process once for every candidate of every operation,
// forced through GRUNDY_KERNELS: the runs i force mark=markNames[i], targets=scanNames[i] and
// check=checkNames[i] (the portable code where an operation has fewer candidates), so each
// candidate computes Officers and Grundy's game, and every code of TestSparse16Targets, against the
// definition whatever the calibration would pick.
func TestKernelsForced(t *testing.T) {
	if os.Getenv(kernels.EnvVar) != "" {
		t.Skip("in a child")
	}
	nth := func(cands []kernels.Candidate, i int) kernels.Candidate {
		if i >= len(cands) {
			return cands[0]
		}
		return cands[i]
	}
	for i := range max(len(markNames), len(scanNames), len(checkNames)) {
		spec := fmt.Sprintf("mark=%s,targets=%s,check=%s", nth(markNames, i).Name, nth(scanNames, i).Name, nth(checkNames, i).Name)
		args := []string{"-test.run", "^(TestKernelEngine|TestSparse16Targets|TestRunScan|TestCheckedBlocks)$", "-test.count", "1"}
		if testing.Short() {
			args = append(args, "-test.short")
		}
		cmd := exec.Command(os.Args[0], args...)
		cmd.Env = append(os.Environ(), kernels.EnvVar+"="+spec)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", spec, err, out)
		}
		t.Logf("%s: %s", spec, strings.TrimSpace(string(out)))
	}
}

// TestKernelEngine computes Grundy's game and Officers with the sparse step (blocks from several
// heaps on) against the definition, with the kernels this process chose; in a child of
// TestKernelsForced it also checks that GRUNDY_KERNELS's choices were taken (where the processor
// runs them).
func TestKernelEngine(t *testing.T) {
	n := 3000
	if raceEnabled {
		n = 500
	}
	for _, c := range []Code{GrundysGame(), MustParse("0.6")} {
		want, err := Reference(context.Background(), c, n)
		if err != nil {
			t.Fatal(err)
		}
		for _, from := range []int{1, 40, n + 1} {
			equalValues(t, c.String(), runSparse16(c, n, 0x7e, false, from), want)
		}
		for _, runLim := range []int{64, 300} { // the runs of the target search, from heap 4·runLim
			equalValues(t, fmt.Sprintf("%v runs below %d", c, runLim), runSparse16Runs(c, n, 0x7e, false, 40, runLim), want)
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
// gives the portable code's output (none is marked wrong), and none that it cannot run is timed.
func TestKernelCandidatesAgree(t *testing.T) {
	for _, build := range []func() (int, []kernels.Candidate){markCandidates, targetCandidates, checkCandidates} {
		work, cands := build()
		c := kernels.Measure("op", "split", work, cands, "")
		for _, r := range c.Results {
			if r.Wrong || (r.Missing == "") != (r.NsUnit > 0) {
				t.Fatalf("%+v", c)
			}
		}
		t.Logf("%+v", c)
	}
}

// TestCalibrationSkipsSlowVector: with every vector candidate slowed down by a factor
// (kernels.SlowedPicks), as a kernel that collapses on some processor would be, the calibration
// picks the portable code for each operation, in a majority of five tries.
func TestCalibrationSkipsSlowVector(t *testing.T) {
	for _, build := range []func() (int, []kernels.Candidate){markCandidates, targetCandidates, checkCandidates} {
		work, cands := build()
		picks, choices := kernels.SlowedPicks("op", "split", work, cands, 5)
		if picks < 3 {
			t.Fatalf("the portable code picked in %d of 5 calibrations: %+v", picks, choices)
		}
		t.Logf("%+v", choices[0])
	}
}

// TestCalibrationOnce: after a computation the engine's operations have been calibrated once each,
// within the rounds the calibration allows, and computing more calibrates nothing again.
func TestCalibrationOnce(t *testing.T) {
	runSparse16(GrundysGame(), 2000, 0x7e, false, 1)
	if markOp.Calibrations() != 1 || targetsOp.Calibrations() != 1 {
		t.Fatalf("calibrations: mark %d, targets %d", markOp.Calibrations(), targetsOp.Calibrations())
	}
	runSparse16(MustParse("0.6"), 2000, 0x7e, false, 1)
	for _, c := range Kernels() {
		if c.Rounds < 1 || c.Rounds > kernels.MaxRounds {
			t.Fatalf("%+v", c)
		}
		t.Logf("%s: %s after %d rounds in %v", c.Op, c.Pick, c.Rounds, c.Cost)
	}
	if markOp.Calibrations() != 1 || targetsOp.Calibrations() != 1 {
		t.Fatalf("calibrations: mark %d, targets %d", markOp.Calibrations(), targetsOp.Calibrations())
	}
	if u := UsedKernels(); u["mark"] == "" || u["targets"] == "" {
		t.Fatalf("used kernels %v", u)
	}
}

// BenchmarkCalibrate is the cost of calibrating both operations (building their workloads,
// checking and timing every candidate): what a process pays once, the first time it needs them.
func BenchmarkCalibrate(b *testing.B) {
	for b.Loop() {
		for _, build := range []func() (int, []kernels.Candidate){markCandidates, targetCandidates, checkCandidates} {
			work, cands := build()
			kernels.Measure("op", "split", work, cands, "")
		}
	}
}
