package query

import (
	"context"

	"grundy/graphgame"
	"grundy/report"
)

// GraphRequest asks for the values of a game played on a directed graph: the nodes 0..Nodes-1,
// and the Edges (from, to) along which a move goes. The player who cannot move loses.
type GraphRequest struct {
	Nodes int      `json:"nodes"`
	Edges [][2]int `json:"edges"`
}

// Graph answers a GraphRequest: the loopy value and the outcome of every node, by the engine. A
// graph of more than lim.ScriptPositions nodes or edges is over the limit "script_positions"
// (the positions the engine keeps for a user's game).
func Graph(ctx context.Context, r GraphRequest, lim Limits) (report.Graph, error) {
	if n := lim.ScriptPositions; n > 0 && max(r.Nodes, len(r.Edges)) > n {
		return report.Graph{}, lim.over("script_positions", n, "the graph has %d nodes and %d edges: the limit is %d of each", r.Nodes, len(r.Edges), n)
	}
	g, err := graphgame.New(r.Nodes, r.Edges)
	if err != nil {
		return report.Graph{}, Badf("%v", err)
	}
	vals, err := g.Values(ctx)
	if err != nil {
		return report.Graph{}, classify(err, lim, false)
	}
	return report.NewGraph(r.Nodes, len(r.Edges), g.Acyclic(), vals), nil
}
