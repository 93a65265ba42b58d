// The sequences view: Grundy values of a take-and-break code or a one-heap ruleset, streamed with
// live progress, plotted with the period shaded, downloadable as CSV or JSON.

import { $, el, request, svg } from "./api.js";
import { forSequences as guessPanel } from "./guess.js";
import { loopyText } from "./play.js";
import { readFlags, ruleByName, showFlags } from "./rules.js";
import { Ticket, limit, pageWords, readCount } from "./page.js";

let lastSeq = null;
const computing = new Ticket();
// reading is the answer being read (its stream reader), and giveUp the request's AbortController,
// for Cancel: on the server it closes the request, in the static site it stops the worker.
let reading = null, giveUp = null;

// clearSeq takes the last answer off the screen: plot, values, summary, downloads, status.
function clearSeq() {
  lastSeq = null;
  $("seq-plot").replaceChildren();
  delete $("seq-plot").dataset.points;
  for (const id of ["seq-summary", "seq-values", "seq-hover", "seq-status", "seq-error"]) $(id).textContent = "";
  $("seq-downloads").hidden = true;
  $("seq-progress").value = 0;
  $("seq-result").classList.remove("stale");
}

async function computeSeq() {
  const kind = document.querySelector("input[name=seq-kind]:checked").value;
  const base = kind === "code"
    ? { code: $("seq-code").value.trim() }
    : { ruleset: $("seq-ruleset").value, flags: readFlags($("seq-flags")) };
  clearSeq();
  if (reading) reading.cancel().catch(() => {}); // an older answer still coming is not wanted
  if (giveUp) giveUp.abort();
  reading = null;
  giveUp = new AbortController();
  const signal = giveUp.signal;
  const t = computing.take();
  let to;
  const until = kind === "code" && $("seq-until").checked;
  try {
    if (!until) to = readCount("seq-to", "N", limit("max_seq"));
  } catch (e) {
    $("seq-error").textContent = e.message;
    return;
  }
  $("seq-go").disabled = true;
  $("seq-cancel").disabled = false;
  // Live progress: the answer streams as lines, {"done", "target"} while the values are computed
  // and then {"result"} (or {"error"}); the bar follows the lines.
  try {
    $("seq-status").textContent = until ? "computing until the period is proved" : `computing g(0) … g(${to})`;
    $("seq-progress").value = 0;
    const r = await streamSeq(until ? base : { ...base, to }, signal, (done, target) => {
      if (!computing.current(t)) return;
      if (target > 0) $("seq-progress").value = done / target;
      $("seq-status").textContent = target > 0 && !until ? `${done} of ${target} values computed` : `${done} values computed`;
    });
    if (!computing.current(t)) return;
    $("seq-progress").value = 1;
    plotSeq(r, base);
    $("seq-status").textContent = "done";
  } catch (e) {
    if (!computing.current(t)) return;
    clearSeq();
    $("seq-error").textContent = pageWords(e.message);
  } finally {
    // A request made stale (Cancel, a newer Compute) leaves the buttons to the newer state.
    if (computing.current(t)) {
      reading = giveUp = null;
      $("seq-cancel").disabled = true;
      $("seq-go").disabled = false;
    }
  }
}

// streamSeq posts body to /api/seq/stream, calls progress for every progress line and returns the
// result of the last line (or throws its error); signal gives the request up.
async function streamSeq(body, signal, progress) {
  const resp = await request("/api/seq/stream", body, signal);
  if (!resp.ok) {
    let msg = `HTTP ${resp.status}`;
    try { msg = (await resp.json()).error || msg; } catch (e) { /* keep the status */ }
    throw new Error(msg);
  }
  const reader = resp.body.getReader(), dec = new TextDecoder();
  reading = reader;
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
  // A ruleset with cycles answers loopy values ("3", or {"infinite": true, "set": [...]}) and
  // their outcomes: the finite ones are plotted, the infinite ones marked along the top.
  const loopy = typeof r.outcomes === "string";
  const raw = r.values || [], n = raw.length, plot = $("seq-plot");
  const v = raw.map((g) => (g !== null && typeof g === "object" ? NaN : Number(g)));
  plot.replaceChildren();
  const W = 900, H = 320, L = 40, R = 10, T = 10, B = 30;
  // A loop, not Math.max(...v): spreading a million values overflows the call's argument limit.
  let max = 1;
  for (const g of v) if (g > max) max = g;
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
  // The values: one small mark per heap, all in one path. A long sequence has many heaps to a
  // pixel column: one mark per column and pixel row that some heap hits, so the path stays small.
  const w = Math.max(1.5, (W - L - R) / Math.max(1, n) * 0.8);
  const seen = new Set();
  let d = "";
  let inf = "";
  v.forEach((g, i) => {
    const x = X(i) - w / 2, y = Number.isNaN(g) ? -1 : Y(g);
    const key = Math.round(x) * 4096 + Math.round(y);
    if (n > W && seen.has(key)) return;
    seen.add(key);
    if (Number.isNaN(g)) inf += `M${x.toFixed(1)} ${T + 2}h${w.toFixed(1)}v4h-${w.toFixed(1)}z`;
    else d += `M${x.toFixed(1)} ${y.toFixed(1)}h${w.toFixed(1)}v-2h-${w.toFixed(1)}z`;
  });
  plot.append(svg("path", { d, fill: "#2b6cb0", stroke: "#2b6cb0", "stroke-width": "1", "data-role": "values" }));
  if (inf) plot.append(svg("path", { d: inf, fill: "#b3261e", "data-role": "infinite" }));
  plot.dataset.points = String(n);

  const per = hasPeriod
    ? `period ${r.period}${r.saltus ? ` (arithmetic: g(n + ${r.period}) = g(n) + ${r.saltus})` : ""}, preperiod ${r.preperiod}, ${r.proved ? "proved" : "not proved (seen in the values computed)"}`
    : "no period found so far";
  $("seq-summary").textContent = r.computed_to < n - 1
    ? `g(0) … g(${n - 1}): computed to g(${r.computed_to}), the rest from the proved period; ${per}.`
    : `g(0) … g(${r.computed_to}) computed; ${per}.`;
  if (loopy) $("seq-summary").textContent += ` Loopy values (the game has cycles; ∞ marked in red along the top); outcomes ${r.outcomes}.`;
  $("seq-values").textContent = raw.map(loopyText).join(" ");

  const csv = "n,g\n" + raw.map((g, i) => (loopy ? `${i},"${loopyText(g)}"` : `${i},${g}`)).join("\n") + "\n";
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
  if (i >= 0 && i < v.length) $("seq-hover").textContent = `g(${i}) = ${loopyText(v[i])}`;
});
// setup wires the view and offers the one-heap rulesets.
export function setup() {
$("seq-form").addEventListener("submit", (ev) => { ev.preventDefault(); computeSeq(); });
// Changed inputs leave the answer on screen for comparison, marked as that of other inputs.
for (const e of ["input", "change"]) $("seq-form").addEventListener(e, () => { if (lastSeq) $("seq-result").classList.add("stale"); });
$("seq-ruleset").addEventListener("change", () => {
  const r = ruleByName($("seq-ruleset").value);
  if (r) showFlags($("seq-flags"), r);
  document.querySelector("input[name=seq-kind][value=ruleset]").checked = true;
});
$("seq-code").addEventListener("focus", () => { document.querySelector("input[name=seq-kind][value=code]").checked = true; });
// Cancel gives the request up: the server stops computing, the static site's worker is stopped.
$("seq-cancel").addEventListener("click", () => {
  computing.drop();
  if (reading) reading.cancel().catch(() => {});
  if (giveUp) giveUp.abort();
  reading = giveUp = null;
  clearSeq();
  $("seq-status").textContent = "cancelled";
  $("seq-cancel").disabled = true;
  $("seq-go").disabled = false;
});
$("seq-until").addEventListener("change", () => {
  $("seq-to").disabled = $("seq-until").checked;
  if ($("seq-until").checked) document.querySelector("input[name=seq-kind][value=code]").checked = true;
});
guessPanel();
}

// example shows the view's worked example: Dawson's Kayles (0.07) to heap 300, its period proved.
export function example() {
  return computeSeq();
}
