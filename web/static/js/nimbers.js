// The nimbers view: the nim-field calculator and the nim-product table as a zoomable heatmap.

import { $, api, el } from "./api.js";
import { pageWords } from "./page.js";

// The generator of the multiplicative group that log uses unless given a base (grundy nim log).
const generator = "4294967302";
const unary = new Set(["square", "sqrt", "inv", "order", "quadratic"]);
function syncCalc() {
  const op = $("calc-op").value;
  $("calc-b").hidden = unary.has(op);
  $("calc-b").placeholder = op === "log" ? `base (default ${generator})` : "B";
  if (op === "log" && $("calc-b").dataset.op !== "log") $("calc-b").value = "";
  $("calc-b").dataset.op = op;
  $("calc-wide").disabled = op === "log" || op === "order" || op === "quadratic";
}

// calc asks the server for the calculator's operation and shows the result.
async function calc() {
  const op = $("calc-op").value;
  const args = [$("calc-a").value.trim()];
  const body = { op, args };
  const base = $("calc-b").value.trim();
  if (op === "log") { if (base !== "") body.base = base; }
  else if (!unary.has(op)) args.push(base);
  if ($("calc-wide").checked && !$("calc-wide").disabled) body.wide = true;
  $("calc-error").textContent = "";
  $("calc-explain").textContent = "";
  $("calc-result").textContent = "…";
  try {
    const r = await api("/api/nim", body);
    $("calc-result").textContent = r.result === null ? "none" : r.result;
    if (op === "log") {
      const b = body.base || `${generator} (the generator of the multiplicative group)`;
      $("calc-explain").textContent = r.result === null
        ? `No power of the base ${b} is ${args[0]}: the logarithm does not exist.`
        : `The least x with ${body.base || generator}^x = ${args[0]} (x-fold nim-product), to the base ${b}.`;
    }
  } catch (e) {
    $("calc-result").textContent = "";
    $("calc-error").textContent = pageWords(e.message);
  }
}

export const heat = { n: 0, values: null, image: null, scale: 1, ox: 0, oy: 0, drag: null, max: 1 };

// The colour scale of package picture (the CLI's --png/--svg heatmaps), computed the same way, so
// the page's heatmap and the CLI's pictures agree: value v of top -> [r, g, b].
const palette = [[68, 1, 84], [59, 82, 139], [33, 145, 140], [94, 201, 98], [253, 231, 37]];
export function colourOf(v, top) {
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

function wire() {
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
}

// setup wires the view and fills the table sizes up to the server's limit.
export function setup(limits) {
  for (let k = 1; k <= 10; k++) $("table-size").append(el("option", { value: String(1 << k), text: `${1 << k} × ${1 << k}` }));
  for (const o of $("table-size").options) o.disabled = limits && Number(o.value) > limits.max_table;
  $("table-size").value = "32";
  $("calc-op").addEventListener("change", syncCalc);
  $("calc").addEventListener("submit", (ev) => { ev.preventDefault(); calc(); });
  wire();
  drawLegend();
  syncCalc();
}

// example shows the view's worked example: 12 ⊗ 9 and the 32 × 32 table.
export async function example() {
  await Promise.all([calc(), drawTable()]);
}
