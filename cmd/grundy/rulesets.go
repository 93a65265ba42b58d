package main

import (
	"strings"

	"github.com/spf13/cobra"
)

// gameArgs is a solve or seq command line split by parseGameArgs.
type gameArgs struct {
	own     map[string]string // the command's own value flags that were given
	bools   map[string]bool   // the command's own boolean flags that were given
	ruleset map[string]string // every other flag: the ruleset's
	args    []string          // positional arguments
	help    bool
}

// parseCommandArgs is what solve and seq do first with their command line: parseGameArgs with
// the --json flag and the ruleset's boolean flags added to the command's own, the ruleset's
// booleans moved to its flags, --json applied. done is true when --help was asked for and shown.
func (a *app) parseCommandArgs(cmd *cobra.Command, args, valueFlags, boolFlags []string) (g gameArgs, done bool, err error) {
	g, err = parseGameArgs(args, valueFlags, append(append([]string{"json"}, boolFlags...), rulesetBoolFlags()...))
	if err != nil {
		return g, false, err
	}
	if g.help {
		return g, true, cmd.Help()
	}
	moveRulesetBools(&g)
	if g.bools["json"] {
		a.json = true
	}
	return g, false, nil
}

// parseGameArgs splits a command line whose flags are partly the command's (valueFlags take a
// value, boolFlags none) and partly a ruleset's (all of which take a value). A flag's value
// follows it (--k 2) or an equals sign (--k=2); "--" ends the flags; a lone "-" and negative
// numbers such as -3 are positional arguments.
func parseGameArgs(in []string, valueFlags, boolFlags []string) (gameArgs, error) {
	g := gameArgs{own: map[string]string{}, bools: map[string]bool{}, ruleset: map[string]string{}}
	isValue := map[string]bool{}
	for _, f := range valueFlags {
		isValue[f] = true
	}
	isBool := map[string]bool{}
	for _, f := range boolFlags {
		isBool[f] = true
	}
	for i := 0; i < len(in); i++ {
		a := in[i]
		switch {
		case a == "--":
			g.args = append(g.args, in[i+1:]...)
			return g, nil
		case a == "-h" || a == "--help":
			g.help = true
			continue
		case !strings.HasPrefix(a, "--"):
			if strings.HasPrefix(a, "-") && len(a) > 1 && (a[1] < '0' || a[1] > '9') {
				return g, badInput("unknown shorthand flag %q (flags are --name value)", a)
			}
			g.args = append(g.args, a)
			continue
		}
		name, val, hasVal := strings.Cut(a[2:], "=")
		if name == "" {
			return g, badInput("malformed flag %q", a)
		}
		if isBool[name] {
			if hasVal {
				switch val {
				case "true":
				case "false":
					continue
				default:
					return g, badInput("flag --%s takes no value", name)
				}
			}
			g.bools[name] = true
			continue
		}
		if !hasVal {
			if i+1 >= len(in) {
				return g, badInput("flag --%s needs a value", name)
			}
			i++
			val = in[i]
		}
		dst := g.ruleset
		if isValue[name] {
			dst = g.own
		}
		if _, dup := dst[name]; dup {
			return g, badInput("flag --%s given twice", name)
		}
		dst[name] = val
	}
	return g, nil
}

// noRulesetFlags refuses ruleset flags where there is no ruleset (script mode).
func noRulesetFlags(g gameArgs) error {
	for name := range g.ruleset {
		return badInput("unknown flag --%s", name)
	}
	return nil
}
