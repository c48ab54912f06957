"""Affinity (CR 702.41): "Affinity for [text]" means "This spell costs {1} less to cast for
each [text] you control." (702.41a), a static ability that functions while the spell is on the
stack: a cost reduction applied as the total cost is determined (601.2f), counted then on the
permanents the caster controls (after layers). A generic reduction reduces only the generic
part of the cost, never below zero (601.2f; asp/cast/cost.lp), so colored mana is still paid.
Two affinity abilities each reduce the cost (702.41b).

The keyword is ``{affinity: artifacts}`` (or another card type's plural, or a subtype's:
``{affinity: Equipment}``, ``{affinity: Islands}``): what the spell counts.
"""

from __future__ import annotations

from typing import Any

from pyengine.model import subtypes as subtype_table
from pyengine.model.enums import Zone

RULE = "702.41a"
_TYPES = {"artifacts": "Artifact", "creatures": "Creature", "enchantments": "Enchantment",
          "planeswalkers": "Planeswalker", "lands": "Land"}


def what(param: str) -> tuple[str, str] | None:
    """("type", "Artifact") for ``artifacts`` (a card type's plural); ("subtype", S) for a
    subtype's plural (or the subtype itself: Equipment); None otherwise."""
    word = param.strip()
    if word.lower() in _TYPES:
        return ("type", _TYPES[word.lower()])
    for cand in (word, word[:-1] if word.endswith("s") else word):
        cap = cand[:1].upper() + cand[1:]
        if subtype_table.category(cap) is not None:
            return ("subtype", cap)
    return None


def count(param: str, state: Any, result: Any, caster: str) -> int:
    """How many permanents the caster controls that ``param`` counts (702.41a)."""
    kind = what(param)
    if kind is None:
        return 0
    n = 0
    for x in state.objects:
        ch = result.objects.get(x.id)
        if x.zone != Zone.BATTLEFIELD or ch is None or ch.controller != caster:
            continue
        if kind[1] in (ch.types if kind[0] == "type" else ch.subtypes):
            n += 1
    return n


def facts(add: Any, keywords: Any, state: Any, result: Any, caster: str, terms: tuple[Any, Any]) -> None:
    """The reduction of each affinity ability of the spell, as a casting effect of its own
    (asp/cast/cost.lp: ``ce(E, cost_less, you)`` of the caster, for this spell, ``ce_mana``
    generic N)."""
    from pyengine.facts import Const, Fn

    player, spell = terms
    for i, (k, param) in enumerate(keywords):
        if k != "affinity" or not param:
            continue
        n = count(param, state, result, caster)
        if n <= 0:
            continue
        e = Fn("affinity", i)
        add("ce", e, Const("cost_less"), Const("you"))
        add("ce_controller", e, player)
        add("ce_self", e, spell)
        add("ce_mana", e, Const("generic"), n)
