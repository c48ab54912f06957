"""Ward with a mana cost (CR 702.21a) written out as its rule defines it: "Ward [cost]" means
"Whenever this permanent becomes the target of a spell or ability an opponent controls,
counter that spell or ability unless that player pays [cost]."

It becomes a triggered ability the game runs (pyengine.game.ward): the trigger event
``becomes_target`` of the permanent itself by a spell or ability an opponent controls, then
118.12a's "unless pays": the controller of that spell or ability (``that_player``) may pay;
if they don't, it is countered (``targeting``: 701.6a a spell, 701.6b an ability). Only mana
costs of generic and colored symbols and "Ward—Pay N life." (119.4: only with that much life)
are read; other costs and ward with X (702.21b) stay keywords held by name.
"""

from __future__ import annotations

import re
from typing import Any

DEFINITION = ("Whenever this permanent becomes the target of a spell or ability an opponent controls, "
              "counter that spell or ability unless that player pays [cost].")

_MANA = re.compile(r"ward ((?:\{(?:\d+|[WUBRGC])\})+)", re.I)
_LIFE = re.compile(r"pay (\d+) life\.?", re.I)


def ability(text: str) -> dict[str, Any] | None:
    """The triggered ability "ward {2}" is, or None for another cost."""
    m = _MANA.fullmatch(text.strip())
    if not m:
        return None
    return _written({"mana": m.group(1).upper()}, "Ward " + m.group(1).upper())


def ability_paid(cost: str) -> dict[str, Any] | None:
    """The triggered ability "Ward—Pay 3 life." is (``cost``: what follows the dash), or None
    for another cost (119.4: paying life)."""
    m = _LIFE.fullmatch(cost.strip())
    if not m:
        return None
    return _written({"life": int(m.group(1))}, f"Ward\u2014Pay {m.group(1)} life")


def _written(pay: dict[str, Any], text: str) -> dict[str, Any]:
    return {"trigger": {"when": {"kind": "becomes_target", "obj": "self", "player": "opponent"}},
            "do": [{"kind": "unless_pays", "player": "that_player", **pay,
                    "do": [{"kind": "counter", "object": "targeting"}]}],
            "text": text}
