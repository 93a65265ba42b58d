package main

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"grundy/internal/cliarg"
	"grundy/internal/worker"
	"grundy/query"
)

// Exit statuses of the command (the CLI contract).
const (
	exitOK       = 0
	exitInternal = 1
	exitInput    = 2
)

// app carries what every subcommand needs: its streams and the global output mode.
type app struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	json   bool
	// exit ends the process at once with a status: set for the real command (not in tests that
	// call run), so that a computation past its --timeout or --max-memory that does not stop by
	// itself ends with the process (see bounded).
	exit func(code int)
	args []string // the command line, for a supervised copy of the command (bounds.go)
	// emitted: a JSON document has been printed (so an error after it prints none).
	emitted bool
}

// emit prints v as one JSON document when --json is set, and calls text otherwise.
func (a *app) emit(v any, text func(w io.Writer) error) error {
	if a.json {
		a.emitted = true
		if err := query.Encode(a.stdout, v); err != nil {
			return internalf("writing JSON: %v", err)
		}
		return nil
	}
	return text(a.stdout)
}

// helpFiles holds the long help texts of the commands, one file each: help/NAME.txt.
//
//go:embed help/*.txt
var helpFiles embed.FS

// help returns the long help text help/NAME.txt. Every name used is read by the golden tests of
// --help, so a missing file cannot pass them; it would read as an empty help.
func help(name string) string {
	b, _ := helpFiles.ReadFile("help/" + name + ".txt")
	return strings.TrimSuffix(string(b), "\n")
}

// internalError marks a failure that is not the user's fault (exit status 1).
type internalError struct{ err error }

func (e *internalError) Error() string { return e.err.Error() }
func (e *internalError) Unwrap() error { return e.err }

func internalf(format string, args ...any) error {
	return &internalError{err: fmt.Errorf(format, args...)}
}

// badInput returns an error that marks a malformed argument (exit status 2).
func badInput(format string, args ...any) error { return cliarg.Errorf(format, args...) }

// exitCode classifies err as query.KindOf does, as the web does (400/422 and 503/500): bad input
// (a *query.Error of that kind, a malformed argument) and over a limit give 2; cancelled (Ctrl-C)
// and internal failures — an internalError, and any error not known to be the user's — give 1.
func exitCode(err error) int {
	var ie *internalError
	if errors.As(err, &ie) {
		return exitInternal
	}
	return exitOf(query.KindOf(err))
}

// exitOf is the exit status of an error of kind k.
func exitOf(k query.Kind) int {
	switch k {
	case query.BadInput, query.OverLimit:
		return exitInput
	}
	return exitInternal
}

// newRoot builds the command tree. Each subcommand lives in a file of its own and is added here.
func newRoot(a *app) *cobra.Command {
	root := &cobra.Command{
		Use:           "grundy",
		Short:         "Nimbers, Sprague–Grundy values, winning moves and periods of impartial games",
		Long:          help("grundy"),
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.PersistentFlags().BoolVar(&a.json, "json", false, "print exactly one JSON document")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return badInput("%v", err) })
	root.CompletionOptions.DisableDefaultCmd = true
	root.AddCommand(
		newVersionCmd(a),
		newDoctorCmd(a),
		newServeCmd(a),
		newBasisCmd(a),
		newCountCmd(a),
		newSolveCmd(a),
		newSeqCmd(a),
		newGuessCmd(a),
		newNimCmd(a),
		newRulesCmd(a),
		newPlayCmd(a),
		newOctalCmd(a),
		newMisereCmd(a),
	)
	// The root runs only to show its help (so that its Args below, not cobra's built-in check,
	// judges an unknown command).
	root.RunE = func(cmd *cobra.Command, _ []string) error { return cmd.Help() }
	suggestSubcommands(root)
	return root
}

// suggestSubcommands makes every command that has subcommands answer a mistyped one with one
// line naming the nearest subcommands: `unknown command "solvee"; did you mean "solve"?`. A
// command's own argument check still decides every argument that is close to no subcommand.
func suggestSubcommands(c *cobra.Command) {
	for _, sub := range c.Commands() {
		suggestSubcommands(sub)
	}
	if !c.HasSubCommands() {
		return
	}
	if c.SuggestionsMinimumDistance <= 0 {
		c.SuggestionsMinimumDistance = 2 // cobra's default, which only its own check sets
	}
	prev := c.Args
	c.Args = func(cmd *cobra.Command, args []string) error {
		if len(args) > 0 && args[0] != "" { // "" is a prefix of every name
			if near := cmd.SuggestionsFor(args[0]); len(near) > 0 {
				return unknownCommand(cmd, args[0], near)
			}
		}
		if prev != nil {
			return prev(cmd, args)
		}
		if len(args) > 0 {
			return unknownCommand(cmd, args[0], nil)
		}
		return nil
	}
}

// unknownCommand is the bad-input error for a mistyped subcommand name of cmd, with the
// suggestions near.
func unknownCommand(cmd *cobra.Command, name string, near []string) error {
	where := ""
	if cmd.HasParent() {
		where = fmt.Sprintf(" for %q", cmd.CommandPath())
	}
	if len(near) == 0 {
		return badInput("unknown command %q%s (see '%s --help')", name, where, cmd.CommandPath())
	}
	quoted := make([]string, len(near))
	for i, n := range near {
		quoted[i] = strconv.Quote(n)
	}
	list := quoted[len(quoted)-1]
	if len(quoted) > 1 {
		list = strings.Join(quoted[:len(quoted)-1], ", ") + " or " + list
	}
	return badInput("unknown command %q%s; did you mean %s?", name, where, list)
}

// run executes the command line args and returns the exit status. It never panics: a panic in a
// subcommand is reported as an internal failure.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	return runApp(ctx, &app{stdin: stdin, stdout: stdout, stderr: stderr}, args)
}

// runApp is run with the app given.
func runApp(ctx context.Context, a *app, args []string) (code int) {
	stdin, stdout, stderr := a.stdin, a.stdout, a.stderr
	a.args = args
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "grundy: internal failure: %v\n%s", r, debug.Stack())
			code = exitInternal
		}
	}()
	root := newRoot(a)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	if err := root.ExecuteContext(ctx); err != nil {
		if ce := (*worker.CopyExit)(nil); errors.As(err, &ce) {
			return ce.Code // the supervised copy of this command has answered (bounds.go)
		}
		msg := strings.TrimSpace(err.Error())
		if strings.Contains(msg, "\n") {
			msg = strings.ReplaceAll(msg, "\n", "; ")
		}
		fmt.Fprintf(stderr, "grundy: %s\n", msg)
		if (a.json || slices.Contains(args, "--json")) && !a.emitted {
			writeErrorJSON(stdout, msg, err)
		}
		return exitCode(err)
	}
	return exitOK
}

// writeErrorJSON prints the JSON document of a failed command with --json: {"error": msg}, and
// for a limit its name and value ("limit", "max"), as the web API's error answers.
func writeErrorJSON(w io.Writer, msg string, err error) {
	doc := struct {
		Error string `json:"error"`
		Limit string `json:"limit,omitempty"`
		Max   any    `json:"max,omitempty"`
	}{Error: msg}
	var qe *query.Error
	if errors.As(err, &qe) && qe.Kind == query.OverLimit {
		doc.Limit, doc.Max = qe.Limit, qe.Max
	}
	query.Encode(w, doc)
}

// exactArgs is cobra.ExactArgs with an error that counts as bad input.
func exactArgs(n int) cobra.PositionalArgs { return countArgs(n, "") }

// minArgs is cobra.MinimumNArgs with an error that counts as bad input.
func minArgs(n int) cobra.PositionalArgs { return countArgs(n, "at least ") }

// countArgs refuses other than n positional arguments, or with atLeast "at least " fewer than n.
func countArgs(n int, atLeast string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) < n || atLeast == "" && len(args) != n {
			return badInput("%s takes %s%d argument(s), got %d (see '%s --help')", cmd.CommandPath(), atLeast, n, len(args), cmd.CommandPath())
		}
		return nil
	}
}
