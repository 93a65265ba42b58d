// The page's helpers: the JSON API under /api/ and small DOM builders. Nothing is loaded from
// elsewhere.

export const $ = (id) => document.getElementById(id);

// api posts body as JSON to path and returns the decoded answer, or throws an Error carrying the
// server's message.
export async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  const resp = await fetch(path, init);
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
