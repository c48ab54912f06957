"""Fading N (CR 702.32a) written out as its rule defines it: "Fading N" means "This permanent
enters with N fade counters on it" and "At the beginning of your upkeep, remove a fade counter
from this permanent. If you can't, sacrifice the permanent."

The first is the replacement effect ``enters_with_counters`` (614.1c); the second an upkeep
trigger (503.1a) whose instruction ``{kind: remove_or_sacrifice, object: self, counter: fade}``
removes a counter when there is one and otherwise sacrifices the permanent
(pyengine.game.fading).
"""

from __future__ import annotations

import re
from typing import Any

_FADING = re.compile(r"fading (\d+)", re.I)


def abilities(text: str) -> list[dict[str, Any]] | None:
    """The two abilities "Fading N" is, or None for another keyword."""
    m = _FADING.fullmatch(text.strip())
    if not m:
        return None
    n = int(m.group(1))
    said = text.strip()[:1].upper() + text.strip()[1:]
    upkeep = {"trigger": {"at": {"step": "upkeep", "player": "you"}},
              "do": [{"kind": "remove_or_sacrifice", "object": "self", "counter": "fade"}], "text": said}
    if n == 0:
        return [upkeep]
    return [{"static": {"enters_with_counters": {"counter": "fade", "amount": n}}, "text": said}, upkeep]
