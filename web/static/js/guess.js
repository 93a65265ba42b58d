// The guess panel: find the rule behind a game's values (POST /api/guess, as `grundy guess
// --json`), under the Sequences and Scripts views. It shows the findings ranked as the server
// ranks them, each with its status — proved (a theorem applies to the game and its finite check
// passed) or conjecture (the rule holds on the range checked, nothing more) — and its evidence:
// the range checked, the proof, the known game and what is proved of it; then the near misses,
// each with its first counterexample.

import { $, api, el } from "./api.js";
import { colourOf } from "./nimbers.js";
import { Ticket, pageWords } from "./page.js";
import { readFlags, state } from "./rules.js";

const shapeWords = { "one-heap": "one heap", table: "a table g(x, y)", outcomes: "outcomes of heap tuples" };

// factsText writes what is known of a known game, as `grundy guess` writes it.
function factsText(fa) {
  if (!fa.period) return `no period found to ${fa.computed_to}`;
  const arith = fa.saltus ? `arithmetic period ${fa.period}, saltus ${fa.saltus}` : `period ${fa.period}`;
  return fa.proved
    ? `${arith} from ${fa.preperiod}, proved (${fa.theorem})`
    : `apparent ${arith} from ${fa.preperiod}, to ${fa.computed_to}`;
}

// render shows the report r in box; id prefixes the ids of what it draws.
export function render(box, r, id) {
  const kids = [el("p", { id: `${id}-head`, text: `${r.game}: ${shapeWords[r.shape] || r.shape}${r.heaps ? ` (${r.heaps} heaps)` : ""}, checked to ${r.checked_to}` })];
  const findings = r.findings || [];
  if (findings.length === 0) kids.push(el("p", { id: `${id}-none`, text: "No rule found: no period, closed form, known game or table rule fits every value." }));
  const ol = el("ol", { id: `${id}-findings` });
  for (const f of findings) {
    const proved = f.status === "proved";
    const li = el("li", { "data-status": f.status, "data-kind": f.kind, "data-key": f.key },
      el(proved ? "strong" : "em", { class: "guess-status", text: proved ? "proved" : "conjecture" }), " ", f.rule);
    let ev = checkedText(f, r.checked_to);
    if (f.proof) ev += `; proof: ${f.proof}`;
    li.append(el("div", { class: "hint guess-evidence", text: ev }));
    const k = f.known;
    if (k) {
      if (k.also && k.also.length) li.append(el("div", { class: "hint", text: `the same values: ${k.also.join(", ")}` }));
      if (k.facts) {
        let t = `${k.name}: ${factsText(k.facts)}`;
        if (k.facts.proved && !proved) t += "; if the identity holds, so does the period";
        li.append(el("div", { class: "hint guess-facts", text: t }));
      }
    }
    ol.append(li);
  }
  if (findings.length) kids.push(ol);
  const near = r.near_misses || [];
  if (near.length) {
    const ul = el("ul", { id: `${id}-near` });
    for (const m of near) {
      ul.append(el("li", { text: `${m.rule}: held on ${m.held_from}..${m.held_to}, fails at ${m.at} (${m.got}, the rule says ${m.want})` }));
    }
    kids.push(el("p", { text: "Near misses:" }), ul);
  }
  if (r.note) kids.push(el("p", { class: "hint", text: `Note: ${r.note}` }));
  if (r.table) kids.push(heatmap(r.table, id));
  box.replaceChildren(...kids);
}

// heatmap draws a table's values g(x, y) (x down the rows, y across) in the colours of the
// nim-product table, so that a rule's pattern shows: each cell a square, the value under the
// pointer named.
function heatmap(table, id) {
  const n = table.length, vals = table.map((row) => row.map(Number));
  let top = 0;
  for (const row of vals) for (const v of row) if (v > top) top = v;
  const cell = Math.max(2, Math.floor(256 / n));
  const c = el("canvas", { id: `${id}-heat`, width: String(n * cell), height: String(n * cell), "data-cell": String(cell), "data-max": String(top) });
  const g = c.getContext("2d");
  vals.forEach((row, x) => row.forEach((v, y) => {
    const [r, gg, b] = colourOf(v, top);
    g.fillStyle = `rgb(${r},${gg},${b})`;
    g.fillRect(y * cell, x * cell, cell, cell);
  }));
  const info = el("p", { class: "hint", id: `${id}-heat-info`, text: `g(x, y) for 0 ≤ x, y ≤ ${n - 1}: x down the rows, y across; dark = 0, bright = ${top}. Point at a cell for its value.` });
  c.addEventListener("mousemove", (ev) => {
    const rect = c.getBoundingClientRect();
    const y = Math.floor(((ev.clientX - rect.left) / rect.width) * n), x = Math.floor(((ev.clientY - rect.top) / rect.height) * n);
    if (x >= 0 && x < n && y >= 0 && y < n) info.textContent = `g(${x}, ${y}) = ${table[x][y]}`;
  });
  return el("div", { class: "guess-heat" }, c, info);
}

// mount puts a guess panel (id) after the element after. request() returns the request's body
// (the fields of query.GuessRequest) from the view's inputs and the panel's: { heaps, to }. With
// shapes, the panel asks for the shape of a script's positions and its own N. An edit of any of
// the inputs named in watch (ids) clears the panel: its answer was for other inputs.
function mount(after, id, request, shapes, watch) {
  if (!state.endpoints.has("/api/guess")) return;
  const go = el("button", { type: "button", id: `${id}-go`, text: "Find the rule" });
  const row = el("p", { class: "row" }, go);
  const heaps = el("select", { id: `${id}-heaps` },
    el("option", { value: "1", text: "one heap: g(n)" }), el("option", { value: "2", text: "two coordinates: g(x, y)" }),
    el("option", { value: "3", text: "outcomes of 3 heaps" }), el("option", { value: "4", text: "outcomes of 4 heaps" }));
  const to = el("input", { id: `${id}-to`, size: "6", placeholder: "default", spellcheck: "false" });
  if (shapes) row.append(" ", el("label", {}, "positions ", heaps), " ", el("label", {}, "to N = ", to));
  const err = el("p", { class: "error", id: `${id}-error` }), out = el("div", { id: `${id}-result` });
  after.after(el("div", { class: "guess", id }, el("h3", { text: "Find the rule" }),
    el("p", { class: "hint", text: "Periods, closed forms, known games, sums and products of tables, rules for the P-positions; proved only where a theorem applies to the game." }),
    row, err, out));
  const asking = new Ticket();
  const clear = () => {
    asking.drop();
    go.disabled = false;
    out.replaceChildren();
    err.textContent = "";
  };
  for (const w of watch) {
    const e = $(w);
    if (e) for (const ev of ["input", "change"]) e.addEventListener(ev, clear);
  }
  if (shapes) for (const e of [heaps, to]) for (const ev of ["input", "change"]) e.addEventListener(ev, clear);
  go.addEventListener("click", async () => {
    const t = asking.take();
    err.textContent = "";
    out.replaceChildren("…");
    go.disabled = true;
    try {
      // values: a table's g(x, y) come too, for the heatmap (other shapes ignore it).
      const r = await api("/api/guess", { ...request({ heaps: Number(heaps.value), to: to.value.trim() }), values: true });
      if (asking.current(t)) render(out, r, id);
    } catch (e) {
      if (asking.current(t)) {
        out.replaceChildren();
        err.textContent = pageWords(e.message);
      }
    } finally {
      if (asking.current(t)) go.disabled = false;
    }
  });
}

// forSequences adds the panel to the Sequences view: the code or ruleset of the view, to its N.
export function forSequences() {
  mount($("seq-downloads"), "seq-guess", () => {
    const to = $("seq-to").value.trim();
    return document.querySelector("input[name=seq-kind]:checked").value === "code"
      ? { ruleset: "octal", flags: { code: $("seq-code").value.trim() }, to }
      : { ruleset: $("seq-ruleset").value, flags: readFlags($("seq-flags")), to };
  }, false, ["seq-code", "seq-ruleset", "seq-flags", "seq-to", "seq-form"]);
}

// forScripts adds the panel to the Scripts view: the view's script, positions of the shape asked
// (heaps 1: the ints 0..N; 2: pairs (x, y); k: k-tuples), to the panel's N or the view's for one heap.
export function forScripts() {
  mount($("script-result"), "script-guess", ({ heaps, to }) => {
    const body = { script: $("script-source").value, heaps };
    if (to !== "") body.to = to;
    else if (heaps === 1) body.to = $("script-to").value.trim();
    return body;
  }, true, ["script-source", "script-to"]);
}

// checkedText says what a finding was checked against, in the command line's words: the values
// given, the octal engine's values beyond them, or nothing (a rule proved by theory alone whose
// first pair lies past the values given).
function checkedText(f, to) {
  if (f.checked_by === "theory") return `not checked: the values end at heap ${to}, before the rule's first pair`;
  if (f.checked_by === "engine") return `checked on ${f.checked_from}..${f.checked_to} by the octal engine (its values equal those given on 0..${to})`;
  return `checked on ${f.checked_from}..${f.checked_to}`;
}
