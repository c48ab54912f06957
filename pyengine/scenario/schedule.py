"""The order in which ``pyengine check`` hands scenarios to its workers: longest first.

The workers take the next scenario as each finishes, so the run ends when the last one
started ends; starting with the longest (and ending with the shortest) lets every worker
finish at about the same time. How long each scenario takes is what it took in the last
runs, kept on disk next to the parse cache (:func:`pyengine.parsecache.folder`, a file of
seconds by file path: ``check-times.json``); a scenario never timed counts as long (its
place in the input order decides among those). Without a record (the first run, or the
cache turned off) the order is the input order. The order changes no outcome: the
outcomes still come back in the input order, and each scenario's answer does not depend
on what ran before it in the same worker (what a worker keeps of earlier answers is only
ever the answer a new call would give).
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path

from pyengine import parsecache

log = logging.getLogger(__name__)

RECORD = "check-times.json"
MAX_ENTRIES = 50_000  # scenario files remembered (the most recently timed are kept)


def _record() -> Path | None:
    where = parsecache.folder()
    return None if where is None else where / RECORD


def _key(path: str) -> str:
    return os.path.abspath(path)


def _load() -> dict[str, float]:
    """The seconds recorded by file (empty when there is no usable record)."""
    record = _record()
    if record is None:
        return {}
    try:
        with open(record, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: float(v) for k, v in data.items() if isinstance(k, str) and isinstance(v, (int, float))}


def longest_first(paths: Sequence[str]) -> list[int]:
    """The indices of ``paths`` in the order to run them: never timed first (in input
    order), then by the seconds recorded, longest first (ties in input order)."""
    known = _load()
    if not known:
        return list(range(len(paths)))
    inf = float("inf")
    return sorted(range(len(paths)), key=lambda i: -known.get(_key(paths[i]), inf))


def remember(timed: Iterable[tuple[str, float]]) -> None:
    """Record the seconds each file took (quietly nothing if the record cannot be written)."""
    record = _record()
    if record is None:
        return
    try:
        known = _load()
        for path, seconds in timed:
            key = _key(path)
            known.pop(key, None)  # re-inserted last: the most recently timed are kept
            known[key] = round(seconds, 4)
        if len(known) > MAX_ENTRIES:
            known = dict(list(known.items())[-MAX_ENTRIES:])
        record.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=record.parent, delete=False, suffix=".tmp",
                                         encoding="utf-8") as f:
            json.dump(known, f)
        os.replace(f.name, record)
    except Exception:  # a record not written is only a missed chance
        log.debug("cannot write the scenario times", exc_info=True)
