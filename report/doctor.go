package report

import (
	"fmt"
	"io"
	"strings"
	"time"

	"grundy/internal/kernels"
)

// Doctor is `grundy doctor --json`: the processor and, for every operation with more than
// one implementation, the candidates' measured rates and the pick.
type Doctor struct {
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

// WriteText writes the report as `grundy doctor` prints it.
func (r Doctor) WriteText(w io.Writer) error {
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
