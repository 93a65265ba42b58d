package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/sys/cpu"

	"grundy/internal/kernels"
	"grundy/nimber"
	"grundy/octal"
)

// doctorReport is `grundy doctor --json`: the processor and, for every operation with more than
// one implementation, the candidates' measured rates and the pick.
type doctorReport struct {
	CPU    string           `json:"cpu"`                  // /proc/cpuinfo's model name where there is one
	Family string           `json:"cpu_family,omitempty"` // and its family and model numbers (x86)
	Model  string           `json:"cpu_model,omitempty"`
	Flags  []string         `json:"features"` // the CPU features the kernels use that it has
	GOARCH string           `json:"goarch"`
	CPUs   int              `json:"cpus"`
	Env    string           `json:"grundy_kernels"` // GRUNDY_KERNELS as set ("" when unset)
	Ops    []kernels.Choice `json:"ops"`
	CostNs int64            `json:"calibration_ns"` // all the operations' calibrations together
}

func newDoctorCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "doctor",
		Short: "Show the processor and the kernels chosen for it by measurement",
		Long: `doctor calibrates every operation that has more than one implementation (octal's block
marking and target search, the nim-product and the batch nim-product) as a computation would on
first use: each candidate this processor can run is checked against the portable code and timed on
a small workload, and the fastest correct one is picked. It prints the processor, each candidate's
time per unit of work, and the pick.

GRUNDY_KERNELS forces choices, e.g. GRUNDY_KERNELS=mark=go,targets=avx2: a candidate that is unknown,
that this processor cannot run, or that gives a wrong answer is not used (the measured pick is, and
a warning says why). doctor rejects a malformed GRUNDY_KERNELS or an unknown operation (exit 2).`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			env := os.Getenv(kernels.EnvVar)
			ops := append(octal.KernelOps(), nimber.KernelOps()...)
			if _, err := kernels.ParseSpec(env, ops); err != nil {
				return badInput("%v", err)
			}
			r := doctorReport{GOARCH: runtime.GOARCH, CPUs: runtime.NumCPU(), Env: env, Flags: cpuFeatures()}
			r.CPU, r.Family, r.Model = cpuInfo()
			r.Ops = append(octal.Kernels(), nimber.Kernels()...)
			for _, c := range r.Ops {
				r.CostNs += c.Cost.Nanoseconds()
			}
			return a.emit(r, func(w io.Writer) error { return writeDoctor(w, r) })
		},
	}
}

func writeDoctor(w io.Writer, r doctorReport) error {
	env := r.Env
	if env == "" {
		env = "(unset)"
	}
	fmt.Fprintf(w, "cpu             %s (%s, %d logical CPUs)\n", r.CPU, r.GOARCH, r.CPUs)
	if r.Family != "" {
		fmt.Fprintf(w, "family, model   %s, %s\n", r.Family, r.Model)
	}
	fmt.Fprintf(w, "features        %s\n", strings.Join(r.Flags, " "))
	fmt.Fprintf(w, "%s  %s\n", kernels.EnvVar, env)
	for _, c := range r.Ops {
		how := "fastest correct"
		if c.Forced {
			how = "forced"
		}
		fmt.Fprintf(w, "\n%s: %s (%s; ns per %s, best of %d rounds)\n", c.Op, c.Pick, how, c.Unit, c.Rounds)
		for _, res := range c.Results {
			mark := " "
			if res.Name == c.Pick {
				mark = "*"
			}
			switch {
			case res.Missing != "":
				fmt.Fprintf(w, "  %s %-12s -        (%s)\n", mark, res.Name, res.Missing)
			case res.Wrong:
				fmt.Fprintf(w, "  %s %-12s -        (wrong output: not used)\n", mark, res.Name)
			default:
				fmt.Fprintf(w, "  %s %-12s %8.3f\n", mark, res.Name, res.NsUnit)
			}
		}
		if c.Warning != "" {
			fmt.Fprintf(w, "  warning: %s\n", c.Warning)
		}
	}
	_, err := fmt.Fprintf(w, "\ncalibration     %v in all\n", time.Duration(r.CostNs).Round(time.Microsecond))
	return err
}

// cpuInfo returns the processor's model name, family and model number from /proc/cpuinfo (the
// name alone does not tell apart two generations: "AMD EPYC" is Zen 3 as well as Zen 4), or
// "unknown" where there is none.
func cpuInfo() (name, family, model string) {
	name = "unknown"
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return name, "", ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		switch {
		case k == "model name" && name == "unknown":
			name = v
		case k == "cpu family" && family == "":
			family = v
		case k == "model" && model == "":
			model = v
		case k == "processor" && v != "0":
			return name, family, model // the first processor's lines only
		}
	}
	return name, family, model
}

// cpuFeatures returns the x86 features the kernels' candidates depend on that this processor has.
func cpuFeatures() []string {
	var fs []string
	for _, f := range []struct {
		name string
		has  bool
	}{
		{"avx2", cpu.X86.HasAVX2}, {"pclmulqdq", cpu.X86.HasPCLMULQDQ}, {"avx512f", cpu.X86.HasAVX512F},
		{"avx512bw", cpu.X86.HasAVX512BW}, {"avx512vbmi", cpu.X86.HasAVX512VBMI},
		{"avx512vbmi2", cpu.X86.HasAVX512VBMI2}, {"gfni+avx512", cpu.X86.HasAVX512GFNI},
	} {
		if f.has {
			fs = append(fs, f.name)
		}
	}
	return fs
}
