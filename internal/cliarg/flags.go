package cliarg

import "strings"

// Split is a command line split by SplitFlags.
type Split struct {
	Own   map[string]string // the command's own value flags that were given
	Bools map[string]bool   // the command's own boolean flags that were given
	Other map[string]string // every other flag, with its value
	Args  []string          // the positional arguments
	Help  bool              // -h or --help was given
}

// SplitFlags splits a command line whose flags are partly the command's own (valueFlags take a
// value, boolFlags none) and partly passed through to something else — a ruleset's, all of which
// take a value. A flag's value follows it (--k 2) or an equals sign (--k=2); a boolean flag may
// say =true or =false; "--" ends the flags; a lone "-" and negative numbers such as -3 are
// positional arguments; -h and --help ask for help. A flag given twice, a missing value and a
// shorthand flag are bad input (*Error).
func SplitFlags(in []string, valueFlags, boolFlags []string) (Split, error) {
	g := Split{Own: map[string]string{}, Bools: map[string]bool{}, Other: map[string]string{}}
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
			g.Args = append(g.Args, in[i+1:]...)
			return g, nil
		case a == "-h" || a == "--help":
			g.Help = true
			continue
		case !strings.HasPrefix(a, "--"):
			if strings.HasPrefix(a, "-") && len(a) > 1 && (a[1] < '0' || a[1] > '9') {
				return g, Errorf("unknown shorthand flag %q (flags are --name value)", a)
			}
			g.Args = append(g.Args, a)
			continue
		}
		name, val, hasVal := strings.Cut(a[2:], "=")
		if name == "" {
			return g, Errorf("malformed flag %q", a)
		}
		if isBool[name] {
			if hasVal {
				switch val {
				case "true":
				case "false":
					continue
				default:
					return g, Errorf("flag --%s takes no value", name)
				}
			}
			g.Bools[name] = true
			continue
		}
		if !hasVal {
			if i+1 >= len(in) {
				return g, Errorf("flag --%s needs a value", name)
			}
			i++
			val = in[i]
		}
		dst := g.Other
		if isValue[name] {
			dst = g.Own
		}
		if _, dup := dst[name]; dup {
			return g, Errorf("flag --%s given twice", name)
		}
		dst[name] = val
	}
	return g, nil
}
