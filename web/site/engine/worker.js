// The engine's Web Worker in the static site: it runs grundy compiled to WebAssembly
// (grundy.wasm, from cmd/grundy-site) and answers the page's requests one at a time, as the server
// would. The page's loader (js/engine.js) starts it, sends it the compiled module and site.json,
// and terminates it when a request runs past its time budget.
//
// Messages in: {start: true, module, info} once, then {id, path, body} per request.
// Messages out: {ready: true, overBudget: [status, json]} or {failed: why}; per request
// {id, progress: [done, target]} any number of times, then {id, status, text}; {exited: code,
// said} when the Go program ends (it never should: running out of memory is the likely cause).

// The loader starts it from wasm_exec.js and this file joined in one blob, so that a fresh worker
// needs no request (the site works offline once loaded); on its own, it loads wasm_exec.js.
if (typeof Go === "undefined") importScripts("wasm_exec.js");

// wasm_exec.js writes what the Go program prints through globalThis.fs.writeSync; its first
// words of a fatal error say why it ended (runtime: out of memory: ...), and go with {exited}.
let said = "", pending = "";
const decoder = new TextDecoder();
const writeSync = globalThis.fs.writeSync;
globalThis.fs.writeSync = function (fd, buf) {
  if (!said) {
    pending = (pending + decoder.decode(buf)).slice(-4000);
    const lines = pending.split("\n");
    lines.pop(); // not a whole line yet
    said = lines.find((l) => /^(fatal error|runtime): /.test(l)) || "";
  }
  return writeSync.call(this, fd, buf);
};

onmessage = async (e) => {
  const m = e.data;
  if (m.start) {
    try {
      const go = new Go();
      go.exit = (code) => postMessage({ exited: code, said });
      const instance = await WebAssembly.instantiate(m.module, go.importObject);
      go.run(instance); // returns once main waits for calls; settles only if the program ends
      const err = grundyStart(m.info);
      postMessage(err ? { failed: err } : { ready: true, overBudget: grundyOverBudget() });
    } catch (err) {
      postMessage({ failed: String(err) });
    }
    return;
  }
  grundyCall(m.path, m.body,
    (done, target) => postMessage({ id: m.id, progress: [done, target] }),
    (status, text) => postMessage({ id: m.id, status, text }));
};
