"""Checks of Python arguments, turned into the command line's argument strings."""

from __future__ import annotations

import numbers
from typing import Any, Iterable, Mapping, Optional

U64 = 1 << 64


def number(x: Any, what: str, *, bits: Optional[int] = 64) -> str:
    """x, a non-negative integer below 2^bits (or a decimal or 0x string), as its string."""
    if isinstance(x, str):
        return x
    if isinstance(x, bool) or not isinstance(x, numbers.Integral):
        raise TypeError(f"{what}: want a non-negative integer, not {type(x).__name__} {x!r}")
    x = int(x)
    if x < 0:
        raise ValueError(f"{what}: {x} is negative")
    if bits is not None and x >> bits:
        raise ValueError(f"{what}: {x} does not fit in {bits} bits")
    return str(x)


def numbers_of(xs: Any, what: str) -> list[str]:
    """A list of numbers (or an int for one), as strings."""
    if isinstance(xs, (str, bytes)) or not isinstance(xs, Iterable):
        if isinstance(xs, numbers.Integral):
            xs = [xs]
        else:
            raise TypeError(f"{what}: want a list of non-negative integers, not {type(xs).__name__}")
    return [number(x, f"{what}[{i}]") for i, x in enumerate(xs)]


def position(pos: Any) -> list[str]:
    """A position as the command line's arguments: heaps (ints), or strings as written there
    (coins, "x,y" pairs, a script's Starlark literals)."""
    if type(pos) is list or type(pos) is tuple:  # the common case, without the abstract classes
        pass
    elif isinstance(pos, (str, numbers.Integral)) and not isinstance(pos, bool):
        pos = [pos]
    elif not isinstance(pos, Iterable):
        raise TypeError(f"position: want a list of heaps or argument strings, not {type(pos).__name__}")
    out = []
    for i, p in enumerate(pos):
        if type(p) is int and p >= 0:  # the common case, without the checks' abstract classes
            out.append(str(p))
        elif isinstance(p, str):
            out.append(p)
        elif isinstance(p, tuple):
            out.append(",".join(number(c, f"position[{i}]") for c in p))
        else:
            out.append(number(p, f"position[{i}]", bits=None))
    return out


def flags(fl: Optional[Mapping[str, Any]]) -> Optional[dict]:
    """Ruleset flags by name (without dashes): numbers, lists of numbers or strings."""
    if fl is None:
        return None
    if not isinstance(fl, Mapping):
        raise TypeError(f"flags: want a dict such as {{'set': [1, 3, 4]}}, not {type(fl).__name__}")
    out = {}
    for k, v in fl.items():
        if not isinstance(k, str):
            raise TypeError(f"flags: names are strings, not {k!r}")
        k = k.lstrip("-")
        if isinstance(v, str):
            out[k] = v
        elif isinstance(v, bool):
            out[k] = "true" if v else "false"
        elif isinstance(v, numbers.Integral):
            out[k] = number(v, f"flags[{k!r}]", bits=None)
        elif isinstance(v, Iterable):
            out[k] = ",".join(number(x, f"flags[{k!r}]", bits=None) for x in v)
        else:
            raise TypeError(f"flags[{k!r}]: want a number, a list of numbers or a string, not {type(v).__name__}")
    return out


def text(s: Any, what: str) -> str:
    if not isinstance(s, str):
        raise TypeError(f"{what}: want a string, not {type(s).__name__}")
    return s
