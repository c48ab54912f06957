"""The parsed catalog kept on disk, next to the parsed encodings (pyengine/parsecache.py):
parsing the ~200 card files costs about 45 ms of CPU in every process that names a card,
reading the stored result back about 3 ms.

An entry is keyed by a hash of every card file (name and text), of every module of the
package (the card language is read by code across pyengine/lang and pyengine/model, so all
of it counts) and of Python's version; it lives in the parse cache's folder of the current
encodings and is pruned with it. ``PYENGINE_CACHE_DIR=off`` turns it off. A missing, stale
or unreadable entry is never used: the catalog is parsed as before."""

from __future__ import annotations

import hashlib
import logging
import os
import pickle
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

_VERSION = 1


@lru_cache(maxsize=1)
def _code() -> bytes:
    """A hash of every module of the package."""
    root = str(Path(__file__).resolve().parents[1])
    digest = hashlib.sha256(f"{_VERSION} {sys.version_info[:2]}".encode())
    # os.walk and open, not Path.rglob and read_bytes: half the CPU for the ~350 modules
    modules = [os.path.join(folder, name) for folder, _, names in os.walk(root)
               for name in names if name.endswith(".py")]
    start = len(root) + 1
    for path in sorted(modules):
        with open(path, "rb") as f:
            digest.update(path[start:].encode() + b"\0" + f.read() + b"\0")
    return digest.digest()


def _entry(files: list[tuple[str, str]]) -> Path | None:
    from pyengine import parsecache

    where = parsecache.folder()
    if where is None:
        return None
    digest = hashlib.sha256(_code())
    for name, text in files:
        digest.update(name.encode() + b"\0" + text.encode() + b"\0")
    return where / parsecache._fingerprint() / f"catalog-{digest.hexdigest()[:40]}.pickle"


def load(files: list[tuple[str, str]]) -> dict[str, Any] | None:
    """The catalog parsed from ``files``, if an entry for them and the code as it is exists."""
    try:
        entry = _entry(files)
        if entry is None or not entry.exists():
            return None
        with open(entry, "rb") as f:
            cards = pickle.load(f)
        return cards if isinstance(cards, dict) else None
    except Exception:  # a broken entry is only a missed chance
        log.debug("catalog cache: cannot read the entry", exc_info=True)
        return None


def store(files: list[tuple[str, str]], cards: dict[str, Any]) -> None:
    """Keep the catalog parsed from ``files`` (quietly nothing if that fails)."""
    try:
        entry = _entry(files)
        if entry is None:
            return
        entry.parent.mkdir(parents=True, exist_ok=True)
        import tempfile  # only when an entry is written

        with tempfile.NamedTemporaryFile("wb", dir=entry.parent, delete=False, suffix=".tmp") as f:
            pickle.dump(cards, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(f.name, entry)
    except Exception:
        log.debug("catalog cache: cannot write the entry", exc_info=True)
