package report

// Rules is the answer of `grundy rules --json` and GET /api/rules: the catalogue of built-in
// rulesets.
type Rules struct {
	Rulesets []RuleInfo `json:"rulesets"`
}

// RuleInfo describes one ruleset of the catalogue.
type RuleInfo struct {
	Name    string     `json:"name"`
	Summary string     `json:"summary"`
	Flags   []RuleFlag `json:"flags"`
	// Position is the position syntax.
	Position string `json:"position"`
	// Example is an example's arguments: flags, then a position ("--k 2 3 4 5").
	Example string `json:"example"`
	// Command is the example as a command line ("grundy solve moore --k 2 3 4 5").
	Command  string `json:"command"`
	Theory   string `json:"theory"`
	Indexing string `json:"indexing"`
	Limits   string `json:"limits"`
	// OneHeap is true for rulesets whose positions are one heap: `grundy seq` takes them.
	OneHeap bool `json:"one_heap"`
	// Play is "normal", "misère" or "scored".
	Play string `json:"play"`
	// Board is how the page draws a position: "heaps" (rows of counters), "coins" (a strip of
	// coins), "grid" (coins at x,y) or "text".
	Board string `json:"board"`
}

// RuleFlag is one parameter flag of a ruleset; Arg is empty for a boolean flag.
type RuleFlag struct {
	Name  string `json:"name"`
	Arg   string `json:"arg,omitempty"`
	Usage string `json:"usage"`
	// OneOf names a group of flags that exclude each other (at most one of them is given).
	OneOf string `json:"one_of,omitempty"`
}
