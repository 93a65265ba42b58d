package report

// Graph is the answer for a game played on a directed graph given as its edges: the loopy value
// of every node (its Grundy value when the graph has no cycle) and its outcome.
type Graph struct {
	// Nodes and Edges are the sizes of the graph.
	Nodes int `json:"nodes"`
	Edges int `json:"edges"`
	// Acyclic is true when the graph has no cycle: every value is then a Grundy value.
	Acyclic bool `json:"acyclic"`
	// Values holds the value of each node 0..Nodes-1.
	Values []LoopyValue `json:"values"`
	// Outcomes spells the outcome of each node, one letter each (N, P or D).
	Outcomes string `json:"outcomes"`
}
