"""The answers of grundy as small dataclasses, with notebook manners: _repr_html_ and .plot()."""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any, Optional, Union

import numpy as np


@dataclass(frozen=True)
class Loopy:
    """An infinite loopy value ∞(K): K (set) holds the finite values of the position's options. A
    position of value ∞(K) is a first-player win when 0 is in K, else a draw."""

    set: tuple[int, ...] = ()

    def __str__(self) -> str:
        return "∞" if not self.set else "∞" + "{" + ",".join(map(str, self.set)) + "}"

    @property
    def outcome(self) -> str:
        return "N" if 0 in self.set else "D"


LoopyValue = Union[int, Loopy]


def loopy(v: Any) -> LoopyValue:
    """A value of the JSON contract: "3" → 3, {"infinite": true, "set": [...]} → Loopy."""
    if isinstance(v, str):
        return int(v)
    if isinstance(v, dict) and v.get("infinite"):
        return Loopy(tuple(v.get("set") or ()))
    raise ValueError(f"not a loopy value: {v!r}")


def _table(rows: list[list[Any]], header: Optional[list[Any]] = None) -> str:
    out = ["<table>"]
    if header:
        out.append("<tr>" + "".join(f"<th>{html.escape(str(h))}</th>" for h in header) + "</tr>")
    for r in rows:
        out.append("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in r) + "</tr>")
    out.append("</table>")
    return "".join(out)


@dataclass
class Move:
    """A winning move: its description and the position it leads to."""

    move: str
    to: list[str]


@dataclass
class Solve:
    """The answer for a position (or a sum): outcome N, P or D; value the Grundy value (None where
    none applies: misère play, scored games), or a loopy value; the winning moves."""

    ruleset: str
    position: list[str]
    outcome: str
    value: Optional[LoopyValue]
    winning_moves: list[Move]
    method: str = ""
    doc: dict = field(default_factory=dict, repr=False)

    @classmethod
    def from_doc(cls, d: dict) -> "Solve":
        v = d.get("value")
        return cls(ruleset=d.get("ruleset", ""), position=list(d.get("position") or []), outcome=d["outcome"],
                   value=None if v is None else loopy(v),
                   winning_moves=[Move(m["move"], list(m.get("to") or [])) for m in d.get("winning_moves") or []],
                   method=d.get("method", ""), doc=d)

    def _repr_html_(self) -> str:
        rows = [["position", " ".join(self.position)], ["outcome", self.outcome],
                ["value", "—" if self.value is None else str(self.value)]]
        rows += [["winning move", m.move] for m in self.winning_moves[:20]]
        if self.method:
            rows.append(["method", self.method])
        return f"<b>{html.escape(self.ruleset)}</b>" + _table(rows)


@dataclass
class Sequence:
    """Grundy values g(0..n) of a one-heap game: values as a NumPy array (uint16 where they fit),
    the period and preperiod found (None when none), proved when a theorem certifies the period.
    For a take-and-break code also the method, the largest value and Czajka's statistics. Loopy
    values (loopy games) are an array of objects (ints and Loopy), with outcomes one letter each."""

    values: np.ndarray
    computed_to: int
    period: Optional[int]
    preperiod: Optional[int]
    proved: bool
    code: str = ""
    method: str = ""
    statistics: dict = field(default_factory=dict)
    outcomes: str = ""
    doc: dict = field(default_factory=dict, repr=False)

    @classmethod
    def from_doc(cls, d: dict, values: Optional[np.ndarray]) -> "Sequence":
        if values is None:
            vs = d.get("values") or []
            if any(isinstance(v, dict) for v in vs):  # loopy values
                values = np.empty(len(vs), dtype=object)
                values[:] = [loopy(v) for v in vs]
            else:
                values = np.array([int(v) for v in vs], dtype=np.uint64)
                if values.size and values.max() < 1 << 16:
                    values = values.astype(np.uint16)
        return cls(values=values, computed_to=int(d["computed_to"]), period=d.get("period"),
                   preperiod=d.get("preperiod"), proved=bool(d.get("proved")), code=d.get("code", ""),
                   method=d.get("method", ""), statistics=d.get("statistics") or {},
                   outcomes=d.get("outcomes", ""), doc=d)

    def __len__(self) -> int:
        return len(self.values)

    def summary(self) -> str:
        if self.period is None:
            p = "no period found"
        else:
            p = f"period {self.period} from {self.preperiod}" + (" (proved)" if self.proved else " (apparent)")
        return f"{self.code + ': ' if self.code else ''}g(0..{len(self.values) - 1}), computed to {self.computed_to}; {p}"

    def _repr_html_(self) -> str:
        head = ", ".join(str(v) for v in self.values[:40]) + (", …" if len(self.values) > 40 else "")
        rows = [["values", head]]
        if self.values.dtype != object and len(self.values):
            rows.append(["largest", int(self.values.max())])
        rows += [[k, v] for k, v in self.statistics.items()]
        if self.method:
            rows.append(["method", self.method])
        return f"<b>{html.escape(self.summary())}</b>" + _table(rows)

    def plot(self, ax=None, **kw):
        """The sequence plot: g(n) against n (matplotlib); returns the axes."""
        import matplotlib.pyplot as plt

        ax = ax or plt.gca()
        n = np.arange(len(self.values))
        ax.plot(n, self.values, ",", **({"color": "C0"} | kw))
        ax.set_xlabel("n")
        ax.set_ylabel("g(n)")
        ax.set_title(self.code or "Grundy values")
        return ax


@dataclass
class Quotient:
    """The misère quotient of a heap game on heaps 0..max_heap (Plambeck–Siegel): its order, the
    P-portion, the presentation, and the multiplication table as a NumPy array (table[i, j] is
    the index of elements[i]·elements[j])."""

    game: str
    max_heap: int
    order: int
    elements: list[str]
    p_portion: list[int]
    presentation: list[str]
    table: np.ndarray
    pretending: list[int]
    proved: bool
    doc: dict = field(default_factory=dict, repr=False)

    @classmethod
    def from_doc(cls, d: dict) -> "Quotient":
        return cls(game=d.get("game", ""), max_heap=int(d.get("max_heap") or 0), order=int(d["order"]),
                   elements=list(d.get("elements") or []), p_portion=list(d.get("p_portion") or []),
                   presentation=list(d.get("presentation") or []),
                   table=np.array(d.get("table") or [], dtype=np.int32), pretending=list(d.get("pretending") or []),
                   proved=bool(d.get("proved")), doc=d)

    def _repr_html_(self) -> str:
        title = (f"<b>misère quotient of {html.escape(self.game)} on heaps ≤ {self.max_heap}: |Q| = {self.order}, "
                 f"|P| = {len(self.p_portion)}</b><br>" + html.escape("; ".join(self.presentation)))
        if self.table.size == 0 or self.order > 40:
            return title
        names = self.elements
        rows = [[names[i]] + [names[j] + ("*" if j in self.p_portion else "") for j in row] for i, row in enumerate(self.table)]
        return title + _table(rows, ["·"] + names) + "<small>* in the P-portion</small>"

    def plot(self, ax=None, **kw):
        """The multiplication table as a heatmap, P-portion outlined."""
        import matplotlib.pyplot as plt

        ax = ax or plt.gca()
        ax.imshow(self.table, **({"cmap": "viridis"} | kw))
        ax.set_title(f"{self.game}: |Q| = {self.order}")
        return ax


@dataclass
class NimTable:
    """The n×n table of nim-products a ⊗ b, 0 ≤ a, b < n."""

    n: int
    table: np.ndarray

    def _repr_html_(self) -> str:
        if self.n > 32:
            return f"<b>nim-product table {self.n}×{self.n}</b> (use .plot())"
        return f"<b>a ⊗ b, 0 ≤ a, b < {self.n}</b>" + _table(self.table.tolist(), None)

    def plot(self, ax=None, **kw):
        """The nim-product heatmap."""
        import matplotlib.pyplot as plt

        ax = ax or plt.gca()
        ax.imshow(self.table, **({"cmap": "magma", "origin": "lower"} | kw))
        ax.set_xlabel("b")
        ax.set_ylabel("a")
        ax.set_title("a ⊗ b")
        return ax


@dataclass
class GraphValues:
    """The values of a game played on a directed graph: values[i] is node i's loopy value (an int,
    its Grundy value, or a Loopy ∞(K)); outcomes[i] its outcome (N, P or D); acyclic when the
    graph has no cycle (every value is then a Grundy value). nodes maps indices back to the
    caller's node names, when the graph had names."""

    values: list[LoopyValue]
    outcomes: str
    acyclic: bool
    nodes: list[Any]
    doc: dict = field(default_factory=dict, repr=False)

    def grundy(self) -> np.ndarray:
        """The Grundy values as a uint64 array (a graph without cycles only)."""
        if not self.acyclic:
            raise ValueError("the graph has cycles: its values are loopy values, not all Grundy values")
        return np.array(self.values, dtype=np.uint64)

    def __getitem__(self, node: Any) -> LoopyValue:
        return self.values[self.nodes.index(node)] if self.nodes else self.values[node]

    def as_dict(self) -> dict:
        """{node: value}."""
        return dict(zip(self.nodes or range(len(self.values)), self.values))

    def _repr_html_(self) -> str:
        names = self.nodes or list(range(len(self.values)))
        rows = [[n, str(v), o] for n, v, o in list(zip(names, self.values, self.outcomes))[:100]]
        kind = "Grundy values" if self.acyclic else "loopy values (the graph has cycles)"
        return f"<b>{len(self.values)} nodes, {kind}</b>" + _table(rows, ["node", "value", "outcome"])


def _checked(f: dict, to: int) -> str:
    """What a guess finding was checked against, in the command line's words: the values given,
    the octal engine's values beyond them ("engine"), or none ("theory": the rule's first pair lies
    past the values given)."""
    by = f.get("checked_by", "values")
    if by == "theory":
        return f"not checked: the values end at heap {to}, before the rule's first pair"
    if by == "engine":
        return f"{f['checked_from']}..{f['checked_to']} by the octal engine (its values equal those given on 0..{to})"
    return f"{f['checked_from']}..{f['checked_to']}"


@dataclass
class Guess:
    """The rule found behind a game's values, as `grundy guess --json`: findings ranked (each a dict
    with kind, rule, key, status "proved" or "conjecture", checked_from, checked_to, checked_by
    ("values", "engine" or "theory"), and proof,
    period, known… where they apply), near_misses with their first counterexample, and a note.
    shape is "one-heap", "table" or "outcomes"."""

    game: str
    shape: str
    checked_to: int
    findings: list[dict]
    near_misses: list[dict]
    note: str = ""
    doc: dict = field(default_factory=dict, repr=False)

    @classmethod
    def from_doc(cls, d: dict) -> "Guess":
        return cls(game=d.get("game", ""), shape=d["shape"], checked_to=int(d["checked_to"]),
                   findings=list(d.get("findings") or []), near_misses=list(d.get("near_misses") or []),
                   note=d.get("note", ""), doc=d)

    @property
    def proved(self) -> list[dict]:
        """The findings a theorem proves for the game (never those of a script's values)."""
        return [f for f in self.findings if f["status"] == "proved"]

    def _repr_html_(self) -> str:
        rows = [[f["status"], f["rule"], _checked(f, self.checked_to), f.get("proof", "")] for f in self.findings]
        rows += [["near miss", m["rule"], f"{m['held_from']}..{m['held_to']}", f"fails at {m['at']}: {m['got']}, the rule says {m['want']}"]
                 for m in self.near_misses]
        head = f"{self.game}: {self.shape}, checked to {self.checked_to}" + ("" if self.findings else "; no rule found")
        return f"<b>{html.escape(head)}</b>" + _table(rows, ["status", "rule", "checked on", "proof"])
