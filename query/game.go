package query

import (
	"context"

	"grundy/rules"
	"grundy/scriptgame"
)

// ScriptName is the name a script sent without one (by the web page) goes by in messages and
// answers: its answers say "ruleset": "script:script.star".
const ScriptName = "script.star"

// gameRequest is what a request says of its game: a ruleset with its flags, or a script's source
// (with its name), and the play.
type gameRequest struct {
	ruleset            string
	flags              map[string]string
	script, scriptName string
	loopy              bool
}

// resolve turns the game a request names into one game value, once: a ruleset of the catalogue
// built with its flags (rules.New), or a script loaded within lim's budgets and offered as a
// ruleset (scriptgame.Game.Ruleset; in loopy play with g.loopy, a person's move looked for among
// the moves a step lists). Call close when done.
func resolve(ctx context.Context, g gameRequest, lim Limits) (r rules.Ruleset, close func(), err error) {
	if g.script == "" {
		r, err := rules.New(g.ruleset, g.flags)
		return r, func() {}, classify(err, lim, false)
	}
	run, err := loadScript(ctx, g.scriptName, g.script, lim)
	if err != nil {
		return nil, nil, err
	}
	return run.Ruleset(ctx, g.loopy, playMoves(lim)), run.close, nil
}

// scriptRun is a loaded script game (package scriptgame) within the limits in force.
type scriptRun struct {
	*scriptgame.Game
	name string // "script:NAME", the answers' ruleset
	lim  Limits
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
	g, err := scriptgame.Load(ctx, name, src, scriptgame.Limits{Steps: lim.ScriptSteps, Memory: lim.ScriptMemory,
		Timeout: lim.ScriptTimeout, Positions: lim.ScriptPositions})
	if err != nil {
		return nil, classify(err, lim, true)
	}
	return &scriptRun{Game: g, name: g.Name(), lim: lim}, nil
}

func (r *scriptRun) close() { r.Close() }

// fail classifies an error of the run: every failure is the script's (bad input) but the limits
// and the engine's own failures.
func (r *scriptRun) fail(err error) error { return classify(err, r.lim, true) }
