package main

import (
	"context"
	"errors"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"grundy/internal/progress"
	"grundy/query"
	"grundy/report"
	"grundy/sweep"
)

type octalFlags struct {
	req       query.OctalRequest
	opt       query.Options // the files (--checkpoint, --resume, --values-file), the catalogue, the progress line
	save      bool
	db        string
	maxMemory string
	progress  bool
	timeout   time.Duration
}

func newOctalCmd(a *app) *cobra.Command {
	var f octalFlags
	cmd := &cobra.Command{
		Use:   "octal CODE",
		Short: "Grundy sequence of a take-and-break game; period, preperiod and proof",
		Long:  help("octal"),
		Example: `  grundy octal .77 --to 100
  grundy octal 0.1777 --summary --progress --checkpoint 1777.ckpt
  grundy octal 0.1777 --summary --resume 1777.ckpt --checkpoint 1777.ckpt
  grundy octal scan '0.??' --to 5000`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f.req.Code = args[0]
			return a.runOctal(cmd.Context(), &f)
		},
	}
	fl := cmd.Flags()
	r := &f.req
	fl.StringVar(&r.To, "to", "", "largest heap (default: until a period is proved, within the memory limit)")
	fl.BoolVar(&r.Summary, "summary", false, "omit the values")
	fl.StringVar(&f.opt.ValuesFile, "values-file", "", "write the values to this file, one \"n g(n)\" line each")
	fl.BoolVar(&r.NoStop, "no-stop", false, "compute all the way to --to even after a period is proved")
	fl.BoolVar(&f.progress, "progress", false, "show the progress line even when stderr is not a terminal")
	fl.StringVar(&f.opt.Checkpoint, "checkpoint", "", "save the values to this file now and then and at the end (atomically)")
	fl.DurationVar(&f.opt.CheckpointEvery, "checkpoint-every", time.Minute, "how often --checkpoint saves")
	fl.StringVar(&f.opt.Resume, "resume", "", "continue from this checkpoint file")
	fl.BoolVar(&f.save, "save", false, "store the result in the catalogue")
	dbFlag(fl, &f.db)
	fl.DurationVar(&f.timeout, "timeout", 0, "stop after this long (30s, 2m), saving the checkpoint, exit 2 (default: none)")
	fl.StringVar(&f.maxMemory, "max-memory", "", "memory limit: 2G, 512M (a bare number is MiB) (default: 3/4 of the available memory)")
	fl.StringVar(&r.Method, "method", "auto", "auto, quadratic (no sparse method) or reference (the O(n²) definition)")
	fl.IntVar(&r.Workers, "workers", 0, "cores to use, at most GOMAXPROCS (0: the default, every core up to 8; 1: one core; more: more verifiers of the values)")
	cmd.AddCommand(newOctalScanCmd(a), newOctalCatalogueCmd(a))
	return cmd
}

// cliOctalWorkers is the most cores grundy octal uses by default. On a 16-core Intel Xeon, Officers
// to 2^22 took 4.83 / 3.00 / 2.16 / 2.11 s wall (9.7 / 11.4 / 17.3 / 26.5 CPU-s) with 2 / 4 / 8 /
// 16 workers, and Grundy's game to 2^28 114–120 s with 8 and 115 s with 16 (969–1,077 against
// 1,496 CPU-s; BENCHMARKS.md, "Several cores on one sequence"): past eight the leader is the
// bound and more workers only spin. The library's default (octal.DefaultWorkers) stays two, for
// servers that run several computations at once.
const cliOctalWorkers = 8

// defaultOctalWorkers returns the command line's default --workers: every core this process may
// use (GOMAXPROCS, which follows the CPU affinity and the cgroup's CPU limit), up to
// cliOctalWorkers.
func defaultOctalWorkers() int {
	return min(runtime.GOMAXPROCS(0), cliOctalWorkers)
}

// octalLimits are the command line's limits of octal computations: the memory budget of
// --max-memory (default 3/4 of the available memory), raised with that flag.
func octalLimits(maxMemory string) (query.Limits, error) {
	budget, source, err := query.MemoryBudget(maxMemory)
	if err != nil {
		return query.Limits{}, err
	}
	raise := "--max-memory"
	if source != "" {
		raise += " (the default is " + source + ")"
	}
	return query.Limits{OctalBytes: budget, Raise: map[string]string{"max_seq": raise}}, nil
}

func (a *app) runOctal(ctx context.Context, f *octalFlags) error {
	lim, err := octalLimits(f.maxMemory)
	if err != nil {
		return err
	}
	req, opt := f.req, f.opt
	if req.Workers == 0 {
		req.Workers = defaultOctalWorkers()
	}
	if f.save {
		s := sweep.NewSaver(envDB(f.db))
		defer s.Close()
		opt.Store = s
	}
	var line *progress.Status
	if f.progress || isTerminal(a.stderr) {
		line = progress.NewStatus(a.stderr, req.Code)
		opt.Status = line.Update
	}
	if f.timeout < 0 {
		return badInput("--timeout %v: want a positive duration such as 30s or 2m", f.timeout)
	}
	if f.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, f.timeout)
		defer cancel()
	}
	out, err := query.Octal(ctx, req, lim, opt)
	if err != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		where := strings.TrimPrefix(err.Error(), context.DeadlineExceeded.Error()+" ") // "(stopped at heap N: …)"
		if !strings.HasPrefix(where, "(") {
			where = "(" + where + ")"
		}
		err = query.Limitf("timeout", f.timeout.String(), "the computation ran out of its time budget of %v %s; raise it with --timeout", f.timeout, where)
	}
	line.End()
	if out.Code == "" { // no answer at all
		return err
	}
	if perr := a.emit(out, out.WriteText); perr != nil {
		return perr
	}
	return err
}

// newProgress returns a progress bar on stderr, or nil (no bar, whose methods do nothing) when
// stderr is not a terminal and force is false, so that scripts and tests see no bar.
func (a *app) newProgress(force bool, total int64, desc, units string) *progress.Bar {
	if !force && !isTerminal(a.stderr) {
		return nil
	}
	return progress.NewBar(a.stderr, total, desc, units)
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

func newOctalScanCmd(a *app) *cobra.Command {
	var req sweep.ScanRequest
	var shards int
	cmd := &cobra.Command{
		Use:   "scan PATTERN",
		Short: "Periods of every code matching a pattern such as '0.??' (? = any digit)",
		Long:  help("octal-scan"),
		Example: `  grundy octal scan '0.??'
  grundy octal scan '4.?7' --to 100000 --save`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			req.Pattern, req.DB, req.MaxMemory = args[0], envDB(req.DB), cmd.Flag("max-memory").Value.String()
			var err error
			if req.Shard, err = sweep.ShardSpec(req.Shard, shards, os.Getenv); err != nil {
				return err
			}
			var bar *progress.Bar
			var log *sweep.Log
			desc := "scan " + args[0]
			if req.Shard != "" { // a line a code on a batch system's log, or the bar; a summary
				desc += " shard " + req.Shard
				log = &sweep.Log{W: a.stderr, Name: desc, Start: time.Now(), Quiet: isTerminal(a.stderr)}
				req.Row = log.Row
			}
			req.Codes = func(n int) {
				if log != nil {
					log.Codes(n)
				}
				bar = a.newProgress(false, int64(n), desc, "codes")
			}
			req.Done = func() { bar.Add(1) }
			var out report.Scan
			err = a.boundedCmd(cmd, func(ctx context.Context) (err error) {
				out, err = sweep.Scan(ctx, req, query.Limits{})
				return err
			})
			bar.Finish()
			if log != nil && out.Games != nil {
				log.Summary()
			}
			if out.Games == nil {
				return err
			}
			if perr := a.emit(out, out.WriteText); perr != nil {
				return perr
			}
			return err
		},
	}
	cmd.Flags().StringVar(&req.To, "to", "10000", "largest heap computed for each code")
	cmd.Flags().BoolVar(&req.Save, "save", false, "store every result in the catalogue (and skip the codes already stored at least this far)")
	dbFlag(cmd.Flags(), &req.DB)
	cmd.Flags().StringVar(&req.Shard, "shard", "", "compute only shard I of N, as I/N with I from 0 (default: from SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT, or JOB_COMPLETION_INDEX with --shards)")
	addBoundFlags(cmd.Flags())
	cmd.Flags().IntVar(&shards, "shards", 0, "the number of shards, for an index from JOB_COMPLETION_INDEX (a Kubernetes Indexed Job's completions)")
	return cmd
}

func newOctalCatalogueCmd(a *app) *cobra.Command {
	var req sweep.CatalogueRequest
	var solved, unsolved bool
	var format string
	cmd := &cobra.Command{
		Use:   "catalogue",
		Short: "List the results stored with --save (one machine's or a whole sweep's)",
		Long:  help("octal-catalogue"),
		Example: `  grundy octal catalogue --db postgres://grundy@db.example/grundy --pattern '0.??' --unsolved
  grundy octal catalogue --format csv > catalogue.csv`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			req.DB = envDB(req.DB)
			switch {
			case solved && unsolved:
				return badInput("--solved and --unsolved exclude each other")
			case solved:
				req.Status = "solved"
			case unsolved:
				req.Status = "unsolved"
			}
			write := map[string]func(report.Catalogue, io.Writer) error{"table": report.Catalogue.WriteText,
				"csv": report.Catalogue.WriteCSV, "flammenkamp": report.Catalogue.WriteFlammenkamp}[format]
			if format == "json" {
				a.json = true
			} else if write == nil {
				return badInput("--format %q: want table, csv, flammenkamp or json", format)
			}
			out, err := sweep.Catalogue(cmd.Context(), req, query.Limits{})
			if err != nil {
				return err
			}
			return a.emit(out, func(w io.Writer) error { return write(out, w) })
		},
	}
	dbFlag(cmd.Flags(), &req.DB)
	cmd.Flags().StringVar(&req.Pattern, "pattern", "", "only the games matching this pattern (? = any digit), e.g. '0.??'")
	cmd.Flags().BoolVar(&solved, "solved", false, "only the games whose period is proved")
	cmd.Flags().BoolVar(&unsolved, "unsolved", false, "only the games whose period is not proved")
	cmd.Flags().StringVar(&format, "format", "table", "table, csv, flammenkamp or json")
	return cmd
}
