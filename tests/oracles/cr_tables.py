"""The oracles' own rules tables, written from the Comprehensive Rules, never imported from the
engine (tests/oracles/test_oracle_independence.py checks the imports).

Each table cites the rule it transcribes. The subtype lists are read from a verbatim copy of
CR 205.3g-q (cr_205_3.txt, next to this module) by this module's own reader, so that the engine's
table (pyengine/data/subtypes.json, tools/gen_subtypes.py) and the oracles' are two readings of
the same text.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

# --- CR 613.1, 613.4: layers and sublayers, in application order ---------------------------

LAYERS = ("1a", "1b", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d")

# the layer of each operation of the effect language (docs/effect-language.md), by CR 613.1:
# 1a copiable values (707.2), 2 control, 3 text (612), 4 card type, subtype and supertype,
# 5 color, 6 abilities (adding, removing, "can't have"), 7b setting P/T, 7c modifying, 7d switching
OP_LAYER = {
    "copy": "1a",
    "control": "2",
    "text_change": "3",
    "full_text": "3",  # 612.6: "the full text of" another object is a text-changing effect (613.1c)
    "set_types": "4",
    "add_types": "4",
    "remove_types": "4",
    "set_subtypes": "4",
    "add_subtypes": "4",
    "remove_subtypes": "4",
    "add_all_creature_types": "4",
    "remove_all_creature_types": "4",
    "set_supertypes": "4",
    "add_supertypes": "4",
    "remove_supertypes": "4",
    "set_colors": "5",
    "add_colors": "5",
    "add_abilities": "6",
    "add_activated_abilities_of": "6",
    "remove_abilities": "6",
    "lose_all_abilities": "6",
    "cant_have": "6",
    "set_pt": "7b",
    "modify_pt": "7c",
    "switch_pt": "7d",
}

# CR 613.10: effects on players (not characteristics, no layer) that the players oracle reads
PLAYER_OPS = frozenset({"players_gain", "players_lose", "max_hand_size", "land_plays", "cant_play_lands"})


def op_layer(kind: str, cda: bool) -> str | None:
    """The layer of an operation (None: not a characteristic-changing one). CR 613.4a: a
    characteristic-defining ability that defines power and/or toughness applies in 7a."""
    layer = OP_LAYER.get(kind)
    if layer == "7b" and cda:
        return "7a"
    return layer


def effect_layers(ops: tuple[Any, ...], cda: bool) -> tuple[str, ...]:
    """The layers an effect with these operations has parts in, in order (CR 613.6)."""
    found = {op_layer(op.kind, cda) for op in ops}
    return tuple(layer for layer in LAYERS if layer in found)


# --- CR 105.1 colors; 305.6 basic land types and their mana ----------------------------------

COLORS = ("white", "blue", "black", "red", "green")
# 305.6: "The basic land types are Plains, Island, Swamp, Mountain, and Forest. ... For Plains,
# [mana symbol] is {W}; for Islands, {U}; for Swamps, {B}; for Mountains, {R}; and for Forests, {G}."
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
BASIC_LAND_TYPES = tuple(BASIC_LAND_MANA)

# CR 506.1: the steps of the combat phase after the beginning of combat step (a creature is
# "attacking" or "blocking" only from the declare attackers step on, 506.3-506.4)
COMBAT_STEPS = frozenset(
    {"declare_attackers", "declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat"}
)

# --- CR 205.3: subtypes by category ----------------------------------------------------------

_SOURCE = Path(__file__).with_name("cr_205_3.txt")
_CATEGORY = {
    "205.3g": "artifact",
    "205.3h": "enchantment",
    "205.3i": "land",
    "205.3j": "planeswalker",
    "205.3k": "spell",
    "205.3m": "creature",
    "205.3q": "battle",
}


def _names(listing: str) -> list[str]:
    """``A, B (see rule 1), and C`` -> [A, B, C]."""
    listing = re.sub(r"\s*\(see rule[^)]*\)", "", listing)
    parts = re.split(r",\s*(?:and\s+)?|\s+and\s+", listing.strip())
    return [p.strip() for p in parts if p.strip()]


@lru_cache(maxsize=1)
def subtypes() -> dict[str, frozenset[str]]:
    """{category: subtypes}, read from the CR's sentences "The X types are ...", "That battle
    type is ...", and 205.3m's "two words long: Time Lord" / "one word long: ..."."""
    out: dict[str, set[str]] = {}
    for line in _SOURCE.read_text(encoding="utf-8").splitlines():
        rule, _, body = line.partition(" ")
        if rule not in _CATEGORY:
            continue
        found = out.setdefault(_CATEGORY[rule], set())
        for sentence in re.split(r"(?<=\.)\s+", body):
            sentence = sentence.rstrip(".")
            m = re.search(r"(?:^The [a-z]+ types are|^That [a-z]+ type is|words? long:)\s+(.*)$", sentence)
            if m:
                found.update(_names(m.group(1)))
    return {k: frozenset(v) for k, v in out.items()}


@lru_cache(maxsize=None)
def subtype_category(word: str) -> str | None:
    """The category of a subtype (CR 205.3), or None if the word is not one."""
    for cat, words in subtypes().items():
        if word in words:
            return cat
    return None


# --- CR 113.3b, 602.1, 702: activated abilities ------------------------------------------------

# keyword abilities that are activated abilities (each 702 rule says "[Keyword] [cost]" means
# "[Cost]: ..."); typecycling is cycling (702.29e)
ACTIVATED_KEYWORDS = (
    "equip", "fortify", "reinforce", "transmute", "ninjutsu", "commander ninjutsu", "unearth",
    "level up", "outlast", "scavenge", "embalm", "eternalize", "forecast", "transfigure",
    "aura swap", "crew", "encore", "craft", "saddle", "station",
)


def is_activated_text(text: str) -> bool:
    """CR 602.1: an activated ability is written "[Cost]: [Effect.] [Activation instructions
    (if any).]" -- a colon after a cost (one clause, no sentence ending before it) outside a
    quoted ability; and 702's activated keywords, cycling and typecycling (702.29)."""
    low = text.strip().lower()
    head = low.split(" ", 1)[0].rstrip(",.")
    if head.endswith("cycling"):
        return True
    for k in ACTIVATED_KEYWORDS:
        if low == k or low.startswith(k + " ") or low.startswith(k + "\u2014"):
            return True
    unquoted = low.split('"', 1)[0]
    cost, colon, _ = unquoted.partition(":")
    return bool(colon) and bool(cost.strip()) and "." not in cost
