"""The only module that locates .lp files.

In a checkout, encodings live in the top-level ``asp/`` folder; in an installed wheel they are
packaged as ``pyengine/asp`` (pyproject's force-include).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

ENTRY_POINTS = {
    "layers": "layers/layers.lp",
    "final": "layers/final.lp",
    "fold": "layers/fold.lp",
    "cmp_dynamic": "layers/cmp_dynamic.lp",
}


@lru_cache(maxsize=1)
def root() -> Path:
    """The folder that holds the encodings."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "asp", here.parent / "asp"):
        if (candidate / "schema" / "input.lp").is_file():
            return candidate
    raise FileNotFoundError("cannot find the asp/ encodings next to the pyengine package")


def path(name: str) -> Path:
    """The entry encoding called ``name`` (see :data:`ENTRY_POINTS`)."""
    return root() / ENTRY_POINTS[name]


def register(name: str, relative: str) -> None:
    """Add an entry point (each rules area registers its own)."""
    ENTRY_POINTS[name] = relative
