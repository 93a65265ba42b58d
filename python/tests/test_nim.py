"""Batch nim-products against the command line's (nimber.Mul through nim mul --batch) and the
definition; misuse raises TypeError or ValueError, never a crash."""

import numpy as np
import pytest

import grundy
from nimref import nim_mul

EDGES = [0, 1, 2, 3, 2**32, 2**63, 2**64 - 2, 2**64 - 1]


def test_definition_small():
    # The field's first table: 2⊗2 = 3, 2⊗3 = 1, 4⊗4 = 6, 16⊗16 = 24.
    assert [nim_mul(2, 2), nim_mul(2, 3), nim_mul(4, 4), nim_mul(16, 16)] == [3, 1, 6, 24]
    assert all(grundy.nim.mul(a, b) == nim_mul(a, b) for a in range(64) for b in range(64))


def random_pairs(n, seed):
    rng = np.random.default_rng(seed)
    a = rng.integers(0, 2**64, size=n, dtype=np.uint64, endpoint=False)
    b = rng.integers(0, 2**64, size=n, dtype=np.uint64, endpoint=False)
    k = len(EDGES)
    a[: k * k] = np.repeat(np.array(EDGES, dtype=np.uint64), k)
    b[: k * k] = np.tile(np.array(EDGES, dtype=np.uint64), k)
    # Small values too, where the product stays in a subfield.
    a[k * k : 2 * k * k] %= np.uint64(256)
    b[k * k : 2 * k * k] %= np.uint64(65536)
    return a, b


def test_batch_is_cli(cli):
    a, b = random_pairs(20000, 1)
    got = grundy.nim.mul(a, b)
    assert got.dtype == np.uint64 and got.shape == a.shape
    lines = "".join(f"{x} {y}\n" for x, y in zip(a.tolist(), b.tolist()))
    p = cli("nim", "mul", "--batch", stdin=lines, raw=True)
    assert p.returncode == 0, p.stderr
    assert got.tolist() == [int(v) for v in p.stdout.split()]


def test_batch_is_definition():
    a, b = random_pairs(300, 2)
    got = grundy.nim.mul(a, b)
    assert got.tolist() == [nim_mul(x, y) for x, y in zip(a.tolist(), b.tolist())]
    for x in EDGES:
        for y in EDGES:
            assert grundy.nim.mul(x, y) == nim_mul(x, y)


def test_batch_shapes_and_out():
    a, b = random_pairs(1 << 21, 3)  # two chunks and more
    want = grundy.nim.mul(a, b)
    assert np.array_equal(grundy.nim.mul(a.reshape(1024, -1), b.reshape(1024, -1)), want.reshape(1024, -1))
    out = np.zeros_like(a)
    assert grundy.nim.mul(a, b, out=out) is out and np.array_equal(out, want)
    # Views that are not contiguous are copied, not misread.
    assert np.array_equal(grundy.nim.mul(a[::2], b[::2]), want[::2])
    assert grundy.nim.mul([2, 3], [3, 3]).tolist() == [1, 2]
    assert grundy.nim.mul(np.array([], dtype=np.uint64), np.array([], dtype=np.uint64)).size == 0


@pytest.mark.parametrize("a,b,exc", [
    (np.array([1, 2], dtype=np.int64), np.array([1, 2], dtype=np.uint64), TypeError),
    (np.array([1.0, 2.0]), np.array([1, 2], dtype=np.uint64), TypeError),
    (np.array([1, 2], dtype=np.uint32), np.array([1, 2], dtype=np.uint64), TypeError),
    (np.array([1, 2], dtype=np.uint64), np.array([1, 2, 3], dtype=np.uint64), ValueError),
    (np.zeros((2, 3), dtype=np.uint64), np.zeros((3, 2), dtype=np.uint64), ValueError),
    ([1, -2], [1, 2], ValueError),
    ([1, 2**64], [1, 2], ValueError),
    ([1, "x"], [1, 2], TypeError),
    ([1.5, 2], [1, 2], TypeError),
    (-1, 2, ValueError),
    (2**64, 2, ValueError),
    (2.0, 3, TypeError),
    (True, 3, TypeError),
    ("zz", 3, grundy.InputError),
])
def test_misuse(a, b, exc):
    with pytest.raises(exc):
        grundy.nim.mul(a, b)


def test_misuse_out():
    a = np.arange(4, dtype=np.uint64)
    for out in (np.zeros(3, dtype=np.uint64), np.zeros(4, dtype=np.int64), [0, 0, 0, 0], np.zeros(8, dtype=np.uint64)[::2]):
        with pytest.raises(TypeError):
            grundy.nim.mul(a, a, out=out)


def test_wide_ints():
    assert grundy.nim.mul(2**64, 2**64, wide=True) == int(grundy.call("nim", {"op": "mul", "args": [str(2**64), str(2**64)], "wide": True})["result"])
    with pytest.raises(ValueError):
        grundy.nim.mul(np.arange(3, dtype=np.uint64), np.arange(3, dtype=np.uint64), wide=True)
