"""A generated game for an "enters" trigger whose intervening "if" compares the entering
creature's power or toughness with the source's (evolve, 702.100a;
pyengine.oracle.conditions_pt): the creature alice puts onto the battlefield is one bigger in
both than the card, so the comparison holds as it enters and as the ability resolves (603.4),
and the card gets its +1/+1 counter."""

from __future__ import annotations

from typing import Any

from pyengine.oracle.compile import Compiled


def compares(trigger: dict[str, Any]) -> bool:
    """Whether the trigger's condition compares "it" with "self" by power or toughness."""
    return "power_of': 'it'" in repr(trigger.get("if")) or "toughness_of': 'it'" in repr(trigger.get("if"))


def bigger(card: Compiled, trigger: dict[str, Any], new: dict[str, Any]) -> dict[str, Any] | None:
    """``new`` made bigger than the card when the trigger compares them; None when the card
    has no printed numbers to compare with."""
    if not compares(trigger):
        return new
    try:
        power, toughness = int(card.card["power"]), int(card.card["toughness"])
    except (KeyError, TypeError, ValueError):
        return None
    if "Creature" not in new.get("types", ()):
        return None
    return {**new, "power": power + 1, "toughness": toughness + 1}


def evolved(trigger: dict[str, Any], do: list[dict[str, Any]]) -> dict[str, Any]:
    """The card's expected counters after "put a +1/+1 counter on this creature"."""
    if compares(trigger) and do == [{"kind": "counters", "target": "self", "counter": "+1/+1"}]:
        return {"card": {"zone": "battlefield", "counters": {"+1/+1": 1}}}
    return {}


def renowned(do: list[dict[str, Any]]) -> dict[str, Any]:
    """Renown N's result on the card (702.112a): its N +1/+1 counters and the designation."""
    if do and do[0].get("kind") == "renown" and len(do) == 1:
        return {"card": {"zone": "battlefield", "counters": {"+1/+1": do[0]["amount"]}, "renowned": True}}
    return {}


def faded(do: list[dict[str, Any]]) -> dict[str, Any]:
    """Fading's upkeep instruction on the card, put on the battlefield with no fade counters:
    it can't remove one, so it is sacrificed (702.32a, 701.21a)."""
    if do == [{"kind": "remove_or_sacrifice", "object": "self", "counter": "fade"}]:
        return {"card": {"zone": "graveyard"}}
    return {}
