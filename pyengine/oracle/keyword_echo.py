"""Echo (CR 702.30a) written out as its rule defines it: "Echo [cost]" means "At the beginning
of your upkeep, if this permanent came under your control since the beginning of your last
upkeep, sacrifice it unless you pay [cost]."

The ability is a triggered ability of the effect language: the upkeep trigger (503.1a) with
its intervening "if" (603.4, checked as it triggers and as it resolves), the condition
``new_control`` (the game counts, for each permanent, the upkeeps its controller has begun
while controlling it: pyengine.model.objects ``upkeeps_controlled``), then 118.12a's
"sacrifice it unless you pay [cost]". Only a mana cost is read ({2}{R}, {W}{W} ...); another
cost ("Echo\u2014Discard a card.") stays a keyword held by name. A permanent gained by a
control-changing effect (layer 2) is not counted as coming under its new controller's control.
"""

from __future__ import annotations

import re
from typing import Any

DEFINITION = ("At the beginning of your upkeep, if this permanent came under your control since the "
              "beginning of your last upkeep, sacrifice it unless you pay [cost].")

_MANA = re.compile(r"echo ((?:\{(?:\d+|[WUBRGC])\})+)", re.I)


def ability(text: str) -> dict[str, Any] | None:
    """The triggered ability "Echo {2}{R}" is, or None for another cost."""
    m = _MANA.fullmatch(text.strip())
    if not m:
        return None
    pay = {"kind": "unless_pays", "player": "you", "mana": m.group(1).upper(),
           "do": [{"kind": "sacrifice", "object": "self"}]}
    return {"trigger": {"at": {"step": "upkeep", "player": "you"}, "if": {"new_control": True}},
            "do": [pay], "text": text.strip()[:1].upper() + text.strip()[1:]}
