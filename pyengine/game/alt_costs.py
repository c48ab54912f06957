"""Alternative costs the permanent a spell becomes follows (CR 118.9): the alternative cost
paid is kept on the object (``alt_cost``: evoke 702.74a, dash 702.109a, blitz 702.152a), and
dash's and blitz's static ability of the spell creates its delayed triggered ability as the
permanent is put onto the battlefield (608.3g): "return the permanent this spell becomes to its
owner's hand at the beginning of the next end step" (702.109a), "sacrifice the permanent this
spell becomes at the beginning of the next end step" (702.152a), which follows that permanent
only while it stays on the battlefield (603.7c, 400.7)."""

from __future__ import annotations

from typing import Any

from pyengine.game.model import Game, StackItem
from pyengine.model.objects import ALT_FLAGS

# the alternative costs the permanent remembers (the selector flags' costs)
REMEMBERED = frozenset(ALT_FLAGS.values())

# the delayed triggered ability a dashed or blitzed spell's permanent gets (603.7a): its
# instruction and its text
_AT_END: dict[str, tuple[dict[str, Any], str]] = {
    "dash": (
        {"kind": "move", "object": "self", "from": "battlefield", "to": "hand"},  # 702.109a
        "Return this permanent to its owner's hand at the beginning of the next end step (dash, 702.109a).",
    ),
    "blitz": (
        {"kind": "sacrifice", "object": "self"},  # 702.152a
        "Sacrifice this permanent at the beginning of the next end step (blitz, 702.152a).",
    ),
}


def paid(alternative: tuple[str, ...] | None) -> str | None:
    """The alternative cost the spell and its permanent remember (118.9: at most one)."""
    found = [a for a in alternative or () if a in REMEMBERED]
    return found[0] if len(found) == 1 else None


def entered(game: Game, item: StackItem, to: str, resolved: bool) -> Game:
    """608.3g: a spell cast for its dash or blitz cost has entered the battlefield: the delayed
    triggered ability that returns it to its owner's hand (dash) or sacrifices it (blitz) at the
    next end step is created now, referring to the permanent (603.7a, 603.7c)."""
    cost = paid(item.cast.alternative) if item.cast is not None else None
    if not resolved or to != "battlefield" or item.obj is None or cost not in _AT_END:
        return game
    from pyengine.lang.effects import Ctx
    from pyengine.lang.triggers import _delayed
    from pyengine.lang.yamlread import Cursor
    from pyengine.model.triggers import TriggerDef
    from pyengine.triggers.special import Delayed

    do, text = _AT_END[cost]
    doc = {"kind": "delayed", "at": {"step": "end"}, "do": [do]}
    ins = _delayed(Cursor(doc, f"{cost} (CR 118.9)", None, None), Ctx(), 0)
    n = game.next_delayed
    made = Delayed(
        f"delayed{n}",
        item.controller,
        item.obj,
        text,
        TriggerDef(ins.get("trigger"), effects=tuple(ins.get("do"))),
        (("self", (item.obj,)), ("you", (item.controller,))),
        len(game.log),
    )
    return game.clone(delayed=game.delayed + (made,), next_delayed=n + 1)
