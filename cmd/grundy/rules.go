package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"grundy/rules"
)

// ruleJSON is one ruleset in `grundy rules --json`.
type ruleJSON struct {
	Name     string     `json:"name"`
	Summary  string     `json:"summary"`
	Flags    []flagJSON `json:"flags"`
	Position string     `json:"position"`
	Example  string     `json:"example"`
	Theory   string     `json:"theory"`
	Indexing string     `json:"indexing"`
	Limits   string     `json:"limits"`
	OneHeap  bool       `json:"one_heap"`
	Play     string     `json:"play"`
}

type flagJSON struct {
	Name  string `json:"name"`
	Arg   string `json:"arg,omitempty"`
	Usage string `json:"usage"`
}

func toRuleJSON(info rules.Info) ruleJSON {
	r := ruleJSON{Name: info.Name, Summary: info.Summary, Position: info.Position,
		Example: "grundy solve " + info.Name + " " + info.Example, Theory: info.Theory,
		Indexing: info.Indexing, Limits: info.Limits, OneHeap: info.OneHeap, Play: info.Play, Flags: []flagJSON{}}
	for _, f := range info.Flags {
		r.Flags = append(r.Flags, flagJSON{Name: f.Name, Arg: f.Arg, Usage: f.Usage})
	}
	return r
}

func newRulesCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "rules [NAME]",
		Short: "the catalogue of rulesets: flags, position syntax, an example, the theory used",
		Long: `rules lists every built-in ruleset with its flags, position syntax and an example; with a NAME
it describes that ruleset in full: the rules, the theory used, how things are numbered and how far
it goes.

With --json: {"rulesets": [{"name", "summary", "flags": [{"name", "arg", "usage"}], "position",
"example", "theory", "indexing", "limits", "one_heap", "play"}]}.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 {
				return badInput("rules takes at most one NAME, got %d", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			infos := rules.Catalogue()
			if len(args) == 1 {
				info, err := rules.Lookup(args[0])
				if err != nil {
					return err
				}
				infos = []rules.Info{info}
			}
			out := struct {
				Rulesets []ruleJSON `json:"rulesets"`
			}{}
			for _, info := range infos {
				out.Rulesets = append(out.Rulesets, toRuleJSON(info))
			}
			return a.emit(out, func(w io.Writer) error {
				var b strings.Builder
				if len(args) == 0 {
					for _, r := range out.Rulesets {
						fmt.Fprintf(&b, "%-13s %s\n", r.Name, r.Summary)
						fmt.Fprintf(&b, "%-13s position: %s\n", "", r.Position)
						for _, f := range r.Flags {
							fmt.Fprintf(&b, "%-13s %s: %s\n", "", flagSyntax(f), f.Usage)
						}
						fmt.Fprintf(&b, "%-13s numbering: %s\n", "", r.Indexing)
						fmt.Fprintf(&b, "%-13s example: %s\n\n", "", r.Example)
					}
					b.WriteString("'grundy rules NAME' gives the theory, numbering and limits of one ruleset.\n")
				} else {
					r := out.Rulesets[0]
					fmt.Fprintf(&b, "%s — %s\n\n", r.Name, r.Summary)
					fmt.Fprintf(&b, "play:      %s\n", r.Play)
					fmt.Fprintf(&b, "position:  %s\n", r.Position)
					for _, f := range r.Flags {
						fmt.Fprintf(&b, "flag:      %s: %s\n", flagSyntax(f), f.Usage)
					}
					fmt.Fprintf(&b, "numbering: %s\n", r.Indexing)
					fmt.Fprintf(&b, "example:   %s\n", r.Example)
					fmt.Fprintf(&b, "theory:    %s\n", r.Theory)
					fmt.Fprintf(&b, "limits:    %s\n", r.Limits)
					if r.OneHeap {
						fmt.Fprintf(&b, "sequence:  grundy seq %s --to N\n", r.Name)
					}
				}
				_, err := io.WriteString(w, b.String())
				return err
			})
		},
	}
}

// flagSyntax writes a flag as typed: "--k K", or "--last-loses" for a flag without a value.
func flagSyntax(f flagJSON) string {
	if f.Arg == "" {
		return "--" + f.Name
	}
	return "--" + f.Name + " " + f.Arg
}
