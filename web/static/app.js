// grundy's page: plain JavaScript over the JSON API under /api/. Nothing is loaded from elsewhere.
"use strict";

const $ = (id) => document.getElementById(id);

// api posts body as JSON to path and returns the decoded answer, or throws an Error carrying the
// server's message.
async function api(path, body) {
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

function el(tag, attrs, ...kids) {
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

function svg(tag, attrs) {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  return e;
}

// Splits a CLI-style argument line into its strings.
const words = (s) => s.trim().split(/\s+/).filter((w) => w !== "");

const state = { info: null, rules: [], endpoints: new Set(), features: new Set() };

// ---------- tabs ----------

function showTab(name) {
  for (const s of document.querySelectorAll(".tab")) s.classList.toggle("active", s.id === name);
  for (const b of document.querySelectorAll("#tabs button")) b.classList.toggle("active", b.dataset.tab === name);
}

for (const b of document.querySelectorAll("#tabs button")) {
  b.addEventListener("click", () => {
    history.replaceState(null, "", "#" + b.dataset.tab);
    showTab(b.dataset.tab);
  });
}

// ---------- nimbers: calculator ----------

const unary = new Set(["square", "sqrt", "inv", "order", "log", "quadratic"]);
function syncCalc() {
  $("calc-b").hidden = unary.has($("calc-op").value);
}
$("calc-op").addEventListener("change", syncCalc);
$("calc").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const op = $("calc-op").value;
  const args = [$("calc-a").value.trim()];
  if (!unary.has(op)) args.push($("calc-b").value.trim());
  $("calc-error").textContent = "";
  $("calc-result").textContent = "…";
  try {
    const r = await api("/api/nim", { op, args });
    $("calc-result").textContent = r.result === null ? "none" : r.result;
  } catch (e) {
    $("calc-result").textContent = "";
    $("calc-error").textContent = e.message;
  }
});

// ---------- nimbers: the product table as a zoomable heatmap ----------

const heat = { n: 0, values: null, image: null, scale: 1, ox: 0, oy: 0, drag: null, max: 1 };

// The colour scale of package picture (the CLI's --png/--svg heatmaps), computed the same way, so
// the page's heatmap and the CLI's pictures agree: value v of top -> [r, g, b].
const palette = [[68, 1, 84], [59, 82, 139], [33, 145, 140], [94, 201, 98], [253, 231, 37]];
function colourOf(v, top) {
  if (top === 0) return palette[0];
  v = Math.min(v, top);
  const t = Math.floor((v / top) * (palette.length - 1) * 65536);
  const i = Math.floor(t / 65536);
  if (i >= palette.length - 1) return palette[palette.length - 1];
  const f = t % 65536, a = palette[i], b = palette[i + 1];
  return a.map((x, k) => Math.floor((x * (65536 - f) + b[k] * f) / 65536));
}
const colour = (t) => colourOf(Math.round(t * 1e6), 1e6);

function drawLegend() {
  const c = $("table-legend"), g = c.getContext("2d");
  for (let x = 0; x < c.width; x++) {
    const [r, gg, b] = colour(x / (c.width - 1));
    g.fillStyle = `rgb(${r},${gg},${b})`;
    g.fillRect(x, 0, 1, c.height);
  }
}

function drawHeat() {
  const c = $("table-canvas"), g = c.getContext("2d");
  g.setTransform(1, 0, 0, 1, 0, 0);
  g.clearRect(0, 0, c.width, c.height);
  if (!heat.image) return;
  g.imageSmoothingEnabled = false;
  const cell = (c.width / heat.n) * heat.scale;
  g.drawImage(heat.image, heat.ox, heat.oy, heat.n * cell, heat.n * cell);
  if (cell >= 18) { // close enough to read: write the values in the cells
    g.font = `${Math.min(14, cell / 2.6)}px monospace`;
    g.textAlign = "center";
    g.textBaseline = "middle";
    const x0 = Math.max(0, Math.floor(-heat.ox / cell)), y0 = Math.max(0, Math.floor(-heat.oy / cell));
    const x1 = Math.min(heat.n, Math.ceil((c.width - heat.ox) / cell)), y1 = Math.min(heat.n, Math.ceil((c.height - heat.oy) / cell));
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const v = heat.values[y * heat.n + x];
        g.fillStyle = v / heat.max > 0.6 ? "#000" : "#fff";
        g.fillText(String(v), heat.ox + (x + 0.5) * cell, heat.oy + (y + 0.5) * cell);
      }
    }
  }
}

function zoomAt(factor, px, py) {
  const ns = Math.max(1, Math.min(64, heat.scale * factor));
  const f = ns / heat.scale;
  heat.ox = px - (px - heat.ox) * f;
  heat.oy = py - (py - heat.oy) * f;
  heat.scale = ns;
  clampView();
  drawHeat();
}

function clampView() {
  const c = $("table-canvas");
  const size = c.width * heat.scale;
  heat.ox = Math.min(0, Math.max(c.width - size, heat.ox));
  heat.oy = Math.min(0, Math.max(c.height - size, heat.oy));
}

function cellAt(ev) {
  const c = $("table-canvas"), r = c.getBoundingClientRect();
  const px = (ev.clientX - r.left) * (c.width / r.width), py = (ev.clientY - r.top) * (c.height / r.height);
  const cell = (c.width / heat.n) * heat.scale;
  return { x: Math.floor((px - heat.ox) / cell), y: Math.floor((py - heat.oy) / cell), px, py };
}

async function drawTable() {
  const n = Number($("table-size").value);
  $("table-error").textContent = "";
  $("table-status").textContent = "computing…";
  try {
    // The answer is `grundy nim table N --json`: table[a][b] = a ⊗ b; row y, column x.
    const r = await api("/api/nim", { op: "table", args: [String(n)] });
    const flat = new Uint32Array(r.n * r.n);
    let max = 0;
    r.table.forEach((row, y) => row.forEach((v, x) => { flat[y * r.n + x] = v; if (v > max) max = v; }));
    const img = new ImageData(r.n, r.n);
    for (let i = 0; i < flat.length; i++) {
      const [cr, cg, cb] = colourOf(flat[i], max);
      img.data.set([cr, cg, cb, 255], 4 * i);
    }
    const off = document.createElement("canvas");
    off.width = off.height = r.n;
    off.getContext("2d").putImageData(img, 0, 0);
    Object.assign(heat, { n: r.n, values: flat, image: off, scale: 1, ox: 0, oy: 0, max: Math.max(1, max) });
    $("table-status").textContent = `${r.n} × ${r.n} table, values 0 … ${max}`;
    $("table-canvas").dataset.size = String(r.n);
    drawHeat();
  } catch (e) {
    $("table-status").textContent = "";
    $("table-error").textContent = e.message;
  }
}

$("table-form").addEventListener("submit", (ev) => { ev.preventDefault(); drawTable(); });
$("zoom-in").addEventListener("click", () => zoomAt(2, 256, 256));
$("zoom-out").addEventListener("click", () => zoomAt(0.5, 256, 256));
$("zoom-reset").addEventListener("click", () => { Object.assign(heat, { scale: 1, ox: 0, oy: 0 }); drawHeat(); });
$("table-canvas").addEventListener("wheel", (ev) => {
  if (!heat.image) return;
  ev.preventDefault();
  const p = cellAt(ev);
  zoomAt(ev.deltaY < 0 ? 1.25 : 0.8, p.px, p.py);
}, { passive: false });
$("table-canvas").addEventListener("mousedown", (ev) => { heat.drag = { x: ev.clientX, y: ev.clientY, ox: heat.ox, oy: heat.oy }; });
window.addEventListener("mouseup", () => { heat.drag = null; });
$("table-canvas").addEventListener("mousemove", (ev) => {
  if (!heat.image) return;
  if (heat.drag) {
    const c = $("table-canvas"), r = c.getBoundingClientRect(), k = c.width / r.width;
    heat.ox = heat.drag.ox + (ev.clientX - heat.drag.x) * k;
    heat.oy = heat.drag.oy + (ev.clientY - heat.drag.y) * k;
    clampView();
    drawHeat();
  }
  const { x, y } = cellAt(ev);
  if (x >= 0 && y >= 0 && x < heat.n && y < heat.n) {
    $("cell-info").textContent = `x = ${x}, y = ${y}, x ⊗ y = ${heat.values[y * heat.n + x]}`;
  }
});

// ---------- rulesets: flags and positions ----------

// Fills a <select> with the rulesets that pass keep.
function fillRulesets(select, keep) {
  select.replaceChildren();
  for (const r of state.rules.filter(keep)) select.append(el("option", { value: r.name, text: r.name }));
}

const ruleByName = (name) => state.rules.find((r) => r.name === name);

// Splits an example line ("--k 2 3 4 5") into flag values and position arguments.
function parseExample(r) {
  const w = words(r.example || ""), flags = {}, pos = [];
  for (let i = 0; i < w.length; i++) {
    if (w[i].startsWith("--")) {
      const name = w[i].slice(2), f = (r.flags || []).find((f) => f.name === name);
      if (f && f.arg) flags[name] = w[++i];
      else flags[name] = "true";
    } else pos.push(w[i]);
  }
  return { flags, pos };
}

// Shows one input per flag of ruleset r in box, filled from its example.
function showFlags(box, r) {
  box.replaceChildren();
  const ex = parseExample(r);
  for (const f of r.flags || []) {
    const input = f.arg
      ? el("input", { size: "8", "data-flag": f.name, placeholder: f.arg, title: f.usage, spellcheck: "false" })
      : el("input", { type: "checkbox", "data-flag": f.name, title: f.usage });
    if (f.arg) input.value = ex.flags[f.name] || "";
    else input.checked = ex.flags[f.name] === "true";
    box.append(el("label", { title: f.usage }, `--${f.name} `, input));
  }
  return ex;
}

function readFlags(box) {
  const flags = {};
  for (const i of box.querySelectorAll("[data-flag]")) {
    if (i.type === "checkbox") { if (i.checked) flags[i.dataset.flag] = "true"; }
    else if (i.value.trim() !== "") flags[i.dataset.flag] = i.value.trim();
  }
  return flags;
}

// ---------- sequences ----------

let lastSeq = null;

async function computeSeq() {
  const to = Number($("seq-to").value);
  const kind = document.querySelector("input[name=seq-kind]:checked").value;
  const base = kind === "code"
    ? { code: $("seq-code").value.trim() }
    : { ruleset: $("seq-ruleset").value, flags: readFlags($("seq-flags")) };
  $("seq-error").textContent = "";
  $("seq-summary").textContent = "";
  $("seq-downloads").hidden = true;
  $("seq-go").disabled = true;
  if (!Number.isInteger(to) || to < 0) {
    $("seq-error").textContent = "N must be a whole number ≥ 0";
    $("seq-go").disabled = false;
    return;
  }
  // Live progress: the answer streams as lines, {"done", "target"} while the values are computed
  // and then {"result"} (or {"error"}); the bar follows the lines.
  try {
    $("seq-status").textContent = `computing g(0) … g(${to})`;
    $("seq-progress").value = 0;
    const r = await streamSeq({ ...base, to }, (done, target) => {
      $("seq-progress").value = done / target;
      $("seq-status").textContent = `${done} of ${target} values computed`;
    });
    $("seq-progress").value = 1;
    plotSeq(r, base);
    $("seq-status").textContent = "done";
  } catch (e) {
    $("seq-status").textContent = "";
    $("seq-error").textContent = e.message;
  } finally {
    $("seq-go").disabled = false;
  }
}

// streamSeq posts body to /api/seq/stream, calls progress for every progress line and returns the
// result of the last line (or throws its error).
async function streamSeq(body, progress) {
  const resp = await fetch("/api/seq/stream", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  if (!resp.ok) {
    let msg = `HTTP ${resp.status}`;
    try { msg = (await resp.json()).error || msg; } catch (e) { /* keep the status */ }
    throw new Error(msg);
  }
  const reader = resp.body.getReader(), dec = new TextDecoder();
  let buf = "", end = null;
  const take = (line) => {
    if (line.trim() === "") return;
    const v = JSON.parse(line);
    if (v.result !== undefined || v.error !== undefined) end = v;
    else progress(v.done, v.target);
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += dec.decode(value, { stream: true });
    let i;
    while ((i = buf.indexOf("\n")) >= 0) {
      take(buf.slice(0, i));
      buf = buf.slice(i + 1);
    }
  }
  take(buf);
  if (!end) throw new Error("the answer ended early");
  if (end.error) throw new Error(end.error.error || "failed");
  return end.result;
}

function plotSeq(r, base) {
  lastSeq = { request: base, result: r };
  const v = r.values || [], n = v.length, plot = $("seq-plot");
  plot.replaceChildren();
  const W = 900, H = 320, L = 40, R = 10, T = 10, B = 30;
  const max = Math.max(1, ...v);
  const X = (i) => L + (n <= 1 ? 0 : (i / (n - 1)) * (W - L - R));
  const Y = (g) => H - B - (g / max) * (H - T - B);
  const hasPeriod = r.period !== null && r.period !== undefined && r.period > 0;
  if (hasPeriod) {
    const pre = r.preperiod || 0;
    // The periodic part, with every other period shaded, and the preperiod's end marked.
    plot.append(svg("rect", { x: X(pre), y: T, width: Math.max(0, X(n - 1) - X(pre)), height: H - T - B, fill: "#e6f0fb", "data-role": "period-band" }));
    const step = X(pre + r.period) - X(pre);
    if (step >= 3) {
      for (let s = pre + r.period, k = 1; s < n - 1; s += r.period, k++) {
        if (k % 2 === 1) plot.append(svg("rect", { x: X(s), y: T, width: Math.min(step, X(n - 1) - X(s)), height: H - T - B, fill: "#d3e3f6" }));
      }
    }
    plot.append(svg("line", { x1: X(pre), x2: X(pre), y1: T, y2: H - B, stroke: "#b3261e", "stroke-dasharray": "4 3", "data-role": "preperiod" }));
    const label = svg("text", { x: X(pre) + 4, y: T + 14, fill: "#b3261e", "font-size": "12" });
    label.textContent = `preperiod ${pre}`;
    plot.append(label);
  }
  // Axes.
  plot.append(svg("line", { x1: L, x2: W - R, y1: H - B, y2: H - B, stroke: "#888" }));
  plot.append(svg("line", { x1: L, x2: L, y1: T, y2: H - B, stroke: "#888" }));
  for (const [txt, x, y, anchor] of [["0", L, H - B + 16, "middle"], [String(n - 1), W - R, H - B + 16, "end"],
    ["heap n", (L + W) / 2, H - 6, "middle"], [String(max), L - 4, T + 10, "end"], ["0", L - 4, H - B, "end"]]) {
    const t = svg("text", { x, y, "text-anchor": anchor, "font-size": "12", fill: "#444" });
    t.textContent = txt;
    plot.append(t);
  }
  // The values: one small mark per heap, all in one path.
  const w = Math.max(1.5, (W - L - R) / Math.max(1, n) * 0.8);
  let d = "";
  v.forEach((g, i) => { d += `M${(X(i) - w / 2).toFixed(1)} ${Y(g).toFixed(1)}h${w.toFixed(1)}v-2h-${w.toFixed(1)}z`; });
  plot.append(svg("path", { d, fill: "#2b6cb0", stroke: "#2b6cb0", "stroke-width": "1", "data-role": "values" }));
  plot.dataset.points = String(n);

  const per = hasPeriod
    ? `period ${r.period}${r.saltus ? ` (arithmetic: g(n + ${r.period}) = g(n) + ${r.saltus})` : ""}, preperiod ${r.preperiod}, ${r.proved ? "proved" : "not proved (seen in the values computed)"}`
    : "no period found so far";
  $("seq-summary").textContent = r.computed_to < n - 1
    ? `g(0) … g(${n - 1}): computed to g(${r.computed_to}), the rest from the proved period; ${per}.`
    : `g(0) … g(${r.computed_to}) computed; ${per}.`;
  $("seq-values").textContent = v.join(" ");

  const csv = "n,g\n" + v.map((g, i) => `${i},${g}`).join("\n") + "\n";
  setDownload($("seq-csv"), csv, "text/csv");
  setDownload($("seq-json"), JSON.stringify(r), "application/json");
  $("seq-downloads").hidden = false;
}

function setDownload(a, text, type) {
  if (a.href.startsWith("blob:")) URL.revokeObjectURL(a.href);
  a.href = URL.createObjectURL(new Blob([text], { type }));
}

$("seq-plot").addEventListener("mousemove", (ev) => {
  if (!lastSeq) return;
  const v = lastSeq.result.values || [], r = $("seq-plot").getBoundingClientRect();
  const x = (ev.clientX - r.left) * (900 / r.width);
  const i = Math.round(((x - 40) / (900 - 50)) * (v.length - 1));
  if (i >= 0 && i < v.length) $("seq-hover").textContent = `g(${i}) = ${v[i]}`;
});
$("seq-form").addEventListener("submit", (ev) => { ev.preventDefault(); computeSeq(); });
$("seq-ruleset").addEventListener("change", () => {
  const r = ruleByName($("seq-ruleset").value);
  if (r) showFlags($("seq-flags"), r);
  document.querySelector("input[name=seq-kind][value=ruleset]").checked = true;
});
$("seq-code").addEventListener("focus", () => { document.querySelector("input[name=seq-kind][value=code]").checked = true; });

// ---------- solve ----------

function solveRequest() {
  return { ruleset: $("solve-ruleset").value, flags: readFlags($("solve-flags")), position: words($("solve-position").value) };
}

function onSolveRuleset() {
  const r = ruleByName($("solve-ruleset").value);
  if (!r) return;
  const ex = showFlags($("solve-flags"), r);
  $("solve-position").value = ex.pos.join(" ");
  $("solve-about").textContent = `${r.summary.replace(/\.?$/, ".")} Position: ${r.position}.`;
  $("play-start").disabled = r.play === "scored";
  $("play-start").title = r.play === "scored" ? "play is offered for normal and misère play only" : "";
}

async function solve() {
  $("solve-error").textContent = "";
  const box = $("solve-result");
  box.replaceChildren();
  try {
    const r = await api("/api/solve", solveRequest());
    const who = r.outcome === "N" ? "N: the player to move wins" : "P: the player to move loses (the previous player wins)";
    box.append(el("p", { class: "big" }, el("span", { class: `outcome-${r.outcome}`, id: "solve-outcome", text: who })));
    box.append(el("p", { id: "solve-value", text: r.value === null || r.value === undefined ? "no Grundy value applies here" : `Grundy value ${r.value}` }));
    if (r.winning_moves && r.winning_moves.length) {
      const t = el("table", { class: "winning", id: "solve-moves" }, el("tr", {}, el("th", { text: "winning move" }), el("th", { text: "to" })));
      for (const m of r.winning_moves) t.append(el("tr", {}, el("td", { text: m.move }), el("td", { class: "mono", text: Array.isArray(m.to) ? m.to.join(" ") : String(m.to) })));
      box.append(t);
    } else if (r.outcome === "N") {
      box.append(el("p", { class: "hint", text: "winning moves not listed" }));
    }
    if (r.winning_moves_complete === false && r.winning_moves.length) box.append(el("p", { class: "hint", text: "(not every winning move is listed)" }));
    if (r.method) box.append(el("p", { class: "hint", text: `method: ${r.method}` }));
    if (r.note) box.append(el("p", { class: "hint", text: r.note }));
  } catch (e) {
    $("solve-error").textContent = e.message;
  }
}

$("solve-form").addEventListener("submit", (ev) => { ev.preventDefault(); solve(); });
$("solve-ruleset").addEventListener("change", onSolveRuleset);

// ---------- play against the engine ----------

// game: the ruleset and flags, and the positions where it was the person's turn (for undo). The
// server is stateless: every step sends the position and the move (POST /api/play).
const game = { req: null, turns: [], here: null, busy: false };

const playStep = (body) => api("/api/play", { ...game.req, ...body });

async function startGame() {
  const req = solveRequest();
  $("solve-error").textContent = "";
  if (game.busy) return;
  Object.assign(game, { req: { ruleset: req.ruleset, flags: req.flags }, turns: [], here: null, busy: true });
  $("history").replaceChildren();
  $("move-list").replaceChildren();
  $("game-status").textContent = "…";
  $("game-status").dataset.result = "starting";
  $("game").hidden = false;
  try {
    show(await playStep({ position: req.position, engine: $("play-engine-first").checked }));
  } catch (e) {
    $("game").hidden = true;
    $("solve-error").textContent = e.message;
  } finally {
    game.busy = false;
  }
}

// show displays the state after a step: the moves just played, the board, and the person's moves
// (or the end of the game).
function show(st) {
  for (const p of st.played) $("history").append(el("li", { text: `${p.by === "you" ? "you" : "engine"}: ${p.move}` }));
  game.here = st;
  $("hint-text").textContent = "";
  drawBoard(st);
  const list = $("move-list");
  list.replaceChildren();
  const status = $("game-status");
  if (st.over) {
    status.textContent = st.winner === "you" ? "Game over: you win!" : "Game over: the engine wins.";
    status.dataset.result = st.winner === "you" ? "you-win" : "engine-wins";
    return;
  }
  game.turns.push({ position: st.position, history: $("history").children.length });
  status.textContent = "Your move.";
  status.dataset.result = "";
  st.moves.forEach((m, i) => {
    list.append(el("li", {}, el("button", { type: "button", "data-move": String(i), text: m.move, onclick: () => playerMove(i) })));
  });
  if (st.more_moves) list.append(el("li", { class: "hint", text: `(only the first ${st.moves.length} moves are listed)` }));
}

async function playerMove(i) {
  if (game.busy || !game.here || game.here.over) return;
  game.busy = true;
  try {
    show(await playStep({ position: game.here.position, move: game.here.moves[i].move }));
  } catch (e) {
    $("solve-error").textContent = e.message;
  } finally {
    game.busy = false;
  }
}

// undo goes back to the person's previous turn (undoing the engine's answer too).
async function undo() {
  if (game.busy || game.turns.length === 0) return;
  // The last entry is the current turn, unless the game is over.
  if (!game.here.over) game.turns.pop();
  const prev = game.turns.pop();
  if (!prev) { if (!game.here.over) game.turns.push({ position: game.here.position, history: $("history").children.length }); return; }
  game.busy = true;
  try {
    const hist = $("history");
    while (hist.children.length > prev.history) hist.lastChild.remove();
    show(await playStep({ position: prev.position }));
  } catch (e) {
    $("solve-error").textContent = e.message;
  } finally {
    game.busy = false;
  }
}

function hint() {
  if (!game.here || game.here.over) return;
  for (const b of document.querySelectorAll(".hinted")) b.classList.remove("hinted");
  const i = game.here.moves.findIndex((m) => m.winning);
  if (i < 0) {
    $("hint-text").textContent = "Every move loses against perfect play here; try to make the game long.";
    return;
  }
  $("hint-text").textContent = `Winning move: ${game.here.moves[i].move}`;
  const b = document.querySelector(`#move-list button[data-move="${i}"]`);
  if (b) b.classList.add("hinted");
  for (const c of document.querySelectorAll(`#board [data-move="${i}"]`)) c.classList.add("hinted");
}

// drawBoard shows the position: heaps as rows of counters (click a counter to leave that many in
// its heap, when the ruleset has that move), coins as a strip, and always the ruleset's own drawing.
function drawBoard(st) {
  const board = $("board");
  board.replaceChildren();
  $("game-position").textContent = st.text;
  const nums = st.position.map((s) => (/^\d+$/.test(s) ? Number(s) : NaN));
  if (st.board === "heaps" && nums.every((v) => v <= 60)) {
    nums.forEach((h, i) => {
      const row = el("div", { class: "heap" }, el("span", { class: "label", text: `heap ${i + 1}` }));
      for (let j = 0; j < h; j++) {
        // Counter j: leave j counters in this heap (take this one and those to its right).
        const target = st.position.slice();
        target[i] = String(j);
        const mi = st.over ? -1 : st.moves.findIndex((m) => m.to.length === target.length && m.to.every((s, k) => s === target[k]));
        const c = el("button", { type: "button", class: "counter", title: mi >= 0 ? st.moves[mi].move : "", "data-heap": String(i), "data-leave": String(j) });
        if (mi >= 0) {
          c.dataset.move = String(mi);
          c.addEventListener("click", () => playerMove(mi));
        } else c.disabled = true;
        row.append(c);
      }
      board.append(row);
    });
  } else if (st.board === "coins" && nums.every((v) => v <= 200)) {
    const hi = Math.max(0, ...nums) + 1, heads = new Set(nums);
    const strip = el("div", { class: "coins" });
    for (let i = st.coin_base || 0; i <= hi; i++) strip.append(el("span", { class: "coin" + (heads.has(i) ? " heads" : ""), text: String(i) }));
    board.append(strip);
  } else if (st.board === "grid") {
    // Heads-up coins at x,y: a grid one larger than the farthest coin (x across, y down).
    const pts = st.position.map((s) => s.split(",").map(Number));
    const w = Math.max(0, ...pts.map((p) => p[0])) + 2, h = Math.max(0, ...pts.map((p) => p[1])) + 2;
    if (w <= 40 && h <= 40 && pts.every((p) => p.length === 2 && p.every(Number.isInteger))) {
      const heads = new Set(st.position);
      const grid = el("div", { class: "grid" });
      grid.style.gridTemplateColumns = `repeat(${w}, 22px)`;
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) grid.append(el("span", { class: "coin small" + (heads.has(`${x},${y}`) ? " heads" : ""), title: `${x},${y}` }));
      }
      board.append(grid);
    }
  }
}

$("play-start").addEventListener("click", startGame);
$("undo").addEventListener("click", undo);
$("hint").addEventListener("click", hint);

// ---------- scripts ----------

$("script-source").value = `# Subtraction game S = {1, 3, 4}: from a heap of n take 1, 3 or 4.
def moves(n):
    return [n - k for k in [1, 3, 4] if k <= n]
`;
$("script-go").addEventListener("click", async () => {
  $("script-error").textContent = "";
  const out = $("script-result");
  out.replaceChildren("…");
  try {
    const r = await api("/api/script", { source: $("script-source").value, to: Number($("script-to").value) });
    // The table: rows of 20 heaps, n above g(n).
    const v = r.values || [], t = el("table", { class: "gtable", id: "script-table" });
    for (let i = 0; i < v.length; i += 20) {
      const n = el("tr", {}, el("th", { text: "n" })), g = el("tr", {}, el("th", { text: "g(n)" }));
      for (let j = i; j < Math.min(v.length, i + 20); j++) {
        n.append(el("td", { class: "n", text: String(j) }));
        g.append(el("td", { text: String(v[j]) }));
      }
      t.append(n, g);
    }
    out.replaceChildren(t, el("p", { id: "script-period", text: r.period !== null && r.period !== undefined
      ? `period ${r.period}, preperiod ${r.preperiod} (${r.proved ? "proved" : "apparent in the values computed, not proved"})`
      : "no period found in the values computed" }));
  } catch (e) {
    out.replaceChildren();
    $("script-error").textContent = e.message;
  }
});

// ---------- start ----------

function markAbsent(section, what) {
  const s = $(section);
  s.replaceChildren(el("h2", { text: s.querySelector("h2") ? s.querySelector("h2").textContent : section }),
    el("p", { class: "absent", text: `${what} is not available in this build of grundy.` }));
}

async function start() {
  for (let k = 1; k <= 10; k++) $("table-size").append(el("option", { value: String(1 << k), text: `${1 << k} × ${1 << k}` }));
  $("table-size").value = "256";
  drawLegend();
  syncCalc();
  try {
    state.info = await api("/api/info");
    state.endpoints = new Set(state.info.endpoints || []);
    state.features = new Set(state.info.features || []);
    const l = state.info.limits;
    $("limits").textContent = `limits per request: N ≤ ${l.max_seq}, table ≤ ${l.max_table}, ${l.max_args} arguments, ${l.budget_ms / 1000} s, ${l.max_heavy} heavy jobs at once`;
    for (const o of $("table-size").options) o.disabled = Number(o.value) > l.max_table;
  } catch (e) {
    $("limits").textContent = "cannot reach the server: " + e.message;
  }
  if (!state.endpoints.has("/api/nim")) markAbsent("nimbers", "Nimber arithmetic");
  if (state.endpoints.has("/api/rules")) {
    state.rules = (await api("/api/rules")).rulesets;
  }
  if (!state.endpoints.has("/api/seq")) markAbsent("sequences", "Computing sequences");
  else {
    fillRulesets($("seq-ruleset"), (r) => r.one_heap);
    const r = ruleByName($("seq-ruleset").value);
    if (r) showFlags($("seq-flags"), r);
    // Each source of sequences is offered only when this build has it.
    for (const [feature, input, value] of [["seq:ruleset", $("seq-ruleset"), "ruleset"], ["seq:code", $("seq-code"), "code"]]) {
      const on = state.features.has(feature) && (value === "code" || state.rules.some((r) => r.one_heap));
      input.disabled = !on;
      const radio = document.querySelector(`input[name=seq-kind][value=${value}]`);
      radio.disabled = !on;
      if (!on) input.closest(".row").append(el("span", { class: "absent", text: "(not available in this build)" }));
    }
    const first = document.querySelector("input[name=seq-kind]:not(:disabled)");
    if (first) first.checked = true;
  }
  if (!state.endpoints.has("/api/solve") || !state.endpoints.has("/api/rules")) markAbsent("play", "Solving and playing");
  else {
    fillRulesets($("solve-ruleset"), () => true);
    onSolveRuleset();
    if (!state.endpoints.has("/api/play")) {
      $("play-start").disabled = true;
      $("play-start").after(el("span", { class: "absent", text: "(play is not available in this build)" }));
    }
  }
  if (!state.endpoints.has("/api/script")) markAbsent("scripts", "Running Starlark scripts");
  showTab(location.hash.slice(1) || "nimbers");
  if (!document.querySelector(".tab.active")) showTab("nimbers");
  document.body.dataset.ready = "true";
}

start();
