package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"grundy/internal/cliarg"
	"grundy/octal"
	"grundy/report"
	"grundy/store"
)

type octalFlags struct {
	to, maxMemory, checkpoint, resume, valuesFile, db, method string
	summary, noStop, progress, save                           bool
	every                                                     time.Duration
}

func newOctalCmd(a *app) *cobra.Command {
	var f octalFlags
	cmd := &cobra.Command{
		Use:   "octal CODE",
		Short: "Grundy sequence of a take-and-break game; period, preperiod and proof",
		Long: `octal computes the Grundy values g(0), g(1), … of a take-and-break game and finds its period.

CODE is an octal code d0.d1d2… (0.77 Kayles, .07 Dawson's Kayles, 4.7, 0.0000007), a hexadecimal
code with prefix x (x0.8: take one, leave three heaps), or "grundy" for Grundy's game. Digit di says
what removing i tokens may leave: bit 1 nothing, 2 one heap, 4 two heaps, 8 three heaps.

Computing stops as soon as the octal periodicity theorem proves a period ("proved": true), or at
--to. Without --to it goes on until a period is proved or the memory limit is reached. With a
proved period the values up to --to are filled in from it (computed_to says how far was computed).
The method (sparse rare/common values, quadratic loop, …) is chosen automatically and reported.

Long runs: a progress bar on stderr (when it is a terminal, or with --progress); Ctrl-C stops and
still writes the checkpoint, the values file and the catalogue row that were asked for;
--checkpoint FILE saves the values every --checkpoint-every and at the end; --resume FILE goes on
from a checkpoint; --save stores the result in the catalogue (--db, default under the user's cache
directory).`,
		Example: `  grundy octal .77 --to 100
  grundy octal 0.1777 --summary --progress --checkpoint 1777.ckpt
  grundy octal 0.1777 --summary --resume 1777.ckpt --checkpoint 1777.ckpt
  grundy octal scan '0.??' --to 5000`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runOctal(cmd.Context(), a, args[0], &f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.to, "to", "", "largest heap (default: until a period is proved, within the memory limit)")
	fl.BoolVar(&f.summary, "summary", false, "omit the values")
	fl.StringVar(&f.valuesFile, "values-file", "", "write the values to this file, one \"n g(n)\" line each")
	fl.BoolVar(&f.noStop, "no-stop", false, "compute all the way to --to even after a period is proved")
	fl.BoolVar(&f.progress, "progress", false, "show the progress bar even when stderr is not a terminal")
	fl.StringVar(&f.checkpoint, "checkpoint", "", "save the values to this file now and then and at the end (atomically)")
	fl.DurationVar(&f.every, "checkpoint-every", time.Minute, "how often --checkpoint saves")
	fl.StringVar(&f.resume, "resume", "", "continue from this checkpoint file")
	fl.BoolVar(&f.save, "save", false, "store the result in the catalogue")
	fl.StringVar(&f.db, "db", "", "catalogue database (default: <user cache dir>/grundy/catalogue.db)")
	fl.StringVar(&f.maxMemory, "max-memory", "", "memory limit, e.g. 2G or 512M (default: 3/4 of the available memory)")
	fl.StringVar(&f.method, "method", "auto", "auto, quadratic (no sparse method) or reference (the O(n²) definition)")
	cmd.AddCommand(newOctalScanCmd(a), newOctalCatalogueCmd(a))
	return cmd
}

func parseCode(s string) (octal.Code, error) {
	c, err := octal.Parse(s)
	if err != nil {
		return c, badInput("%v", err)
	}
	return c, nil
}

// parseBytes reads a size: a number of bytes, optionally with a K, M, G or T suffix (powers of 1024).
func parseBytes(s string) (int64, error) {
	mult := uint64(1)
	t := strings.TrimSuffix(strings.TrimSuffix(strings.ToUpper(s), "B"), "I")
	if n := len(t); n > 0 {
		if i := strings.IndexByte("KMGT", t[n-1]); i >= 0 {
			mult = 1 << (10 * (i + 1))
			t = t[:n-1]
		}
	}
	v, err := cliarg.Uint64(t)
	if err != nil || v == 0 || v > (1<<62)/mult {
		return 0, badInput("--max-memory %q: want a size such as 2G, 512M or 1000000000", s)
	}
	return int64(v * mult), nil
}

// memoryBudget is --max-memory, or 3/4 of MemAvailable from /proc/meminfo (2 GiB if unknown).
func memoryBudget(flag string) (int64, error) {
	if flag != "" {
		return parseBytes(flag)
	}
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if rest, ok := strings.CutPrefix(line, "MemAvailable:"); ok {
				f := strings.Fields(rest)
				if kb, err := strconv.ParseInt(f[0], 10, 64); err == nil && kb > 0 {
					return kb * 1024 / 4 * 3, nil
				}
			}
		}
	}
	return 2 << 30, nil
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

func openDB(path string) (*store.DB, error) {
	if path == "" {
		p, err := store.DefaultPath()
		if err != nil {
			return nil, internalf("%v", err)
		}
		path = p
	}
	db, err := store.Open(path)
	if err != nil {
		return nil, internalf("%v", err)
	}
	return db, nil
}

func record(res *octal.Result) store.Record {
	return store.Record{Code: res.Code.String(), ComputedTo: int64(res.ComputedTo), Period: int64(res.Period),
		Preperiod: int64(res.Preperiod), Proved: res.Proved, MaxValue: int64(res.MaxValue), RareMask: int64(res.RareMask),
		Method: res.Method, Seconds: res.Elapsed.Seconds()}
}

func runOctal(ctx context.Context, a *app, codeArg string, f *octalFlags) error {
	c, err := parseCode(codeArg)
	if err != nil {
		return err
	}
	budget, err := memoryBudget(f.maxMemory)
	if err != nil {
		return err
	}
	opt := octal.Options{KeepGoing: f.noStop, MaxBytes: budget}
	switch f.method {
	case "auto":
	case "quadratic":
		opt.Method = octal.MethodQuadratic
	case "reference":
		opt.Method = octal.MethodReference
	default:
		return badInput("--method %q: want auto, quadratic or reference", f.method)
	}
	if f.to != "" {
		if opt.To, err = cliarg.Int(f.to, "--to", 1<<40); err != nil {
			return err
		}
		if opt.To == 0 {
			return badInput("--to must be at least 1")
		}
	} else if f.noStop {
		return badInput("--no-stop needs --to")
	}
	if f.resume != "" {
		cp, err := octal.LoadFile(f.resume, octal.MaxTo(c, budget)+1)
		if err != nil {
			return badInput("--resume: %v", err)
		}
		if cp.Code != c {
			return badInput("--resume: checkpoint %s is of %v, not %v", f.resume, cp.Code, c)
		}
		opt.Resume = cp
	}
	if f.checkpoint != "" {
		path := f.checkpoint
		opt.Save = func(cp *octal.Checkpoint) error { return cp.SaveFile(path) }
		opt.SaveEvery = f.every
	}
	var bar *progressBar
	if f.progress || isTerminal(a.stderr) {
		// The bar is made at the first report, when the target is known: a bar of unknown
		// length would start the library's spinner goroutine, which races with updates.
		opt.Progress = func(done, target int) {
			if bar == nil {
				bar = a.newProgress(true, int64(target), c.String(), "heaps")
			}
			bar.set(int64(done), int64(target))
		}
	}
	res, cerr := octal.Compute(ctx, c, opt)
	bar.finish()
	if cerr != nil && res == nil {
		var le *octal.LimitError
		if errors.As(cerr, &le) {
			return badInput("--to %d: %v (set --max-memory)", le.To, cerr)
		}
		return internalf("%v", cerr)
	}
	// Save what was asked, whether the run completed or was interrupted.
	var saveErrs []string
	if f.checkpoint != "" {
		if err := res.Checkpoint().SaveFile(f.checkpoint); err != nil {
			saveErrs = append(saveErrs, fmt.Sprintf("checkpoint: %v", err))
		}
	}
	last := res.ComputedTo
	if opt.To > 0 && (res.Proved || opt.To < last) {
		last = opt.To
	}
	if f.valuesFile != "" {
		if err := writeValues(f.valuesFile, res, last); err != nil {
			saveErrs = append(saveErrs, fmt.Sprintf("values file: %v", err))
		}
	}
	to := opt.To
	if to == 0 { // no --to: the values computed
		to = -1
	}
	out, err := report.NewOctal(c, res, to, f.summary)
	if err != nil {
		return internalf("%v", err)
	}
	if f.save {
		db, err := openDB(f.db)
		if err != nil {
			return err
		}
		ok, err := db.Save(context.WithoutCancel(ctx), record(res))
		db.Close()
		if err != nil {
			saveErrs = append(saveErrs, err.Error())
		} else {
			out.Saved = &ok
		}
	}
	if err := a.emit(out, func(w io.Writer) error { return octalText(w, res, &out) }); err != nil {
		return err
	}
	switch {
	case cerr != nil && errors.Is(cerr, context.Canceled):
		return internalf("interrupted at heap %d%s", res.ComputedTo+1, savedNote(f))
	case cerr != nil:
		return internalf("%v (stopped at heap %d%s)", cerr, res.ComputedTo+1, savedNote(f))
	case len(saveErrs) > 0:
		return internalf("%s", strings.Join(saveErrs, "; "))
	}
	return nil
}

func savedNote(f *octalFlags) string {
	var parts []string
	if f.checkpoint != "" {
		parts = append(parts, "checkpoint saved to "+f.checkpoint+"; continue with --resume "+f.checkpoint)
	}
	if f.valuesFile != "" {
		parts = append(parts, "values written to "+f.valuesFile)
	}
	if len(parts) == 0 {
		return ""
	}
	return ": " + strings.Join(parts, ", ")
}

func writeValues(path string, res *octal.Result, last int) error {
	fh, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(fh, 1<<20)
	buf := make([]byte, 0, 32)
	for i := 0; i <= last; i++ {
		v, _ := res.Value(i)
		buf = strconv.AppendInt(buf[:0], int64(i), 10)
		buf = append(buf, ' ')
		buf = strconv.AppendUint(buf, uint64(v), 10)
		buf = append(buf, '\n')
		w.Write(buf)
	}
	err = w.Flush()
	if cerr := fh.Close(); err == nil {
		err = cerr
	}
	return err
}

func octalText(w io.Writer, res *octal.Result, out *report.Octal) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "game         %s\n", out.Code)
	fmt.Fprintf(bw, "computed to  %d (%.3f s)\n", res.ComputedTo, res.Elapsed.Seconds())
	switch {
	case res.Period > 0 && res.Proved:
		fmt.Fprintf(bw, "period       %d, preperiod %d (proved by the periodicity theorem)\n", res.Period, res.Preperiod)
	case res.Period > 0:
		fmt.Fprintf(bw, "period       %d, preperiod %d (apparent, not proved)\n", res.Period, res.Preperiod)
	default:
		fmt.Fprintf(bw, "period       none found\n")
	}
	method := res.Method
	if res.RareMask != 0 {
		method += fmt.Sprintf(" (rare mask %x, %d rare heaps ≥ 1)", res.RareMask, res.Rare)
	}
	fmt.Fprintf(bw, "method       %s\n", method)
	fmt.Fprintf(bw, "max value    %d\n", res.MaxValue)
	st := out.Statistics
	fmt.Fprintf(bw, "statistics   heaps 0..%d: largest %d at %d, rare mask %x, %d rare (heap 0 included), last rare %d\n",
		st.Heaps-1, st.Largest, st.LargestAt, st.RareMask, st.Rare, st.LastRare)
	if out.Saved != nil {
		fmt.Fprintf(bw, "catalogue    %s\n", map[bool]string{true: "saved", false: "kept the better row already there"}[*out.Saved])
	}
	if out.Values != nil {
		for i := 0; i < len(out.Values); i += 20 {
			fmt.Fprintf(bw, "g(%d..):", i)
			for _, v := range out.Values[i:min(i+20, len(out.Values))] {
				fmt.Fprintf(bw, " %d", v)
			}
			bw.WriteByte('\n')
		}
	}
	return bw.Flush()
}

// maxScanCodes bounds the codes one scan may expand to.
const maxScanCodes = 4096

// expandPattern lists the distinct codes matching pattern, where each ? stands for any digit of
// the code's base (and for any allowed d0 before the point).
func expandPattern(pattern string) ([]octal.Code, error) {
	if !strings.Contains(pattern, "?") {
		c, err := parseCode(pattern)
		return []octal.Code{c}, err
	}
	hex := strings.HasPrefix(strings.ToLower(pattern), "x") || strings.HasPrefix(strings.ToLower(pattern), "0x")
	digits, d0s := "01234567", "04"
	if hex {
		digits, d0s = "0123456789abcdef", "048c"
	}
	var total = 1
	dot := strings.IndexByte(pattern, '.')
	for i, ch := range pattern {
		if ch == '?' {
			if i < dot {
				total *= len(d0s)
			} else {
				total *= len(digits)
			}
			if total > maxScanCodes {
				return nil, badInput("pattern %q matches more than %d codes", pattern, maxScanCodes)
			}
		}
	}
	seen := map[octal.Code]bool{}
	var out []octal.Code
	var rec func(prefix string, rest string) error
	rec = func(prefix, rest string) error {
		i := strings.IndexByte(rest, '?')
		if i < 0 {
			c, err := parseCode(prefix + rest)
			if err != nil {
				return err
			}
			if !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
			return nil
		}
		alphabet := digits
		if len(prefix)+i < dot {
			alphabet = d0s
		}
		for _, d := range alphabet {
			if err := rec(prefix+rest[:i]+string(d), rest[i+1:]); err != nil {
				return err
			}
		}
		return nil
	}
	if err := rec("", pattern); err != nil {
		return nil, err
	}
	return out, nil
}

type scanRow struct {
	Code       string  `json:"code"`
	ComputedTo int     `json:"computed_to"`
	Period     *int    `json:"period"`
	Preperiod  *int    `json:"preperiod"`
	Proved     bool    `json:"proved"`
	Method     string  `json:"method"`
	MaxValue   uint32  `json:"max_value"`
	RareMask   *uint32 `json:"rare_mask"`
}

func newOctalScanCmd(a *app) *cobra.Command {
	var to, db string
	var save bool
	cmd := &cobra.Command{
		Use:   "scan PATTERN",
		Short: "Periods of every code matching a pattern such as '0.??' (? = any digit)",
		Long: `scan computes every code that matches PATTERN — each ? stands for any digit: 0–7 in octal
codes, 0–f in hexadecimal ones, 0 or 4 (0, 4, 8, c) before the point — up to --to heaps each
(stopping early when a period is proved), on all cores, and prints the table of periods.
Codes that differ only by trailing zeros are the same game and appear once.`,
		Example: `  grundy octal scan '0.??'
  grundy octal scan '4.?7' --to 100000 --save`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			codes, err := expandPattern(args[0])
			if err != nil {
				return err
			}
			n, err := cliarg.Int(to, "--to", 1<<24)
			if err != nil {
				return err
			}
			if n == 0 {
				return badInput("--to must be at least 1")
			}
			var cat *store.DB
			if save {
				if cat, err = openDB(db); err != nil {
					return err
				}
				defer cat.Close()
			}
			ctx := cmd.Context()
			bar := a.newProgress(false, int64(len(codes)), "scan "+args[0], "codes")
			rows := make([]*scanRow, len(codes))
			errs := make([]error, len(codes))
			var next int
			var mu sync.Mutex
			var wg sync.WaitGroup
			for range runtime.GOMAXPROCS(0) {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for {
						mu.Lock()
						i := next
						next++
						mu.Unlock()
						if i >= len(codes) || ctx.Err() != nil {
							return
						}
						res, err := octal.Compute(ctx, codes[i], octal.Options{To: n})
						mu.Lock()
						bar.add(1)
						mu.Unlock()
						if err != nil {
							errs[i] = err
							continue
						}
						row := &scanRow{Code: res.Code.String(), ComputedTo: res.ComputedTo, Proved: res.Proved,
							Method: res.Method, MaxValue: res.MaxValue}
						if res.Period > 0 {
							row.Period, row.Preperiod = &res.Period, &res.Preperiod
						}
						if res.RareMask != 0 {
							row.RareMask = &res.RareMask
						}
						rows[i] = row
						if cat != nil {
							if _, err := cat.Save(ctx, record(res)); err != nil {
								errs[i] = err
							}
						}
					}
				}()
			}
			wg.Wait()
			bar.finish()
			done := make([]*scanRow, 0, len(rows))
			for i, r := range rows {
				if r != nil {
					done = append(done, r)
				} else if errs[i] != nil && !errors.Is(errs[i], context.Canceled) {
					return internalf("%v: %v", codes[i], errs[i])
				}
			}
			v := struct {
				Pattern string     `json:"pattern"`
				To      int        `json:"to"`
				Games   []*scanRow `json:"games"`
			}{args[0], n, done}
			err = a.emit(v, func(w io.Writer) error {
				bw := bufio.NewWriter(w)
				fmt.Fprintf(bw, "%-10s %10s %10s %-7s %11s %6s %-10s %s\n", "code", "period", "preperiod", "proved", "computed_to", "max", "method", "rare mask")
				for _, r := range done {
					per, pre := "-", "-"
					if r.Period != nil {
						per, pre = strconv.Itoa(*r.Period), strconv.Itoa(*r.Preperiod)
					}
					mask := "-"
					if r.RareMask != nil {
						mask = strconv.FormatUint(uint64(*r.RareMask), 16)
					}
					fmt.Fprintf(bw, "%-10s %10s %10s %-7v %11d %6d %-10s %s\n", r.Code, per, pre, r.Proved, r.ComputedTo, r.MaxValue, r.Method, mask)
				}
				return bw.Flush()
			})
			if err != nil {
				return err
			}
			if ctx.Err() != nil {
				return internalf("interrupted after %d of %d codes", len(done), len(codes))
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&to, "to", "10000", "largest heap computed for each code")
	cmd.Flags().BoolVar(&save, "save", false, "store every result in the catalogue")
	cmd.Flags().StringVar(&db, "db", "", "catalogue database (default: <user cache dir>/grundy/catalogue.db)")
	return cmd
}

func newOctalCatalogueCmd(a *app) *cobra.Command {
	var db string
	cmd := &cobra.Command{
		Use:   "catalogue",
		Short: "List the results stored with --save",
		Args:  exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			cat, err := openDB(db)
			if err != nil {
				return err
			}
			defer cat.Close()
			recs, err := cat.List(cmd.Context())
			if err != nil {
				return internalf("%v", err)
			}
			type row struct {
				Code       string  `json:"code"`
				ComputedTo int64   `json:"computed_to"`
				Period     *int64  `json:"period"`
				Preperiod  *int64  `json:"preperiod"`
				Proved     bool    `json:"proved"`
				MaxValue   int64   `json:"max_value"`
				RareMask   *int64  `json:"rare_mask"`
				Method     string  `json:"method"`
				Seconds    float64 `json:"seconds"`
				SavedAt    string  `json:"saved_at"`
			}
			rows := make([]row, 0, len(recs))
			for _, r := range recs {
				x := row{Code: r.Code, ComputedTo: r.ComputedTo, Proved: r.Proved, MaxValue: r.MaxValue, Method: r.Method,
					Seconds: r.Seconds, SavedAt: r.SavedAt.Format(time.RFC3339)}
				if r.Period > 0 {
					x.Period, x.Preperiod = &r.Period, &r.Preperiod
				}
				if r.RareMask != 0 {
					x.RareMask = &r.RareMask
				}
				rows = append(rows, x)
			}
			return a.emit(struct {
				Games []row `json:"games"`
			}{rows}, func(w io.Writer) error {
				bw := bufio.NewWriter(w)
				fmt.Fprintf(bw, "%-10s %10s %10s %-7s %11s %6s %-10s %s\n", "code", "period", "preperiod", "proved", "computed_to", "max", "method", "saved")
				for _, r := range rows {
					per, pre := "-", "-"
					if r.Period != nil {
						per, pre = strconv.FormatInt(*r.Period, 10), strconv.FormatInt(*r.Preperiod, 10)
					}
					fmt.Fprintf(bw, "%-10s %10s %10s %-7v %11d %6d %-10s %s\n", r.Code, per, pre, r.Proved, r.ComputedTo, r.MaxValue, r.Method, r.SavedAt)
				}
				return bw.Flush()
			})
		},
	}
	cmd.Flags().StringVar(&db, "db", "", "catalogue database (default: <user cache dir>/grundy/catalogue.db)")
	return cmd
}
