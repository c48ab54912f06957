"""Counters an instruction gives an object as it puts it onto the battlefield ("return it to the
battlefield ... with a +1/+1 counter on it": undying 702.93a, persist 702.79a).

The object enters with them (614.1c, 122.6): the resolving ability's events hold the move and,
after it in the same batch, a counters event with cause ``enters`` on the same object (so the
replacement engine sees both at once, as it sees an "enters with" replacement's result). When
the move doesn't happen (the card left the zone it would leave since the ability named it: a
new object, 400.7), the object doesn't enter, and the counters it would have entered with are
not put on it either.
"""

from __future__ import annotations

from typing import Sequence

from pyengine.replacement.event import Event


def kept(planned: Sequence[Event], performed: Sequence[Event]) -> list[Event]:
    """``performed`` (the events of ``planned`` left after the moves that don't happen) without
    the ``enters`` counters of an object whose move onto the battlefield was left out."""
    moves = {e.get("object") for e in planned if e.kind == "move" and e.get("to") == "battlefield"}
    dropped = moves - {e.get("object") for e in performed if e.kind == "move" and e.get("to") == "battlefield"}
    if not dropped:
        return list(performed)
    return [e for e in performed
            if not (e.kind == "counters" and e.get("cause") == "enters" and e.get("target") in dropped)]
