// grundy's page: plain JavaScript modules over the JSON API under /api/, served as they are (no
// build step). This module starts the page: it asks the server what it offers, sets up each view
// and shows a worked example in every one, then marks the page ready (body[data-ready]).

import { $, api, el } from "./api.js";
import { state, fillRulesets, ruleByName, showFlags, showRules } from "./rules.js";
import * as nimbers from "./nimbers.js";
import * as sequences from "./sequences.js";
import * as play from "./play.js";
import * as scripts from "./scripts.js";
import * as misere from "./misere.js";
import * as numbers from "./numbers.js";
import * as scan from "./scan.js";
import { showLimit } from "./page.js";

// For the console and the browser tests: the page's state and the hooks they call.
Object.assign(window, { colourOf: nimbers.colourOf, heat: nimbers.heat, onSolveRuleset: play.onSolveRuleset, game: play.game, scriptGame: scripts.scriptGame });

function showTab(name) {
  for (const s of document.querySelectorAll(".tab")) s.classList.toggle("active", s.id === name);
  for (const b of document.querySelectorAll("#tabs button")) b.classList.toggle("active", b.dataset.tab === name);
}

function markAbsent(section, what) {
  const s = $(section);
  s.replaceChildren(el("h2", { text: s.querySelector("h2") ? s.querySelector("h2").textContent : section }),
    el("p", { class: "absent", text: `${what} is not available in this build of grundy.` }));
}

// setupSequences offers each source of sequences this build has.
function setupSequences() {
  fillRulesets($("seq-ruleset"), (r) => r.one_heap);
  const r = ruleByName($("seq-ruleset").value);
  if (r) showFlags($("seq-flags"), r);
  // Each ruleset with what the catalogue says of it: theory, numbering, limits.
  const rulesText = () => { const r = ruleByName($("seq-ruleset").value); if (r) showRules($("seq-rules"), r); };
  $("seq-ruleset").addEventListener("change", rulesText);
  rulesText();
  for (const [feature, input, value] of [["seq:ruleset", $("seq-ruleset"), "ruleset"], ["seq:code", $("seq-code"), "code"]]) {
    const on = state.features.has(feature) && (value === "code" || state.rules.some((r) => r.one_heap));
    input.disabled = !on;
    const radio = document.querySelector(`input[name=seq-kind][value=${value}]`);
    radio.disabled = !on;
    if (!on) input.closest(".row").append(el("span", { class: "absent", text: "(not available in this build)" }));
  }
  const first = document.querySelector("input[name=seq-kind]:not(:disabled)");
  if (first) first.checked = true;
  sequences.setup();
}

// A link names a view and, for Solve, a position: #play, #solve?ruleset=kayles&pos=3+5+7 (misere=1
// for misère play). Opening one, or going Back or Forward to one, shows that state.
function readHash() {
  const [name, query = ""] = location.hash.slice(1).split("?");
  const tab = name === "solve" ? "play" : name;
  return { tab: document.getElementById(tab) && document.getElementById(tab).classList.contains("tab") ? tab : "nimbers", params: new URLSearchParams(query) };
}

function applyHash() {
  const { tab, params } = readHash();
  showTab(tab);
  if (tab === "play" && params.has("ruleset")) play.showLink(params);
}

async function start() {
  for (const b of document.querySelectorAll("#tabs button")) {
    b.addEventListener("click", () => {
      if (readHash().tab !== b.dataset.tab || location.hash.includes("?")) history.pushState(null, "", "#" + b.dataset.tab);
      showTab(b.dataset.tab);
    });
  }
  window.addEventListener("popstate", applyHash);
  let limits = null;
  try {
    state.info = await api("/api/info");
    state.endpoints = new Set(state.info.endpoints || []);
    state.features = new Set(state.info.features || []);
    limits = state.info.limits;
    const jobs = limits.max_heavy === 1 ? "1 heavy job" : `${limits.max_heavy} heavy jobs`;
    const octal = limits.max_octal_heap ? `, Grundy's game heaps ≤ ${limits.max_octal_heap}` : "";
    $("limits").textContent = `limits per request: sequences N ≤ ${limits.max_seq}${octal}, scripts N ≤ ${limits.max_script_to}, misère quotients N ≤ ${limits.max_misere_heap}, table ≤ ${limits.max_table}, ${limits.max_args} arguments, ${limits.budget_ms / 1000} s; ${jobs} at once`;
    showLimit("seq-to-limit", limits.max_seq);
    showLimit("script-to-limit", limits.max_script_to);
    showLimit("misere-max-limit", limits.max_misere_heap);
  } catch (e) {
    $("limits").textContent = "cannot reach the server: " + e.message;
  }
  if (state.endpoints.has("/api/rules")) state.rules = (await api("/api/rules")).rulesets;
  const examples = [];
  if (!state.endpoints.has("/api/nim")) markAbsent("nimbers", "Nimber arithmetic");
  else {
    nimbers.setup(limits);
    examples.push(nimbers.example());
    numbers.setup();
    examples.push(numbers.example());
  }
  if (!state.endpoints.has("/api/seq")) markAbsent("sequences", "Computing sequences");
  else {
    setupSequences();
    examples.push(sequences.example());
    scan.setup();
    examples.push(scan.example());
  }
  if (!state.endpoints.has("/api/solve") || !state.endpoints.has("/api/rules")) markAbsent("play", "Solving and playing");
  else {
    play.setup(state.endpoints.has("/api/play"));
    examples.push(play.example());
  }
  if (!state.endpoints.has("/api/script")) markAbsent("scripts", "Running Starlark scripts");
  else {
    scripts.setup();
    examples.push(scripts.example());
  }
  if (!state.endpoints.has("/api/misere") || !state.endpoints.has("/api/solve")) markAbsent("misere", "Misère quotients");
  else {
    misere.setup();
    examples.push(misere.example());
  }
  applyHash();
  // Ready once every view shows its example (a failed example shows its error, as any request).
  await Promise.allSettled(examples);
  document.body.dataset.ready = "true";
}

start();
