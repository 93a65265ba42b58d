"""The exceptions of grundy: each error document of the library ({"error", "limit", "max"} with
its status) raises one of them."""

from __future__ import annotations

from typing import Any, Optional


class GrundyError(Exception):
    """An error answered by grundy. status is the web API's status for it (400, 422, 500, 503)."""

    def __init__(self, message: str, *, status: int = 500) -> None:
        super().__init__(message)
        self.status = status


class InputError(GrundyError, ValueError):
    """A malformed or impossible request (the command line exits 2; HTTP 400)."""


class LimitError(GrundyError):
    """Work over a named limit: limit is its name (max_seq, timeout, max_memory, …), max its value."""

    def __init__(self, message: str, *, status: int = 422, limit: Optional[str] = None, max: Any = None) -> None:
        super().__init__(message, status=status)
        self.limit = limit
        self.max = max


class CancelledError(GrundyError):
    """The computation was cancelled."""


class InternalError(GrundyError):
    """A failure that is not the caller's fault."""
