// The solve-and-play view: a ruleset's position solved (outcome, value, winning moves), and a game
// against the engine played step by step through the stateless POST /api/play.

import { $, api, el, words } from "./api.js";
import { fillRulesets, readFlags, ruleByName, showFlags, showRules } from "./rules.js";
import { Ticket, pageWords } from "./page.js";
import { coinBoard, gridBoard, pinBoard, pinRulesets } from "./board.js";
import { quotientWhy } from "./misere.js";

// solving ties the shown answer to the latest Solve (editing the form makes it stale).
const solving = new Ticket();

function solveRequest() {
  const r = { ruleset: $("solve-ruleset").value, flags: readFlags($("solve-flags")), position: words($("solve-position").value) };
  if ($("solve-misere").checked) r.misere = true; // the last mover loses
  return r;
}

export function onSolveRuleset() {
  const r = ruleByName($("solve-ruleset").value);
  if (!r) return;
  const ex = showFlags($("solve-flags"), r);
  $("solve-position").value = ex.pos.join(" ");
  // The position's syntax without the catalogue's example heaps (the box holds this view's).
  $("solve-about").textContent = `${r.summary.replace(/\.?$/, ".")} Position: ${r.position.replace(/:.*$/, "")}.`;
  $("solve-limits").textContent = r.limits ? `Limits: ${r.limits}` : "";
  showRules($("solve-rules"), r);
  $("play-start").disabled = r.play === "scored";
  $("play-start").title = r.play === "scored" ? "play is offered for normal and misère play only" : "";
}

// showLink sets the view from a link's parameters (ruleset, pos, misere, and flag=value for the
// ruleset's flags) and solves.
export function showLink(params) {
  if (!ruleByName(params.get("ruleset"))) return;
  $("solve-ruleset").value = params.get("ruleset");
  onSolveRuleset();
  for (const i of $("solve-flags").querySelectorAll("[data-flag]")) {
    if (i.type === "checkbox") i.checked = params.get(i.dataset.flag) === "true";
    else i.value = params.get(i.dataset.flag) || "";
  }
  for (const m of $("solve-flags").querySelectorAll("[data-choice]")) {
    const chosen = [...m.options].find((o) => params.has(o.value));
    if (chosen) {
      m.value = chosen.value;
      $("solve-flags").querySelector(`[data-choice-value="${m.dataset.choice}"]`).value = params.get(chosen.value);
    }
  }
  if (params.has("pos")) $("solve-position").value = params.get("pos");
  $("solve-misere").checked = params.get("misere") === "1";
  solve(false);
}

// linkOf is the link that reproduces a solve request.
function linkOf(req) {
  const p = new URLSearchParams({ ruleset: req.ruleset, ...req.flags, pos: req.position.join(" ") });
  if (req.misere) p.set("misere", "1");
  return "#solve?" + p.toString();
}

async function solve(remember = true) {
  $("solve-error").textContent = "";
  const box = $("solve-result"), t = solving.take(), req = solveRequest();
  box.replaceChildren(el("p", { class: "busy", text: "solving…" }));
  // The link of this answer: Back returns to the previous one.
  if (remember && location.hash !== linkOf(req)) history.pushState(null, "", linkOf(req));
  try {
    const r = await api("/api/solve", req);
    if (!solving.current(t)) return;
    box.replaceChildren();
    renderSolve(box, r, "solve", req);
  } catch (e) {
    if (!solving.current(t)) return;
    box.replaceChildren();
    $("solve-error").textContent = pageWords(e.message);
  }
}

// inputsChanged drops the answer of the old inputs (and any still coming).
function inputsChanged() {
  solving.drop();
  $("solve-result").replaceChildren();
  $("solve-error").textContent = "";
}

// loopyText writes a loopy value as the command line does: "3", or "∞{0,2}" for
// {"infinite": true, "set": [0, 2]}.
export function loopyText(v) {
  if (v !== null && typeof v === "object" && v.infinite) return `∞{${(v.set || []).join(",")}}`;
  return String(v);
}

// valueText says a solve answer's value for people: a decimal string (the JSON number rule), a
// loopy value {"infinite": true, "set": [...]}, or null. loopy: the answer is one of a game with
// cycles (its finite values are loopy values too).
export function valueText(v, loopy, r, req) {
  if (v === null || v === undefined) {
    if (req && req.misere) return "misère play: the outcome is decided without Grundy values (they are of normal play)";
    if (r && r.score !== undefined) return `score of perfect play: ${r.score} (a scored game has no Grundy value)`;
    if (r && r.note) return "Grundy value: it exists, but it is not computed here (see the note below)";
    return "no Grundy value applies here";
  }
  if (typeof v === "object" && v.infinite) {
    const set = v.set || [];
    return `loopy value ${loopyText(v)}: infinite — play can go on for ever; the finite values of its options: ${set.length ? set.join(", ") : "none"}`;
  }
  return `${loopy ? "loopy value" : "Grundy value"} ${v}`;
}

// DrawRepeats is the repetition rule of play (grundy's query.DrawRepeats): a position occurring a
// third time with the same player to move is a declared draw.
export const DrawRepeats = 3;

// renderSolve shows the answer of /api/solve in box; its parts get the ids prefix-outcome,
// prefix-value and prefix-moves.
export function renderSolve(box, r, prefix, req) {
  const who = { N: "N: the player to move wins", P: "P: the player to move loses (the previous player wins)", D: "D: a draw (neither player can force a win)" }[r.outcome] || r.outcome;
  box.append(el("p", { class: "big" }, el("span", { class: `outcome-${r.outcome}`, id: `${prefix}-outcome`, text: who })));
  const loopy = Array.isArray(r.drawing_moves);
  box.append(el("p", { id: `${prefix}-value`, text: valueText(r.value, loopy, r, req) }));
  if (loopy && r.components && r.components.length > 1) {
    box.append(el("p", { id: `${prefix}-components`, text: `the sum of ${r.components.map(loopyText).join(" + ")} (generalized Sprague–Grundy theorem: a ⊕ b, a + ∞{K} = ∞{K ⊕ a}, two ∞ make a draw)` }));
  }
  // A sum of a ruleset's heaps in normal play (loopy sums have their own line above).
  if (!loopy && Array.isArray(r.components) && r.components.length > 1 && r.components.every((c) => typeof c === "string")) box.append(why(r, req, prefix));
  box.append(...quotientWhy(r, prefix)); // a misère sum decided through its quotient
  if (r.winning_moves && r.winning_moves.length) {
    const t = el("table", { class: "winning", id: `${prefix}-moves` }, el("tr", {}, el("th", { text: "winning move" }), el("th", { text: "to" })));
    for (const m of r.winning_moves) t.append(el("tr", {}, el("td", { text: m.move }), el("td", { class: "mono", text: Array.isArray(m.to) ? m.to.join(" ") : String(m.to) })));
    box.append(t);
  } else if (r.outcome === "N") {
    box.append(el("p", { class: "hint", text: "winning moves not listed" }));
  }
  if (loopy && r.drawing_moves.length) {
    const t = el("table", { class: "winning", id: `${prefix}-drawing` }, el("tr", {}, el("th", { text: "move that keeps the draw" }), el("th", { text: "to" })));
    for (const m of r.drawing_moves) t.append(el("tr", {}, el("td", { text: m.move }), el("td", { class: "mono", text: m.to.join(" ") })));
    box.append(t);
  }
  if (r.winning_moves_complete === false && r.winning_moves && r.winning_moves.length) box.append(el("p", { class: "hint", text: "(not every winning move is listed)" }));
  if (r.method) box.append(el("p", { class: "hint", text: `method: ${r.method}` }));
  if (r.note) box.append(el("p", { class: "hint", text: r.note }));
}


// game: the ruleset and flags, and the positions where it was the person's turn (for undo). The
// server is stateless: every step sends the position and the move (POST /api/play).
export const game = { req: null, turns: [], here: null, busy: false };

const playStep = (body) => api("/api/play", { ...game.req, ...body });

async function startGame() {
  const req = solveRequest();
  $("solve-error").textContent = "";
  if (game.busy) return;
  // Misère play of a ruleset with a misère twin (nim, moore) is the twin's normal play.
  const twin = req.misere && ruleByName("misere-" + req.ruleset);
  const greq = twin ? { ruleset: twin.name, flags: req.flags } : { ruleset: req.ruleset, flags: req.flags, misere: req.misere };
  Object.assign(game, { req: greq, turns: [], here: null, busy: true });
  $("game-title").textContent = `Play ${req.ruleset}${req.misere ? " in misère play (the last mover loses)" : ""} against the engine`;
  $("history").replaceChildren();
  $("move-list").replaceChildren();
  $("game-status").textContent = "…";
  $("game-status").dataset.result = "starting";
  $("game").hidden = false;
  try {
    show(await playStep({ position: req.position, engine: $("play-engine-first").checked }));
  } catch (e) {
    $("game").hidden = true;
    $("solve-error").textContent = pageWords(e.message);
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
  $("move-text").value = "";
  drawBoard(st);
  const list = $("move-list");
  list.replaceChildren();
  const status = $("game-status");
  if (st.over) {
    status.textContent = st.winner === "you" ? "Game over: you win!" : "Game over: the engine wins.";
    status.dataset.result = st.winner === "you" ? "you-win" : "engine-wins";
    return;
  }
  const key = st.position.join(" ");
  if (game.turns.filter((t) => t.position.join(" ") === key).length >= DrawRepeats - 1) {
    status.textContent = `Game over: a draw — this position has occurred ${DrawRepeats} times with you to move.`;
    status.dataset.result = "draw";
    game.here = { ...st, over: true };
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
    show(await playStep({ position: game.here.position, move: typeof i === "string" ? i : game.here.moves[i].move }));
    $("solve-error").textContent = "";
  } catch (e) {
    $("solve-error").textContent = pageWords(e.message);
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
    $("solve-error").textContent = pageWords(e.message);
  } finally {
    game.busy = false;
  }
}

// hint asks the engine (the answer of Solve for the game's position), so the winning move is
// named even when it is not among the moves listed; a listed one is marked.
async function hint() {
  const here = game.here;
  if (!here || here.over) return;
  for (const b of document.querySelectorAll(".hinted")) b.classList.remove("hinted");
  $("hint-text").textContent = "asking the engine…";
  let r;
  try {
    r = await api("/api/solve", { ...game.req, position: here.position });
  } catch (e) {
    if (game.here === here) $("hint-text").textContent = pageWords(e.message);
    return;
  }
  if (game.here !== here) return; // the game moved on meanwhile
  const best = (r.winning_moves || [])[0];
  if (!best) {
    $("hint-text").textContent = r.outcome === "N"
      ? "The engine found no winning move to name here."
      : "Every move loses against perfect play here; try to make the game long.";
    return;
  }
  $("hint-text").textContent = `Winning move: ${best.move}`;
  if (boardView) boardView.hint(best.to);
  const key = best.to.join(" ");
  const i = here.moves.findIndex((m) => m.move === best.move || m.to.join(" ") === key);
  if (i < 0) {
    $("move-text").value = best.move;
    return;
  }
  const b = document.querySelector(`#move-list button[data-move="${i}"]`);
  if (b) b.classList.add("hinted");
  for (const c of document.querySelectorAll(`#board [data-move="${i}"]`)) c.classList.add("hinted");
}

// boardView is the board drawn by board.js (a grid, coins or pins), for the hint to mark a move on; null
// for the other boards.
let boardView = null;

// drawBoard shows the position: 2-D coins as a labelled grid, a row of coins as a strip and
// take-and-break heaps as rows of pins (board.js: their cells, coins and pins make moves), other
// heaps as rows of counters (click a counter to leave that many in its heap, when the ruleset has
// that move), and the ruleset's own drawing in text (for the grid, the coins it shows).
function drawBoard(st) {
  const board = $("board");
  board.replaceChildren();
  boardView = null;
  $("game-position").textContent = st.text;
  const nums = st.position.map((s) => (/^\d+$/.test(s) ? Number(s) : NaN));
  const play = (m) => playerMove(m);
  if (st.board === "grid" && (boardView = gridBoard(st, play))) {
    board.append(boardView.el);
    $("game-position").textContent = st.position.length ? `heads up: ${st.position.join(" ")}` : st.text;
  } else if (st.board === "heaps" && pinRulesets.has(game.req.ruleset) && (boardView = pinBoard(st, play))) {
    board.append(boardView.el);
  } else if (st.board === "heaps" && nums.every((v) => v <= 60)) {
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
  } else if (st.board === "coins" && (boardView = coinBoard(st, play))) {
    board.append(boardView.el);
  }
}


// setup wires the view, with every ruleset on offer; canPlay says whether /api/play is there.
export function setup(canPlay) {
  $("solve-form").addEventListener("submit", (ev) => { ev.preventDefault(); solve(); });
  $("solve-link").addEventListener("click", (ev) => { ev.preventDefault(); history.replaceState(null, "", linkOf(solveRequest())); });
  $("solve-ruleset").addEventListener("change", onSolveRuleset);
  $("solve-form").addEventListener("input", inputsChanged);
  $("solve-form").addEventListener("change", inputsChanged);
  $("move-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const m = $("move-text").value.trim();
    if (m !== "") playerMove(m);
  });
  $("play-start").addEventListener("click", startGame);
  $("undo").addEventListener("click", undo);
  $("hint").addEventListener("click", hint);
  fillRulesets($("solve-ruleset"), () => true);
  onSolveRuleset();
  if (!canPlay) {
    $("play-start").disabled = true;
    $("play-start").after(el("span", { class: "absent", text: "(play is not available in this build)" }));
  }
}

// example shows the view's worked example: the first ruleset's example position, solved.
export function example() {
  return solve(false);
}

// why explains a sum's value: each heap's Grundy value, their XOR written out bit by bit, and
// what it means; a button per heap shows that heap's value as the mex of its options' values.
function why(r, req, prefix) {
  const vals = r.components.map((c) => BigInt(c)), x = vals.reduce((a, b) => a ^ b, 0n);
  const coin = ruleByName(r.ruleset) && ruleByName(r.ruleset).board === "coins";
  const part = coin ? "coin" : "heap";
  const bits = Math.max(1, ...[...vals, x].map((v) => v.toString(2).length));
  const t = el("table", { class: "gtable xor" }, el("tr", {}, el("th", { text: part }), el("th", { text: "Grundy value" }), el("th", { text: "in binary" }), el("th", { text: "" })));
  const mexBox = el("div", { id: `${prefix}-mex` });
  vals.forEach((v, i) => {
    const h = r.position[i];
    const b = el("button", { type: "button", class: "small", text: `why g(${h}) = ${v}?`, "data-heap": h });
    b.addEventListener("click", () => explainMex(r, req, h, v, mexBox));
    t.append(el("tr", {}, el("td", { text: h }), el("td", { text: String(v) }), el("td", { class: "mono", text: v.toString(2).padStart(bits, "0") }), el("td", {}, b)));
  });
  t.append(el("tr", { class: "xor-sum" }, el("th", { text: "XOR (⊕)" }), el("td", { text: String(x) }), el("td", { class: "mono", text: x.toString(2).padStart(bits, "0") }), el("td", {})));
  const sum = `${vals.join(" ⊕ ")} = ${x}`;
  const verdict = x === 0n
    ? "The XOR is 0: a P-position. Every move changes one value, so it leaves a non-zero XOR for the opponent, who can always make it 0 again."
    : `The XOR is not 0: an N-position. The winning move changes one ${part} so that the XOR becomes 0 (a column of binary digits with an odd count of 1s is what must change).`;
  const same = r.value === null || r.value === undefined || BigInt(r.value) === x ? "" : ` (the engine's value is ${r.value}: they disagree — please report it)`;
  return el("div", { class: "why", id: `${prefix}-why` },
    el("h3", { text: "Why" }),
    el("p", { text: `By the Sprague–Grundy theorem a sum of games is worth the XOR (nim-sum, ⊕: binary addition without carries) of its parts' Grundy values: ${sum}${same}.` }),
    t, el("p", { text: verdict }), mexBox, theory(r.ruleset));
}

// explainMex shows g(h) as the mex (the minimum excludant: the least value not among them) of the
// values of heap h's options, from the engine's list of moves and the values g(0..h).
async function explainMex(r, req, h, v, box) {
  box.replaceChildren(el("p", { class: "busy", text: `the options of ${h}…` }));
  try {
    const base = { ruleset: r.ruleset, flags: (req && req.flags) || {} };
    const [play, seq] = await Promise.all([api("/api/play", { ...base, position: [h] }), api("/api/seq", { ...base, to: h })]);
    const g = (seq.values || []).map((s) => BigInt(s));
    const rows = [], seen = new Set();
    for (const m of play.moves) {
      const parts = m.to.filter((s) => s !== "0" || m.to.length === 1);
      const val = m.to.reduce((a, s) => a ^ g[Number(s)], 0n);
      seen.add(val);
      rows.push(el("tr", {}, el("td", { text: m.move }), el("td", { class: "mono", text: m.to.join(" + ") }), el("td", { text: parts.length > 1 ? `${m.to.map((s) => g[Number(s)]).join(" ⊕ ")} = ${val}` : String(val) })));
    }
    let mex = 0n;
    while (seen.has(mex)) mex++;
    const t = el("table", { class: "gtable" }, el("tr", {}, el("th", { text: "move" }), el("th", { text: "to" }), el("th", { text: "value" })), ...rows);
    const set = [...seen].sort((a, b) => (a < b ? -1 : 1)).join(", ");
    box.replaceChildren(el("h3", { text: `Why g(${h}) = ${v}` }),
      el("p", { text: play.moves.length === 0 ? `${h} has no move: its value is mex{} = 0.` : `The options of ${h} are worth {${set}}; the mex (the least value not among them) is ${mex}${play.more_moves ? " — of the options listed; there are more" : ""}${mex === v ? "" : ` (not ${v}: please report it)`}.` }),
      t);
  } catch (e) {
    box.replaceChildren(el("p", { class: "error", text: pageWords(e.message) }));
  }
}

// theory is the theorem behind a sum's value, with its sources, and the ruleset's own theory.
function theory(name) {
  const r = ruleByName(name);
  return el("details", { class: "theory" }, el("summary", { text: "The theory: N and P positions, mex, the Sprague–Grundy theorem" }),
    el("p", { text: "A position is P when the previous player (who just moved) wins with perfect play, N when the next player (the one to move) does. A position without moves is P in normal play (whoever cannot move loses); otherwise it is N exactly when some move leads to a P-position." }),
    el("p", { text: "The Grundy value g of a position is the mex — the minimum excludant, the least whole number not in a set — of the values of its options: g = 0 exactly for the P-positions. The Sprague–Grundy theorem says that every impartial game in normal play is equivalent to a nim heap of size g, so the value of a sum of independent games (heaps side by side, a player moving in one of them) is the XOR of their values; Bouton's rule for nim is the case where g(n) = n." }),
    el("p", { class: "hint", text: "Sources: C. L. Bouton, Nim, a game with a complete mathematical theory, Annals of Mathematics 3 (1901–02) 35–39; R. Sprague, Über mathematische Kampfspiele, Tôhoku Mathematical Journal 41 (1935) 438–444; P. M. Grundy, Mathematics and games, Eureka 2 (1939) 6–8; E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways for your Mathematical Plays (1982), chapter 4." }),
    r && r.theory ? el("p", {}, el("b", { text: `${r.name}: ` }), r.theory) : "");
}
