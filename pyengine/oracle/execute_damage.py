"""Generated games for the damage trigger events that pyengine.oracle.execute_game doesn't
make (CR 120.3, 603.2): the object itself dealt damage, the object dealing combat damage to a
creature blocking it (510.1c), and a creature dealing combat damage to alice. Each gives the
extra objects, the script, the active player and the starting step, as execute_game's
``_trigger_script`` does; None when the card can't be made to take part."""

from __future__ import annotations

from typing import Any

from pyengine.oracle.compile import Compiled

Generated = tuple[list[dict[str, Any]], list[Any], str, str]
_DAMAGEABLE = {"Creature", "Planeswalker", "Battle"}  # what damage can be dealt to (120.1)


def _on_field(card: Compiled) -> dict[str, Any]:
    from pyengine.oracle.execute_return import entered_counters

    me: dict[str, Any] = {"id": "card", "card": card.name, "controller": "alice", "timestamp": 20}
    if entered_counters(card):  # as it entered (modular, 702.43a; 614.1c)
        me["counters"] = entered_counters(card)
    return me


def _strikes(card: Compiled) -> str:
    """The combat damage step in which the card deals its damage (510.4: a first striker in
    the first one)."""
    words = {a for a in card.card.get("abilities", ()) if isinstance(a, str)}
    return "first_strike_damage" if {"first strike", "double strike"} & words else "combat_damage"


def script(card: Compiled, when: dict[str, Any]) -> Generated | None:
    """The game of a damage trigger event this module makes (None: not one of them)."""
    types = set(card.card.get("types", ()))
    source, to = when.get("source"), when.get("to")
    if to == "self" and source is None:  # bob's Gray Ogre deals it 1 damage (120.3)
        if not types & _DAMAGEABLE:
            return None
        return [_on_field(card)], [{"deal": {"source": "ogre", "to": "card", "amount": 1}}, "resolve"], \
            "alice", "precombat_main"
    if source == "self" and to == {"types": ["Creature"]}:
        # it attacks and Gray Ogre (Ornithopter, for a flier) blocks it: it deals combat damage
        # to the blocker (510.1c)
        if "Creature" not in types or int(card.card.get("power") or 0) < 1:
            return None
        words = {a for a in card.card.get("abilities", ()) if isinstance(a, str)}
        blocker = "ogre"
        evasive = {"menace", "shadow", "horsemanship", "can't be blocked", "trample"}
        if words & {"flying"} and not words & evasive:
            blocker = "thopter"  # a flier is blocked by bob's Ornithopter, which has flying (702.9b)
        elif {"flying", "menace", "shadow", "horsemanship", "can't be blocked"} & words:
            return None  # the Ogre can't block it alone (509.1b)
        assign: Any = "default"
        if "trample" in words:  # 702.19b: several assignments; all of it to the Ogre is one
            from pyengine.oracle.execute_return import entered_counters

            power = int(card.card.get("power") or 0) + entered_counters(card).get("+1/+1", 0)
            assign = [{"source": "card", "to": "ogre", "amount": power},
                      {"source": "ogre", "to": "card", "amount": 3}]  # Gray Ogre with bob's Anthem
        steps: list[Any] = [{"advance": "declare_attackers"}, {"attack": {"card": "bob"}},
                            {"advance": "declare_blockers"}, {"block": {blocker: "card"}},
                            {"advance": _strikes(card)}, {"assign": assign}, "resolve"]
        return [_on_field(card)], steps, "alice", "precombat_main"
    if source == "self" and to == {"types": ["Planeswalker"]}:
        # it attacks bob's Jace Beleren, unblocked: combat damage to the planeswalker (506.3, 510.1a)
        if "Creature" not in types or int(card.card.get("power") or 0) < 1:
            return None
        steps = [{"advance": "declare_attackers"}, {"attack": {"card": "jace"}},
                 {"advance": _strikes(card)}, {"assign": "default"}, "resolve"]
        return [_on_field(card)], steps, "alice", "precombat_main"
    if source == {"types": ["Creature"]} and to == {"player": "you"}:
        # bob's Gray Ogre attacks alice, unblocked, and deals her combat damage (510.1a)
        steps = [{"advance": "declare_attackers"}, {"attack": {"ogre": "alice"}},
                 {"advance": "combat_damage"}, {"assign": "default"}, "resolve"]
        return [_on_field(card)], steps, "bob", "precombat_main"
    return None


def ours(when: dict[str, Any]) -> bool:
    """Whether the damage event is one this module makes the game of."""
    return when.get("kind") == "damage" and (
        (when.get("to") == "self" and "source" not in when)
        or (when.get("source") == "self" and isinstance(when.get("to"), dict)
            and "player" not in when["to"])
        or when.get("to") == {"player": "you"})
