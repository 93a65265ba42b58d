package query

import (
	"context"
	"strconv"

	"grundy/internal/cliarg"
	"grundy/report"
	"grundy/rules"
)

// SeqRequest asks for the Grundy values g(0..To) of a one-heap game: `grundy seq` and POST
// /api/seq. Exactly one of Ruleset (with Flags), Code (a take-and-break code) and Script names
// the game.
type SeqRequest struct {
	// Ruleset is a built-in one-heap ruleset's name, with its Flags (as in SolveRequest).
	Ruleset string            `json:"ruleset,omitempty"`
	Flags   map[string]string `json:"flags,omitempty"`
	// Code is a take-and-break code ("0.07", "4.3", "grundy"): the answer is that of `grundy
	// octal CODE --to N`.
	Code string `json:"code,omitempty"`
	// Script is the Starlark source of a user's game whose positions are the ints 0..To, and
	// ScriptName its name in messages (see SolveRequest).
	Script     string `json:"script,omitempty"`
	ScriptName string `json:"-"`
	// To is the last heap: a number as the command line writes it ("1000", "0x3e8"); JSON may
	// send a number. A Code without To is computed until its period is proved or the memory
	// budget (Limits.OctalBytes) is used, where there is one.
	To Arg `json:"to"`
	// Summary leaves the values out of the answer.
	Summary bool `json:"summary,omitempty"`
	// Loopy (scripts) allows cycles in the moves: the answer is a report.LoopySeq of the loopy
	// values γ(0..To).
	Loopy bool `json:"loopy,omitempty"`
}

// Seq answers a SeqRequest: a [SeqReport] for a ruleset, a report.Seq for a script (the
// period only apparent), and the octal answer for a code. Of the options it reads Progress
// (scripts and codes).
func Seq(ctx context.Context, r SeqRequest, lim Limits, opts ...Options) (Answer, error) {
	o := optionsOf(opts)
	if err := lim.checkArgs("flags", nil, r.Flags); err != nil {
		return nil, err
	}
	named := 0
	for _, s := range []string{r.Ruleset, r.Code, r.Script} {
		if s != "" {
			named++
		}
	}
	switch {
	case named > 1 || len(r.Flags) > 0 && r.Ruleset == "":
		return nil, Badf(`give one of "ruleset" (with "flags"), "code" and "script"`)
	case named == 0:
		return nil, Badf(`missing "code" (a take-and-break code such as 0.07), "ruleset" or "script"`)
	}
	if r.Loopy && r.Code != "" {
		return nil, errLoopySeq()
	}
	if r.To == "" && r.Code != "" && lim.OctalBytes > 0 {
		// A code without "to": until its period is proved or the memory budget is used.
		return seqCode(ctx, r, "", lim, o)
	}
	if r.To == "" {
		return nil, Badf(`missing "to": the last heap to compute`)
	}
	to, err := cliarg.Uint64(string(r.To))
	if err != nil {
		return nil, Badf("to: %v", err)
	}
	switch {
	case r.Script != "":
		return seqScript(ctx, r, to, lim, o)
	case lim.MaxSeq > 0 && to > lim.MaxSeq:
		return nil, lim.over("max_seq", lim.MaxSeq, "to = %d is over the limit of %d", to, lim.MaxSeq)
	case r.Code != "":
		return seqCode(ctx, r, strconv.FormatUint(to, 10), lim, o)
	}
	res, err := seqRuleset(ctx, r, to)
	if err != nil {
		return nil, classify(err, lim, false)
	}
	return res, nil
}

// errLoopySeq refuses loopy values of a game without cycles.
func errLoopySeq() *Error {
	return Badf(`loopy values (--loopy, "loopy": true) apply to script games and the rulesets with cycles (windup, square-but-one)`)
}

// seqRuleset computes g(0..to) of a one-heap ruleset, or the loopy values of the heaps 0..to of a
// ruleset with cycles.
func seqRuleset(ctx context.Context, r SeqRequest, to uint64) (Answer, error) {
	rs, err := rules.New(r.Ruleset, r.Flags)
	if err != nil {
		return nil, err
	}
	if lr, ok := rs.(rules.Loopy); ok {
		vals, err := lr.LoopyValues(ctx, to)
		if err != nil {
			return nil, err
		}
		return report.NewLoopySeq(vals, r.Summary), nil
	}
	if r.Loopy {
		return nil, errLoopySeq()
	}
	s, err := rules.SequenceOf(ctx, rs, to)
	if err != nil {
		return nil, err
	}
	return report.NewRulesetSeq(s, to, r.Summary), nil
}

// ScriptRequest asks for the table of a script's values: POST /api/script, the web page's
// script view. It is the SeqRequest {"script": Source, "to": To}.
type ScriptRequest struct {
	// Source is the Starlark source of a game whose positions are the ints 0..To.
	Source string `json:"source"`
	// To is the last heap.
	To Arg `json:"to"`
	// Loopy asks for the loopy values of a game whose moves may have cycles (report.LoopySeq).
	Loopy bool `json:"loopy,omitempty"`
}

// Script answers a ScriptRequest as Seq answers {"script": Source, "to": To}: the answer of
// `grundy seq --script FILE --to N --json`.
func Script(ctx context.Context, r ScriptRequest, lim Limits) (Answer, error) {
	if r.Source == "" {
		return nil, Badf(`missing "source": a Starlark script defining moves(pos)`)
	}
	return Seq(ctx, SeqRequest{Script: r.Source, To: r.To, Loopy: r.Loopy}, lim)
}

// seqScript computes g(0..to) of a script, with the period the values show, or with r.Loopy its
// loopy values γ(0..to).
func seqScript(ctx context.Context, r SeqRequest, to uint64, lim Limits, o Options) (Answer, error) {
	if lim.MaxScriptSeq > 0 && to > lim.MaxScriptSeq {
		return nil, lim.over("max_script_to", lim.MaxScriptSeq, "to = %d is over the limit of %d for scripts", to, lim.MaxScriptSeq)
	}
	run, err := loadScript(ctx, r.ScriptName, r.Script, lim)
	if err != nil {
		return nil, err
	}
	defer run.close()
	if r.Loopy {
		vals, err := run.LoopyValues(to, o.Progress)
		if err != nil {
			return nil, run.fail(err)
		}
		return report.NewLoopySeq(vals, r.Summary), nil
	}
	vals, err := run.Values(to, o.Progress)
	if err != nil {
		return nil, run.fail(err)
	}
	return report.ApparentSeq(vals, r.Summary), nil
}
