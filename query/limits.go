package query

import (
	"time"

	"grundy/rules"
	"grundy/script"
)

// The fixed limits of the engine, the same on every face (command line, server, static site):
// no flag or setting changes them. The server serves them in GET /api/info beside its own
// limits (max_misere_heap, max_octal_heap), the page shows each beside its box, and the errors
// over them state them.
const (
	// MaxMisereHeap is the largest "max_heap" (--max-heap) of a misère quotient: a misère sum
	// with heaps up to it is decided through the quotient of its heaps (rules.MisereSumMaxHeap).
	MaxMisereHeap = rules.MisereSumMaxHeap
	// MaxOctalHeap is the largest heap of Grundy's game, and of a take-and-break code whose
	// period is not proved, that solve and play take ("octal_heap"): at least [Web]'s MaxSeq, so
	// that the page solves any heap its sequences reach.
	MaxOctalHeap = rules.OctalMaxTable
)

// Limits are the budgets in force for one call. The command line and the web server call the
// same functions with different Limits: [CLI] (generous, each raised by a flag) and [Web]
// (tighter, for a shared server). A zero numeric field means "no bound".
type Limits struct {
	// MaxArgs caps the argument strings of a position, and the flags, of one request ("max_args").
	MaxArgs int
	// MaxSeq caps "to" of a ruleset's (or code's) sequence ("max_seq").
	MaxSeq uint64
	// MaxScriptSeq caps "to" of a script's sequence ("max_script_to").
	MaxScriptSeq uint64
	// MaxScriptBytes caps the size of a script's source ("max_script_bytes").
	MaxScriptBytes int
	// ScriptSteps is the budget of Starlark execution steps of one script run ("script_steps").
	ScriptSteps uint64
	// ScriptMemory is the budget of heap growth of one script run, in bytes ("script_memory_mib").
	ScriptMemory uint64
	// ScriptTimeout is the wall-clock budget of one script run ("script_timeout"); a context
	// deadline that comes sooner shortens it.
	ScriptTimeout time.Duration
	// ScriptPositions caps the positions the engine keeps while solving a script ("script_positions").
	ScriptPositions int
	// Budget is the time budget of the whole request ("budget_ms"), when the caller set one with
	// a context deadline: a run stopped by that deadline is reported as over this limit.
	Budget time.Duration
	// OctalBytes is the memory budget of one octal computation (0: none, "to" must then be
	// given); a "to" that does not fit is refused naming "max_seq" with the largest heap that fits.
	OctalBytes int64
	// MaxTable caps the side of a nim-product table ("max_table").
	MaxTable int
	// MaxList caps the numbers of a list read from a stream (basis and count with "-"), and the
	// pairs of a batch of nim-products ("max_list").
	MaxList int
	// MaxScanCodes caps the distinct codes of a scan's pattern ("max_scan_codes"), and MaxScanTo
	// the largest heap it computes for each ("max_scan_to").
	MaxScanCodes, MaxScanTo int
	// MaxScanWork caps the estimated work of a scan, in the units of octal.Code.Cost (about one
	// option examined; "max_scan_work").
	MaxScanWork int64
	// PlayMoves caps the legal moves a play step lists.
	PlayMoves int
	// Raise says, for a limit's name, how the caller can raise it (a flag: "--max-positions");
	// messages about that limit end with it. Nil on the web.
	Raise map[string]string
}

// Defaults of the command line's script limits (each has its flag).
const (
	DefaultScriptPositions = 20_000_000
	DefaultMaxScriptBytes  = 1 << 20
	DefaultMaxScriptSeq    = 10_000_000
)

// CLI returns the command line's limits: scripts get [script.DefaultMaxSteps],
// [script.DefaultTimeout], [script.DefaultMaxMemory] and DefaultScriptPositions positions, each
// raised by its flag; arguments and sequences of rulesets are bounded only by the machine.
func CLI() Limits {
	return Limits{
		MaxScriptSeq:    DefaultMaxScriptSeq,
		MaxScriptBytes:  DefaultMaxScriptBytes,
		ScriptSteps:     script.DefaultMaxSteps,
		ScriptMemory:    script.DefaultMaxMemory,
		ScriptTimeout:   script.DefaultTimeout,
		ScriptPositions: DefaultScriptPositions,
		PlayMoves:       60,
		Raise: map[string]string{
			"script_steps":      "--max-steps",
			"script_memory_mib": "--max-memory",
			"script_timeout":    "--timeout",
			"script_positions":  "--max-positions",
		},
	}
}

// Web returns the web server's limits for a request whose time budget is budget: the tighter
// budgets of a shared server. They are the one statement of the server's defaults
// (web.DefaultLimits reads MaxArgs, MaxSeq, MaxScriptSeq, MaxScriptBytes and MaxTable from
// here), which a server may override with its own configuration.
func Web(budget time.Duration) Limits {
	return Limits{
		MaxArgs:         64,
		MaxSeq:          100_000,
		MaxTable:        512,
		MaxScriptSeq:    10_000,
		MaxScriptBytes:  16 << 10,
		ScriptSteps:     20_000_000,
		ScriptMemory:    256 << 20,
		ScriptTimeout:   budget,
		ScriptPositions: 200_000,
		Budget:          budget,
		OctalBytes:      64 << 20,
		PlayMoves:       500,
		MaxList:         10_000,
		MaxScanCodes:    64,
		MaxScanTo:       5000,
		MaxScanWork:     250_000_000,
	}
}

// over returns the OverLimit error for the limit called name, whose value is max, with the
// message and how to raise it.
func (l Limits) over(name string, max any, format string, args ...any) *Error {
	e := Limitf(name, max, format, args...)
	if how := l.Raise[name]; how != "" {
		e.Msg += "; raise it with " + how
	}
	return e
}

// checkArgs refuses more than MaxArgs argument strings and flags.
func (l Limits) checkArgs(what string, args []string, flags map[string]string) error {
	if l.MaxArgs <= 0 {
		return nil
	}
	if len(args) > l.MaxArgs {
		return l.over("max_args", l.MaxArgs, "%s has %d entries: the limit is %d", what, len(args), l.MaxArgs)
	}
	if len(flags) > l.MaxArgs {
		return l.over("max_args", l.MaxArgs, "%d flags: the limit is %d", len(flags), l.MaxArgs)
	}
	return nil
}
