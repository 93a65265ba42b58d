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

// Shows one input per flag of ruleset r in box, filled from its example; flags that exclude each
// other (the same "one_of") are one choice: a menu of them and one value.
export function showFlags(box, r) {
  box.replaceChildren();
  const ex = parseExample(r);
  const groups = new Set();
  for (const f of r.flags || []) {
    if (f.one_of) {
      if (groups.has(f.one_of)) continue;
      groups.add(f.one_of);
      const members = r.flags.filter((g) => g.one_of === f.one_of);
      const chosen = members.find((g) => ex.flags[g.name] !== undefined) || members[0];
      const menu = el("select", { "data-choice": f.one_of, "aria-label": f.one_of });
      for (const g of members) menu.append(el("option", { value: g.name, title: g.usage, text: `--${g.name} ${g.arg || ""}`.trim() }));
      menu.value = chosen.name;
      const value = el("input", { size: "10", "data-choice-value": f.one_of, placeholder: chosen.arg || "", title: chosen.usage, spellcheck: "false", "aria-label": `${f.one_of} value` });
      value.value = ex.flags[chosen.name] || "";
      menu.addEventListener("change", () => {
        const g = members.find((m) => m.name === menu.value);
        value.placeholder = g.arg || "";
        value.title = g.usage;
      });
      box.append(el("label", { title: members.map((g) => `--${g.name}: ${g.usage}`).join("\n") }, `${f.one_of} `, menu, " ", value));
      continue;
    }
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
  for (const menu of box.querySelectorAll("[data-choice]")) {
    const v = box.querySelector(`[data-choice-value="${menu.dataset.choice}"]`).value.trim();
    if (v !== "") flags[menu.value] = v;
  }
  for (const i of box.querySelectorAll("[data-flag]")) {
    if (i.type === "checkbox") { if (i.checked) flags[i.dataset.flag] = "true"; }
    else if (i.value.trim() !== "") flags[i.dataset.flag] = i.value.trim();
  }
  return flags;
}


// showRules writes what /api/rules says of ruleset r beyond its moves — the theory behind its
// values, how its positions are numbered, its limits and its command line — into the <details>
// element box, under a summary that names them.
export function showRules(box, r) {
  const part = (label, text) => el("p", {}, el("b", { text: label + ": " }), text);
  box.replaceChildren(el("summary", { text: `The theory of ${r.name}, its numbering and limits` }),
    part("Theory", r.theory || "—"), part("Numbering", r.indexing || "—"), part("Limits", r.limits || "none"),
    part("On the command line", r.command));
}
