"""Events no triggered ability can match, recognised without the encodings.

asp/triggers/match.lp considers an ability for an event only where the event's kind is the
kind of one of the ability's trigger events (``judged/3`` needs ``t_trig(K, Kd)`` and
``event(I, Kd, _)``; events.lp: creating a token is a ``zone_change`` event, 111.1, 603.6a,
and ``create_token`` itself is no event kind abilities match; lookback.lp's ``judged`` too).
Every instance (``inst/5``: an object's ability, its own-zone form, a delayed ability) needs
``judged``, and ``triggered/6`` needs an instance: when no kind meets, the answer is empty
(CR 603.2: an ability triggers only on an event that matches its trigger event). What
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


def meets(patterns: Iterable[Pattern], events: Sequence[GameEvent]) -> bool:
    """Whether some pattern's kind is some event's (so the encoding must match them)."""
    if not SHORTCUT:
        return True
    kinds = event_kinds(events)
    return any(p.kind in kinds for p in patterns)
