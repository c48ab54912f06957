"""Drawing DOT text as SVG or PNG: with Graphviz's ``dot`` program when it is installed, else
with ``graphviz-pure`` (a pure-Rust port of ``dot`` on PyPI, a dependency of pyengine, whose
wheel installs a ``graphviz-pure`` program that takes ``dot``'s options), so pictures need
nothing beyond ``pip install``."""

from __future__ import annotations

import logging
import shutil
import subprocess
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path

from pyengine.errors import PyengineError, SolverTimeout

log = logging.getLogger(__name__)

FORMATS = ("svg", "png")
SYSTEM = "dot"  # Graphviz's own program
PURE = "graphviz-pure"  # the PyPI package's program


@dataclass(frozen=True)
class Renderer:
    """A program that draws DOT: ``name`` (``dot`` or ``graphviz-pure``) and where it is."""

    name: str
    path: str

    def describe(self) -> str:
        """One phrase for the log: which program drew the picture."""
        if self.name == SYSTEM:
            return "Graphviz's dot program (installed on the system)"
        return "graphviz-pure (the pure-Rust port of Graphviz's dot, from PyPI)"


def _pure_program() -> str | None:
    """graphviz-pure's program: on PATH, or among the scripts of this interpreter's
    environment (a virtual environment run without activating it)."""
    found = shutil.which(PURE)
    if found:
        return found
    for folder in {sysconfig.get_path("scripts"), str(Path(sys.executable).parent)}:
        found = shutil.which(PURE, path=folder)
        if found:
            return found
    return None


def available() -> list[Renderer]:
    """The renderers installed here, preferred first: the system's dot, then graphviz-pure."""
    out = []
    system = shutil.which(SYSTEM)
    if system:
        out.append(Renderer(SYSTEM, system))
    pure = _pure_program()
    if pure:
        out.append(Renderer(PURE, pure))
    return out


def choose() -> Renderer:
    """The renderer to use, or one line saying how to get one."""
    found = available()
    if not found:
        raise PyengineError("drawing .svg or .png needs Graphviz's 'dot' program or the Python "
                            "package graphviz-pure (pip install graphviz-pure); .dot output needs "
                            "nothing")
    return found[0]


def draw(dot: str, fmt: str, *, timeout: float = 120.0, renderer: Renderer | None = None) -> bytes:
    """``dot`` drawn as ``fmt`` (svg or png) by ``renderer`` (default: :func:`choose`); a
    drawing that takes more than ``timeout`` seconds is a :class:`SolverTimeout`."""
    if fmt not in FORMATS:
        raise PyengineError(f"can't draw {fmt!r}: expected one of {', '.join(FORMATS)}")
    r = renderer or choose()
    try:
        proc = subprocess.run([r.path, f"-T{fmt}"], input=dot.encode("utf-8"), capture_output=True,
                              timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        raise SolverTimeout(f"drawing the picture with {r.name}", timeout) from None
    except OSError as exc:
        raise PyengineError(f"{r.name} could not run: {exc.strerror or exc}") from None
    if proc.returncode != 0 or not proc.stdout:
        problem = proc.stderr.decode(errors="replace").strip()[:200] or f"exit {proc.returncode}"
        raise PyengineError(f"{r.name} failed: {problem}")
    log.info("picture drawn by %s", r.describe())
    return proc.stdout
