"""Events no triggered ability can match, recognised without the encodings.

asp/triggers/match.lp considers an ability for an event only where the event's kind is the
kind of one of the ability's trigger events (``judged/3`` needs ``t_trig(K, Kd)`` and
``event(I, Kd, _)``; events.lp: creating a token is a ``zone_change`` event, 111.1, 603.6a,
and ``create_token`` itself is no event kind abilities match; lookback.lp's ``judged`` too).
Every instance (``inst/5``: an object's ability, its own-zone form, a delayed ability) needs
``judged``, and ``triggered/6`` needs an instance: when no kind meets, the answer is empty
(CR 603.2: an ability triggers only on an event that matches its trigger event). Likewise
where every instance misses (match.lp's ``miss/3``) for a part of the event alone: its zones,
its step, combat or not, an object, source or target it lacks (:func:`could_match`). What
:func:`meets` cannot tell apart answers True, and the encoding decides.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pyengine.events import GameEvent
from pyengine.model.triggers import Pattern

SHORTCUT = True  # tests switch it off to compare every answer with the encoding's


def event_kinds(events: Sequence[GameEvent]) -> set[str]:
    """The kinds of ``event/3`` that events.lp makes of ``events``."""
    return {"zone_change" if e.kind == "create_token" else e.kind for e in events}


def could_match(p: Pattern, e: GameEvent) -> bool:
    """False where match.lp's ``miss/3`` holds for every instance of a pattern on an event
    whatever the objects and players: another kind; a zone change from or to another zone
    (events.lp: a token's creation is to the battlefield, from nowhere); another step; combat
    damage for a noncombat pattern or the reverse; no object, source or target where the
    pattern asks for one."""
    kind = "zone_change" if e.kind == "create_token" else e.kind
    if p.kind != kind:
        return False
    if p.from_zone and p.from_zone != e.from_zone:
        return False
    if p.to_zone and p.to_zone != e.to_zone and not (e.kind == "create_token" and p.to_zone == "battlefield"):
        return False
    if p.step and p.step != e.step:
        return False
    if p.combat is not None and p.combat != bool(e.combat):
        return False
    if e.obj is None and (p.obj is not None or p.to_obj is not None):
        return False
    return not ((p.source is not None and e.source is None) or (p.target is not None and e.target is None))


def meets(patterns: Iterable[Pattern], events: Sequence[GameEvent]) -> bool:
    """Whether some pattern could match some event (so the encoding must match them)."""
    if not SHORTCUT:
        return True
    pats = list(patterns)
    return any(could_match(p, e) for e in events for p in pats)
