package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"grundy/internal/cliarg"
	"grundy/internal/regfile"
	"grundy/nimber"
	"grundy/picture"
	"grundy/query"
	"grundy/report"
)

// Limits of `grundy nim table`.
const (
	maxTableText    = 256  // text, JSON and SVG tables
	maxTablePicture = 1024 // PNG pictures
)

func newNimCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "nim",
		Short: "Nimber (Conway nim-field) arithmetic on unsigned 64-bit values",
		Long:  help("nim"),
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return badInput("unknown command %q for %q (see '%s --help')", args[0], cmd.CommandPath(), cmd.CommandPath())
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error { return cmd.Help() },
	}
	var wide bool
	cmd.PersistentFlags().BoolVar(&wide, "wide", false, "numbers below 2^65536 instead of 2^64 (add, mul, div, pow, inv, sqrt, square)")
	cmd.PersistentPreRunE = func(c *cobra.Command, args []string) error {
		if !wide {
			return nil
		}
		switch c.Name() {
		case "add", "mul", "div", "pow", "inv", "sqrt", "square":
			if f := c.Flags().Lookup("batch"); f != nil && f.Changed {
				return badInput("--wide does not apply to mul --batch")
			}
			return nil
		}
		return badInput("--wide applies to add, mul, div, pow, inv, sqrt and square, not to %s", c.Name())
	}
	// A negative number looks like a flag to the flag parser: say what is wrong with it instead.
	cmd.SetFlagErrorFunc(func(_ *cobra.Command, err error) error {
		msg := err.Error()
		if i := strings.LastIndex(msg, " in -"); i >= 0 && strings.HasPrefix(msg, "unknown shorthand flag") {
			arg := msg[i+len(" in "):]
			if _, perr := cliarg.Uint64(arg[1:]); perr == nil {
				return badInput("%q: negative numbers are not allowed (nimbers are unsigned)", arg)
			}
		}
		return badInput("%v", err)
	})
	// op is a one-shot operation of n numbers, answered by query.Nim.
	op := func(name, short string, n int) *cobra.Command {
		use := name + " A"
		if n == 2 {
			use += " B"
		}
		return &cobra.Command{
			Use:   use,
			Short: short,
			Args:  exactArgs(n),
			RunE: func(cmd *cobra.Command, args []string) error {
				return a.nim(cmd.Context(), query.NimRequest{Op: name, Args: args, Wide: wide})
			},
		}
	}
	binary := func(name, short string) *cobra.Command { return op(name, short, 2) }
	unary := func(name, short string) *cobra.Command { return op(name, short, 1) }
	mul := binary("mul", "Nim-product A ⊗ B")
	var batch bool
	mul.Flags().BoolVar(&batch, "batch", false, `read "A B" lines on stdin and write one product per line`)
	mul.Use = "mul A B | mul --batch"
	mul.Long = help("nim-mul")
	single := mul.RunE
	mul.Args = func(cmd *cobra.Command, args []string) error {
		if batch {
			return exactArgs(0)(cmd, args)
		}
		return exactArgs(2)(cmd, args)
	}
	mul.RunE = func(cmd *cobra.Command, args []string) error {
		if batch {
			return query.NimBatch(cmd.Context(), a.stdin, a.stdout, a.json)
		}
		return single(cmd, args)
	}
	var base string
	logCmd := &cobra.Command{
		Use:   "log B [--base A]",
		Short: "Discrete logarithm: the least x with A^x = B (A defaults to the group generator)",
		Long:  fmt.Sprintf(help("nim-log"), uint64(nimber.Generator)),
		Args:  exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.nim(cmd.Context(), query.NimRequest{Op: "log", Args: args, Base: base})
		},
	}
	logCmd.Flags().StringVar(&base, "base", "", "the base A (decimal or 0x hex); default the group generator")
	quadCmd := &cobra.Command{
		Use:   "quadratic A",
		Short: "Solve x ⊗ x ⊕ x = A: one root x (the other is x ⊕ 1), or none",
		Long:  help("nim-quadratic"),
		Args:  exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.nim(cmd.Context(), query.NimRequest{Op: "quadratic", Args: args})
		},
	}
	cmd.AddCommand(
		binary("add", "Nim-sum A ⊕ B (bitwise exclusive or)"),
		mul,
		binary("div", "Nim-quotient A ⊘ B (B ≠ 0)"),
		binary("pow", "A raised to the ordinary integer power E in the nim-field (pow A E)"),
		unary("inv", "Nim-inverse of A (A ≠ 0)"),
		unary("sqrt", "Nim square root of A (unique)"),
		unary("square", "Nim-square A ⊗ A"),
		unary("order", "Multiplicative order of A (A ≠ 0): the least e ≥ 1 with A^e = 1"),
		logCmd,
		quadCmd,
		newNimTableCmd(a),
	)
	return cmd
}

// nim answers a one-shot operation and prints it.
func (a *app) nim(ctx context.Context, req query.NimRequest) error {
	out, err := query.Nim(ctx, req, query.Limits{})
	if err != nil {
		return err
	}
	res := out.(report.Nim)
	return a.emit(res, res.WriteText)
}

func newNimTableCmd(a *app) *cobra.Command {
	var pngFile, svgFile string
	cmd := &cobra.Command{
		Use:   "table N [--png F | --svg F]",
		Short: "The N×N nim-product table, as text or as a colour heatmap",
		Long:  fmt.Sprintf(help("nim-table"), maxTableText, maxTablePicture),
		Args:  exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if pngFile != "" && svgFile != "" {
				return badInput("give at most one of --png and --svg")
			}
			limit := maxTableText
			if pngFile != "" {
				limit = maxTablePicture
			}
			return a.boundedCmd(cmd, func(ctx context.Context) error {
				out, err := query.Nim(ctx, query.NimRequest{Op: "table", Args: args}, query.Limits{MaxTable: limit})
				if err != nil {
					return err
				}
				t := out.(report.NimTable)
				if pngFile != "" || svgFile != "" {
					return a.writeHeatmap(t.N, t.Table, pngFile, svgFile)
				}
				return a.emit(t, t.WriteText)
			})
		},
	}
	cmd.Flags().StringVar(&pngFile, "png", "", "write a PNG heatmap to the file F (- for stdout)")
	cmd.Flags().StringVar(&svgFile, "svg", "", "write an SVG heatmap to the file F (- for stdout)")
	addBoundFlags(cmd.Flags())
	return cmd
}

func (a *app) writeHeatmap(n int, rows [][]uint64, pngFile, svgFile string) error {
	h := &picture.Heatmap{
		Rows:  rows,
		Title: fmt.Sprintf("nim-product table %d×%d", n, n),
		Label: func(x, y int, v uint64) string { return fmt.Sprintf("%d⊗%d = %d", y, x, v) },
	}
	format, file := "png", pngFile
	write := h.WritePNG
	if svgFile != "" {
		format, file, write = "svg", svgFile, h.WriteSVG
	}
	if file == "-" {
		if a.json {
			return badInput("--%s -: cannot write the picture to stdout together with --json", format)
		}
		if err := write(a.stdout); err != nil {
			return internalf("writing %s: %v", format, err)
		}
		return nil
	}
	f, err := regfile.Create(file)
	if err != nil {
		return badInput("--%s: %v", format, err)
	}
	if err := write(f); err != nil {
		f.Close()
		return internalf("writing %s: %v", file, err)
	}
	if err := f.Close(); err != nil {
		return internalf("writing %s: %v", file, err)
	}
	doc := struct {
		N      int    `json:"n"`
		Format string `json:"format"`
		File   string `json:"file"`
	}{n, format, file}
	return a.emit(doc, func(w io.Writer) error {
		_, err := fmt.Fprintf(w, "wrote the %d×%d nim-product table to %s\n", n, n, file)
		return err
	})
}
