"""The library's manners: cancellation from Python, memory limits in process, threads, errors,
games on graphs, and the answers in a notebook."""

import _thread
import os
import signal
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import matplotlib
import networkx as nx
import numpy as np
import pytest

import grundy
from grundy import _lib
from conftest import ROOT

matplotlib.use("Agg")


def sigint_after(seconds):
    """A real Ctrl-C: SIGINT to this process after seconds."""
    t = threading.Timer(seconds, os.kill, (os.getpid(), signal.SIGINT))
    t.start()
    return t


@pytest.fixture
def python_handles_sigint():
    """Python's own Ctrl-C handling (KeyboardInterrupt) for the test, whatever the process
    inherited: a job a shell starts in the background begins with SIGINT ignored, and Python then
    leaves it ignored (and interrupt_main does nothing)."""
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, old)


@pytest.mark.parametrize("how", ["sigint", "sigint, progress shown", "interrupt_main", "sigint, here",
                                 "interrupt_main, here", "sigint, here, call", "sigint, another wakeup fd"])
def test_interrupt_cancels_within_a_second(how, python_handles_sigint, monkeypatch):
    # Ctrl-C in the main thread is KeyboardInterrupt: the computation in Go stops, the call
    # returns within a second, and the library goes on answering. A long octal run waits in slices
    # on the main thread, which cancels it. A short request computes on this thread ("here": the
    # long run taken for a short one, through a call of the table or, with grundy.call, in one
    # call) and the library hears of the signal through its wakeup pipe, so the call returns once
    # the computation notices: soon, but on a loaded machine later than a second, so only its
    # stopping (not its latency) is checked. When another wakeup descriptor is set (asyncio's),
    # every call waits in slices.
    progress = (lambda d, t: None) if "progress" in how else False
    here = "here" in how
    if here:
        monkeypatch.setattr(grundy._lib, "_SHORT_TO", 10**9)
    other = None
    if "another" in how:
        other = socket.socketpair()
        for s in other:
            s.setblocking(False)
        signal.set_wakeup_fd(other[1].fileno())
    if how.startswith("interrupt_main"):
        timer = threading.Timer(0.5, _thread.interrupt_main)
        timer.start()
    else:
        timer = sigint_after(0.5)
    start = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            if how.endswith("call"):
                grundy.call("octal", {"code": "0.6", "to": str(10**8)}, progress=False)
            else:
                grundy.octal("0.6", to=10**8, progress=progress)
        late = time.monotonic() - start - 0.5
        timer.join()
        # The whole run takes minutes.
        assert late < (10 if here else 1), f"returned {late:.2f} s after the interrupt"
        monkeypatch.undo()
        assert grundy.solve("nim", [1, 2]).value == 3
        assert grundy.octal("0.6", to=100).computed_to == 100
        # Python's own handling of Ctrl-C is untouched, and so is the wakeup descriptor.
        with pytest.raises(KeyboardInterrupt):
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(2)
    finally:
        fd = signal.set_wakeup_fd(-1)
    if other is None:
        assert fd == -1
    else:
        assert fd == other[1].fileno() and other[0].recv(64) == bytes([signal.SIGINT]) * 2
        for s in other:
            s.close()


def test_signals_during_short_calls(python_handles_sigint):
    # Signals that arrive while the main thread makes many short calls: another signal's Python
    # handler runs and no answer is cancelled or wrong; Ctrl-C raises KeyboardInterrupt within
    # the loop, and the library goes on answering.
    got = []
    old = signal.signal(signal.SIGUSR1, lambda *_: got.append(1))
    stop = threading.Event()

    def send():
        while not stop.wait(0.001):
            os.kill(os.getpid(), signal.SIGUSR1)

    t = threading.Thread(target=send)
    t.start()
    try:
        for k in range(3000):
            assert grundy.solve("nim", [k, 5]).value == k ^ 5
    finally:
        stop.set()
        t.join()
        signal.signal(signal.SIGUSR1, old)
    assert len(got) > 10
    timer = sigint_after(0.3)
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        for k in range(10**7):
            grundy.solve("nim", [k, 5])
    timer.join()
    assert time.monotonic() - start < 1.3
    assert grundy.solve("kayles", [3, 5, 7], misere=True).outcome == "N"
    assert signal.set_wakeup_fd(-1) == -1


def test_fork_is_a_clear_error():
    # Go's runtime does not survive fork: a child forked after the import is told so, at its
    # first call, instead of hanging; the parent goes on answering.
    assert grundy.solve("nim", [1]).value == 1
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: report what each call did, and leave without cleaning up
        os.close(r)
        out = []
        for f in (lambda: grundy.solve("nim", [1]), lambda: grundy.octal("0.6", to=10),
                  lambda: grundy.nim.mul(2, 3)):
            try:
                f()
                out.append("answered")
            except grundy.GrundyError as e:
                out.append(str(e))
            except BaseException as e:  # noqa: BLE001 (told to the parent)
                out.append(f"{type(e).__name__}: {e}")
        os.write(w, "\n".join(out).encode())
        os._exit(0)
    os.close(w)
    deadline = time.monotonic() + 20
    while (done := os.waitpid(pid, os.WNOHANG))[0] == 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    if done[0] == 0:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        pytest.fail("the forked child hung")
    with os.fdopen(r) as f:
        lines = f.read().split("\n")
    assert len(lines) == 3 and all("forked" in m and "spawn" in m for m in lines), lines
    assert grundy.solve("nim", [2, 3]).value == 1


def test_which_calls_wait_in_slices():
    # On the main thread a call computes there, unless it may run long (a sequence past 2^16 or
    # without an end, a guess: slices move a bar, unless progress=False, and cancel at once) or a
    # callback asks for progress.
    from grundy._lib import _slices

    cb = lambda d, t: None  # noqa: E731
    for endpoint, req, progress, want in [("solve", {}, None, False), ("misere", {}, None, False),
                                          ("octal", {"to": "100"}, None, False), ("seq", {"to": "65536"}, None, False),
                                          ("octal", {"to": "65537"}, None, True), ("octal", {}, None, True),
                                          ("octal", {"to": "0x"}, None, True), ("guess", {"to": "10"}, None, True),
                                          ("guess", {}, False, True), ("octal", {}, False, True),
                                          ("seq", {"to": "100"}, False, False), ("script", {"to": "10"}, False, False),
                                          ("solve", {}, cb, True), ("octal", {"to": "5"}, cb, True)]:
        assert _slices(endpoint, req, progress) == want, (endpoint, req, progress)


def test_timeout():
    start = time.monotonic()
    with pytest.raises(grundy.LimitError) as e:
        grundy.octal("0.6", to=10**8, timeout=0.3, progress=False)
    assert e.value.limit == "timeout" and time.monotonic() - start < 3
    with pytest.raises(ValueError):
        grundy.octal("0.6", to=10, timeout=-1)


def test_memory_limits_in_process():
    # Octal's own budget refuses, before computing, a "to" whose values do not fit.
    with pytest.raises(grundy.LimitError) as e:
        grundy.octal("0.6", to=10**9, max_memory=16)
    assert e.value.limit == "max_seq" and "max_memory=" in str(e.value)
    # Any other computation: the watch on the process's growth cancels it past max_memory.
    n = 1_000_000
    edges = [(i + 1, i) for i in range(n - 1)]
    with pytest.raises(grundy.LimitError) as e:
        grundy.graph(edges, max_memory=4)
    assert e.value.limit == "max_memory" and e.value.max == 4
    assert grundy.graph(edges[:1000]).acyclic  # and the library is usable afterwards
    # A limit past 2^60 bytes would wrap in the C call's int64 and mean no limit: refused.
    for bad in (0, -1, True, 2.5, "2X", "", "0M", "2E", 1 << 41, 1 << 70):
        with pytest.raises(ValueError, match="max_memory"):
            grundy.solve("nim", [1, 2], max_memory=bad)
    assert grundy.solve("nim", [1, 2], max_memory=1 << 40).value == 3
    # A size as --max-memory reads it, by the library's own reader.
    assert _lib._bytes("2G") == 2 << 30 and _lib._bytes("512m") == 512 << 20 and _lib._bytes("64") == 64 << 20
    assert _lib._bytes("1073741824B") == 1 << 30
    assert grundy.solve("nim", [1, 2], max_memory="1G").value == 3
    with pytest.raises(grundy.LimitError) as e:
        grundy.octal("0.6", to=10**9, max_memory="16M")
    assert e.value.limit == "max_seq"


def test_threads_agree():
    jobs = [("solve", {"ruleset": "kayles", "position": [str(k), "5", "7"], "misere": True}) for k in range(1, 9)]
    jobs += [("octal", {"code": "0.6", "to": str(2000 + k)}) for k in range(8)]
    jobs += [("misere", {"game": "0.07", "max_heap": str(k)}) for k in range(6, 12)]
    jobs += [("nim", {"op": "inv", "args": [str(k)]}) for k in range(1, 9)]
    strip = lambda d: {k: v for k, v in d.items() if k not in ("seconds", "kernels")}
    serial = [strip(grundy.call(e, r)) for e, r in jobs]
    with ThreadPoolExecutor(8) as pool:
        for _ in range(3):
            assert [strip(d) for d in pool.map(lambda j: grundy.call(*j), jobs)] == serial
    a = np.arange(1 << 16, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
    want = grundy.nim.mul(a, a[::-1].copy())
    with ThreadPoolExecutor(4) as pool:
        for got in pool.map(lambda _: grundy.nim.mul(a, a[::-1].copy()), range(8)):
            assert np.array_equal(got, want)


def test_errors():
    assert issubclass(grundy.InputError, ValueError)
    with pytest.raises(grundy.InputError):
        grundy.call("frobnicate", {})
    with pytest.raises(grundy.InputError):
        grundy.call("solve", {"ruleset": "nim", "colour": "red"})
    with pytest.raises(grundy.LimitError) as e:
        grundy.misere("0.07", max_heap=40, max_size=5)
    assert e.value.limit == "max_size" and e.value.status == 422
    with pytest.raises(TypeError):
        grundy.solve(3, [1])
    with pytest.raises(TypeError):
        grundy.solve("nim", [1], script="x")
    with pytest.raises(TypeError):
        grundy.octal(7)
    with pytest.raises(ValueError):
        grundy.seq("lasker", to=-5)
    with pytest.raises(TypeError):
        grundy.solve("subtract", [5], flags={"set": 1.5})
    with pytest.raises(TypeError):
        grundy.count(10, "23")


def mex_values(g):
    vals = {}
    for v in reversed(list(nx.topological_sort(g))):
        opts = {vals[w] for w in g.successors(v)}
        vals[v] = next(k for k in range(len(opts) + 1) if k not in opts)
    return vals


def test_graph_acyclic_is_mex():
    rng = np.random.default_rng(5)
    for trial in range(20):
        n = int(rng.integers(1, 60))
        g = nx.DiGraph()
        g.add_nodes_from(f"v{i}" for i in range(n))
        for _ in range(int(rng.integers(0, 3 * n))):
            a, b = sorted(rng.integers(0, n, size=2).tolist())
            if a != b:
                g.add_edge(f"v{b}", f"v{a}")
        r = grundy.graph(g)
        assert r.acyclic and r.as_dict() == mex_values(g)
        assert r.grundy().tolist() == [mex_values(g)[v] for v in r.nodes]
        assert r.outcomes == "".join("P" if mex_values(g)[v] == 0 else "N" for v in r.nodes)


def test_graph_cycles():
    # a ↔ b, b → c: b wins by moving to c, so a loses; d ↔ e alone is a draw; f loops and can
    # escape to c, a first-player win of value ∞{0}.
    r = grundy.graph([("a", "b"), ("b", "a"), ("b", "c"), ("d", "e"), ("e", "d"), ("f", "f"), ("f", "c")])
    assert not r.acyclic
    assert r.as_dict() == {"a": 0, "b": 1, "c": 0, "d": grundy.Loopy(), "e": grundy.Loopy(), "f": grundy.Loopy((0,))}
    assert r.outcomes == "PNPDDN"
    assert r["f"].outcome == "N" and r["d"].outcome == "D"
    with pytest.raises(ValueError):
        r.grundy()
    with pytest.raises(TypeError):
        grundy.graph(nx.Graph([(1, 2)]))
    with pytest.raises(TypeError):
        grundy.graph([(1, 2, 3)])
    assert "loopy values" in r._repr_html_()


def test_notebook_manners(tmp_path):
    import matplotlib.pyplot as plt

    s = grundy.octal("0.137", to=500)
    assert s.proved and s.period == 34 and "period 34" in s._repr_html_()
    q = grundy.misere("0.07", max_heap=12)
    assert q.order == 12 and q.table.shape == (12, 12) and "<table>" in q._repr_html_()
    assert "<table>" in grundy.solve("nim", [3, 4]).__class__._repr_html_(grundy.solve("nim", [3, 4]))
    t = grundy.nim.table(64)
    assert t.table.shape == (64, 64) and t.table[2, 2] == 3
    for ans in (s, q, t):
        fig = plt.figure()
        ans.plot()
        fig.savefig(tmp_path / "p.png")
        plt.close(fig)
    assert (tmp_path / "p.png").stat().st_size > 1000


def test_progress_callback():
    # A callable is told (done, total) every tenth of a second while a long run goes on.
    seen = []
    with pytest.raises(grundy.LimitError):
        grundy.octal("0.6", to=10**8, timeout=1, progress=lambda d, t: seen.append((d, t)))
    assert seen and all(0 <= d <= t == 10**8 + 1 for d, t in seen), seen[:3]
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_guess_says_what_was_checked():
    """A proved period past the values given is checked on the engine's values, or not at all
    (a theory's rule): never a range that reads backwards."""
    k = grundy.guess("kayles", to=40)
    f = k.proved[0]
    assert f["checked_by"] == "engine" and 71 == f["checked_from"] <= f["checked_to"]
    assert "by the octal engine (its values equal those given on 0..40)" in k._repr_html_()
    las = grundy.guess("lasker", to=1)
    assert las.proved[0]["checked_by"] == "theory"
    assert "not checked: the values end at heap 1" in las._repr_html_()
    n = grundy.guess("kayles", to=300)
    assert n.proved[0]["checked_by"] == "values" and "71..300" in n._repr_html_()


def test_guess_proved_only_by_a_theorem():
    """A ruleset's rule is proved by its theory; the same game as a script gives conjectures only,
    and subtract-a-square gives no rule at all."""
    k = grundy.guess("kayles", to=300)
    assert k.shape == "one-heap" and k.checked_to == 300
    assert [f["key"] for f in k.proved][:1] == ["period 12 from 71"]
    assert "octal periodicity theorem" in k.proved[0]["proof"]
    src = "def moves(n):\n    return [n - s for s in [1, 2] if s <= n]\n"
    s = grundy.guess(script=src, to=300)
    assert s.proved == [] and s.findings[0]["key"] == "n mod 3"
    assert all(f["status"] == "conjecture" for f in s.findings)
    sq = grundy.guess(script=(ROOT / "examples" / "subtract-square.star").read_text(), to=500)
    assert sq.findings == [] and "no rule found" in sq._repr_html_()
    with pytest.raises(grundy.InputError):
        grundy.guess("staircase")
