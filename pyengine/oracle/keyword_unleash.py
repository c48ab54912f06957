"""Unleash (CR 702.98a) written out as its rule defines it: "You may have this permanent enter
with an additional +1/+1 counter on it" and "This permanent can't block as long as it has a
+1/+1 counter on it."

The first is the replacement effect ``enters_with_counters`` with ``optional: true`` (614.1c,
614.12: the player it enters under chooses as it enters whether to apply it; the script's
``choices`` name the effect and ``decline``); the second a static ability whose condition
``{has_counters: "+1/+1"}`` reads the counters on the permanent (122.1), whichever effect put
them there, and grants "can't block" while it holds (the combat engine's restriction, 509.1b).
"""

from __future__ import annotations

import re
from typing import Any

_UNLEASH = re.compile(r"unleash", re.I)


def abilities(text: str) -> list[dict[str, Any]] | None:
    """The two static abilities "Unleash" is, or None for another keyword."""
    if not _UNLEASH.fullmatch(text.strip()):
        return None
    return [{"static": {"enters_with_counters": {"counter": "+1/+1", "amount": 1, "optional": True}},
             "text": "Unleash"},
            {"static": {"affects": "self", "condition": {"has_counters": "+1/+1"},
                        "add_abilities": ["can't block"]}, "text": "Unleash"}]
