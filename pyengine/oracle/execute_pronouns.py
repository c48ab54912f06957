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


def own_follow_ups(card: Any, triggers: list[dict[str, Any]], script: list[Any],
                   followed: list[dict[str, Any]]) -> list[Any] | None:
    """The script with what the card's other triggered abilities need when the first one's
    events trigger them (603.2, 603.3): "sacrifice this artifact" at upkeep makes its own "is
    put into a graveyard" ability trigger (603.6c, 603.10a), whose target is chosen as it is put
    on the stack (603.3d: bob, or a permanent of the board); "target opponent discards a card"
    makes its own "Whenever an opponent discards a card" ability trigger (701.9a). None: one of
    them is not generated here (a mode, an intervening if, a target of another kind)."""
    from pyengine.oracle.execute_game import _pick

    first = triggers[0]
    script = list(script)
    sacrificed = any(ev.get("kind") == "sacrifice" and ev.get("object") == "self" for ev in followed)
    dying = [t for t in triggers[1:] if sacrificed and t.get("targets")
             and t["trigger"].get("when", {}).get("kind") in ("dies", "leaves")
             and t["trigger"]["when"].get("obj") == "self"]
    if dying:
        if first.get("targets") or len(dying) > 1 or "modes" in dying[0] or "if" in dying[0]["trigger"]:
            return None
        picks = [_pick(spec) for spec in dying[0]["targets"]]
        if None in picks:
            return None
        script = [{"trigger_targets": {"card": picks}}, *script]
    bob_discards = any(ev.get("kind") == "discard" and ev.get("player") in ("target", "opponent")
                       for ev in followed)
    discards = [t for t in triggers[1:] if bob_discards
                and t["trigger"].get("when", {}).get("kind") == "discard"
                and t["trigger"]["when"].get("player") in ("opponent", "any")]
    for t in discards:
        if t.get("targets") or "modes" in t or "if" in t["trigger"] or t["trigger"]["when"].get("obj"):
            return None
        script.append("resolve")
    return script
