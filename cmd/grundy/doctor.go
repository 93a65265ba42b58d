package main

import (
	"os"
	"runtime"

	"github.com/spf13/cobra"

	"grundy/internal/kernels"
	"grundy/nimber"
	"grundy/octal"
	"grundy/report"
)

func newDoctorCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "doctor",
		Short: "Show the processor and the kernels chosen for it by measurement",
		Long:  help("doctor"),
		Args:  exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			env := os.Getenv(kernels.EnvVar)
			ops := append(octal.KernelOps(), nimber.KernelOps()...)
			if _, err := kernels.ParseSpec(env, ops); err != nil {
				return badInput("%v", err)
			}
			r := report.Doctor{GOARCH: runtime.GOARCH, CPUs: runtime.NumCPU(), Env: env, Flags: kernels.Features()}
			r.CPU, r.Family, r.Model = kernels.CPUInfo()
			r.Ops = append(octal.Kernels(), nimber.Kernels()...)
			for _, c := range r.Ops {
				r.CostNs += c.Cost.Nanoseconds()
			}
			return a.emit(r, r.WriteText)
		},
	}
}
