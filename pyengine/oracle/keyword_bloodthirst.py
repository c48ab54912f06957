"""Bloodthirst N (CR 702.54a) written out as its rule defines it: "If an opponent was dealt
damage this turn, this permanent enters with N +1/+1 counters on it."

A replacement effect of the permanent itself (614.1c, 614.12) that applies only when an
opponent of the player it enters under was dealt damage this turn: ``enters_with_counters``
with ``bloodthirst: true`` (each player's ``dealt_damage`` this turn, set by a damage event of
1 or more and cleared as a turn begins). "Bloodthirst X" (702.54b: the total damage dealt)
stays a keyword held by name.
"""

from __future__ import annotations

import re
from typing import Any

DEFINITION = "If an opponent was dealt damage this turn, this permanent enters with N +1/+1 counters on it."
_BLOODTHIRST = re.compile(r"bloodthirst (\d+)", re.I)


def ability(text: str) -> dict[str, Any] | None:
    """The static ability "Bloodthirst N" is, or None for another keyword (or bloodthirst X)."""
    m = _BLOODTHIRST.fullmatch(text.strip())
    if not m or int(m.group(1)) < 1:
        return None
    said = text.strip()[:1].upper() + text.strip()[1:]
    return {"static": {"enters_with_counters": {"counter": "+1/+1", "amount": int(m.group(1)),
                                                "bloodthirst": True}}, "text": said}
