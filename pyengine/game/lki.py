"""An intervening "if" rechecked as its ability resolves (603.4) that reads the power or
toughness of the object its trigger event was about (evolve, 702.100a: "if that creature's
power is greater than this creature's power ..."), after that object has left the battlefield:
the rules read its last known information (608.2h), which the game doesn't keep. The game
refuses that recheck rather than read the card the object has become (400.7). A
leaves-the-battlefield trigger's own condition is not concerned (it read the object elsewhere
from the start, 603.10a).
"""

from __future__ import annotations

from typing import Any

from pyengine.game.model import Game, IllegalAction
from pyengine.model.effects import Condition, Expr
from pyengine.model.enums import Zone


def _reads_it(e: Expr | None) -> bool:
    if e is None:
        return False
    return e.op == "attr" and e.ref is not None and e.ref.kind == "it" or any(_reads_it(a) for a in e.args)


def _condition_reads_it(c: Condition) -> bool:
    return _reads_it(c.lhs) or _reads_it(c.rhs) or any(_condition_reads_it(a) for a in c.args)


def refuse_gone(game: Game, t: Any, d: Any) -> None:
    """Raise when the recheck of ``d``'s condition would read a gone object's power or toughness."""
    if d.condition is None or d.pattern.looks_back or not _condition_reads_it(d.condition):
        return
    it = next((o for o in game.state.objects if o.id == t.it), None)
    if it is None or it.zone != Zone.BATTLEFIELD:
        raise IllegalAction("608.2h", f"{t.text!r}: {t.it}'s power or toughness once it has left the "
                                      "battlefield is its last known information, not followed yet")


def counters_now(game: Game, e: Expr, source: str | None, since: int | None) -> int:
    """``{counters_on: {object: self, counter: KIND}}`` as the ability resolves (608.2h): the
    counters on its source while on the battlefield; once it has left, those it had as it left
    (its last known information, kept on the object). A source that has come back onto the
    battlefield since the ability's trigger event (log index ``since``) and left again has a
    newer departure: refused rather than read."""
    o = next((x for x in game.state.objects if x.id == source), None)
    if o is None:
        raise IllegalAction("608.2h", f"{source}: no such object to count counters on")
    if o.zone == Zone.BATTLEFIELD:
        return dict(o.counters).get(e.attr or "", 0)
    if since is not None and any(ev.kind == "zone_change" and ev.obj == source and ev.to_zone == "battlefield"
                                 for ev in game.log if ev.index > since):
        raise IllegalAction("608.2h", f"{source} has been on the battlefield again since: its last known "
                                      "information then is not kept")
    return dict(o.left_counters).get(e.attr or "", 0)
