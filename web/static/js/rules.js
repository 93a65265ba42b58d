// The catalogue of rulesets (GET /api/rules) and the inputs of a ruleset's flags, shared by the
// sequences and play views.

import { el, words } from "./api.js";

// state holds what the server said at the start: /api/info and the rulesets.
export const state = { info: null, rules: [], endpoints: new Set(), features: new Set() };

// Fills a <select> with the rulesets that pass keep.
export function fillRulesets(select, keep) {
  select.replaceChildren();
  for (const r of state.rules.filter(keep)) select.append(el("option", { value: r.name, text: r.name }));
}

export const ruleByName = (name) => state.rules.find((r) => r.name === name);

// Splits an example line ("--k 2 3 4 5") into flag values and position arguments.
export function parseExample(r) {
  const w = words(r.example || ""), flags = {}, pos = [];
  for (let i = 0; i < w.length; i++) {
    if (w[i].startsWith("--")) {
      const name = w[i].slice(2), f = (r.flags || []).find((f) => f.name === name);
      if (f && f.arg) flags[name] = w[++i];
      else flags[name] = "true";
    } else pos.push(w[i]);
  }
  return { flags, pos };
}

// Shows one input per flag of ruleset r in box, filled from its example.
export function showFlags(box, r) {
  box.replaceChildren();
  const ex = parseExample(r);
  for (const f of r.flags || []) {
    const input = f.arg
      ? el("input", { size: "8", "data-flag": f.name, placeholder: f.arg, title: f.usage, spellcheck: "false" })
      : el("input", { type: "checkbox", "data-flag": f.name, title: f.usage });
    if (f.arg) input.value = ex.flags[f.name] || "";
    else input.checked = ex.flags[f.name] === "true";
    box.append(el("label", { title: f.usage }, `--${f.name} `, input));
  }
  return ex;
}

export function readFlags(box) {
  const flags = {};
  for (const i of box.querySelectorAll("[data-flag]")) {
    if (i.type === "checkbox") { if (i.checked) flags[i.dataset.flag] = "true"; }
    else if (i.value.trim() !== "") flags[i.dataset.flag] = i.value.trim();
  }
  return flags;
}

