"""Fixtures: the command line (built from this repository once per session, or GRUNDY_CLI) whose
--json every Python function is checked against."""

import json
import os
import pathlib
import re
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def cli(tmp_path_factory):
    """Runs `grundy ARGS --json` and returns its document (or, with stdin, its output)."""
    exe = os.environ.get("GRUNDY_CLI")
    if not exe:
        go = os.environ.get("GO") or shutil.which("go")
        if not go:
            pytest.fail("the CLI checks need the Go toolchain (or GRUNDY_CLI naming a built grundy)")
        exe = str(tmp_path_factory.mktemp("cli") / "grundy")
        subprocess.run([go, "build", "-o", exe, "./cmd/grundy"], cwd=ROOT, check=True)

    def run(*args, stdin=None, raw=False):
        p = subprocess.run([exe, *map(str, args)] + ([] if raw else ["--json"]), input=stdin, capture_output=True,
                           text=True, cwd=ROOT)
        if raw:
            return p
        assert p.returncode == 0, f"grundy {' '.join(map(str, args))}: {p.stderr}"
        return json.loads(p.stdout)

    return run


_TIMING = re.compile(r"^(seconds|kernels)$")


def comparable(doc):
    """A document without what differs from run to run (timings, the kernels a process picked)."""
    if isinstance(doc, dict):
        return {k: comparable(v) for k, v in doc.items() if not _TIMING.match(k)}
    if isinstance(doc, list):
        return [comparable(v) for v in doc]
    return doc
