"""The template for activated abilities (CR 602.1) whose cost the game pays and whose effect it
performs: "[Cost]: [Effect.]" with the cost's parts read by
:func:`pyengine.model.activated.parse_cost` (mana symbols, {T}, {Q}, sacrifice, life, discard,
counters removed) and the effect's sentences by :func:`pyengine.oracle.effects.effect`.

It becomes ``{activated: {cost, do, targets, timing, limit}, text}`` (docs/effect-language.md,
"Activated abilities"); "Activate only as a sorcery." (602.5d) and "Activate only once each
turn." (602.5b) are the ability's restrictions, not its effect (602.1b). Loyalty abilities
(606) and abilities whose cost or effect isn't read stay seen as present or absent.
"""

from __future__ import annotations

import re
from typing import Any

from pyengine.model.activated import parse_cost
from pyengine.oracle import effects as E
from pyengine.oracle.common import Abilities

_HEAD = re.compile(r"([^.\"]+?): (.+)")
_LOYALTY = re.compile(r"[+\u2212\-]?(\d+|X)")  # 606.1: "+1: ...", "\u22122: ...", "0: ..."
# 602.1b: restrictions on when it may be activated (text after the colon, not its effect)
_RESTRICTIONS = (
    (re.compile(r" Activate only as a sorcery and only once each turn\.$"), ("sorcery", "once_each_turn")),
    (re.compile(r" Activate only as a sorcery\.$"), ("sorcery", None)),
    (re.compile(r" Activate only once each turn\.$"), ("any", "once_each_turn")),
)


def activated(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """"{T}: SELF deals 1 damage to any target.", "Sacrifice SELF: It deals 1 damage to any
    target.", "{2}, {T}: Draw a card. Activate only as a sorcery." (CR 602.1, 602.5b, 602.5d)."""
    if {"Instant", "Sorcery"} & set(card.get("types", ())):
        return None  # activated from the hand or a graveyard (113.6): not followed
    m = _HEAD.fullmatch(par)
    if not m or _LOYALTY.fullmatch(m.group(1)):
        return None
    head, body = m.group(1), m.group(2)
    try:
        parse_cost(head)
    except ValueError:
        return None
    timing, limit = "any", None
    for pattern, (t, lim) in _RESTRICTIONS:
        if pattern.search(body):
            body, timing, limit = pattern.sub("", body), t, lim
            break
    if "Activate" in body:  # another restriction (602.1b) the game doesn't follow
        return None
    body = re.sub(r"^It deals", "SELF deals", body)  # "it": the ability's source (113.7a)
    eff = E.effect(body)
    if eff is None or not eff.do or eff.resolves is not None:
        return None
    made: dict[str, Any] = {"cost": head}
    if eff.targets:  # chosen as the ability is put on the stack (602.2b, 601.2c)
        made["targets"] = eff.targets
    made["do"] = eff.do
    if timing != "any":
        made["timing"] = timing
    if limit is not None:
        made["limit"] = limit
    return [{"activated": made, "text": text}]
