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



def echo_doc(doc: dict[str, Any]) -> bool:
    """Make echo's intervening "if" true (702.30a: "if this permanent came under your control
    since the beginning of your last upkeep") in the generated game of alice's upkeep trigger:
    the card enters from alice's hand in bob's end step of turn 2 (400.7: it came under her
    control then), then the game goes on to her upkeep of turn 3, where the ability triggers
    (503.1a) and resolves. False when the game is not that of her upkeep trigger."""
    me = next((o for o in doc["objects"] if o.get("id") == "card" and "zone" not in o), None)
    script = doc["query"]["script"]
    # the choices given ahead (pay_choice ...), then the resolution of the upkeep trigger
    first = script.index("resolve") if "resolve" in script else -1
    if me is None or doc["turn"] != {"active": "alice", "number": 3, "step": "untap"} or first < 0 or \
            not all(isinstance(a, dict) and len(a) == 1 and next(iter(a)).endswith("_choice")
                    for a in script[:first]):
        return False
    name = me["card"]
    me.clear()
    me.update({"id": "card", "card": name, "owner": "alice", "zone": "hand"})
    alice = next(p for p in doc["players"] if p["id"] == "alice")
    alice["hand_size"] = alice.get("hand_size", 0) + 1
    doc["turn"] = {"active": "bob", "number": 2, "step": "end"}
    script[first:first] = [{"events": [{"kind": "enter", "object": "card", "from": "hand"}]},
                  {"advance": {"step": "upkeep", "turn": 3}}]
    return True
