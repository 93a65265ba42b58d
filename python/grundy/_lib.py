"""The shared library and the call machinery: requests as JSON documents, errors as exceptions,
cancellation on KeyboardInterrupt, progress with tqdm.

A call computes on the calling thread, in one call into the library (the cheapest way). On the main
thread, where Python raises KeyboardInterrupt, the library's wakeup pipe is the descriptor of
signal.set_wakeup_fd while the call runs: CPython's C signal handler writes the signal's number to it
(for Ctrl-C, and for _thread.interrupt_main) even while this thread is inside the library, and the
library then cancels the computation; KeyboardInterrupt is raised as the call returns (once the
computation has noticed). A request that may run long (seq and octal past 2^16 heaps, guess) or that
asks for a progress callback instead computes on a thread of the library while the main thread waits
in slices of 100 ms, moving a progress bar between two slices and cancelling at once on Ctrl-C."""

from __future__ import annotations

import _thread
import ctypes
import json
import os
import pathlib
import signal
import threading
import time
from typing import Any, Optional, Union

from .errors import CancelledError, GrundyError, InputError, InternalError, LimitError

_PATH = pathlib.Path(os.environ.get("GRUNDY_LIBRARY", pathlib.Path(__file__).with_name("libgrundy.so")))

_u64, _i64, _size = ctypes.c_uint64, ctypes.c_int64, ctypes.c_size_t
_cstr = ctypes.c_char_p


def _load() -> ctypes.CDLL:
    try:
        lib = ctypes.CDLL(str(_PATH))
    except OSError as e:
        raise ImportError(f"grundy: cannot load the shared library {_PATH}: {e} (pip install ./python builds it)") from e
    out = [ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(_size)]
    lib.grundy_call.restype = ctypes.c_int
    lib.grundy_call.argtypes = [_cstr, ctypes.c_void_p, _size, _i64, _u64, _i64] + out
    lib.grundy_wakeup_fd.restype = ctypes.c_int
    lib.grundy_wakeup_fd.argtypes = []
    lib.grundy_interrupts.restype = ctypes.c_void_p
    lib.grundy_interrupts.argtypes = []
    lib.grundy_begin.restype = _u64
    lib.grundy_begin.argtypes = []
    lib.grundy_cancel.argtypes = [_u64]
    lib.grundy_end.argtypes = [_u64]
    lib.grundy_progress.argtypes = [_u64, ctypes.POINTER(_i64), ctypes.POINTER(_i64)]
    lib.grundy_run.restype = ctypes.c_int
    lib.grundy_run.argtypes = [_u64, _cstr, ctypes.c_void_p, _size, _i64, _u64, ctypes.c_int, _i64, _i64] + out
    lib.grundy_wait.restype = ctypes.c_int
    lib.grundy_wait.argtypes = [_u64, _i64] + out
    lib.grundy_values.restype = ctypes.c_int
    lib.grundy_values.argtypes = [_u64, ctypes.POINTER(_size), ctypes.POINTER(_u64)]
    lib.grundy_copy_values.restype = ctypes.c_int
    lib.grundy_copy_values.argtypes = [_u64, ctypes.c_void_p, ctypes.c_int, _size, ctypes.POINTER(ctypes.c_void_p)]
    lib.grundy_nim_mul.restype = ctypes.c_int
    lib.grundy_nim_mul.argtypes = [_u64, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, _size,
                                   ctypes.POINTER(ctypes.c_void_p)]
    lib.grundy_memory.restype = ctypes.c_int
    lib.grundy_memory.argtypes = [_cstr, ctypes.POINTER(_u64), ctypes.POINTER(ctypes.c_void_p)]
    lib.grundy_free.argtypes = [ctypes.c_void_p]
    return lib


LIB = _load()
_CALL, _RUN, _FREE = LIB.grundy_call, LIB.grundy_run, LIB.grundy_free
_byref, _string_at, _dumps = ctypes.byref, ctypes.string_at, json.dumps

# The main thread waits for an answer in slices of this many milliseconds when it shows progress
# (between two slices the bar moves, and Ctrl-C, raised only between two calls into C, cancels).
_SLICE_MS = 100

# The endpoints whose computations report progress, and the largest "to" of a sequence that is
# computed without a progress bar unless a callback asks for one.
_PROGRESSING = frozenset(("seq", "octal", "guess"))
_SHORT_TO = 1 << 16

_MAIN = threading.main_thread().ident
_ident = _thread.get_ident

# The library's wakeup pipe (-1: none, on systems without signals) and its count of interrupts.
_WAKE = LIB.grundy_wakeup_fd()
_SEEN = ctypes.c_uint64.from_address(LIB.grundy_interrupts())
_set_wakeup_fd = signal.set_wakeup_fd

# Go's runtime does not survive fork: a child forked after the library was loaded has none of its
# threads. Such a child is told so at its first call instead of hanging.
_forked = False


def _mark_forked() -> None:
    global _forked
    _forked = True


os.register_at_fork(after_in_child=_mark_forked)


def _usable() -> None:
    """Raises GrundyError in a process forked from one that had loaded the library."""
    if _forked:
        raise GrundyError("grundy cannot run in a process forked after grundy was imported (fork copies "
                          "none of the Go runtime's threads): start worker processes with the 'spawn' "
                          "method (multiprocessing.get_context('spawn'), ProcessPoolExecutor(mp_context=...)) "
                          "or import grundy only in the workers", status=500)


def _interruptible() -> Optional[int]:
    """On the main thread: hands the library's wakeup pipe to Python's signal handler and returns
    the count of interrupts before it (the caller gives the pipe back with _set_wakeup_fd(-1)), or
    None when this cannot be done (no pipe; another wakeup descriptor set, by asyncio for one,
    which is left in place)."""
    if _WAKE < 0:
        return None
    seen = _SEEN.value
    try:
        old = _set_wakeup_fd(_WAKE, warn_on_full_buffer=False)
    except ValueError:  # not the main interpreter
        return None
    except KeyboardInterrupt:  # Ctrl-C came before the pipe was handed over: give it back
        _set_wakeup_fd(-1)
        raise
    if old != -1 and old != _WAKE:
        _set_wakeup_fd(old)
        return None
    return seen


def _slices(endpoint: str, request: dict, progress: Any) -> bool:
    """Whether a call on the main thread waits in slices rather than computing on the calling
    thread: when a callback asks for progress, and for a request that may run long (a sequence past
    2^16 or without an end, a guess), where the slices move a progress bar (unless progress=False)
    and Ctrl-C cancels the computation at once from this thread."""
    if callable(progress):
        return True
    if endpoint not in _PROGRESSING:
        return False
    if endpoint == "guess":
        return True
    to = request.get("to")
    try:
        return to is None or int(to, 0) > _SHORT_TO
    except (TypeError, ValueError):
        return True


def take_message(p: ctypes.c_void_p) -> str:
    """The C string p as text, freed."""
    try:
        return ctypes.string_at(p).decode()
    finally:
        LIB.grundy_free(p)


def _error(status: int, doc: dict) -> GrundyError:
    msg = doc.get("error", "unknown error")
    if status == 422:
        return LimitError(msg, status=status, limit=doc.get("limit"), max=doc.get("max"))
    if status in (400, 404):
        return InputError(msg, status=status)
    if status == 503:
        return CancelledError(msg, status=status)
    return InternalError(msg, status=status)


def _ms(timeout: Optional[float]) -> int:
    if timeout is None:
        return 0
    if not isinstance(timeout, (int, float)) or isinstance(timeout, bool) or timeout <= 0:
        raise ValueError(f"timeout must be a positive number of seconds, not {timeout!r}")
    return max(1, int(timeout * 1000))


def _bytes(max_memory: Optional[Union[int, str]]) -> int:
    if max_memory is None:
        return 0
    if isinstance(max_memory, str):
        # A size as the command line's --max-memory reads it ("512M", "2G"), by the same code.
        out, err = _u64(), ctypes.c_void_p()
        if LIB.grundy_memory(max_memory.encode(), ctypes.byref(out), ctypes.byref(err)):
            raise ValueError(f"max_memory {take_message(err)}")
        return out.value
    if not isinstance(max_memory, int) or isinstance(max_memory, bool) or max_memory <= 0:
        raise ValueError(f"max_memory must be a positive number of MiB, not {max_memory!r}")
    if max_memory > 1 << 40:  # 2^60 bytes, the command line's largest --max-memory
        raise ValueError(f"max_memory is at most 2^40 MiB (2^60 bytes, as --max-memory), not {max_memory}")
    return max_memory << 20


class Call:
    """One call of the library: begin, run (once), read kept values, end."""

    def __init__(self) -> None:
        _usable()
        self.id = LIB.grundy_begin()

    def close(self) -> None:
        if self.id:
            LIB.grundy_end(self.id)
            self.id = 0

    def __enter__(self) -> "Call":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def cancel(self) -> None:
        LIB.grundy_cancel(self.id)

    def progress(self) -> tuple[int, int]:
        d, t = _i64(), _i64()
        LIB.grundy_progress(self.id, ctypes.byref(d), ctypes.byref(t))
        return d.value, t.value

    def run(self, endpoint: str, request: dict, *, timeout: Optional[float] = None, max_memory: Optional[int] = None,
            keep_values: bool = False, progress: Any = None) -> dict:
        """Answers request (a dict, the web API's JSON) of endpoint; raises the error's exception."""
        body = json.dumps(request).encode()
        args = (self.id, endpoint.encode(), body, len(body), _ms(timeout), _bytes(max_memory), int(keep_values))
        doc, n = ctypes.c_void_p(), _size()
        try:
            if _ident() != _MAIN:
                status = _RUN(*args, -1, -1, ctypes.byref(doc), ctypes.byref(n))
            elif not _slices(endpoint, request, progress) and (seen := _interruptible()) is not None:
                try:
                    status = _RUN(*args, -1, seen, ctypes.byref(doc), ctypes.byref(n))
                finally:
                    _set_wakeup_fd(-1)
            else:
                status = _RUN(*args, _SLICE_MS, -1, ctypes.byref(doc), ctypes.byref(n))
                if status == 0:
                    status = self._wait(doc, n, progress)
            data = ctypes.string_at(doc, n.value)
        finally:
            if doc:
                _FREE(doc)
        return _answer(status, data)

    def _wait(self, doc: ctypes.c_void_p, n: ctypes.c_size_t, progress: Any) -> int:
        """Waits in slices for the answer of the running request; on KeyboardInterrupt cancels it,
        waits for the library to stop it (within 2 s) and raises."""
        bar = None
        start = time.monotonic()
        status = 0
        try:
            while status == 0:
                status = LIB.grundy_wait(self.id, _SLICE_MS, ctypes.byref(doc), ctypes.byref(n))
                if status == 0 and (callable(progress) or progress is None and time.monotonic() - start > 1):
                    bar = _tick(bar, self.progress(), progress)
        except KeyboardInterrupt:
            self.cancel()
            if status == 0:
                LIB.grundy_wait(self.id, -1, ctypes.byref(doc), ctypes.byref(n))
            raise
        finally:
            if bar is not None:
                bar.close()
        return status

    def values(self, dtype=None):
        """The values the run kept (keep_values), as a NumPy array of the narrowest of uint16,
        uint32, uint64 that holds them (or dtype)."""
        import numpy as np

        n, top = _size(), _u64()
        if not LIB.grundy_values(self.id, ctypes.byref(n), ctypes.byref(top)):
            return None
        if dtype is None:
            dtype = np.uint16 if top.value < 1 << 16 else np.uint32 if top.value < 1 << 32 else np.uint64
        out = np.empty(n.value, dtype=dtype)
        err = ctypes.c_void_p()
        if LIB.grundy_copy_values(self.id, out.ctypes.data, out.itemsize, out.size, ctypes.byref(err)):
            raise InternalError(take_message(err), status=500)
        return out


def _tick(bar, dt: tuple[int, int], progress: Any):
    done, total = dt
    if total <= 0:
        return bar
    if bar is None:
        if progress is None:
            try:
                import ipywidgets  # noqa: F401  (a widget bar in notebooks that have it)
                from tqdm.auto import tqdm
            except ImportError:
                try:
                    from tqdm import tqdm
                except ImportError:
                    return None
            bar = tqdm(total=total, unit="heap", leave=False)
        elif callable(progress):
            progress(done, total)
            return None
        else:
            return None
    bar.total = total
    bar.update(done - bar.n)
    return bar


_scan = json.JSONDecoder().scan_once  # one JSON value from an index of a str, without json.loads' checks


def _answer(status: int, data: bytes) -> dict:
    """The answer document data (one JSON object and a newline), or its error raised."""
    text = data.decode()
    try:
        out, end = _scan(text, 0)
        whole = not text[end:].strip()
    except StopIteration:
        whole = False
    if not whole:  # not one document: json.loads says what is wrong
        out = json.loads(text)
    if status != 200:
        raise _error(status, out)
    return out


def call(endpoint: str, request: dict, *, timeout: Optional[float] = None, max_memory: Optional[int] = None,
         progress: Any = None) -> dict:
    """Answers a request of the web API's JSON by its endpoint ("solve", "seq", "octal", "misere",
    "nim", "basis", "count", "script", "play", "guess", "graph", "rules") and returns the answer
    document, as `grundy … --json` prints it. Errors raise InputError, LimitError, CancelledError
    or InternalError. timeout (seconds) and max_memory (MiB) are the command line's --timeout and
    --max-memory. progress is as for grundy.octal (seq, octal and guess report progress)."""
    if _forked:
        _usable()
    main = _ident() == _MAIN
    if main and (endpoint in _PROGRESSING or progress is not None) and _slices(endpoint, request, progress):
        with Call() as c:
            return c.run(endpoint, request, timeout=timeout, max_memory=max_memory, progress=progress)
    body = _dumps(request).encode()
    ms = 0 if timeout is None else _ms(timeout)
    mem = 0 if max_memory is None else _bytes(max_memory)
    doc, n = ctypes.c_void_p(), _size()
    try:
        if not main:
            status = _CALL(endpoint.encode(), body, len(body), ms, mem, -1, _byref(doc), _byref(n))
        else:
            seen = _interruptible()
            if seen is None:  # no pipe of ours for the signal handler: slices, which can cancel
                with Call() as c:
                    return c.run(endpoint, request, timeout=timeout, max_memory=max_memory, progress=progress)
            try:
                status = _CALL(endpoint.encode(), body, len(body), ms, mem, seen, _byref(doc), _byref(n))
            finally:
                _set_wakeup_fd(-1)
        data = _string_at(doc, n.value)
    finally:
        if doc:
            _FREE(doc)
    return _answer(status, data)
