"""Real cards by name: MTGJSON-format Oracle data compiled into the effect language.

``compiled(name)`` compiles one card (pyengine.oracle.compile); ``card(name)`` gives it as a
catalog card (pyengine.catalog.Card) whose ``unrecognised`` paragraphs say what was not
understood. The hand-written catalog comes first: pyengine.catalog.lookup falls back to this.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from pyengine.oracle import data

if TYPE_CHECKING:
    from pyengine.oracle.compile import Compiled

# the compiler (pyengine.oracle.compile and the effect templates it loads) is imported on the
# first card compiled: a scenario whose cards are all in the catalog never needs it

__all__ = ["Compiled", "card", "compiled", "reset", "suggest", "source"]


def source() -> str:
    """What the card data is (its format, version and date)."""
    return data.load().source


@lru_cache(maxsize=4096)
def compiled(name: str) -> Compiled | None:
    """The card called ``name`` (case-insensitive; a face's name or "Front // Back"),
    compiled; None if the data has no such card. Raises CardDataMissing without data."""
    found = data.load().get(name.strip().lower())
    if found is None:
        return None
    from pyengine.oracle.compile import compile_card

    return compile_card(found)


def __getattr__(name: str) -> Any:
    """``Compiled`` and ``compile_card``, imported when first asked for."""
    if name in ("Compiled", "compile_card"):
        from pyengine.oracle import compile as compiler

        return getattr(compiler, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@lru_cache(maxsize=4096)  # a game looks its objects' cards up for every batch of events
def card(name: str):  # type: ignore[no-untyped-def]
    """The compiled card as a catalog Card (one object per name until reset), or None."""
    got = compiled(name)
    if got is None:
        return None
    from pyengine.catalog import card_from_mapping

    return card_from_mapping(got.card, f"card data ({got.name})", got.unrecognised)


def suggest(name: str, n: int = 3) -> list[str]:
    """Close names ("did you mean")."""
    import difflib

    store = data.load()
    keys = store.names()
    low = name.strip().lower()
    words = re.findall(r"[\w']+", low)
    starts = [k for k in keys if k.startswith(low)][:n]
    starts = starts or [k for k in keys if all(w in re.findall(r"[\w']+", k) for w in words)][:n]
    near = [k for k in keys if abs(len(k) - len(low)) <= 3]  # a typo changes the length little
    close = starts or difflib.get_close_matches(low, near, n=n, cutoff=0.75)
    return [(c.full_name or c.name) for c in map(store.get, close) if c is not None]


def reset() -> None:
    """Forget the loaded data and compiled cards (after PYENGINE_CARDS changed)."""
    data.load.cache_clear()
    compiled.cache_clear()
    card.cache_clear()
