// The number tools of the Nimbers view, each the page of a CLI command: many nim-products at once
// (grundy nim mul --batch: /api/nim with "batch"), the XOR basis of a list (grundy basis: rank with
// the basis, max, min, kth, contains, newnim) and inclusion–exclusion counting (grundy count).

import { $, api, el, words } from "./api.js";
import { state } from "./rules.js";
import { Ticket, limit, pageWords, showLimit } from "./page.js";

// shown is how many products the page lists; the download has them all.
const shown = 500;
const tickets = { batch: new Ticket(), basis: new Ticket(), count: new Ticket() };

// stale marks the answer of a form whose inputs changed since it was computed.
function watch(form, result, ticket) {
  $(form).addEventListener("input", () => {
    ticket.drop();
    $(result).classList.toggle("stale", $(result).childElementCount > 0);
  });
}

// submitOnCtrlEnter lets a textarea, where Enter is a new line, submit its form with Ctrl+Enter.
function submitOnCtrlEnter(id) {
  $(id).addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" && (ev.ctrlKey || ev.metaKey)) {
      ev.preventDefault();
      $(id).form.requestSubmit();
    }
  });
}

// batchPairs returns the pairs of the batch box: its lines "A B", or the two lists paired in
// order, as the lines sent and the pairs shown. It throws an Error saying what is wrong.
function batchPairs() {
  if (document.querySelector("input[name=batch-kind]:checked").value === "lists") {
    const a = words($("batch-a").value), b = words($("batch-b").value);
    if (a.length !== b.length) throw new Error(`list A has ${a.length} numbers and list B ${b.length}: give as many in each`);
    if (a.length === 0) throw new Error("the lists are empty: give numbers in A and B");
    return a.map((x, i) => [x, b[i]]);
  }
  const pairs = $("batch-pairs").value.split("\n").filter((l) => l.trim() !== "").map(words);
  if (pairs.length === 0) throw new Error("no pairs given: write one “A B” a line");
  return pairs;
}

async function batch() {
  const t = tickets.batch.take();
  $("batch-error").textContent = "";
  $("batch-result").replaceChildren();
  $("batch-result").classList.remove("stale");
  let pairs;
  try {
    pairs = batchPairs();
  } catch (e) {
    $("batch-error").textContent = e.message;
    return;
  }
  const lists = document.querySelector("input[name=batch-kind]:checked").value === "lists";
  try {
    const r = await api("/api/nim", { op: "mul", batch: pairs.map((p) => p.join(" ")).join("\n") + "\n" });
    if (!tickets.batch.current(t)) return;
    const rows = r.results.slice(0, shown).map((v, i) =>
      el("tr", {}, el("td", { class: "n", text: String(i + 1) }), el("td", { text: pairs[i][0] }), el("td", { text: pairs[i][1] }), el("td", { text: v })));
    const table = el("table", { class: "gtable", id: "batch-table" },
      el("tr", {}, el("th", { text: "#" }), el("th", { text: "A" }), el("th", { text: "B" }), el("th", { text: "A ⊗ B" })), ...rows);
    const a = el("a", { id: "batch-download", download: "nim-products.txt", text: "download the products" });
    a.href = URL.createObjectURL(new Blob([r.results.join("\n") + "\n"], { type: "text/plain" }));
    const n = r.results.length;
    $("batch-result").replaceChildren(
      el("p", { id: "batch-summary", text: `${n} product${n === 1 ? "" : "s"}${n > shown ? `, the first ${shown} listed` : ""}: ` }, a),
      el("div", { class: "scroll" }, table));
  } catch (e) {
    if (!tickets.batch.current(t)) return;
    let msg = pageWords(e.message);
    if (lists) msg = msg.replace(/^batch line (\d+)/, "pair $1");
    $("batch-error").textContent = msg;
  }
}

// bin writes v (a decimal string) in binary, padded to width digits.
const bin = (v, width) => BigInt(v).toString(2).padStart(width, "0");

async function basis() {
  const t = tickets.basis.take();
  $("basis-error").textContent = "";
  $("basis-result").replaceChildren();
  $("basis-result").classList.remove("stale");
  const numbers = words($("basis-numbers").value);
  if (numbers.length === 0) {
    $("basis-error").textContent = "no numbers given: write them apart by spaces";
    return;
  }
  const k = $("basis-k").value.trim(), x = $("basis-x").value.trim();
  const ask = (op, extra) => api("/api/basis", { op, numbers, ...extra });
  const [rank, max, min, newnim, kth, contains] = await Promise.allSettled([ask("rank"), ask("max"), ask("min"), ask("newnim"),
    k === "" ? null : ask("kth", { k }), x === "" ? null : ask("contains", { x })]);
  if (!tickets.basis.current(t)) return;
  // A list the API refuses is refused by every question: say it once.
  if (rank.status === "rejected") {
    $("basis-error").textContent = pageWords(rank.reason.message);
    return;
  }
  const r = rank.value, out = [];
  const line = (id, label, ...kids) => el("p", { id }, el("b", { text: label + ": " }), ...kids);
  const said = (p, f) => (p.status === "rejected" ? el("span", { class: "error", text: pageWords(p.reason.message) }) : f(p.value));
  out.push(line("basis-rank", "rank", `${r.rank}: the ${r.numbers} number${r.numbers === 1 ? "" : "s"} span ${1n << BigInt(r.rank)} XORs (2^${r.rank}, 0 included); those of non-empty subsets take ${r.distinct} distinct values${r.rank < r.numbers ? " (0 among them: the numbers are dependent)" : " (the numbers are independent)"}`));
  const width = r.basis.length ? BigInt(r.basis[0]).toString(2).length : 1;
  const rows = r.basis.map((v) => el("tr", {}, el("td", { text: v }), el("td", { class: "mono", text: bin(v, width) })));
  out.push(el("p", { class: "hint", text: "A basis (reduced: each row's top bit is set in no other row). Every XOR of a subset is the XOR of some of these rows, in exactly one way." }),
    el("div", { class: "scroll" }, el("table", { class: "gtable", id: "basis-rows" }, el("tr", {}, el("th", { text: "basis" }), el("th", { text: "binary" })), ...rows)));
  out.push(line("basis-max", "largest XOR of a non-empty subset", said(max, (v) => v.max)));
  out.push(line("basis-min", "smallest", said(min, (v) => v.min)));
  if (kth.value !== null) out.push(line("basis-kth", `k-th smallest, k = ${k}`, said(kth, (v) => `${v.kth} (of ${v.distinct} distinct values)`)));
  if (contains.value !== null) {
    out.push(line("basis-contains", `is ${x} the XOR of a subset`, said(contains, (v) => !v.contains ? "no"
      : v.witness.length === 0 ? "yes: the empty subset (0)"
        : `yes: ${x} = ${v.witness_values.join(" ⊕ ")} (number${v.witness.length === 1 ? "" : "s"} ${v.witness.map((i) => "#" + (i + 1)).join(", ")})`)));
  }
  out.push(line("basis-newnim", "New Nim", said(newnim, (v) => !v.win
    ? "the first player cannot win: every heap is 0."
    : `the first player wins by removing heaps of total ${v.taken} in the first round${v.removed.length ? ` (heaps ${v.removed.map((i) => "#" + (i + 1)).join(", ")})` : " (none)"}, keeping ${v.kept.map((i) => "#" + (i + 1)).join(", ")}: the heaps kept are independent, so no non-empty set of them has XOR 0 for the opponent to keep.`)));
  $("basis-result").replaceChildren(...out);
}

async function count() {
  const t = tickets.count.take();
  $("count-error").textContent = "";
  $("count-result").replaceChildren();
  $("count-result").classList.remove("stale");
  const n = $("count-n").value.trim(), from = $("count-from").value.trim(), divisors = words($("count-divisors").value);
  if (n === "") { $("count-error").textContent = "N is empty: give a whole number"; return; }
  if (divisors.length === 0) { $("count-error").textContent = "no divisors given: write them apart by spaces"; return; }
  const body = { n, divisors, terms: true };
  if (from !== "") body.from = from;
  try {
    const r = await api("/api/count", body);
    if (!tickets.count.current(t)) return;
    const why = [el("p", { class: "hint", text: "By inclusion–exclusion: add the multiples of each divisor, subtract those of the lcm of each pair (counted twice), add back those of each triple, … A set whose lcm is over N has no multiples." })];
    if (r.terms) {
      // The terms as the API lists them, and their signed sum, which is the count.
      const rows = r.terms.map((term) => el("tr", {},
        el("td", { text: term.divisors.map((i) => divisors[i]).join(", ") }),
        el("td", { text: term.lcm === null ? `> ${r.n}` : term.lcm }),
        el("td", { text: (term.sign > 0 ? "+ " : "− ") + term.multiples })));
      why.push(el("div", { class: "scroll" }, el("table", { class: "gtable xor", id: "count-terms" },
        el("tr", {}, el("th", { text: "divisors" }), el("th", { text: "lcm" }), el("th", { text: `multiples in ${r.from} … ${r.n}` })),
        ...rows, el("tr", { class: "xor-sum" }, el("td", { text: "total" }), el("td", { text: "" }), el("td", { text: "= " + r.count })))));
    } else if (r.terms_omitted) why.push(el("p", { class: "hint", id: "count-terms-omitted", text: `(Not listed: ${r.terms_omitted}.)` }));
    $("count-result").replaceChildren(el("p", { id: "count-answer", class: "big" },
      el("output", { text: r.count }), ` of the integers ${r.from} … ${r.n} are divisible by at least one of ${divisors.join(", ")}.`), ...why);
  } catch (e) {
    if (!tickets.count.current(t)) return;
    $("count-error").textContent = pageWords(e.message);
  }
}

// setup wires the forms this build serves (their endpoints in /api/info) and marks the others
// absent.
export function setup() {
  const sections = [["batch", "/api/nim", batch], ["basis", "/api/basis", basis], ["count", "/api/count", count]];
  for (const [name, path, f] of sections) {
    if (!state.endpoints.has(path)) {
      $(`${name}-form`).replaceWith(el("p", { class: "absent", text: "(not available in this build)" }));
      continue;
    }
    $(`${name}-form`).addEventListener("submit", (ev) => { ev.preventDefault(); f(); });
    watch(`${name}-form`, `${name}-result`, tickets[name]);
  }
  if (state.endpoints.has("/api/nim")) {
    for (const r of document.querySelectorAll("input[name=batch-kind]")) {
      r.addEventListener("change", () => {
        const lists = document.querySelector("input[name=batch-kind]:checked").value === "lists";
        $("batch-pairs").hidden = lists;
        $("batch-lists").hidden = !lists;
      });
    }
    submitOnCtrlEnter("batch-pairs");
  }
  showLimit("batch-limit", limit("max_list"), "pairs");
  showLimit("basis-limit", limit("max_args"), "numbers");
  showLimit("count-limit", limit("max_args"), "divisors");
}

// example shows each tool's worked example: the products, basis and count of the boxes' values.
export async function example() {
  const runs = [];
  if (state.endpoints.has("/api/nim")) runs.push(batch());
  if (state.endpoints.has("/api/basis")) runs.push(basis());
  if (state.endpoints.has("/api/count")) runs.push(count());
  await Promise.all(runs);
}
