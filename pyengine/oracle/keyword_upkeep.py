"""Cumulative upkeep (CR 702.24a) written out as its rule defines it: "Cumulative upkeep
[cost]" means "At the beginning of your upkeep, if this permanent is on the battlefield, put an
age counter on this permanent. Then you may pay [cost] for each age counter on it. If you
don't, sacrifice it."

The ability is a triggered ability of the effect language: the upkeep trigger (503.1a) with
its intervening "if" (603.4: checked as it triggers and as it resolves), the age counter put
on it, then "you may pay [cost] for each age counter on it. If you don't, sacrifice it", which
is 118.12a's "sacrifice it unless you pay" with the amount counted as it resolves (702.24b:
the counters on it then, whichever ability put them). Only a mana cost is read ({1}, {G},
{1}{U} ...; each age counter adds the cost once); another cost (life, counters, "Add {R}")
stays a keyword held by name.
"""

from __future__ import annotations

import re
from typing import Any

DEFINITION = ("At the beginning of your upkeep, if this permanent is on the battlefield, put an age "
              "counter on this permanent. Then you may pay [cost] for each age counter on it. If you "
              "don't, sacrifice it.")

_MANA = re.compile(r"cumulative upkeep ((?:\{(?:\d+|[WUBRGC])\})+)", re.I)


def ability(text: str) -> dict[str, Any] | None:
    """The triggered ability "Cumulative upkeep {1}" is, or None for another cost."""
    m = _MANA.fullmatch(text.strip())
    if not m:
        return None
    pay = {"kind": "unless_pays", "player": "you", "mana": m.group(1).upper(),
           "for_each_counter": {"kind": "age", "on": "self"},
           "do": [{"kind": "sacrifice", "object": "self"}]}
    return {"trigger": {"at": {"step": "upkeep", "player": "you"}, "if": {"exists": {"self": True}}},
            "do": [{"kind": "counters", "target": "self", "counter": "age"}, pay],
            "text": text.strip()[:1].upper() + text.strip()[1:]}
