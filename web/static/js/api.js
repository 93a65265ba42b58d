// The page's helpers: the JSON API under /api/ and small DOM builders. Nothing is loaded from
// elsewhere.

export const $ = (id) => document.getElementById(id);

// The page runs either from `grundy serve`, which answers /api/, or as a static site (`grundy
// site`), whose index.html carries <meta name="grundy-site" content="site.json">: there the
// requests are answered in the page by the engine compiled to WebAssembly (engine.js), with the
// server's documents and limits. Every URL is relative, so the page may live below the root.
let engine;
function theEngine() {
  if (engine === undefined) {
    const meta = document.querySelector('meta[name="grundy-site"]');
    engine = !meta ? Promise.resolve(null) : (async () => {
      const resp = await fetch(meta.content);
      if (!resp.ok) throw new Error(`${meta.content}: HTTP ${resp.status}`);
      const info = await resp.json();
      return (await import("./engine.js")).start(info);
    })();
  }
  return engine;
}

// request sends body as JSON to the API path ("/api/solve"; no body: a GET) and returns the
// Response: the server's, or the same answer from the engine in a static site. signal (an
// AbortSignal, optional) gives the request up: the server's connection is closed, the static
// site's worker stopped, and the promise (or the body's reading) rejects with an AbortError.
export async function request(path, body, signal) {
  const eng = await theEngine();
  if (eng) return eng.request(path, body, signal);
  const init = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  if (signal) init.signal = signal;
  return fetch(path.replace(/^\//, ""), init);
}

// api posts body as JSON to path and returns the decoded answer, or throws an Error carrying the
// server's message.
export async function api(path, body) {
  const resp = await request(path, body);
  let data;
  try {
    data = await resp.json();
  } catch (e) {
    throw new Error(`${path}: HTTP ${resp.status}, not JSON`);
  }
  if (!resp.ok) {
    const err = new Error(data.error || `HTTP ${resp.status}`);
    err.status = resp.status;
    throw err;
  }
  return data;
}

export function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k);
  return e;
}

export function svg(tag, attrs) {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  return e;
}

// Splits a CLI-style argument line into its strings.
export const words = (s) => s.trim().split(/\s+/).filter((w) => w !== "");
