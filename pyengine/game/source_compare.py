"""A triggered ability's target compared with its source ("target attacking creature with power
less than this creature's power", mentor 702.134a): the source's value is read on the
battlefield. Once the source has left it, the value is its last known information (608.2h,
113.7a), which the game doesn't keep: refused rather than read from the card it has become
(400.7), as resolved amounts are (pyengine.game.amounts)."""

from __future__ import annotations

from typing import Any

from pyengine.game.model import Game, IllegalAction
from pyengine.model.enums import Zone


def _reads_source(sel: Any) -> bool:
    if sel is None:
        return False
    return any(c.rhs.op == "attr" and c.rhs.ref is not None and c.rhs.ref.kind == "self"
               for c in sel.compares) or any(_reads_source(s) for g in sel.any_of for s in g) or \
        any(_reads_source(s) for s in sel.none_of)


def refuse_gone_source(game: Game, specs: Any, source: str | None) -> None:
    """Raise when a target's selector compares with the source's value and the source is no
    longer on the battlefield."""
    if not any(_reads_source(getattr(s, "selector", None)) for s in specs):
        return
    obj = next((o for o in game.state.objects if o.id == source), None)
    if obj is None or obj.zone != Zone.BATTLEFIELD:
        raise IllegalAction("608.2h", f"{source}'s value once it has left the battlefield is its last known "
                                      "information, not followed yet (a target compared with it)")
