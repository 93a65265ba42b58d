// The scan of the Sequences view: every code matching a pattern computed to a small bound
// (grundy octal scan PATTERN --to N, POST /api/scan), each row with its period and preperiod, or
// "not found"; a code's button opens it in the sequence form above.

import { $, api, el } from "./api.js";
import { state } from "./rules.js";
import { Ticket, limit, pageWords, readCount, showLimit } from "./page.js";

const scanning = new Ticket();

async function scan() {
  const t = scanning.take();
  $("scan-error").textContent = "";
  $("scan-status").textContent = "";
  $("scan-result").replaceChildren();
  $("scan-result").classList.remove("stale");
  const pattern = $("scan-pattern").value.trim();
  let to;
  try {
    if (pattern === "") throw new Error("the pattern is empty: give a code with ? for any digit, such as 0.??");
    to = readCount("scan-to", "N", limit("max_scan_to"));
    if (to === 0) throw new Error("N must be at least 1");
  } catch (e) {
    $("scan-error").textContent = e.message;
    return;
  }
  $("scan-status").textContent = "computing…";
  $("scan-status").classList.add("busy");
  $("scan-go").disabled = true;
  try {
    const r = await api("/api/scan", { pattern, to: String(to) });
    if (!scanning.current(t)) return;
    showScan(r);
    const found = r.games.filter((g) => g.period !== null).length;
    $("scan-status").textContent = `${r.games.length} code${r.games.length === 1 ? "" : "s"}: a period for ${found}, none found for ${r.games.length - found}`;
    // A scan that ran out of time says so: the rows are those done.
    if (r.stopped) $("scan-error").textContent = pageWords(r.stopped);
  } catch (e) {
    if (!scanning.current(t)) return;
    $("scan-status").textContent = "";
    $("scan-error").textContent = pageWords(e.message);
  } finally {
    if (scanning.current(t)) {
      $("scan-status").classList.remove("busy");
      $("scan-go").disabled = false;
    }
  }
}

// showScan draws the table of a scan: code, period, preperiod, proved, heaps computed, largest
// value.
function showScan(r) {
  const head = el("tr", {}, ...["code", "period", "preperiod", "proved", "computed to", "max value"].map((h) => el("th", { text: h })));
  const rows = r.games.map((g) => {
    const open = el("button", { type: "button", class: "small", text: g.code, title: `compute ${g.code} in the form above` });
    open.addEventListener("click", () => openCode(g));
    const none = g.period === null;
    return el("tr", { "data-code": g.code },
      el("td", {}, open),
      el("td", { text: none ? "not found" : String(g.period) }),
      el("td", { text: none ? "—" : String(g.preperiod) }),
      el("td", { text: g.proved ? "yes" : "no" }),
      el("td", { text: String(g.computed_to) }),
      el("td", { text: String(g.max_value) }));
  });
  $("scan-result").replaceChildren(
    el("p", { class: "hint", text: `Each code to heap ${r.to}, or less where the octal periodicity theorem proved its period sooner. “not found”: no period shows among the values computed (there may be one further on).` }),
    el("div", { class: "scroll" }, el("table", { class: "gtable", id: "scan-table" }, head, ...rows)));
}

// openCode computes a code of the scan in the sequence form: to its proof when it has one,
// otherwise as far as the scan went.
function openCode(g) {
  const set = (id, v) => { $(id).value = v; $(id).dispatchEvent(new Event("input", { bubbles: true })); };
  document.querySelector("input[name=seq-kind][value=code]").checked = true;
  set("seq-code", g.code);
  const until = $("seq-until");
  if (until.checked !== g.proved) until.click();
  if (!g.proved) set("seq-to", String(g.computed_to));
  $("seq-form").scrollIntoView();
  $("seq-form").requestSubmit();
}

// setup wires the scan form, or says it is absent from this build; it states the limits beside
// the boxes.
export function setup() {
  if (!state.endpoints.has("/api/scan")) {
    $("scan-form").replaceWith(el("p", { class: "absent", text: "(not available in this build)" }));
    return;
  }
  $("scan-form").addEventListener("submit", (ev) => { ev.preventDefault(); scan(); });
  $("scan-form").addEventListener("input", () => {
    scanning.drop();
    $("scan-status").classList.remove("busy");
    $("scan-go").disabled = false;
    $("scan-result").classList.toggle("stale", $("scan-result").childElementCount > 0);
  });
  showLimit("scan-codes-limit", limit("max_scan_codes"), "codes");
  showLimit("scan-to-limit", limit("max_scan_to"));
}

// example scans the pattern in the box.
export async function example() {
  if (state.endpoints.has("/api/scan")) await scan();
}
