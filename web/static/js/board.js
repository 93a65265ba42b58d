// The boards of the play view: a 2-D coin-turning position as a labelled grid whose cells choose a
// move's coins, and a take-and-break position as rows of pins whose runs are knocked out. A board
// knows the game only through the engine's answer (/api/play: the position and the legal moves,
// each with the position it leads to): a click is matched against those moves, and a choice that
// is not among the moves listed is sent as the position it leads to, for the engine to accept or
// refuse. Every cell and pin is a button, reached with Tab (one stop per board) and the arrow keys.

import { el } from "./api.js";

// roving makes the buttons of rows (an array of arrays) one Tab stop: the arrow keys move along a
// row and between rows, Home and End to the ends of a row.
function roving(box, rows) {
  const all = rows.flat();
  if (all.length === 0) return;
  for (const b of all) b.tabIndex = -1;
  all[0].tabIndex = 0;
  box.addEventListener("keydown", (ev) => {
    const r = rows.findIndex((row) => row.includes(ev.target));
    if (r < 0) return;
    let c = rows[r].indexOf(ev.target), nr = r;
    switch (ev.key) {
      case "ArrowLeft": c--; break;
      case "ArrowRight": c++; break;
      case "ArrowUp": nr--; break;
      case "ArrowDown": nr++; break;
      case "Home": c = 0; break;
      case "End": c = rows[r].length - 1; break;
      default: return;
    }
    ev.preventDefault();
    while (nr >= 0 && nr < rows.length && rows[nr].length === 0) nr += nr < r ? -1 : 1; // skip empty rows
    if (nr < 0 || nr >= rows.length) return;
    const next = rows[nr][Math.max(0, Math.min(c, rows[nr].length - 1))];
    ev.target.tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
  });
  box.addEventListener("focusin", (ev) => {
    if (!all.includes(ev.target)) return;
    for (const b of all) b.tabIndex = b === ev.target ? 0 : -1;
  });
}

// flips is the set of coins a move turns over: the coins of the position and of the position
// after, each counted once (the symmetric difference).
function flips(from, to) {
  const a = new Set(from), b = new Set(to), f = new Set();
  for (const c of a) if (!b.has(c)) f.add(c);
  for (const c of b) if (!a.has(c)) f.add(c);
  return f;
}

// chooser is the choice of a move's coins on a board of coins (cells: each coin's key, as the
// position writes it, and its button): clicking a coin adds it to the choice or takes it out; when
// the coins chosen belong to one listed move only (two coins at least, or all of that move's),
// the move is played; "Turn over" plays exactly the coins chosen (past the moves listed, the
// position after them goes to the engine, which accepts or refuses it). It returns { bar,
// choose(key), clear(), hint(to) }.
function chooser(st, cells, play) {
  const moves = st.over ? [] : st.moves.map((m) => flips(st.position, m.to));
  const sel = new Set();
  const say = el("span", { class: "board-say" });
  const go = el("button", { type: "button", class: "board-play", text: "Turn over", disabled: "" });
  const clear = el("button", { type: "button", class: "board-clear", text: "Clear" });
  const bar = el("div", { class: "row board-bar", "aria-live": "polite" }, say, go, clear);
  let chosen = null; // the listed move that turns over exactly the coins chosen, or null
  function update() {
    const cands = [];
    moves.forEach((f, i) => { if ([...sel].every((c) => f.has(c))) cands.push(i); });
    const reach = new Set();
    if (sel.size) for (const i of cands) for (const c of moves[i]) reach.add(c);
    for (const [key, b] of cells) {
      b.classList.toggle("chosen", sel.has(key));
      b.classList.toggle("reach", reach.has(key) && !sel.has(key));
      b.setAttribute("aria-pressed", String(sel.has(key)));
    }
    const exact = cands.find((i) => moves[i].size === sel.size);
    chosen = sel.size && exact !== undefined ? exact : null;
    if (sel.size && cands.length === 1 && !st.more_moves && (sel.size >= 2 || chosen !== null)) {
      const m = st.moves[cands[0]].move;
      sel.clear();
      play(m);
      return;
    }
    const list = [...sel].join(" ");
    if (!sel.size) say.textContent = st.over ? "" : "Choose the coins of a move: a heads-up coin, then the others it turns over (on a grid, the corner of its rectangle).";
    else if (chosen !== null) say.textContent = `Turn over ${list}: ${st.moves[chosen].move}${cands.length > 1 ? ` (or choose more coins: ${cands.length - 1} other moves turn these over too)` : ""}.`;
    else if (cands.length) say.textContent = `${cands.length} moves turn over ${list}: choose another of their coins (marked).`;
    else say.textContent = st.more_moves ? `No listed move turns over ${list}; Turn over asks the engine whether it is a move.` : `No move turns over just ${list}.`;
    go.disabled = !(chosen !== null || (st.more_moves && sel.size));
    go.textContent = sel.size ? `Turn over ${sel.size === 1 ? "this coin" : `these ${sel.size} coins`}` : "Turn over";
  }
  go.addEventListener("click", () => {
    if (go.disabled) return;
    // The position after turning over the coins chosen, in the game's syntax.
    const m = chosen !== null ? st.moves[chosen].move : [...flips(st.position, sel)].join(" ");
    sel.clear();
    update();
    play(m);
  });
  clear.addEventListener("click", () => { sel.clear(); update(); });
  for (const [key, b] of cells) {
    if (st.over) b.disabled = true;
    b.addEventListener("click", () => {
      if (st.over) return;
      if (sel.has(key)) sel.delete(key);
      else sel.add(key);
      update();
    });
    b.addEventListener("keydown", (ev) => { if (ev.key === "Escape") { sel.clear(); update(); } });
  }
  update();
  return {
    bar,
    // hint marks the coins of the move leading to the position to.
    hint(to) {
      const f = flips(st.position, to);
      for (const [key, b] of cells) b.classList.toggle("hinted", f.has(key));
    },
  };
}

// gridLimit bounds the side of a grid drawn (beyond it the board is the text).
const gridLimit = 40;

// gridBoard draws heads-up coins x,y (st.position) as a grid, x down the rows and y across the
// columns from st.grid_first, one row and column beyond the farthest coin, whose cells choose a
// move's coins (chooser). play(move) makes a move (its text, or the position after it). It
// returns null when the grid would be too large; else { el, hint(to) }.
export function gridBoard(st, play) {
  const pts = st.position.map((s) => s.split(",").map(Number));
  if (!pts.every((p) => p.length === 2 && p.every(Number.isSafeInteger))) return null;
  const [fx, fy] = st.grid_first || [0, 0];
  const rows = Math.max(fx, ...pts.map((p) => p[0])) + 2 - fx, cols = Math.max(fy, ...pts.map((p) => p[1])) + 2 - fy;
  if (rows > gridLimit || cols > gridLimit) return null;
  const heads = new Set(st.position);
  const table = el("table", { class: "board-grid", role: "grid", "aria-label": `the board: heads-up coins ${st.position.join(" ") || "none"} (x down the rows, y across the columns)` });
  const head = el("tr", {}, el("th", { class: "corner", text: "x\\y", title: "x numbers the rows, y the columns" }));
  for (let y = fy; y < fy + cols; y++) head.append(el("th", { scope: "col", text: String(y) }));
  table.append(head);
  const cells = new Map(), grid = [];
  for (let x = fx; x < fx + rows; x++) {
    const tr = el("tr", {}, el("th", { scope: "row", text: String(x) }));
    const row = [];
    for (let y = fy; y < fy + cols; y++) {
      const key = `${x},${y}`, up = heads.has(key);
      const b = el("button", { type: "button", class: "cell" + (up ? " heads" : ""), title: key, "data-cell": key,
        "aria-label": `${key} ${up ? "heads up" : "tails"}`, "aria-pressed": "false" });
      cells.set(key, b);
      row.push(b);
      tr.append(el("td", {}, b));
    }
    grid.push(row);
    table.append(tr);
  }
  roving(table, grid);
  const c = chooser(st, cells, play);
  return { el: el("div", {}, el("div", { class: "board-box" }, table), c.bar), hint: c.hint };
}

// coinLimit bounds the coins of a row drawn (beyond it the board is the text).
const coinLimit = 200;

// coinBoard draws the heads-up coins of a row (st.position: their indices, numbered from
// st.coin_base) as a strip of coins one beyond the last, which choose a move's coins (chooser).
// It returns null when the strip would be too long; else { el, hint(to) }.
export function coinBoard(st, play) {
  if (!st.position.every((s) => /^\d+$/.test(s))) return null;
  const base = st.coin_base || 0, hi = Math.max(base, ...st.position.map(Number)) + 1;
  if (hi - base >= coinLimit) return null;
  const heads = new Set(st.position), strip = el("div", { class: "coins", role: "group", "aria-label": `the coins: heads up ${st.position.join(" ") || "none"}` });
  const cells = new Map(), row = [];
  for (let i = base; i <= hi; i++) {
    const key = String(i), up = heads.has(key);
    const b = el("button", { type: "button", class: "coin" + (up ? " heads" : ""), text: key, "data-coin": key,
      "aria-label": `coin ${key} ${up ? "heads up" : "tails"}`, "aria-pressed": "false" });
    cells.set(key, b);
    row.push(b);
    strip.append(b);
  }
  roving(strip, [row]);
  const c = chooser(st, cells, play);
  return { el: el("div", {}, el("div", { class: "board-box" }, strip), c.bar), hint: c.hint };
}

// pinRulesets are the take-and-break games drawn as rows of pins.
export const pinRulesets = new Set(["kayles", "dawson-kayles", "octal"]);

// pinLimit bounds the pins of a heap drawn (beyond it the board is the text).
const pinLimit = 60;

// heapMove finds the heap a move changes and its parts: the position before and after agree but
// for one heap, replaced by its parts (a whole heap taken is one part 0). It returns
// { heap, parts } with the parts that are not 0, or null.
function heapMove(from, to) {
  let p = 0;
  while (p < from.length - 1 && p < to.length && from[p] === to[p]) p++;
  let s = 0;
  while (s < from.length - 1 - p && s < to.length - p && from[from.length - 1 - s] === to[to.length - 1 - s]) s++;
  const parts = to.slice(p, to.length - s);
  if (!parts.every((v) => /^\d+$/.test(v))) return null;
  return { heap: p, parts: parts.map(Number).filter((v) => v > 0) };
}

// pinBoard draws the heaps of a take-and-break game as rows of pins. A run of adjacent pins is
// chosen by clicking them (a pin, then its neighbours; a chosen pin clicked again on its own knocks
// it out): a run that a move knocks out, and that no longer move contains, is played at once;
// otherwise "Knock out" plays it. What is left of the row (the pins on either side) is shown before
// the move is made. Moves that take no pins (a split) stay in the list of moves. It returns null
// when a heap has too many pins; else { el, hint(to) }.
export function pinBoard(st, play) {
  const heaps = st.position.map(Number);
  if (!st.position.every((s) => /^\d+$/.test(s)) || heaps.some((h) => h > pinLimit)) return null;
  // runs: "heap:start:length" → the index of the listed move that knocks out those pins.
  const runs = new Map();
  const runsOf = (to) => {
    const hm = heapMove(st.position, to);
    if (!hm || hm.parts.length > 2) return [];
    const h = heaps[hm.heap], k = h - hm.parts.reduce((a, b) => a + b, 0);
    if (k <= 0) return [];
    const starts = hm.parts.length === 0 ? [0] : hm.parts.length === 1 ? [0, hm.parts[0]] : [hm.parts[0], hm.parts[1]];
    return [...new Set(starts)].filter((s) => s + k <= h && (hm.parts.length !== 1 || s === 0 || s + k === h)).map((s) => ({ heap: hm.heap, start: s, k }));
  };
  if (!st.over) st.moves.forEach((m, i) => { for (const r of runsOf(m.to)) runs.set(`${r.heap}:${r.start}:${r.k}`, i); });
  let sel = null; // { heap, lo, hi }: the pins chosen, lo..hi of one heap
  const rowsEl = el("div", { class: "board-box pins-box" }), grid = [], pins = [];
  heaps.forEach((h, i) => {
    const row = [], line = el("div", { class: "pins", "data-heap": String(i) }, el("span", { class: "label", text: `heap ${i + 1}` }));
    for (let j = 0; j < h; j++) {
      const b = el("button", { type: "button", class: "pin", title: `heap ${i + 1}, pin ${j + 1}`, "aria-label": `heap ${i + 1}, pin ${j + 1}`,
        "aria-pressed": "false", "data-heap": String(i), "data-pin": String(j) });
      if (st.over) b.disabled = true;
      b.addEventListener("click", () => choose(i, j));
      row.push(b);
      line.append(b);
    }
    if (h === 0) line.append(el("span", { class: "hint", text: "(no pins)" }));
    line.append(el("span", { class: "pins-left hint" }));
    pins.push(row);
    grid.push(row);
    rowsEl.append(line);
  });
  const say = el("span", { class: "board-say" });
  const go = el("button", { type: "button", class: "board-play", text: "Knock out", disabled: "" });
  const clear = el("button", { type: "button", class: "board-clear", text: "Clear" });
  const bar = el("div", { class: "row board-bar", "aria-live": "polite" }, say, go, clear);
  clear.addEventListener("click", () => { sel = null; update(); });
  rowsEl.addEventListener("keydown", (ev) => { if (ev.key === "Escape") { sel = null; update(); } });
  roving(rowsEl, grid);

  const keyOf = (s) => `${s.heap}:${s.lo}:${s.hi - s.lo + 1}`;
  // after is the position once the pins chosen are knocked out: the heap replaced by the pins on
  // either side (larger first, as the engine lists them), or 0.
  const after = (s) => {
    const parts = [s.lo, heaps[s.heap] - s.hi - 1].filter((v) => v > 0).sort((a, b) => b - a).map(String);
    const to = st.position.slice();
    to.splice(s.heap, 1, ...(parts.length ? parts : ["0"]));
    return to;
  };
  function choose(i, j) {
    if (st.over) return;
    if (sel && sel.heap === i && sel.lo === j && sel.hi === j) {
      if (runs.has(keyOf(sel)) || st.more_moves) return knock();
      sel = null;
    } else if (sel && sel.heap === i && j === sel.lo - 1) sel.lo = j;
    else if (sel && sel.heap === i && j === sel.hi + 1) sel.hi = j;
    else if (sel && sel.heap === i && j === sel.lo) sel.lo++;
    else if (sel && sel.heap === i && j === sel.hi) sel.hi--;
    else sel = { heap: i, lo: j, hi: j };
    update();
  }
  function knock() {
    const s = sel;
    sel = null;
    update();
    const i = runs.get(keyOf(s));
    play(i !== undefined ? st.moves[i].move : after(s).join(" "));
  }
  function update() {
    pins.forEach((row, i) => row.forEach((b, j) => {
      const on = !!sel && sel.heap === i && j >= sel.lo && j <= sel.hi;
      b.classList.toggle("down", on);
      b.setAttribute("aria-pressed", String(on));
    }));
    for (const line of rowsEl.querySelectorAll(".pins-left")) line.textContent = "";
    if (!sel) {
      say.textContent = st.over ? "" : "Click a pin to knock it out (click it again), or it and its neighbours for a longer run.";
      go.disabled = true;
      go.textContent = "Knock out";
      return;
    }
    const legal = runs.has(keyOf(sel)), n = sel.hi - sel.lo + 1, h = heaps[sel.heap];
    const longer = [...runs.keys()].some((key) => {
      const [hh, s, k] = key.split(":").map(Number);
      return hh === sel.heap && s <= sel.lo && s + k - 1 >= sel.hi && k > n;
    });
    if (legal && !longer && !st.more_moves) return knock();
    const left = sel.lo, right = h - sel.hi - 1;
    rowsEl.querySelectorAll(".pins-left")[sel.heap].textContent = `→ ${left && right ? `${left} and ${right}` : left || right || "nothing"}`;
    const what = n === 1 ? `pin ${sel.lo + 1}` : `pins ${sel.lo + 1}–${sel.hi + 1}`;
    if (legal) say.textContent = `Knock out ${what} of heap ${sel.heap + 1}: ${st.moves[runs.get(keyOf(sel))].move}${longer ? " (or add a neighbour for a longer run)" : ""}.`;
    else if (longer) say.textContent = `No move knocks out just ${what}: add a neighbouring pin.`;
    else say.textContent = st.more_moves ? `Not among the moves listed; Knock out asks the engine whether it is a move.` : `No move knocks out ${what} of heap ${sel.heap + 1}.`;
    go.disabled = !(legal || st.more_moves);
    go.textContent = `Knock out ${n === 1 ? "this pin" : `these ${n} pins`}`;
  }
  go.addEventListener("click", () => { if (!go.disabled && sel) knock(); });
  update();
  return {
    el: el("div", {}, rowsEl, bar),
    // hint marks the pins of the move leading to the position to (one way of knocking them out).
    hint(to) {
      for (const b of rowsEl.querySelectorAll(".pin.hinted")) b.classList.remove("hinted");
      const r = runsOf(to)[0];
      if (r) for (let j = r.start; j < r.start + r.k; j++) pins[r.heap][j].classList.add("hinted");
    },
  };
}
