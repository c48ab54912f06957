"""Generated games for trigger events whose effect names the event's object or player
(pyengine.oracle.effects_pronouns): "Whenever a creature blocks, SELF deals 1 damage to that
creature's controller" (509.1, 603.2: the blocker, ``it``; its controller ``its_controller``).

A creature of the generated board that fits the selector blocks: bob's Gray Ogre blocks alice's
attacking Grizzly Bears in her turn, or alice's Bears block bob's attacking Gray Ogre in his.
"""

from __future__ import annotations

from typing import Any


def blocks_script(card: Any, when: dict[str, Any], on_field: dict[str, Any]) -> Any | None:
    """The objects, script, active player and step of a game where a creature that fits the
    "blocks" event's selector blocks (509.1a), or None."""
    from pyengine.oracle.execute_game import fits

    obj = when.get("obj")
    if when.get("kind") != "blocks" or not isinstance(obj, dict) or when.get("attacker") is not None:
        return None
    sel = {k: v for k, v in obj.items() if k != "other"}  # the board's creatures are others
    if fits(sel, ("Creature",), ("red",), "bob"):  # Gray Ogre blocks the Bears in alice's turn
        script = [{"advance": "declare_attackers"}, {"attack": {"bears": "bob"}},
                  {"advance": "declare_blockers"}, {"block": {"ogre": "bears"}}, "resolve"]
        return [on_field], script, "alice", "precombat_main"
    if fits(sel, ("Creature",), ("green",), "alice"):  # the Bears block Gray Ogre in bob's turn
        script = [{"advance": "declare_attackers"}, {"attack": {"ogre": "alice"}},
                  {"advance": "declare_blockers"}, {"block": {"bears": "ogre"}}, "resolve"]
        return [on_field], script, "bob", "precombat_main"
    return None
