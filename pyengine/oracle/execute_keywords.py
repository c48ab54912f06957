"""Generated games for keyword abilities written out from their rules (pyengine.oracle.
keyword_ward): ward's trigger event made to happen. bob casts Lightning Bolt targeting alice's
card (a creature or planeswalker: "any target", 115.4) in his main phase; the card becomes the
target of a spell an opponent controls, so ward triggers (702.21a, 603.2), goes on the stack
above the Bolt, and resolves with bob not paying (118.12a, the generated game's choice): the
Bolt is countered (701.6a), and the stack is empty after that one resolution."""

from __future__ import annotations

from typing import Any

from pyengine.oracle.compile import Compiled


def ward_script(card: Compiled, trigger: dict[str, Any]) -> tuple[list[Any], list[Any], str, str] | None:
    """(extra objects, script, active player, step) for a ward trigger of ``card``, or None."""
    when = trigger.get("when", {})
    if when.get("kind") != "becomes_target" or when.get("obj") != "self" or when.get("player") != "opponent":
        return None
    types = set(card.card.get("types", ()))
    if not types & {"Creature", "Planeswalker"} or types & {"Instant", "Sorcery"}:
        return None
    if "Creature" in types and int(card.card.get("toughness", 1)) <= 0:
        return None  # without its counters it would die at once (704.5f)
    me = {"id": "card", "card": card.name, "controller": "alice", "timestamp": 20}
    if "Planeswalker" in types:
        me["counters"] = {"loyalty": max(int(card.card.get("loyalty", 3) or 3), 1)}
    bolt = {"id": "wardbolt", "card": "Lightning Bolt", "owner": "bob", "zone": "hand"}
    cast = {"stack": {"object": "wardbolt", "controller": "bob", "targets": ["card"]}}
    return [me, bolt], [cast, "resolve"], "bob", "precombat_main"
