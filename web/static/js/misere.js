// The misère view: the misère quotient of a take-and-break game (POST /api/misere) as a table fit
// for a paper — orders, generators, relations, P-portion, heap → element, the multiplication
// table — and a misère sum of heaps decided through it (POST /api/solve with "misere").

import { $, api, el, words } from "./api.js";
import { Ticket, limit, pageWords, readCount } from "./page.js";

const computing = new Ticket(), deciding = new Ticket();

// gameOf reads the game field — a code (0.07, grundy), a name (kayles, dawson-kayles,
// grundy-game, nim) or a one-heap ruleset with its flags (subtract --set 1,3,4) — as the misère
// request and as the ruleset (with flags) that solves a sum of its heaps; or, with "the script's
// game" ticked, the script of the scripts view.
function gameOf() {
  if ($("misere-script").checked) {
    const script = $("script-source").value;
    return { quotient: { script }, solve: { script } };
  }
  const [name = "", ...rest] = $("misere-game").value.trim().split(/\s+/);
  const flags = {};
  for (let i = 0; i < rest.length; i++) {
    const [k, v] = rest[i].replace(/^--/, "").split("=");
    flags[k] = v !== undefined ? v : (rest[++i] || "");
  }
  const code = name.includes(".") || name === "grundy";
  const quotient = Object.keys(flags).length ? { game: name, flags } : { game: name };
  return { quotient, solve: code ? { ruleset: "octal", flags: { code: name } } : { ruleset: name, flags } };
}

async function compute() {
  const t = computing.take();
  $("misere-error").textContent = "";
  $("misere-result").replaceChildren();
  // A new quotient: the sum decided under the old one goes too.
  deciding.drop();
  $("misere-solve-error").textContent = "";
  $("misere-solve-result").replaceChildren();
  let max;
  try {
    max = readCount("misere-max", "N", limit("max_misere_heap"));
  } catch (e) {
    $("misere-status").textContent = "";
    $("misere-error").textContent = e.message;
    return;
  }
  $("misere-go").disabled = true;
  $("misere-status").textContent = "computing…";
  try {
    const q = await api("/api/misere", { ...gameOf().quotient, max_heap: String(max) });
    if (!computing.current(t)) return;
    show(q);
  } catch (e) {
    if (!computing.current(t)) return;
    $("misere-error").textContent = pageWords(e.message);
    $("misere-result").replaceChildren();
  } finally {
    if (computing.current(t)) $("misere-status").textContent = "";
    $("misere-go").disabled = false;
  }
}

function show(q) {
  const name = (i) => q.elements[i];
  const gens = q.generators.map((h, i) => `${String.fromCharCode(97 + i)} = heap ${h}`).join(", ");
  const facts = el("table", { class: "winning" },
    el("tr", {}, el("th", { text: "game" }), el("td", { text: q.game })),
    el("tr", {}, el("th", { text: "|Q|, |P|" }), el("td", { text: `${q.order}, ${q.p_order}` })),
    el("tr", {}, el("th", { text: "generators" }), el("td", { text: gens || "none" })),
    el("tr", {}, el("th", { text: "relations" }), el("td", { text: q.presentation.join(", ") || "none" })),
    el("tr", {}, el("th", { text: "P-portion" }), el("td", { text: "{" + q.p_portion.map(name).join(", ") + "}" })),
    el("tr", {}, el("th", { text: "idempotents" }), el("td", { id: "misere-idempotents", text: idempotents(q) })),
    el("tr", {}, el("th", { text: "stopped" }), el("td", { text: `${q.stopped} at heap ${q.max_heap}` })));
  const heads = el("tr", {}, el("th", { text: "heap" }));
  const elems = el("tr", {}, el("th", { text: "element" }));
  const sizes = el("tr", {}, el("th", { text: "|Q| to here" }));
  q.pretending.forEach((e, h) => {
    heads.append(el("th", { text: String(h) }));
    elems.append(el("td", { text: name(e), class: q.p_portion.includes(e) ? "" : "n" }));
    sizes.append(el("td", { text: String(q.sizes[h]) }));
  });
  const parts = [facts, el("h3", { text: "Heap → element (P-portion elements unshaded)" }),
    el("table", { class: "gtable", id: "misere-pretending" }, heads, elems, sizes)];
  if (q.table && q.order <= 64) {
    const t = el("table", { class: "gtable", id: "misere-table" });
    t.append(el("tr", {}, el("th", { text: "×" }), ...q.elements.map((n) => el("th", { text: n }))));
    q.table.forEach((row, a) => {
      t.append(el("tr", {}, el("th", { text: name(a) }),
        ...row.map((c) => el("td", { text: name(c), class: q.p_portion.includes(c) ? "" : "n" }))));
    });
    parts.push(el("h3", { text: "Multiplication table" }), t);
  } else if (q.order > 64) {
    parts.push(el("p", { class: "hint", text: `The table has ${q.order}² cells: see the JSON answer of POST /api/misere.` }));
  }
  $("misere-result").replaceChildren(...parts);
}

// idempotents lists the elements e with e² = e (from the multiplication table, when it was sent).
function idempotents(q) {
  if (!q.table) return "(see the table of POST /api/misere)";
  const ids = [];
  q.table.forEach((row, e) => { if (row[e] === e) ids.push(q.elements[e]); });
  return "{" + ids.join(", ") + "}";
}

async function decide() {
  const t = deciding.take();
  $("misere-solve-error").textContent = "";
  $("misere-solve-result").replaceChildren(el("p", { class: "busy", text: "deciding…" }));
  try {
    const r = await api("/api/solve", { ...gameOf().solve, position: words($("misere-sum").value), misere: true });
    if (!deciding.current(t)) return;
    const moves = r.winning_moves.map((m) => el("li", { text: `${m.move} → ${m.to.join(" ")}` }));
    if (r.outcome === "N" && r.winning_moves.length === 0) moves.push(el("li", { class: "hint", text: "no winning move listed" }));
    $("misere-solve-result").replaceChildren(
      el("p", { class: "big", id: "misere-outcome", text: r.outcome === "P" ? "P: the player to move loses" : "N: the player to move wins" }),
      ...quotientWhy(r, "misere"),
      el("p", { class: "hint", text: r.method }),
      el("ul", { class: "moves" }, ...moves));
  } catch (e) {
    if (!deciding.current(t)) return;
    $("misere-solve-error").textContent = pageWords(e.message);
    $("misere-solve-result").replaceChildren();
  }
}

// quotientWhy shows how the quotient decides a misère sum (the answer's "quotient"; nothing without
// one): its presentation, then the sum as the product of its heaps' elements, heap by heap, each
// product marked in or out of the P-portion; the sum is P exactly when the whole product is in it.
// Its parts get the ids prefix-quotient-why, prefix-quotient-steps and prefix-quotient-product.
export function quotientWhy(r, prefix) {
  const q = r.quotient;
  if (!q) return [];
  const gens = q.generators.map((g) => g.split(" = ")[0]);
  const pres = `Q = ⟨${gens.join(", ")} | ${q.presentation.join(", ") || "no relations"}⟩ (${q.generators.join(", ") || "no generators"}), P-portion {${q.p_portion.join(", ")}}`;
  const parts = [el("p", { id: `${prefix}-quotient-why`, text: `Why: in the misère quotient ${pres}, a sum of heaps is the product of its heaps' elements, and it is a P-position exactly when that product lies in the P-portion.` })];
  if (q.steps.length > 0) {
    const t = el("table", { class: "gtable", id: `${prefix}-quotient-steps` },
      el("tr", {}, ...["heap", "element", "product so far", "in the P-portion"].map((h) => el("th", { text: h }))));
    for (const st of q.steps) {
      t.append(el("tr", {},
        el("td", { text: st.acts_as ? `${st.heap} (acts as ${st.acts_as})` : st.heap }),
        el("td", { text: st.element }),
        el("td", { text: st.product, class: st.in_p ? "" : "n" }),
        el("td", { text: st.in_p ? "yes" : "no" })));
    }
    parts.push(el("div", { class: "scroll" }, t));
    parts.push(el("p", { id: `${prefix}-quotient-product`, class: "mono", text: `${q.steps.map((st) => st.element).join(" · ")} = ${q.product}, ${q.in_p ? "in" : "not in"} the P-portion: ${q.in_p ? "P" : "N"}` }));
  } else {
    parts.push(el("p", { id: `${prefix}-quotient-product`, class: "mono", text: `the product of the heaps' elements = ${q.product}, ${q.in_p ? "in" : "not in"} the P-portion: ${q.in_p ? "P" : "N"}` }));
  }
  return parts;
}

export function setup() {
  $("misere-form").addEventListener("submit", (e) => { e.preventDefault(); compute(); });
  $("misere-solve-form").addEventListener("submit", (e) => { e.preventDefault(); decide(); });
}

// The worked example: the quotient of 0.75 (8 elements: the only misère quotient of that order,
// Siegel, arXiv math/0703070), and a sum decided through it.
export async function example() {
  await compute();
  await decide();
}
