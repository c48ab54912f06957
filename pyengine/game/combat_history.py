"""The creatures that attacked or blocked earlier in the turn, for an "each turn" limit
(``max_attackers`` / ``max_blockers`` with ``per: turn``; CR 508.1c, 509.1b, 500.8).

Read from the game's log since this turn began: each ``attacks`` (``blocks``) event names a
creature declared in a combat of the turn. A creature that has since changed zones is a new
object (400.7): the one that attacked still counts, but not as the object now on the
battlefield, so it is named ``ID@N`` (N: the log position of its zone change), an id no
permanent has. A game has one combat phase a turn today, so before a declaration the list is
empty unless an additional combat phase (500.8) was added; the declarations read it all the
same.
"""

from __future__ import annotations

from typing import Sequence

from pyengine.events import GameEvent
from pyengine.triggers.history import turn_start


def earlier(log: Sequence[GameEvent], kind: str) -> tuple[str, ...]:
    """The creatures with a ``kind`` event (``attacks`` or ``blocks``) this turn, each once."""
    out: set[str] = set()
    declared: set[str] = set()
    for pos in range(turn_start(log), len(log)):
        e = log[pos]
        if e.kind == kind and e.obj is not None:
            declared.add(e.obj)
        elif e.kind == "zone_change" and e.obj in declared:  # 400.7: a new object from now on
            declared.discard(e.obj)
            out.add(f"{e.obj}@{pos}")
    return tuple(sorted(out | declared))
