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
    "cmp_dynamic": "layers/cmp_dynamic.lp",
    "selectors_nested": "layers/selectors_nested.lp",
    "layers_core": "layers/core.lp",
    "layers_batch": "layers/batch.lp",
}

# the operations of each layer or sublayer (CR 613.1-613.4), loaded with layers_core
LAYER_FILES = {
    "l1a": "layers/l1_copy.lp", "l1b": "layers/l1_copy.lp", "l2": "layers/l2_control.lp",
    "l3": "layers/l3_text.lp", "l4": "layers/l4_type.lp", "l5": "layers/l5_color.lp",
    "l6": "layers/l6_ability.lp", "l7a": "layers/l7_pt.lp", "l7b": "layers/l7_pt.lp",
    "l7c": "layers/l7_pt.lp", "l7d": "layers/l7_pt.lp",
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


def layer(name: str) -> Path:
    """The encoding of layer or sublayer ``name`` (l1a .. l7d)."""
    return root() / LAYER_FILES[name]


def register(name: str, relative: str) -> None:
    """Add an entry point (each rules area registers its own)."""
    ENTRY_POINTS[name] = relative


def all_paths() -> list[Path]:
    """Every entry encoding and every layer file, once each."""
    names = sorted(set(ENTRY_POINTS.values()) | set(LAYER_FILES.values()))
    return [root() / name for name in names]
