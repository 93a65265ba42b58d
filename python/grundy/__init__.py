"""grundy: impartial combinatorial games from Python.

The functions answer as the command line's --json does (the same engine, through the Go library
built from this repository), with answers as small dataclasses and sequences as NumPy arrays:

>>> import grundy
>>> grundy.solve("nim", [3, 4, 5]).value
2
>>> grundy.octal("0.137", to=300).period
34
>>> grundy.nim.mul(2, 3)
1

Every call takes timeout= (seconds) and max_memory= (MiB, or a size as the command line reads
it: "512M", "2G"), the command line's --timeout and --max-memory; Ctrl-C (KeyboardInterrupt) cancels the computation. Errors raise InputError (a
ValueError: malformed or impossible requests), LimitError (work over a named limit: .limit, .max),
CancelledError or InternalError, all GrundyError.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Optional, Union

from . import _args, nim
from ._lib import Call, call
from .answers import GraphValues, Guess, Loopy, LoopyValue, Move, NimTable, Quotient, Sequence, Solve, loopy
from .errors import CancelledError, GrundyError, InputError, InternalError, LimitError

__all__ = ["solve", "seq", "octal", "script", "misere", "guess", "count", "Basis", "graph", "rules", "call", "nim",
           "Solve", "Sequence", "Quotient", "NimTable", "GraphValues", "Guess", "Loopy", "LoopyValue", "Move",
           "GrundyError", "InputError", "LimitError", "CancelledError", "InternalError"]


def _game(req: dict, ruleset: Optional[str], flags: Optional[Mapping[str, Any]], script: Optional[str]) -> dict:
    if (ruleset is None) == (script is None):
        raise TypeError("give a ruleset name or script= (the Starlark source), one of them")
    if script is not None:
        req["script"] = _args.text(script, "script")
        if flags:
            raise TypeError("flags go with a ruleset, not a script")
    else:
        req["ruleset"] = _args.text(ruleset, "ruleset")
        fl = _args.flags(flags)
        if fl:
            req["flags"] = fl
    return req


def solve(ruleset: Optional[str] = None, position: Any = (), *, flags: Optional[Mapping[str, Any]] = None,
          script: Optional[str] = None, misere: bool = False, loopy: bool = False,
          timeout: Optional[float] = None, max_memory: Optional[Union[int, str]] = None) -> Solve:
    """Solves a position of a ruleset (or of a Starlark script's game): outcome, Grundy value and
    winning moves, as `grundy solve RULESET POS… --json`. Several heaps are a sum.

    >>> grundy.solve("kayles", [3, 5, 7], misere=True).outcome
    'N'

    flags are the ruleset's flags by name ({"set": [1, 3, 4]}); misere=True plays misère (by the
    misère quotient where the game is a heap game); loopy=True gives loopy values to games with
    cycles."""
    req = _game({"position": _args.position(position)}, ruleset, flags, script)
    if misere:
        req["misere"] = True
    if loopy:
        req["loopy"] = True
    return Solve.from_doc(call("solve", req, timeout=timeout, max_memory=max_memory))


def _sequence(endpoint: str, req: dict, timeout, max_memory, progress) -> Sequence:
    with Call() as c:
        d = c.run(endpoint, req, timeout=timeout, max_memory=max_memory, keep_values=True, progress=progress)
        return Sequence.from_doc(d, c.values())


def seq(ruleset: Optional[str] = None, to: int = 100, *, flags: Optional[Mapping[str, Any]] = None,
        code: Optional[str] = None, script: Optional[str] = None, timeout: Optional[float] = None,
        max_memory: Optional[Union[int, str]] = None, progress: Any = None) -> Sequence:
    """The Grundy values g(0..to) of a one-heap ruleset, a take-and-break code (code="0.07") or a
    script, with the period found, as `grundy seq … --to N --json`."""
    req: dict = {"to": _args.number(to, "to")}
    if code is not None:
        if ruleset is not None or script is not None:
            raise TypeError("give one of a ruleset, code= and script=")
        req["code"] = _args.text(code, "code")
    else:
        _game(req, ruleset, flags, script)
    return _sequence("seq", req, timeout, max_memory, progress)


def octal(code: str, to: Optional[int] = None, *, method: Optional[str] = None, timeout: Optional[float] = None,
          max_memory: Optional[Union[int, str]] = None, progress: Any = None) -> Sequence:
    """The Grundy sequence of a take-and-break code, as `grundy octal CODE --to N --json`: the
    values as a uint16 array (wider only if needed), the period and preperiod, proved when the
    octal periodicity theorem certifies them, the method and Czajka's statistics. Without to it
    computes until the period is proved or its memory budget (max_memory MiB, default 3/4 of the
    available memory) is used. Long runs show a tqdm bar where tqdm is installed (progress=False:
    none; a callable: called with (done, total))."""
    req: dict = {"code": _args.text(code, "code")}
    if to is not None:
        req["to"] = _args.number(to, "to")
    if method is not None:
        req["method"] = _args.text(method, "method")
    return _sequence("octal", req, timeout, max_memory, progress)


def script(source: str, to: int = 100, *, loopy: bool = False, timeout: Optional[float] = None,
           max_memory: Optional[Union[int, str]] = None) -> Sequence:
    """g(0..to) of a game written in Starlark (a script defining moves(pos), as for `grundy seq
    --script FILE`); the script runs sandboxed under the command line's budgets."""
    req = {"script": _args.text(source, "source"), "to": _args.number(to, "to")}
    if loopy:
        req["loopy"] = True
    return _sequence("seq", req, timeout, max_memory, None)


def misere(game: Optional[str] = None, max_heap: Optional[int] = None, *, flags: Optional[Mapping[str, Any]] = None,
           max_size: Optional[int] = None, stable: Optional[int] = None, script: Optional[str] = None,
           timeout: Optional[float] = None, max_memory: Optional[Union[int, str]] = None) -> Quotient:
    """The misère quotient of a heap game on heaps 0..max_heap, as `grundy misere GAME --max-heap N
    --json`: game is a code ("0.07"), "grundy", kayles, dawson-kayles, nim, or a one-heap ruleset
    with flags; or script= a Starlark heap game. Without max_heap a code is computed until the
    periodicity theorem proves the whole game's quotient."""
    req: dict = {}
    if script is not None:
        if game is not None:
            raise TypeError("give game or script=, not both")
        req["script"] = _args.text(script, "script")
    else:
        req["game"] = _args.text(game, "game")
        fl = _args.flags(flags)
        if fl:
            req["flags"] = fl
    for k, v in (("max_heap", max_heap), ("max_size", max_size), ("stable", stable)):
        if v is not None:
            req[k] = _args.number(v, k)
    return Quotient.from_doc(call("misere", req, timeout=timeout, max_memory=max_memory))


def guess(ruleset: Optional[str] = None, to: Optional[int] = None, *, flags: Optional[Mapping[str, Any]] = None,
          script: Optional[str] = None, heaps: Optional[int] = None, timeout: Optional[float] = None,
          max_memory: Optional[Union[int, str]] = None) -> Guess:
    """Finds the rule behind a game's values, as `grundy guess … --json`: periods, closed forms,
    known games, sums and nim-products of tables, rules for the P-positions, ranked, each proved
    (a theorem applies to the game) or a conjecture (checked on a range; always, for a script).

    >>> grundy.guess("kayles", to=300).proved[0]["key"]
    'period 12 from 71'

    A script's positions are the ints 0..to (heaps=1), the pairs (x, y) (heaps=2: a table), or
    k-tuples of heaps (heaps=k ≥ 3: outcomes); to defaults to 1000, 32 or 7 by the shape."""
    req = _game({}, ruleset, flags, script)
    if to is not None:
        req["to"] = _args.number(to, "to")
    if heaps is not None:
        req["heaps"] = int(_args.number(heaps, "heaps"), 0)
    return Guess.from_doc(call("guess", req, timeout=timeout, max_memory=max_memory))


def count(n: int, divisors: Iterable[int], *, start: Optional[int] = None) -> int:
    """How many of start..n (start defaults to 1) are divisible by at least one of the divisors
    (inclusion–exclusion), as `grundy count N D…`."""
    req = {"n": _args.number(n, "n"), "divisors": _args.numbers_of(divisors, "divisors")}
    if start is not None:
        req["from"] = _args.number(start, "start")
    return int(call("count", req)["count"])


class Basis:
    """The XORs of subsets of a list of numbers below 2^64 (a linear basis over GF(2)), as
    `grundy basis`: rank, the largest and smallest XOR of a non-empty subset, the k-th, membership.

    >>> b = grundy.Basis([3, 5, 6])
    >>> b.rank, b.max(), 0 in b
    (2, 6, True)
    """

    def __init__(self, numbers: Iterable[int]) -> None:
        self.numbers = _args.numbers_of(numbers, "numbers")

    def _ask(self, op: str, **kw: str) -> dict:
        return call("basis", {"op": op, "numbers": self.numbers, **kw})

    @property
    def rank(self) -> int:
        """The dimension of the numbers' span."""
        return int(self._ask("rank")["rank"])

    def max(self) -> int:
        """The largest XOR of a non-empty subset."""
        return int(self._ask("max")["max"])

    def min(self) -> int:
        """The smallest XOR of a non-empty subset (0 when the numbers are dependent)."""
        return int(self._ask("min")["min"])

    def kth(self, k: int) -> int:
        """The k-th smallest distinct XOR of a non-empty subset (k = 1 is the smallest)."""
        return int(self._ask("kth", k=_args.number(k, "k"))["kth"])

    def __contains__(self, x: int) -> bool:
        """Whether x is the XOR of some subset (the empty one included)."""
        return bool(self._ask("contains", x=_args.number(x, "x"))["contains"])

    def __repr__(self) -> str:
        return f"Basis({[int(x, 0) for x in self.numbers]})"


def graph(g: Any, *, timeout: Optional[float] = None, max_memory: Optional[Union[int, str]] = None) -> GraphValues:
    """The values of the game played on a directed graph (a move follows an edge; who cannot move
    loses): g is a networkx.DiGraph, or a list of edges (u, v) between hashable nodes. Every node
    gets its Grundy value, or, when the graph has cycles, its loopy value (an int, or Loopy ∞(K)),
    computed by the engine; values[i] is the value of nodes[i]."""
    if hasattr(g, "nodes") and hasattr(g, "edges") and callable(getattr(g, "is_directed", None)):
        if not g.is_directed():
            raise TypeError("graph: want a directed graph (networkx.DiGraph): an undirected edge would be a move both ways")
        nodes = list(g.nodes)
        edges = list(g.edges)
    else:
        if isinstance(g, (str, bytes)) or not isinstance(g, Iterable):
            raise TypeError(f"graph: want a networkx.DiGraph or a list of edges (u, v), not {type(g).__name__}")
        edges = []
        for i, e in enumerate(g):
            if not isinstance(e, (tuple, list)) or len(e) != 2:
                raise TypeError(f"graph: edge {i} is {e!r}, not a pair (u, v)")
            edges.append(tuple(e))
        nodes = []
        seen: dict = {}
        for u, v in edges:
            for x in (u, v):
                if x not in seen:
                    seen[x] = len(nodes)
                    nodes.append(x)
    index = {x: i for i, x in enumerate(nodes)}
    req = {"nodes": len(nodes), "edges": [[index[u], index[v]] for u, v in edges]}
    d = call("graph", req, timeout=timeout, max_memory=max_memory)
    return GraphValues(values=[loopy(v) for v in d["values"]], outcomes=d["outcomes"], acyclic=bool(d["acyclic"]),
                       nodes=nodes, doc=d)


def rules() -> list[dict]:
    """The catalogue of rulesets, as `grundy rules --json`: name, summary, flags, position syntax."""
    return call("rules", {})["rulesets"]
