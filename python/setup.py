"""Builds grundy's shared library (cmd/libgrundy, -buildmode=c-shared) with the Go toolchain.

The package lives in python/ of the grundy repository; the library is built from the repository
root, one directory up, into the package (grundy/libgrundy.so), so a wheel carries it. GO names
the go command (default: the first go on PATH).
"""

import os
import pathlib
import shutil
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent


def build_library(out: pathlib.Path) -> None:
    go = os.environ.get("GO") or shutil.which("go")
    if not go:
        raise SystemExit("grundy: building the shared library needs the Go toolchain (go on PATH, or GO=/path/to/go)")
    if not (ROOT / "go.mod").is_file() or not (ROOT / "cmd" / "libgrundy").is_dir():
        raise SystemExit(f"grundy: {ROOT} is not the grundy repository (pip install ./python from its root, without build isolation copying python/ elsewhere)")
    out.parent.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, CGO_ENABLED="1")
    subprocess.run([go, "build", "-trimpath", "-buildmode=c-shared", "-o", str(out), "./cmd/libgrundy"],
                   cwd=ROOT, env=env, check=True)
    header = out.with_suffix(".h")
    if header.exists():
        header.unlink()


class BuildPy(build_py):
    def run(self):
        super().run()
        build_library(pathlib.Path(self.build_lib).resolve() / "grundy" / "libgrundy.so")


class BinaryDistribution(Distribution):
    """The wheel holds a shared library: it is for this platform only."""

    def has_ext_modules(self):
        return True


setup(cmdclass={"build_py": BuildPy}, distclass=BinaryDistribution)
