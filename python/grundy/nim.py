"""Nim-field arithmetic (Conway's field on the nimbers below 2^64, and wide values with wide=True):
products of ints and of NumPy arrays of uint64, and the field's other operations."""

from __future__ import annotations

import ctypes
from typing import Any, Optional, Union

import numpy as np

from . import _args
from ._lib import LIB, _usable, call, take_message
from .answers import NimTable
from .errors import InputError

IntOrArray = Union[int, np.ndarray]

# Products are computed this many at a time, so that Ctrl-C (raised between two calls into C) stops
# a long batch within one chunk (a few milliseconds).
_CHUNK = 1 << 20


def _uint64_array(x: Any, what: str) -> np.ndarray:
    if isinstance(x, np.ndarray):
        if x.dtype != np.uint64:
            raise TypeError(f"{what}: want an array of dtype uint64, not {x.dtype} (convert with .astype(np.uint64) once its values are checked)")
        return np.ascontiguousarray(x)
    vals = x.tolist() if hasattr(x, "tolist") else list(x)
    flat = np.asarray(vals, dtype=object).ravel()
    for i, v in enumerate(flat):
        if isinstance(v, str):
            raise TypeError(f"{what}[{i}]: want an integer, not the string {v!r}")
        _args.number(v, f"{what}[{i}]")
    return np.asarray(vals, dtype=np.uint64)


def mul(a: IntOrArray, b: IntOrArray, *, out: Optional[np.ndarray] = None, wide: bool = False) -> IntOrArray:
    """The nim-product a ⊗ b.

    On ints (below 2^64; with wide=True below 2^65536) it returns an int. On NumPy arrays of
    uint64 (or lists of ints) of one shape it returns the array of the products, element by
    element, computed in Go on the arrays' own memory (out, if given, receives them).

    >>> mul(2, 2)
    3
    """
    if not isinstance(a, (np.ndarray, list, tuple)) and not isinstance(b, (np.ndarray, list, tuple)):
        sa, sb = _args.number(a, "a", bits=None if wide else 64), _args.number(b, "b", bits=None if wide else 64)
        if wide:
            return int(call("nim", {"op": "mul", "args": [sa, sb], "wide": True})["result"])
        try:
            x = np.array([int(sa, 0)], dtype=np.uint64)
            y = np.array([int(sb, 0)], dtype=np.uint64)
        except (ValueError, OverflowError):
            raise InputError(f"not numbers below 2^64: {a!r}, {b!r}", status=400) from None
        return int(_mul(x, y, x)[0])
    if wide:
        raise ValueError("wide=True multiplies ints, not arrays")
    x, y = _uint64_array(a, "a"), _uint64_array(b, "b")
    if x.shape != y.shape:
        raise ValueError(f"the arrays' shapes differ: {x.shape} and {y.shape}")
    if out is None:
        out = np.empty_like(x)
    elif not isinstance(out, np.ndarray) or out.dtype != np.uint64 or out.shape != x.shape or not out.flags.c_contiguous:
        raise TypeError(f"out: want a C-contiguous uint64 array of shape {x.shape}")
    return _mul(x, y, out)


def _mul(x: np.ndarray, y: np.ndarray, out: np.ndarray) -> np.ndarray:
    _usable()
    n = x.size
    if n == 0:
        return out
    err = ctypes.c_void_p()
    pa, pb, po = x.ctypes.data, y.ctypes.data, out.ctypes.data
    for lo in range(0, n, _CHUNK):
        k = min(_CHUNK, n - lo)
        if LIB.grundy_nim_mul(0, pa + 8 * lo, pb + 8 * lo, po + 8 * lo, k, ctypes.byref(err)):
            raise InputError(take_message(err), status=400)
    return out


def _op(op: str, *args: Any, wide: bool = False, base: Any = None) -> Optional[int]:
    req = {"op": op, "args": [_args.number(x, f"argument {i + 1}", bits=None if wide else 64) for i, x in enumerate(args)]}
    if wide:
        req["wide"] = True
    if base is not None:
        req["base"] = _args.number(base, "base")
    r = call("nim", req).get("result")
    return None if r is None else int(r)


def add(a: int, b: int, *, wide: bool = False) -> int:
    """The nim-sum a ⊕ b (exclusive or)."""
    return _op("add", a, b, wide=wide)


def div(a: int, b: int, *, wide: bool = False) -> int:
    """The nim-quotient a ⊘ b (b ≠ 0)."""
    return _op("div", a, b, wide=wide)


def pow(a: int, e: int, *, wide: bool = False) -> int:
    """a raised to the ordinary integer power e in the nim-field."""
    return _op("pow", a, e, wide=wide)


def inv(a: int, *, wide: bool = False) -> int:
    """The nim-inverse of a (a ≠ 0)."""
    return _op("inv", a, wide=wide)


def sqrt(a: int, *, wide: bool = False) -> int:
    """The nim square root of a (unique)."""
    return _op("sqrt", a, wide=wide)


def square(a: int, *, wide: bool = False) -> int:
    """a ⊗ a."""
    return _op("square", a, wide=wide)


def order(a: int) -> int:
    """The multiplicative order of a (a ≠ 0)."""
    return _op("order", a)


def log(b: int, base: Optional[int] = None) -> Optional[int]:
    """The least x with base^x = b (base defaults to the group generator), or None."""
    return _op("log", b, base=base)


def quadratic(a: int) -> Optional[int]:
    """A root x of x ⊗ x ⊕ x = a (the other is x ⊕ 1), or None."""
    return _op("quadratic", a)


def table(n: int) -> NimTable:
    """The n×n table of nim-products a ⊗ b, 0 ≤ a, b < n, as a NumPy array (with .plot())."""
    d = call("nim", {"op": "table", "args": [_args.number(n, "n")]})
    return NimTable(n=int(d["n"]), table=np.array([[int(v) for v in row] for row in d["table"]], dtype=np.uint64))
