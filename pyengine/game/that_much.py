""""That much": the amount of the event a triggered ability's trigger event was (CR 603.2,
603.7c, 608.2h). "Whenever this creature deals damage, you gain that much life" gains the
damage it dealt; "Whenever this creature is dealt damage, it deals that much damage to any
target" deals the damage it was dealt; "Whenever you gain life, target opponent loses that much
life" the life gained.

An instruction's ``amount: that_much`` is bound as the ability is put on the stack, to its
trigger event's amount. Of a trigger that looks at simultaneous events once ("one or more",
603.2c: "deals damage" / "is dealt damage" trigger once per damage dealt at once) it is the
total of the events of that batch the trigger is about: the damage the same source dealt, or
the damage dealt to the same object or player (120.2: damage dealt at once by one source to
several recipients, one event each here).
"""

from __future__ import annotations

from typing import Any

from pyengine.game.model import Game

WORD = "that_much"
KINDS = ("damage", "life_gain", "life_loss")


def amount(game: Game, event_index: int | None, pattern: Any) -> int | None:
    """The amount "that much" names for a trigger event (log index), or None (no amount)."""
    ev = next((e for e in game.log if e.index == event_index), None)
    if ev is None or ev.kind not in KINDS:
        return None
    if ev.kind != "damage" or pattern is None or not getattr(pattern, "one_or_more", False):
        return ev.amount
    batch = [e for e in game.log if e.batch == ev.batch and e.kind == "damage"]
    dealt_by = getattr(pattern, "source", None) is not None
    dealt_to = getattr(pattern, "to_obj", None) is not None or getattr(pattern, "to_player", None) is not None
    if dealt_by and not dealt_to:  # "SELF deals damage": what its source dealt at once
        return sum(e.amount for e in batch if e.source == ev.source)
    if dealt_to and not dealt_by:  # "SELF is dealt damage": what it was dealt at once
        return sum(e.amount for e in batch if (e.obj, e.player) == (ev.obj, ev.player))
    return sum(e.amount for e in batch if e.source == ev.source and (e.obj, e.player) == (ev.obj, ev.player))


def bound(refs: dict[str, tuple[str, ...]]) -> int:
    """The amount bound as ``that_much`` (603.7c), for an instruction's field."""
    from pyengine.game.model import IllegalAction

    if WORD not in refs:
        raise IllegalAction("603.7c", "'that much' names no amount here: the trigger event has none")
    return int(refs[WORD][0])
