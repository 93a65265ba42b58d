package report

import (
	"strings"

	"grundy/game"
)

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

// NewGraph is the answer for a graph of the given sizes whose nodes have the loopy values vals.
func NewGraph(nodes, edges int, acyclic bool, vals []game.LoopyValue) Graph {
	out := Graph{Nodes: nodes, Edges: edges, Acyclic: acyclic, Values: make([]LoopyValue, len(vals))}
	var b strings.Builder
	for i, v := range vals {
		out.Values[i] = LoopyValue{LoopyValue: v}
		b.WriteString(v.Outcome().String())
	}
	out.Outcomes = b.String()
	return out
}
