package query

import (
	"context"
	"testing"
)

// BenchmarkSolveSmall measures query.Solve of small requests, where the fixed cost of a request
// (resolving the ruleset, its description, the answer) is most of the work: nim 3 4 5 and
// kayles 3 5 7 under the web's limits.
func BenchmarkSolveSmall(b *testing.B) {
	for _, c := range []struct {
		name string
		req  SolveRequest
	}{
		{"nim", SolveRequest{Ruleset: "nim", Position: []string{"3", "4", "5"}}},
		{"kayles", SolveRequest{Ruleset: "kayles", Position: []string{"3", "5", "7"}}},
	} {
		b.Run(c.name, func(b *testing.B) {
			ctx := context.Background()
			for b.Loop() {
				if _, err := Solve(ctx, c.req, Web(0)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
