"""The parsed catalog kept on disk, next to the parsed encodings (pyengine/parsecache.py):
parsing the ~200 card files costs about 45 ms of CPU in every process that names a card,
reading the stored result back about 3 ms.

An entry is keyed by a hash of every card file (name and text), of every module of the
package (the card language is read by code across pyengine/lang and pyengine/model, so all
of it counts) and of Python's version; it lives in the parse cache's folder of the current
encodings and is pruned with it. ``PYENGINE_CACHE_DIR=off`` turns it off. A missing, stale
or unreadable entry is never used: the catalog is parsed as before.

Each card is kept as its own pickle and read back when it is first asked for (a process
that names two cards does not rebuild the other ~200: about 13 ms of CPU)."""

from __future__ import annotations

import hashlib
import logging
import os
import pickle
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator, Mapping

log = logging.getLogger(__name__)

_VERSION = 2  # 2: each card its own pickle


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


class Cards(Mapping[str, Any]):
    """The catalog read back: each card by its key, unpickled when first asked for (and then
    kept: the same object every time)."""

    def __init__(self, kept: dict[str, bytes]) -> None:
        self._kept = kept
        self._cards: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Any:
        card = self._cards.get(key)
        if card is None:
            card = self._cards[key] = pickle.loads(self._kept[key])
        return card

    def __contains__(self, key: object) -> bool:
        return key in self._kept

    def __iter__(self) -> Iterator[str]:
        return iter(self._kept)

    def __len__(self) -> int:
        return len(self._kept)


def load(files: list[tuple[str, str]]) -> Mapping[str, Any] | None:
    """The catalog parsed from ``files``, if an entry for them and the code as it is exists."""
    try:
        entry = _entry(files)
        if entry is None or not entry.exists():
            return None
        with open(entry, "rb") as f:
            kept = pickle.load(f)
        if not isinstance(kept, dict) or not all(isinstance(v, bytes) for v in kept.values()):
            return None
        return Cards(kept)
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
            pickle.dump({key: pickle.dumps(card, protocol=pickle.HIGHEST_PROTOCOL)
                         for key, card in cards.items()}, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(f.name, entry)
    except Exception:
        log.debug("catalog cache: cannot write the entry", exc_info=True)
