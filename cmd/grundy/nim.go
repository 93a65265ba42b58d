package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"grundy/internal/cliarg"
	"grundy/nimber"
	"grundy/picture"
)

// Limits of `grundy nim table`.
const (
	maxTableText    = 256  // text, JSON and SVG tables
	maxTablePicture = 1024 // PNG pictures
)

// nimResult is the JSON document of the one-shot nim commands.
type nimResult struct {
	Op     string   `json:"op"`
	Args   []string `json:"args"`
	Base   string   `json:"base,omitempty"`
	Result *string  `json:"result"` // decimal; null when there is no result (a logarithm that does not exist)
}

func newNimCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "nim",
		Short: "Nimber (Conway nim-field) arithmetic on unsigned 64-bit values",
		Long: `Nimber arithmetic: nim-sum, nim-product, quotient, powers, inverse, square root,
multiplicative order and discrete logarithm in the nim-field GF(2^64).

Numbers are decimal or 0x hex below 2^64; results are printed in decimal. With --wide, add, mul,
div, pow, inv, sqrt and square work on nimbers below 2^65536 (the field GF(2^(2^16))) instead.`,
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
	// op is a one-shot operation of n numbers (n = 1 or 2).
	op := func(name, short string, n int, f func(v []uint64) (uint64, error)) *cobra.Command {
		use := name + " A"
		if n == 2 {
			use += " B"
		}
		return &cobra.Command{
			Use:   use,
			Short: short,
			Args:  exactArgs(n),
			RunE: func(cmd *cobra.Command, args []string) error {
				if wide {
					return a.nimWide(name, args)
				}
				v, err := cliarg.Uint64s(args)
				if err != nil {
					return err
				}
				r, err := f(v)
				if err != nil {
					return err
				}
				return a.emitNim(name, args, "", &r)
			},
		}
	}
	binary := func(name, short string, f func(x, y uint64) (uint64, error)) *cobra.Command {
		return op(name, short, 2, func(v []uint64) (uint64, error) { return f(v[0], v[1]) })
	}
	unary := func(name, short string, f func(x uint64) (uint64, error)) *cobra.Command {
		return op(name, short, 1, func(v []uint64) (uint64, error) { return f(v[0]) })
	}
	ok := func(f func(x, y uint64) uint64) func(x, y uint64) (uint64, error) {
		return func(x, y uint64) (uint64, error) { return f(x, y), nil }
	}
	ok1 := func(f func(x uint64) uint64) func(x uint64) (uint64, error) {
		return func(x uint64) (uint64, error) { return f(x), nil }
	}
	mul := binary("mul", "Nim-product A ⊗ B", ok(nimber.Mul))
	var batch bool
	mul.Flags().BoolVar(&batch, "batch", false, `read "A B" lines on stdin and write one product per line`)
	mul.Use = "mul A B | mul --batch"
	mul.Long = `Nim-product A ⊗ B.

With --batch, reads lines "A B" (two numbers separated by spaces or tabs) on stdin and writes one
product per line, in order; blank lines are skipped. A malformed line stops the run with exit status 2
naming its line number, after the products of the lines before it. With --json, the products are
printed at the end as one document {"results": ["...", ...]} (nothing is printed on error).`
	single := mul.RunE
	mul.Args = func(cmd *cobra.Command, args []string) error {
		if batch {
			return exactArgs(0)(cmd, args)
		}
		return exactArgs(2)(cmd, args)
	}
	mul.RunE = func(cmd *cobra.Command, args []string) error {
		if batch {
			return a.mulBatch()
		}
		return single(cmd, args)
	}
	var base string
	logCmd := &cobra.Command{
		Use:   "log B [--base A]",
		Short: "Discrete logarithm: the least x with A^x = B (A defaults to the group generator)",
		Long: fmt.Sprintf(`Discrete logarithm in the nim-field: the least x ≥ 0 with A^x = B, where A^x is the
x-fold nim-product. The base A defaults to the generator %d of the multiplicative group.
When no such x exists the result is "none" (null in JSON), with exit status 0.`, uint64(nimber.Generator)),
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			b, err := cliarg.Uint64(args[0])
			if err != nil {
				return err
			}
			var x uint64
			var found bool
			if cmd.Flags().Changed("base") {
				av, err := cliarg.Uint64(base)
				if err != nil {
					return badInput("--base: %v", err)
				}
				x, found = nimber.LogBase(av, b)
			} else {
				if b == 0 {
					return badInput("log 0 is undefined: 0 is no power of the generator")
				}
				x, found = nimber.Log(b)
			}
			if !found {
				return a.emitNim("log", args, base, nil)
			}
			return a.emitNim("log", args, base, &x)
		},
	}
	logCmd.Flags().StringVar(&base, "base", "", "the base A (decimal or 0x hex); default the group generator")
	quadCmd := &cobra.Command{
		Use:   "quadratic A",
		Short: "Solve x ⊗ x ⊕ x = A: one root x (the other is x ⊕ 1), or none",
		Long: `Solves the quadratic x ⊗ x ⊕ x = A in the nim-field GF(2^64). It has two roots, x and x ⊕ 1,
when the absolute trace of A is 0, and none otherwise; the result is the smaller root, or "none"
(null in JSON) with exit status 0. (Any quadratic x⊗x ⊕ b⊗x = c with b ≠ 0 reduces to this one
by x = b⊗y: y⊗y ⊕ y = c ⊘ (b⊗b).)`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			v, err := cliarg.Uint64(args[0])
			if err != nil {
				return err
			}
			x, found := nimber.SolveQuadratic(v)
			if !found {
				return a.emitNim("quadratic", args, "", nil)
			}
			x = min(x, x^1)
			return a.emitNim("quadratic", args, "", &x)
		},
	}
	cmd.AddCommand(
		binary("add", "Nim-sum A ⊕ B (bitwise exclusive or)", ok(nimber.Add)),
		mul,
		binary("div", "Nim-quotient A ⊘ B (B ≠ 0)", func(x, y uint64) (uint64, error) {
			if y == 0 {
				return 0, badInput("division by zero: div A 0 is undefined")
			}
			return nimber.Div(x, y), nil
		}),
		binary("pow", "A raised to the ordinary integer power E in the nim-field (pow A E)", ok(nimber.Pow)),
		unary("inv", "Nim-inverse of A (A ≠ 0)", func(x uint64) (uint64, error) {
			if x == 0 {
				return 0, badInput("inv 0 is undefined: 0 has no inverse")
			}
			return nimber.Inv(x), nil
		}),
		unary("sqrt", "Nim square root of A (unique)", ok1(nimber.Sqrt)),
		unary("square", "Nim-square A ⊗ A", ok1(nimber.Square)),
		unary("order", "Multiplicative order of A (A ≠ 0): the least e ≥ 1 with A^e = 1", func(x uint64) (uint64, error) {
			if x == 0 {
				return 0, badInput("order 0 is undefined: no power of 0 is 1")
			}
			return nimber.Order(x), nil
		}),
		logCmd,
		quadCmd,
		newNimTableCmd(a),
	)
	return cmd
}

// nimWide runs a one-shot operation on nimber.Big values (the --wide flag). The exponent of pow stays
// an unsigned 64-bit number.
func (a *app) nimWide(op string, args []string) error {
	v := make([]nimber.Big, len(args))
	for i, s := range args {
		if op == "pow" && i == 1 {
			break
		}
		x, err := nimber.ParseBig(s)
		if err != nil {
			return badInput("argument %d: %s", i+1, strings.TrimPrefix(err.Error(), "nimber: "))
		}
		v[i] = x
	}
	var r nimber.Big
	switch op {
	case "add":
		r = v[0].Add(v[1])
	case "mul":
		r = v[0].Mul(v[1])
	case "div":
		if v[1].IsZero() {
			return badInput("division by zero: div A 0 is undefined")
		}
		r = v[0].Div(v[1])
	case "pow":
		e, err := cliarg.Uint64(args[1])
		if err != nil {
			return badInput("argument 2: %v", err)
		}
		r = v[0].Pow(e)
	case "inv":
		if v[0].IsZero() {
			return badInput("inv 0 is undefined: 0 has no inverse")
		}
		r = v[0].Inv()
	case "sqrt":
		r = v[0].Sqrt()
	case "square":
		r = v[0].Square()
	default:
		return badInput("--wide does not apply to %s", op)
	}
	text := r.String()
	return a.emit(nimResult{Op: op, Args: args, Result: &text}, func(w io.Writer) error {
		_, err := fmt.Fprintln(w, text)
		return err
	})
}

// emitNim prints a one-shot result: the decimal value, or "none" when r is nil.
func (a *app) emitNim(op string, args []string, base string, r *uint64) error {
	doc := nimResult{Op: op, Args: args, Base: base}
	text := "none"
	if r != nil {
		text = strconv.FormatUint(*r, 10)
		doc.Result = &text
	}
	return a.emit(doc, func(w io.Writer) error {
		_, err := fmt.Fprintln(w, text)
		return err
	})
}

func newNimTableCmd(a *app) *cobra.Command {
	var pngFile, svgFile string
	cmd := &cobra.Command{
		Use:   "table N [--png F | --svg F]",
		Short: "The N×N nim-product table, as text or as a colour heatmap",
		Long: fmt.Sprintf(`The N×N nim-product table a⊗b for 0 ≤ a, b < N: as aligned text, or with --png F / --svg F
as a heatmap picture written to the file F ("-" for stdout), coloured by value.
N is at most %d for text, JSON and SVG, and at most %d for PNG.`, maxTableText, maxTablePicture),
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if pngFile != "" && svgFile != "" {
				return badInput("give at most one of --png and --svg")
			}
			limit := maxTableText
			if pngFile != "" {
				limit = maxTablePicture
			}
			n, err := cliarg.Int(args[0], "table size", limit)
			if err != nil {
				return err
			}
			if n == 0 {
				return badInput("table size must be at least 1")
			}
			rows := make([][]uint64, n)
			for i := range rows {
				rows[i] = make([]uint64, n)
				for j := range rows[i] {
					rows[i][j] = nimber.Mul(uint64(i), uint64(j))
				}
			}
			if pngFile != "" || svgFile != "" {
				return a.writeHeatmap(n, rows, pngFile, svgFile)
			}
			doc := struct {
				N     int        `json:"n"`
				Table [][]uint64 `json:"table"`
			}{n, rows}
			return a.emit(doc, func(w io.Writer) error { return writeTextTable(w, rows) })
		},
	}
	cmd.Flags().StringVar(&pngFile, "png", "", "write a PNG heatmap to the file F (- for stdout)")
	cmd.Flags().StringVar(&svgFile, "svg", "", "write an SVG heatmap to the file F (- for stdout)")
	return cmd
}

// writeTextTable prints the table with a header row and column, right-aligned.
func writeTextTable(w io.Writer, rows [][]uint64) error {
	n := len(rows)
	width := len(strconv.Itoa(n - 1))
	for _, r := range rows {
		for _, v := range r {
			width = max(width, len(strconv.FormatUint(v, 10)))
		}
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%*s |", width, "⊗")
	for j := range n {
		fmt.Fprintf(bw, " %*d", width, j)
	}
	fmt.Fprintf(bw, "\n%s-+%s\n", strings.Repeat("-", width), strings.Repeat("-", (width+1)*n))
	for i, r := range rows {
		fmt.Fprintf(bw, "%*d |", width, i)
		for _, v := range r {
			fmt.Fprintf(bw, " %*d", width, v)
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
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
	f, err := os.Create(file)
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
