package query

import (
	"context"
	"errors"
	"strings"
	"testing"
)

func TestGraph(t *testing.T) {
	ctx := context.Background()
	// 0 ↔ 1, 1 → 2: 1 wins by moving to 2, so 0 loses; a 3 ↔ 4 cycle alone is a draw.
	out, err := Graph(ctx, GraphRequest{Nodes: 5, Edges: [][2]int{{0, 1}, {1, 0}, {1, 2}, {3, 4}, {4, 3}}}, CLI())
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := Encode(&b, out); err != nil {
		t.Fatal(err)
	}
	want := `{"nodes":5,"edges":5,"acyclic":false,"values":["0","1","0",{"infinite":true,"set":[]},{"infinite":true,"set":[]}],"outcomes":"PNPDD"}` + "\n"
	if b.String() != want {
		t.Fatalf("got  %s\nwant %s", b.String(), want)
	}
	if _, err := Graph(ctx, GraphRequest{Nodes: 2, Edges: [][2]int{{0, 5}}}, CLI()); KindOf(err) != BadInput || !strings.Contains(err.Error(), "node 5") {
		t.Fatalf("bad edge: %v", err)
	}
	lim := CLI()
	lim.ScriptPositions = 3
	var qe *Error
	if _, err := Graph(ctx, GraphRequest{Nodes: 4}, lim); KindOf(err) != OverLimit || !errors.As(err, &qe) || qe.Limit != "script_positions" {
		t.Fatalf("over the limit: %v", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Graph(cctx, GraphRequest{Nodes: 2, Edges: [][2]int{{0, 1}}}, CLI()); KindOf(err) != Cancelled {
		t.Fatalf("cancelled: %v", err)
	}
}
