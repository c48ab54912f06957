"""Subtypes by category, read from CR 205.3 (data/subtypes.json, made by tools/gen_subtypes.py)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=1)
def table() -> dict[str, frozenset[str]]:
    """{category: subtypes} with categories artifact, battle, creature, enchantment, land,
    planeswalker, spell."""
    # the package's own file, next to this module's folder (importlib.resources would import
    # tempfile and zipfile into every process for it)
    raw = json.loads((Path(__file__).resolve().parent.parent / "data" / "subtypes.json").read_text("utf-8"))
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


# CR 205.3: the card types each category of subtypes corresponds to (205.3d, 308.3 Kindred)
CORRESPONDS: dict[str, frozenset[str]] = {
    "artifact": frozenset({"Artifact"}),
    "battle": frozenset({"Battle"}),
    "creature": frozenset({"Creature", "Kindred"}),
    "enchantment": frozenset({"Enchantment"}),
    "land": frozenset({"Land"}),
    "planeswalker": frozenset({"Planeswalker"}),
    "spell": frozenset({"Instant", "Sorcery"}),
}


def corresponds(word: str, types: tuple[str, ...] | frozenset[str]) -> bool:
    """Whether subtype ``word`` corresponds to one of the card ``types`` (CR 205.3d)."""
    cat = category(word)
    return cat is not None and bool(CORRESPONDS[cat] & set(types))
