"""The generated game of a triggered ability whose target is compared with its source ("target
attacking creature with power less than this creature's power", mentor 702.134a): alice's
creature with power one less than the card's attacks beside it (508.1a) and is the target
chosen as the ability is put on the stack (603.3d); the ability puts its counter on it."""

from __future__ import annotations

from typing import Any

OWN_POWER = {"lt": {"power_of": "self"}}


def compares_power(spec: dict[str, Any]) -> bool:
    """Whether an object target's selector compares power with the source's (702.134a)."""
    return isinstance(spec.get("obj"), dict) and spec["obj"].get("power") == OWN_POWER


def pick(spec: dict[str, Any], script: list[Any], card: Any, made: list[dict[str, Any]]) -> str | None:
    """The id of the creature made for the target (added to ``made``; it attacks too when the
    target is an attacking creature), or None when the card has no printed power of 1 or more
    (none is less) or the selector says more than is read here."""
    sel = spec["obj"]
    if set(sel) - {"types", "combat", "power", "other", "controller"} or sel.get("types") != ["Creature"] \
            or sel.get("controller", "you") != "you" or sel.get("combat", ["attacking"]) != ["attacking"]:
        return None
    power = card.card.get("power")
    if not isinstance(power, int) or power < 1:
        return None
    oid = f"pupil{len(made)}"
    made.append({"id": oid, "name": "Generated Pupil", "types": ["Creature"], "power": power - 1,
                 "toughness": 1, "controller": "alice", "timestamp": 30 + len(made)})
    attack = next((a["attack"] for a in script if isinstance(a, dict) and isinstance(a.get("attack"), dict)),
                  None)
    if "combat" in sel:
        if attack is None or "card" not in attack:
            return None
        attack[oid] = attack["card"]  # it attacks beside the card (508.1a)
    return oid
