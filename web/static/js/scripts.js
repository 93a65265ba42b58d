// The scripts view: a game written in Starlark — its Grundy table (POST /api/script), a position
// of it solved in normal, misère or loopy play (POST /api/solve with "script"), and a game against
// the engine (POST /api/play with "script"), all under the server's script limits.

import { $, api, el, words } from "./api.js";
import { DrawRepeats, loopyText, renderSolve } from "./play.js";
import { Ticket, limit, pageWords, readCount } from "./page.js";
import { forScripts as guessPanel } from "./guess.js";

const tabling = new Ticket(), solving = new Ticket();

const exampleSource = `# Subtraction game S = {1, 3, 4}: from a heap of n take 1, 3 or 4.
def moves(n):
    return [n - k for k in [1, 3, 4] if k <= n]
`;

// table computes g(0..N) of the script and shows it, twenty heaps a row, with the period seen.
async function table() {
  $("script-error").textContent = "";
  const out = $("script-result"), tk = tabling.take();
  out.replaceChildren();
  let to;
  try {
    to = readCount("script-to", "N", limit("max_script_to"));
  } catch (e) {
    $("script-error").textContent = e.message;
    return;
  }
  out.replaceChildren(el("p", { class: "busy", text: "running…" }));
  try {
    const loopy = $("script-table-loopy").checked;
    const body = { source: $("script-source").value, to };
    if (loopy) body.loopy = true;
    const r = await api("/api/script", body);
    if (!tabling.current(tk)) return;
    const v = r.values || [], t = el("table", { class: "gtable", id: "script-table" });
    for (let i = 0; i < v.length; i += 20) {
      const n = el("tr", {}, el("th", { text: "n" })), g = el("tr", {}, el("th", { text: loopy ? "γ(n)" : "g(n)" }));
      const o = el("tr", {}, el("th", { text: "outcome" }));
      for (let j = i; j < Math.min(v.length, i + 20); j++) {
        n.append(el("td", { class: "n", text: String(j) }));
        g.append(el("td", { text: loopyText(v[j]) }));
        if (r.outcomes) o.append(el("td", { class: `outcome-${r.outcomes[j]}`, text: r.outcomes[j] }));
      }
      t.append(n, g);
      if (r.outcomes) t.append(o);
    }
    out.replaceChildren(t, el("p", { id: "script-period", text: r.period !== null && r.period !== undefined
      ? `period ${r.period}, preperiod ${r.preperiod} (${r.proved ? "proved" : "apparent in the values computed, not proved"})`
      : "no period found in the values computed" }));
  } catch (e) {
    if (!tabling.current(tk)) return;
    out.replaceChildren();
    $("script-error").textContent = pageWords(e.message);
  }
}

// request is the script game and position of the view, with the play options ticked.
function request() {
  const r = { script: $("script-source").value, position: words($("script-position").value) };
  if ($("script-misere").checked) r.misere = true;
  if ($("script-loopy").checked) r.loopy = true;
  return r;
}

// solve solves the position, as `grundy solve --script F POS [--misere] [--loopy] --json` does.
async function solve() {
  $("script-solve-error").textContent = "";
  const box = $("script-solve-result"), t = solving.take(), req = request();
  box.replaceChildren(el("p", { class: "busy", text: "solving…" }));
  try {
    const r = await api("/api/solve", req);
    if (!solving.current(t)) return;
    box.replaceChildren();
    renderSolve(box, r, "script-solve", req);
  } catch (e) {
    if (!solving.current(t)) return;
    box.replaceChildren();
    $("script-solve-error").textContent = pageWords(e.message);
  }
}

// scriptGame is the game against the engine: the script, the last state, whether the game has
// ended (over, or drawn by repetition), and the person's turns so far (for Undo: each turn's
// position, the length of the history then, and the repetition counts then); the server keeps none.
export const scriptGame = { req: null, here: null, busy: false, ended: false, seen: new Map(), turns: [] };

async function step(body) {
  const req = scriptGame.req;
  scriptGame.busy = true;
  try {
    const st = await api("/api/play", { ...scriptGame.req, ...body });
    if (scriptGame.req === req) {
      showStep(st);
      $("script-solve-error").textContent = "";
    }
  } catch (e) {
    if (scriptGame.req === req) $("script-solve-error").textContent = pageWords(e.message);
  } finally {
    scriptGame.busy = false;
  }
}

async function startGame() {
  if (scriptGame.busy) return;
  const r = request();
  $("script-solve-error").textContent = "";
  scriptGame.req = { script: r.script };
  if (r.loopy) scriptGame.req.loopy = true;
  if (r.misere) scriptGame.req.misere = true; // the last mover loses: a player left without a move wins
  scriptGame.seen = new Map(); // positions with the person to move: the repetition rule
  scriptGame.here = null;
  scriptGame.turns = [];
  scriptGame.ended = false;
  $("script-history").replaceChildren();
  $("script-move-list").replaceChildren();
  $("script-game-status").textContent = "…";
  $("script-game-status").dataset.result = "starting";
  $("script-game").hidden = false;
  await step({ position: r.position, engine: $("script-engine-first").checked });
}

// showStep shows a state of the game: the moves just played, the position, and the person's moves
// (a winning one marked) or the end.
function showStep(st) {
  scriptGame.here = st;
  scriptGame.ended = true;
  $("script-hint-text").textContent = "";
  $("script-move-text").value = "";
  for (const p of st.played) $("script-history").append(el("li", { text: `${p.by === "you" ? "you" : "engine"}: ${p.move}` }));
  $("script-game-position").textContent = st.text;
  const list = $("script-move-list"), status = $("script-game-status");
  list.replaceChildren();
  if (st.over) {
    status.textContent = st.winner === "you" ? "Game over: you win!" : "Game over: the engine wins.";
    status.dataset.result = st.winner === "you" ? "you-win" : "engine-wins";
    return;
  }
  const key = st.position.join(" + "), n = (scriptGame.seen.get(key) || 0) + 1;
  scriptGame.seen.set(key, n);
  if (n >= DrawRepeats) {
    status.textContent = `Game over: a draw — this position has occurred ${DrawRepeats} times with you to move.`;
    status.dataset.result = "draw";
    return;
  }
  scriptGame.ended = false;
  scriptGame.turns.push({ position: st.position, history: $("script-history").children.length, seen: new Map(scriptGame.seen) });
  status.textContent = "Your move.";
  status.dataset.result = "";
  st.moves.forEach((m, i) => {
    const b = el("button", { type: "button", "data-move": String(i), text: m.move, onclick: () => {
      if (!scriptGame.busy) step({ position: st.position, move: m.move });
    } });
    if (m.winning) b.dataset.winning = "true";
    list.append(el("li", {}, b));
  });
  if (st.more_moves) list.append(el("li", { class: "hint", text: `(only the first ${st.moves.length} moves are listed)` }));
}

// undo goes back to the person's previous turn (undoing the engine's answer too): its position is
// described again by the engine, the history and the repetition counts as they were then.
async function undo() {
  if (scriptGame.busy || !scriptGame.req) return;
  const turns = scriptGame.turns;
  // The last turn is the current one, unless the game has ended.
  const prev = turns[turns.length - (scriptGame.ended ? 1 : 2)];
  if (!prev) return;
  turns.length -= scriptGame.ended ? 1 : 2;
  const hist = $("script-history");
  while (hist.children.length > prev.history) hist.lastChild.remove();
  // showStep counts the position again.
  const key = prev.position.join(" + ");
  scriptGame.seen = new Map(prev.seen);
  scriptGame.seen.set(key, scriptGame.seen.get(key) - 1);
  await step({ position: prev.position });
}

// hint asks the engine (Solve on the game's position) for a winning move, and marks it.
async function hint() {
  const here = scriptGame.here, req = scriptGame.req;
  if (!here || here.over || !req) return;
  $("script-hint-text").textContent = "asking the engine…";
  let r;
  try {
    r = await api("/api/solve", { ...req, position: here.position });
  } catch (e) {
    if (scriptGame.here === here) $("script-hint-text").textContent = pageWords(e.message);
    return;
  }
  if (scriptGame.here !== here) return;
  const best = (r.winning_moves || [])[0];
  if (!best) {
    $("script-hint-text").textContent = r.outcome === "D"
      ? "No move wins against perfect play; a move that keeps the draw: " + ((r.drawing_moves || [])[0] || { move: "none" }).move
      : "Every move loses against perfect play here; try to make the game long.";
    return;
  }
  $("script-hint-text").textContent = `Winning move: ${best.move}`;
  let listed = false;
  for (const b of document.querySelectorAll("#script-move-list button")) {
    b.classList.toggle("hinted", b.textContent === best.move);
    listed = listed || b.textContent === best.move;
  }
  if (!listed) $("script-move-text").value = best.move; // beyond the moves listed: ready to play
}

// setup wires the view and puts the example script in.
export function setup() {
  $("script-source").value = exampleSource;
  $("script-table-form").addEventListener("submit", (ev) => { ev.preventDefault(); table(); });
  $("script-solve-form").addEventListener("submit", (ev) => { ev.preventDefault(); solve(); });
  // Tab in the editor indents (four spaces) instead of leaving it; Escape then Tab leaves.
  let escaped = false;
  $("script-source").addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") { escaped = true; return; }
    if (ev.key !== "Tab" || ev.shiftKey || ev.ctrlKey || ev.altKey || ev.metaKey || escaped) { escaped = false; return; }
    ev.preventDefault();
    const e = ev.target;
    e.setRangeText("    ", e.selectionStart, e.selectionEnd, "end");
    e.dispatchEvent(new Event("input", { bubbles: true }));
  });
  $("script-play").addEventListener("click", startGame);
  $("script-hint").addEventListener("click", hint);
  $("script-undo").addEventListener("click", undo);
  $("script-move-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const m = $("script-move-text").value.trim(), here = scriptGame.here;
    if (m !== "" && here && !scriptGame.ended && !scriptGame.busy) step({ position: here.position, move: m });
  });
  // A new script: the answers and the game of the old one go.
  $("script-source").addEventListener("input", () => {
    tabling.drop();
    solving.drop();
    scriptGame.req = null;
    scriptGame.here = null;
    scriptGame.busy = false;
    $("script-game").hidden = true;
    for (const id of ["script-result", "script-solve-result"]) $(id).replaceChildren();
    for (const id of ["script-error", "script-solve-error"]) $(id).textContent = "";
  });
  for (const id of ["script-position", "script-misere", "script-loopy"]) {
    for (const ev of ["input", "change"]) $(id).addEventListener(ev, () => { solving.drop(); $("script-solve-result").replaceChildren(); $("script-solve-error").textContent = ""; });
  }
  guessPanel();
}

// example shows the view's worked example: the table of S = {1, 3, 4} and heap 10 solved.
export async function example() {
  await Promise.all([table(), solve()]);
}
