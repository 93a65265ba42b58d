//go:build js && wasm

// This file is the program built for js/wasm: the engine of the static site, which the page's
// loader runs in a Web Worker (web/site/engine/worker.js). It sets on the worker's global
// object:
//
//	grundyStart(info)                          takes the site's site.json; returns "" or why it cannot start
//	grundyCall(path, body, onProgress, onDone) answers one request as `grundy serve` would (package
//	                                           web/offline): onDone(status, json), and onProgress(done,
//	                                           target) at most every 100 ms while /api/seq/stream computes
//	grundyOverBudget()                         [status, json]: the answer of a request over its time budget

package main

import (
	"syscall/js"
	"time"

	"grundy/web/offline"
)

// progressEvery is how often, at most, a progress line is passed on (the server's interval).
const progressEvery = 100 * time.Millisecond

func main() {
	var eng *offline.Engine
	g := js.Global()
	g.Set("grundyStart", js.FuncOf(func(_ js.Value, args []js.Value) any {
		e, err := offline.New([]byte(args[0].String()))
		if err != nil {
			return err.Error()
		}
		eng = e
		return ""
	}))
	g.Set("grundyOverBudget", js.FuncOf(func(js.Value, []js.Value) any {
		status, doc := eng.OverBudget()
		return []any{status, string(doc)}
	}))
	g.Set("grundyCall", js.FuncOf(func(_ js.Value, args []js.Value) any {
		path, body, onProgress, onDone := args[0].String(), []byte(args[1].String()), args[2], args[3]
		// A call from JavaScript must not block its event loop's return: the work goes on in a
		// goroutine, which runs until it is done (the worker is there for that).
		go func() {
			var last time.Time
			progress := func(done, target int64) {
				if now := time.Now(); now.Sub(last) >= progressEvery {
					last = now
					onProgress.Invoke(done, target)
				}
			}
			status, doc := eng.Call(path, body, progress)
			onDone.Invoke(status, string(doc))
		}()
		return nil
	}))
	select {}
}
