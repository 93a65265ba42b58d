package web

import (
	"context"
	"errors"
	"strconv"
	"time"

	"grundy/game"
	"grundy/report"
	"grundy/script"
)

// ScriptRequest is the body of POST /api/script: a Starlark game (a script defining moves(pos),
// as for `grundy seq --script`) and the last heap To; the answer is g(0..To) as `grundy seq
// --script FILE --to N --json` prints it.
type ScriptRequest struct {
	Source string     `json:"source"`
	To     *argString `json:"to"`
}

// Limits of script runs on the web, tighter than the command line's.
const (
	scriptMaxSteps     = 20_000_000
	scriptMaxPositions = 200_000
	scriptMaxTo        = 10_000
	scriptMaxMemory    = 256 << 20 // bytes of heap growth
)

func (s *Server) script(ctx context.Context, r *ScriptRequest) (any, error) {
	if len(r.Source) > s.limits.MaxScriptBytes {
		return nil, overLimit("max_script_bytes", s.limits.MaxScriptBytes, "the script has %d bytes: the limit is %d", len(r.Source), s.limits.MaxScriptBytes)
	}
	if r.Source == "" {
		return nil, badRequest(`missing "source": a Starlark script defining moves(pos)`)
	}
	if r.To == nil {
		return nil, badRequest(`missing "to": the last heap to compute`)
	}
	to, err := s.seqTo(&SeqRequest{To: r.To})
	if err != nil {
		return nil, err
	}
	if to > scriptMaxTo {
		return nil, overLimit("max_script_to", scriptMaxTo, "to = %d is over the limit of %d for scripts", to, scriptMaxTo)
	}
	// The script's own clock is the request's budget, so that a script looping inside one call of
	// moves() stops too (the solver itself also watches ctx between positions).
	timeout := s.limits.Budget
	if dl, ok := ctx.Deadline(); ok {
		timeout = max(time.Until(dl), time.Millisecond)
	}
	sg, err := script.Load("script.star", []byte(r.Source), script.Limits{MaxSteps: scriptMaxSteps, Timeout: timeout, MaxMemory: scriptMaxMemory})
	if err != nil {
		return nil, s.scriptError(err)
	}
	defer sg.Close()
	solver := game.NewSolver[string](sg, game.MaxPositions(scriptMaxPositions), game.WithContext(ctx))
	vals := make([]uint64, 0, to+1)
	for n := 0; n <= to; n++ {
		v, err := solver.Value(strconv.Itoa(n))
		if err != nil {
			return nil, s.scriptError(err)
		}
		vals = append(vals, v)
	}
	return report.ApparentSeq(vals, false), nil
}

// scriptError maps an error of a script run to its answer: budgets and limits are 422 naming the
// limit, everything else the script did wrong is 400.
func (s *Server) scriptError(err error) error {
	var be *script.BudgetError
	var le *game.LimitError
	switch {
	case errors.As(err, &be) && be.Limit == "steps":
		return overLimit("script_steps", be.Steps, "the script ran out of its budget of %d Starlark steps", be.Steps)
	case errors.As(err, &be) && be.Limit == "memory":
		return overLimit("script_memory_mib", be.Memory>>20, "the script ran out of its memory budget: the heap grew by more than %d MiB", be.Memory>>20)
	case errors.As(err, &be):
		return overLimit("budget_ms", s.limits.BudgetMillis, "the script ran out of its time budget of %v", s.limits.Budget)
	case errors.As(err, &le):
		return overLimit("script_positions", scriptMaxPositions, "%v", err)
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return err
	}
	return badRequest("%v", err)
}
