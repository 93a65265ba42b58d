"""Every Python function against the command line's --json for the same request: one table of
cases, both faces."""

import numpy as np
import pytest

import grundy
from conftest import ROOT, comparable

KAYLES_SCRIPT = (ROOT / "examples" / "kayles.star").read_text()
HEAPS_SCRIPT = (ROOT / "examples" / "kayles-heaps.star").read_text()
SQUARE_SCRIPT = (ROOT / "examples" / "subtract-square.star").read_text()
CORNERS_SCRIPT = (ROOT / "examples" / "corners.star").read_text()

# (name, Python call returning an answer, CLI arguments). An answer with .doc is compared with the
# CLI's document (a sequence's values, which the library hands over as an array, separately);
# plain values with the field of the CLI's document named after the arguments.
CASES = [
    ("solve nim", lambda: grundy.solve("nim", [3, 4, 5]), ["solve", "nim", 3, 4, 5]),
    ("solve kayles misère", lambda: grundy.solve("kayles", [3, 5, 7], misere=True), ["solve", "kayles", 3, 5, 7, "--misere"]),
    ("solve subtract flags", lambda: grundy.solve("subtract", [10, 11], flags={"set": [1, 3, 4]}),
     ["solve", "subtract", "--set", "1,3,4", 10, 11]),
    ("solve windup loopy", lambda: grundy.solve("windup", [5, 12], flags={"n": 20, "set": [6, 7]}, loopy=True),
     ["solve", "windup", "--n", 20, "--set", "6,7", 5, 12, "--loopy"]),
    ("solve script", lambda: grundy.solve(script=KAYLES_SCRIPT, position=['"xxx.xxxxx"']),
     ["solve", "--script", "examples/kayles.star", '"xxx.xxxxx"']),
    ("seq lasker", lambda: grundy.seq("lasker", to=200), ["seq", "lasker", "--to", 200]),
    ("seq subtract", lambda: grundy.seq("subtract", to=100, flags={"set": "1,3,4"}), ["seq", "subtract", "--set", "1,3,4", "--to", 100]),
    ("seq windup loopy", lambda: grundy.seq("windup", to=19, flags={"n": 20, "set": [6, 7]}),
     ["seq", "windup", "--n", 20, "--set", "6,7", "--to", 19]),
    ("script", lambda: grundy.script(SQUARE_SCRIPT, to=60), ["seq", "--script", "examples/subtract-square.star", "--to", 60]),
    ("misere script", lambda: grundy.misere(script=HEAPS_SCRIPT, max_heap=10),
     ["misere", "--script", "examples/kayles-heaps.star", "--max-heap", 10]),
    ("octal 0.07", lambda: grundy.octal("0.07", to=5000), ["octal", "0.07", "--to", 5000]),
    ("octal 0.137 proved", lambda: grundy.octal("0.137", to=1000), ["octal", "0.137", "--to", 1000]),
    ("octal 4.7 wide values", lambda: grundy.octal("4.7", to=3000), ["octal", "4.7", "--to", 3000]),
    ("misere 0.07", lambda: grundy.misere("0.07", max_heap=12), ["misere", "0.07", "--max-heap", 12]),
    ("misere kayles whole", lambda: grundy.misere("kayles"), ["misere", "kayles"]),
    ("nim table", lambda: grundy.nim.table(16), ["nim", "table", 16]),
    ("guess kayles", lambda: grundy.guess("kayles", to=300), ["guess", "kayles", "--to", 300]),
    ("guess subtract", lambda: grundy.guess("subtract", to=100, flags={"set": [2, 5]}), ["guess", "subtract", "--set", "2,5", "--to", 100]),
    ("guess script table", lambda: grundy.guess(script=CORNERS_SCRIPT, heaps=2, to=8),
     ["guess", "--script", "examples/corners.star", "--heaps", 2, "--to", 8]),
]


@pytest.mark.parametrize("name,f,args", CASES, ids=[c[0] for c in CASES])
def test_answer_is_cli(cli, name, f, args):
    got = f()
    want = cli(*args)
    if isinstance(got, grundy.NimTable):
        assert got.table.tolist() == [[int(v) for v in row] for row in want["table"]]
        return
    doc = dict(got.doc)
    for k in ("ruleset", "game"):  # a script given as a string has no file name: "script.star"
        if str(want.get(k, "")).startswith("script:"):
            want[k] = "script:script.star"
    if isinstance(got, grundy.Sequence):
        doc.pop("values", None)  # loopy values come in the document
        values = want.pop("values")
        if got.values.dtype == object:
            assert list(got.values) == [grundy.loopy(v) for v in values]
        else:
            assert got.values.tolist() == [int(v) for v in values]
            assert got.values.dtype == (np.uint16 if max(map(int, values)) < 1 << 16 else np.uint32)
    assert comparable(doc) == comparable(want)


SCALARS = [
    (lambda: grundy.nim.mul(2**63, 2**63 + 5), ["nim", "mul", 2**63, 2**63 + 5], "result"),
    (lambda: grundy.nim.mul(2**70, 3, wide=True), ["nim", "mul", 2**70, 3, "--wide"], "result"),
    (lambda: grundy.nim.add(12, 9), ["nim", "add", 12, 9], "result"),
    (lambda: grundy.nim.div(12, 9), ["nim", "div", 12, 9], "result"),
    (lambda: grundy.nim.pow(12, 9), ["nim", "pow", 12, 9], "result"),
    (lambda: grundy.nim.inv(12), ["nim", "inv", 12], "result"),
    (lambda: grundy.nim.sqrt(12), ["nim", "sqrt", 12], "result"),
    (lambda: grundy.nim.square(12), ["nim", "square", 12], "result"),
    (lambda: grundy.nim.order(12), ["nim", "order", 12], "result"),
    (lambda: grundy.nim.log(12), ["nim", "log", 12], "result"),
    (lambda: grundy.nim.quadratic(12), ["nim", "quadratic", 12], "result"),
    (lambda: grundy.count(10**12, [6, 10, 15]), ["count", 10**12, 6, 10, 15], "count"),
    (lambda: grundy.count(1000, [7], start=500), ["count", 1000, 7, "--from", 500], "count"),
    (lambda: grundy.Basis([3, 5, 6, 2**64 - 1]).rank, ["basis", "rank", 3, 5, 6, 2**64 - 1], "rank"),
    (lambda: grundy.Basis([3, 5, 6, 2**64 - 1]).max(), ["basis", "max", 3, 5, 6, 2**64 - 1], "max"),
    (lambda: grundy.Basis([3, 5, 9]).min(), ["basis", "min", 3, 5, 9], "min"),
    (lambda: grundy.Basis([3, 5, 9]).kth(3), ["basis", "kth", 3, 3, 5, 9], "kth"),
    (lambda: 6 in grundy.Basis([3, 5, 9]), ["basis", "contains", 6, 3, 5, 9], "contains"),
    (lambda: 7 in grundy.Basis([3, 5, 9]), ["basis", "contains", 7, 3, 5, 9], "contains"),
]


@pytest.mark.parametrize("f,args,field", SCALARS, ids=[" ".join(map(str, a[:2])) for _, a, _ in SCALARS])
def test_scalar_is_cli(cli, f, args, field):
    want = cli(*args)[field]
    got = f()
    if isinstance(want, bool) or want is None:
        assert got == want
    else:
        assert got == int(want)


def test_rules_is_cli(cli):
    assert grundy.rules() == cli("rules")["rulesets"]


def test_call_is_cli(cli):
    # The raw call: the web API's JSON in, the CLI's document out.
    got = grundy.call("solve", {"ruleset": "dawson-kayles", "position": ["9", "10"]})
    assert comparable(got) == comparable(cli("solve", "dawson-kayles", 9, 10))


# Errors: the CLI's exit 2 is InputError or LimitError with the same message.
ERRORS = [
    (lambda: grundy.solve("nope", [1]), ["solve", "nope", 1], grundy.InputError),
    (lambda: grundy.solve("nim", ["x"]), ["solve", "nim", "x"], grundy.InputError),
    (lambda: grundy.nim.inv(0), ["nim", "inv", 0], grundy.InputError),
    (lambda: grundy.misere("0.07", max_heap=40, max_size=5), ["misere", "0.07", "--max-heap", 40, "--max-size", 5], grundy.LimitError),
]


@pytest.mark.parametrize("f,args,exc", ERRORS, ids=[" ".join(map(str, a)) for _, a, _ in ERRORS])
def test_errors_are_cli(cli, f, args, exc):
    p = cli(*args, raw=True)
    assert p.returncode == 2
    with pytest.raises(exc) as e:
        f()
    assert str(e.value) in p.stderr
    if exc is grundy.LimitError:
        assert e.value.limit and e.value.limit in p.stderr + str(e.value) + "max_size"
