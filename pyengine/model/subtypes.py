"""Subtypes by category, read from CR 205.3 (data/subtypes.json, made by tools/gen_subtypes.py)."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources


@lru_cache(maxsize=1)
def table() -> dict[str, frozenset[str]]:
    """{category: subtypes} with categories artifact, battle, creature, enchantment, land,
    planeswalker, spell."""
    raw = json.loads(resources.files("pyengine").joinpath("data/subtypes.json").read_text("utf-8"))
    return {k: frozenset(v) for k, v in raw.items()}


@lru_cache(maxsize=None)
def category(word: str) -> str | None:
    """The category of a subtype (CR 205.3), or None if it is not one."""
    for cat, words in table().items():
        if word in words:
            return cat
    return None


def is_subtype(word: str) -> bool:
    """Whether ``word`` is a subtype listed in CR 205.3."""
    return category(word) is not None
