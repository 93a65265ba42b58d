package query

import (
	"context"
	"go/build"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
)

// pathCtx is a context that records, each time a computation asks it whether to stop (Err or
// Done), the packages of this module on the call stack, outermost first, each run of frames of
// one package written once.
type pathCtx struct {
	context.Context
	mu    sync.Mutex
	paths map[string]bool
}

func (c *pathCtx) record() {
	pcs := make([]uintptr, 512)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	var path []string
	for {
		f, more := frames.Next()
		fn := f.Function
		if strings.HasPrefix(fn, "grundy/") {
			slash := strings.LastIndex(fn, "/")
			pkg := fn[:slash+strings.Index(fn[slash:], ".")]
			if len(path) == 0 || path[len(path)-1] != pkg {
				path = append(path, pkg)
			}
		}
		if !more {
			break
		}
	}
	slices.Reverse(path)
	c.mu.Lock()
	c.paths[strings.Join(path, " > ")] = true
	c.mu.Unlock()
}

func (c *pathCtx) Err() error            { c.record(); return c.Context.Err() }
func (c *pathCtx) Done() <-chan struct{} { c.record(); return c.Context.Done() }

// TestSolveEntersEachPackageOnce follows solve requests down to where the work is done (the
// engine, the octal engine, the misère quotient, a script's engine) by recording the call stack
// wherever the work asks its context whether to stop. On every stack, query appears once, and a
// package appears again only where it is called back through an interface it handed down (the
// engine asking a game for its moves: the caller does not import the package it calls), never
// on the way down along imports.
func TestSolveEntersEachPackageOnce(t *testing.T) {
	imports := map[string][]string{}
	importsOf := func(pkg string) []string {
		if im, ok := imports[pkg]; ok {
			return im
		}
		p, err := build.ImportDir(filepath.Join("..", strings.TrimPrefix(pkg, "grundy/")), 0)
		if err != nil {
			t.Fatal(err)
		}
		imports[pkg] = p.Imports
		return p.Imports
	}
	for _, c := range []struct {
		req  SolveRequest
		deep string // a package the work must reach
	}{
		{SolveRequest{Ruleset: "kayles", Position: []string{"3", "5", "7"}}, "grundy/octal"},
		{SolveRequest{Ruleset: "subtract", Flags: map[string]string{"set": "1,3,4"}, Position: []string{"5", "7"}, Misere: true}, "grundy/misere"},
		{SolveRequest{Ruleset: "wythoff", Position: []string{"3", "5"}, Misere: true}, "grundy/game"},
		{SolveRequest{Ruleset: "windup", Flags: map[string]string{"n": "40", "set": "6,7"}, Position: []string{"5", "12"}}, "grundy/game"},
		{SolveRequest{Script: sub134, Position: []string{"3000", "2000"}}, "grundy/game"},
		{SolveRequest{Script: sub134, Position: []string{"7", "5"}, Misere: true}, "grundy/misere"},
		{SolveRequest{Script: sub134, Position: []string{"9"}, Loopy: true}, "grundy/game"},
	} {
		ctx := &pathCtx{Context: context.Background(), paths: map[string]bool{}}
		if _, err := Solve(ctx, c.req, CLI()); err != nil {
			t.Fatalf("%+v: %v", c.req, err)
		}
		reached := false
		for p := range ctx.paths {
			path := strings.Split(p, " > ")
			if i := slices.Index(path, "grundy/query"); i < 0 || slices.Contains(path[i+1:], "grundy/query") {
				t.Errorf("%+v: query is not entered once: %s", c.req, p)
			}
			for j := 1; j < len(path); j++ {
				if slices.Contains(path[:j], path[j]) && slices.Contains(importsOf(path[j-1]), path[j]) {
					t.Errorf("%+v: %s is entered again from %s on the way down: %s", c.req, path[j], path[j-1], p)
				}
			}
			reached = reached || slices.Contains(path, c.deep)
			if testing.Verbose() {
				t.Logf("%s %v: %s", c.req.Ruleset, c.req.Position, p)
			}
		}
		if !reached {
			t.Errorf("%+v: no stack reached %s (%d recorded)", c.req, c.deep, len(ctx.paths))
		}
	}
}
