package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"
)

func newVersionCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version of grundy and of the Go toolchain that built it",
		Args:  exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			v := struct {
				Version string `json:"version"`
				Go      string `json:"go"`
			}{Version: "(devel)", Go: runtime.Version()}
			if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
				v.Version = bi.Main.Version
			}
			return a.emit(v, func(w io.Writer) error {
				_, err := fmt.Fprintf(w, "grundy %s (%s)\n", v.Version, v.Go)
				return err
			})
		},
	}
}
