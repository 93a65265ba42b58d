// What every view shares beyond the API: numbers checked by the API's rules before they are sent,
// the server's messages in the page's words, and answers tied to the request that produced them.

import { $ } from "./api.js";
import { state } from "./rules.js";

// limit returns the server's limit called name (as /api/info serves it), or undefined.
export const limit = (name) => (state.info && state.info.limits ? state.info.limits[name] : undefined);

// readCount reads the whole number in the box id as the API does (decimal, or 0x hex; no signs,
// exponents or fractions), at most max when max is given; what names the box in messages. It
// throws an Error saying what is wrong.
export function readCount(id, what, max) {
  const s = $(id).value.trim();
  if (s === "") throw new Error(`${what} is empty: give a whole number`);
  let v;
  if (/^[0-9]+$/.test(s)) v = Number(s);
  else if (/^0[xX][0-9a-fA-F]+$/.test(s)) v = parseInt(s.slice(2), 16);
  else throw new Error(`${what} = "${s}" is not a number (use decimal or 0x hex)`);
  if (!Number.isSafeInteger(v)) throw new Error(`${what} = ${s} is too large`);
  if (max !== undefined && v > max) throw new Error(`${what} = ${s} is over the limit of ${max}`);
  return v;
}

// showLimit writes the limit beside a box: the element id, "≤ max", followed by what is counted
// when unit is given ("≤ 64 numbers").
export function showLimit(id, max, unit) {
  const e = $(id);
  if (e && max !== undefined) e.textContent = unit ? `≤ ${max} ${unit}` : `≤ ${max}`;
}

// The command line's words in the server's messages, and the page's for them.
const cliWords = [
  [/ \(loopy play, --loopy or "loopy": true, gives the outcomes of games with cycles, draws included\)/, " (tick “loopy” for the outcomes of games with cycles, draws included)"],
  [/ \('grundy rules' and GET \/api\/rules list them\)/, ""],
  [/ \('grundy rules' lists them all\)/, ""],
  [/ \(see 'grundy rules'\)/, ""],
  [/'grundy rules' lists the rulesets/, "the ruleset list shows them"],
  [/ \(type 'moves' to list the legal moves\)/, " (pick one of the moves listed, or type the position after the move)"],
  [/ \(type 'moves' for the list\)/, ""],
  [/--max-heap (\d+)/, "N = $1"],
  [/--max-heap/, "N"],
  [/solve --misere/, "solve with “misère” ticked"],
  [/--loopy/, "“loopy”"],
  [/--misere/, "“misère”"],
  [/--([a-z][a-z-]*)/g, "“$1”"],
];

// pageWords rewrites a server message for the page: flags and commands become the boxes and
// buttons of the page.
export function pageWords(msg) {
  let m = String(msg);
  for (const [re, to] of cliWords) m = m.replace(re, to);
  return m;
}

// Ticket ties answers to the request that asked for them: take() starts a request (and makes
// every earlier one stale), current(t) says whether t is still the latest, drop() makes every
// request stale (the inputs changed).
export class Ticket {
  constructor() { this.n = 0; }
  take() { return ++this.n; }
  current(t) { return t === this.n; }
  drop() { this.n++; }
}
