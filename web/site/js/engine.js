// The engine of the static site (grundy site): the page's requests answered by grundy compiled to
// WebAssembly, in Web Workers, instead of by a server. api.js loads this module when the page
// carries <meta name="grundy-site">, and asks it for each request's Response, as fetch would give.
//
// Workers hold the engine; each runs one request at a time, and requests wait their turn for one
// (as the server's wait for a heavy-job slot), with one more worker for light requests (nimber
// arithmetic, the catalogue) so that they answer at once while a heavy one runs. A request's time
// budget starts when a worker takes it; a request still running at its end is stopped by
// terminating its worker, the browser's kill, and answered with the server's document for a
// request over its budget (422, budget_ms); a fresh worker takes its place. A request the page
// gives up on (its AbortSignal, or the stream's reader cancelled: the page's Cancel) is stopped
// the same way, since the engine computes in one goroutine and cannot be told to stop: its
// worker is terminated and replaced, and the request rejects with an AbortError as fetch does.

const engineURL = (name) => new URL(`../engine/${name}`, import.meta.url);

// start returns the engine of a site described by info (site.json's document).
export function start(info) {
  const heavySlots = Math.max(1, Math.min(4, (navigator.hardwareConcurrency || 2) - 1));
  info = { ...info, limits: { ...info.limits, max_heavy: heavySlots } };
  const infoText = JSON.stringify(info);
  const module = compile();
  const workerURL = Promise.all(["wasm_exec.js", "worker.js"].map(async (name) => {
    const resp = await fetch(engineURL(name));
    if (!resp.ok) throw new Error(`${name}: HTTP ${resp.status}`);
    return resp.text();
  })).then((texts) => URL.createObjectURL(new Blob([texts.join("\n")], { type: "text/javascript" })));
  const pools = { heavy: pool(heavySlots), light: pool(1) };

  function compile() {
    const url = engineURL("grundy.wasm");
    // compileStreaming needs the server to say application/wasm; not every static host does.
    return WebAssembly.compileStreaming(fetch(url)).catch(async () => {
      const resp = await fetch(url);
      if (!resp.ok) throw new Error(`${url}: HTTP ${resp.status}`);
      return WebAssembly.compile(await resp.arrayBuffer());
    });
  }

  // spawn starts a worker; its ready promise gives the over-budget answer once the engine runs.
  function spawn() {
    const slot = {};
    slot.ready = Promise.all([module, workerURL]).then(([mod, url]) => new Promise((resolve, reject) => {
      const w = slot.w = new Worker(url);
      w.onmessage = (e) => (e.data.ready ? resolve(e.data) : reject(new Error(`the engine did not start: ${e.data.failed || "exited"}`)));
      w.onerror = (e) => reject(new Error(`the engine did not start: ${e.message}`));
      w.postMessage({ start: true, module: mod, info: infoText });
    }));
    slot.ready.catch(() => slot.w && slot.w.terminate());
    return slot;
  }

  // pool holds up to n workers, started when first needed, and the requests waiting for one.
  function pool(n) {
    const idle = [], waiting = [];
    let started = 0;
    return {
      async take() {
        if (idle.length > 0) return idle.pop();
        if (started < n) {
          started++;
          return spawn();
        }
        return new Promise((resolve) => waiting.push(resolve));
      },
      give(slot) {
        if (waiting.length > 0) waiting.shift()(slot);
        else idle.push(slot);
      },
      replace(slot) {
        if (slot.w) slot.w.terminate();
        this.give(spawn());
      },
    };
  }

  let nextID = 0;
  // aborted is what a request the page gave up on answers: fetch's AbortError.
  const aborted = () => new DOMException("the request was cancelled", "AbortError");

  // run answers one request in a worker of p: {status, text}, calling progress on the way; once
  // signal aborts, it gives up (terminating the worker if the request runs) and rejects.
  async function run(p, path, body, progress, signal) {
    const slot = await p.take();
    if (signal && signal.aborted) { // given up while waiting for a worker: hand it on unused
      p.give(slot);
      throw aborted();
    }
    let st;
    try {
      st = await slot.ready;
    } catch (e) {
      p.replace(slot);
      return { status: 500, text: JSON.stringify({ error: `internal failure: ${e.message}` }) };
    }
    const id = ++nextID;
    return new Promise((resolve, reject) => {
      const end = (answer, healthy) => {
        clearTimeout(timer);
        if (signal) signal.removeEventListener("abort", stop);
        slot.w.onmessage = slot.w.onerror = null;
        if (healthy) p.give(slot);
        else p.replace(slot);
        if (answer) resolve(answer);
        else reject(aborted());
      };
      const stop = () => end(null, false);
      const timer = setTimeout(() => end({ status: st.overBudget[0], text: st.overBudget[1] }, false), info.limits.budget_ms);
      slot.w.onmessage = (e) => {
        const m = e.data;
        if (m.exited !== undefined) end(stopped(m), false);
        else if (m.id !== id) return;
        else if (m.progress) progress(m.progress[0], m.progress[1]);
        else end({ status: m.status, text: m.text }, true);
      };
      slot.w.onerror = (e) => end({ status: 500, text: JSON.stringify({ error: `internal failure: the engine failed: ${e.message}` }) }, false);
      if (signal && signal.aborted) return end(null, true); // not started: the worker is idle
      if (signal) signal.addEventListener("abort", stop);
      slot.w.postMessage({ id, path, body });
    });
  }

  // stopped is the answer of a request whose engine ended: out of memory (the browser's, in place
  // of the server's memory_mib) is the request's fault, 422; anything else an internal failure.
  function stopped(m) {
    const why = m.said || `exit status ${m.exited}`;
    if (/out of memory|stack exceeds/.test(why)) {
      return { status: 422, text: JSON.stringify({ error: `the request ran out of the memory the browser gives the engine (${why})`, limit: "memory_mib" }) };
    }
    return { status: 500, text: JSON.stringify({ error: `internal failure: the engine stopped (${why})` }) };
  }

  // light says whether a request answers at once on the server (no heavy-job slot).
  const light = (path, body) => path === "/api/rules" || (path === "/api/nim" && body.op !== "table" && !body.wide);

  const json = (status, text) => new Response(text, { status, headers: { "Content-Type": "application/json" } });

  // request answers body (undefined: a GET) posted to path as the server's Response would;
  // signal (optional) gives the request up, as fetch's does.
  async function request(path, body, signal) {
    if (path === "/api/info") return json(200, infoText);
    const p = light(path, body || {}) ? pools.light : pools.heavy;
    const text = body === undefined ? "" : JSON.stringify(body);
    if (path !== "/api/seq/stream") {
      const a = await run(p, path, text, () => {}, signal);
      return json(a.status, a.text);
    }
    // The stream: progress lines, then the answer's line; an error before any progress is the
    // plain error answer of /api/seq, as the server gives it when a request fails at once.
    // Cancelling the stream's reader gives the request up, as closing the server's connection.
    const giveUp = new AbortController();
    if (signal) {
      if (signal.aborted) giveUp.abort();
      else signal.addEventListener("abort", () => giveUp.abort(), { once: true });
    }
    const enc = new TextEncoder();
    let ctrl, first, firstFailed;
    const firstEvent = new Promise((resolve, reject) => { first = resolve; firstFailed = reject; });
    const stream = new ReadableStream({ start(c) { ctrl = c; }, cancel() { giveUp.abort(); } });
    const line = (v) => ctrl.enqueue(enc.encode(JSON.stringify(v) + "\n"));
    run(p, path, text, (done, target) => {
      first(null);
      line({ done, target });
    }, giveUp.signal).then((a) => {
      first(a);
      if (a.status === 200) ctrl.enqueue(enc.encode(`{"result":${a.text.trimEnd()}}\n`));
      else line({ error: JSON.parse(a.text), status: a.status });
      ctrl.close();
    }, (e) => {
      firstFailed(e);
      try { ctrl.error(e); } catch (_) { /* the reader already cancelled it */ }
    });
    const a = await firstEvent;
    if (a && a.status !== 200) return json(a.status, a.text);
    return new Response(stream, { status: 200, headers: { "Content-Type": "application/x-ndjson" } });
  }

  return { request };
}
