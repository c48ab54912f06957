"""A cache on disk of the parsed, transformed and analysed encodings.

Parsing every encoding, splitting the layer engine's worlds (pyengine/layers/worlds.py) and
analysing each statement for pruning (pyengine/relevance.py) costs about 9 s of CPU (measured,
asp/README.md "Performance"), once per process: ``pyengine check`` paid it before its first
scenario, every ``pyengine solve`` paid the part it used. What it computes depends only on the
encodings and on the code that computes it, so it is kept on disk: each entry holds the
statements' text (parsed again: a few milliseconds), their file positions and their analyses,
and is keyed by a hash of every file under the encodings' folder (files elsewhere are not
kept), of the modules that parse, transform and analyse, and of clingo's version. A stale
or unreadable entry is never used.

The folder is ``$PYENGINE_CACHE_DIR``, else ``$XDG_CACHE_HOME/pyengine``, else
``~/.cache/pyengine``, one subfolder per version of the encodings and code (the four most
recent are kept); ``PYENGINE_CACHE_DIR=off`` turns the cache off.
"""

from __future__ import annotations

import hashlib
import logging
import os
import pickle
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

import clingo
from clingo import ast

log = logging.getLogger(__name__)

_VERSION = 1


def folder() -> Path | None:
    """Where entries are kept (None: the cache is off)."""
    given = os.environ.get("PYENGINE_CACHE_DIR")
    if given is not None:
        return None if given.strip().lower() in ("", "off", "0", "none") else Path(given)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "pyengine"


@lru_cache(maxsize=1)
def _fingerprint() -> str:
    """A hash of every encoding file, of the code that parses, transforms and analyses them,
    and of clingo's version."""
    from pyengine import encodings

    digest = hashlib.sha256(f"{_VERSION} {clingo.__version__} {sys.version_info[:2]}".encode())
    root = encodings.root()
    for p in sorted(root.rglob("*.lp")):
        digest.update(str(p.relative_to(root)).encode() + b"\0" + p.read_bytes() + b"\0")
    here = Path(__file__).resolve().parent
    for module in ("parsecache.py", "solver.py", "relevance.py", "scc.py", "layers/worlds.py"):
        digest.update((here / module).read_bytes())
    return digest.hexdigest()[:32]


def _entry(path: str, transform: Callable[..., Any] | None) -> Path | None:
    where = folder()
    if where is None:
        return None
    from pyengine import encodings

    try:  # only the encodings (their includes are hashed in the fingerprint)
        Path(path).resolve().relative_to(encodings.root().resolve())
    except ValueError:
        return None
    name = "none" if transform is None else f"{transform.__module__}.{transform.__qualname__}"
    key = hashlib.sha256(f"{os.path.abspath(path)} {name}".encode()).hexdigest()[:40]
    return where / _fingerprint() / f"{key}.pickle"


KEEP = 4  # the entries of this many versions of the encodings and code are kept


def _prune(where: Path) -> None:
    """Remove the entries of all but the :data:`KEEP` most recently written versions."""
    versions = sorted((d for d in where.iterdir() if d.is_dir()), key=lambda d: d.stat().st_mtime,
                      reverse=True)
    for old in versions[KEEP:]:
        for f in old.iterdir():
            f.unlink(missing_ok=True)
        old.rmdir()


def load(path: str, transform: Callable[..., Any] | None) -> tuple[tuple[ast.AST, ...], list[tuple]] | None:
    """The statements of ``path`` (transformed) and their analyses, if an entry for the
    encodings and code as they are now exists; None otherwise."""
    try:
        entry = _entry(path, transform)
        if entry is None or not entry.exists():
            return None
        with open(entry, "rb") as f:
            texts, places, analyses = pickle.load(f)
        parsed: list[ast.AST] = []
        ast.parse_string("\n".join(texts), parsed.append)
        parsed = parsed[1:]  # parse_string begins with its own "#program base."
        if not len(parsed) == len(texts) == len(places) == len(analyses):
            return None
        for stm, place in zip(parsed, places, strict=True):
            (f1, l1, c1), (f2, l2, c2) = place
            # set in place (the statements are this call's own): update() would build a copy
            stm.location = ast.Location(ast.Position(f1, l1, c1), ast.Position(f2, l2, c2))
        return tuple(parsed), analyses
    except Exception:  # a broken entry is only a missed chance
        log.debug("parse cache: cannot read the entry of %s", path, exc_info=True)
        return None


def store(path: str, transform: Callable[..., Any] | None, statements: tuple[ast.AST, ...],
          analyses: list[tuple]) -> None:
    """Keep the statements of ``path`` and their analyses (quietly nothing if that fails)."""
    try:
        entry = _entry(path, transform)
        if entry is None:
            return
        texts = [str(s) for s in statements]
        places = [((s.location.begin.filename, s.location.begin.line, s.location.begin.column),
                   (s.location.end.filename, s.location.end.line, s.location.end.column)) for s in statements]
        entry.parent.mkdir(parents=True, exist_ok=True)
        import tempfile  # only when an entry is written

        with tempfile.NamedTemporaryFile("wb", dir=entry.parent, delete=False, suffix=".tmp") as f:
            pickle.dump((texts, places, analyses), f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(f.name, entry)
        _prune(entry.parent.parent)
    except Exception:
        log.debug("parse cache: cannot write the entry of %s", path, exc_info=True)
