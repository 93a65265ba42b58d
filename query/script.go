package query

import (
	"context"
	"time"

	"grundy/game"
	"grundy/script"
)

// ScriptName is the name a script sent without one (by the web page) goes by in messages and
// answers: its answers say "ruleset": "script:script.star".
const ScriptName = "script.star"

// scriptRun is a loaded script game and an engine over it, within the limits in force.
type scriptRun struct {
	name   string // "script:NAME", the answers' ruleset
	game   *script.Game
	solver *game.Solver[string]
	lim    Limits
}

// loadScript runs the script src (called name in messages; ScriptName when empty) within the
// script budgets of lim, and returns it with an engine over it that watches ctx. Call close.
func loadScript(ctx context.Context, name, src string, lim Limits) (*scriptRun, error) {
	if name == "" {
		name = ScriptName
	}
	if lim.MaxScriptBytes > 0 && len(src) > lim.MaxScriptBytes {
		return nil, lim.over("max_script_bytes", lim.MaxScriptBytes, "the script %s has %d bytes: the limit is %d", name, len(src), lim.MaxScriptBytes)
	}
	if src == "" {
		return nil, Badf("the script %s is empty: want a Starlark script defining moves(pos)", name)
	}
	// The script's own clock stops at the request's deadline too, so that a script looping
	// inside one call of moves() stops (the engine itself watches ctx between positions).
	timeout := lim.ScriptTimeout
	if dl, ok := ctx.Deadline(); ok {
		if left := max(time.Until(dl), time.Millisecond); timeout <= 0 || left < timeout {
			timeout = left
		}
	}
	sg, err := script.Load(name, []byte(src), script.Limits{MaxSteps: lim.ScriptSteps, Timeout: timeout, MaxMemory: lim.ScriptMemory})
	if err != nil {
		return nil, classify(err, lim, true)
	}
	opts := []game.Option{game.WithContext(ctx)}
	if lim.ScriptPositions > 0 {
		opts = append(opts, game.MaxPositions(lim.ScriptPositions))
	}
	return &scriptRun{name: "script:" + name, game: sg, solver: game.NewSolver[string](sg, opts...), lim: lim}, nil
}

func (r *scriptRun) close() { r.game.Close() }

// fail classifies an error of the run.
func (r *scriptRun) fail(err error) error { return classify(err, r.lim, true) }

// positions parses position literals into the game's canonical keys.
func (r *scriptRun) positions(lits []string) ([]string, error) {
	keys := make([]string, len(lits))
	for i, lit := range lits {
		k, err := r.game.Position(lit)
		if err != nil {
			return nil, Badf("position %d: %v", i+1, err)
		}
		keys[i] = k
	}
	return keys, nil
}
